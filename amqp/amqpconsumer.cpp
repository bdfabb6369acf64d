#include "amqp/amqpconsumer.h"

#include "amqp/amqpconnection.h"
#include "amqp/amqperrors.h"
#include "amqp/amqpframes.h"

namespace boxoffice {

Status AmqpConsumer::start(const QByteArray &queue, int prefetch)
{
    amqp_basic_qos(m_connection.state(), AmqpConnection::channel, 0, quint16(qBound(1, prefetch, 65535)), false);
    if (auto done = checkReply(m_connection, QStringLiteral("setting the prefetch")); !done)
        return done;
    amqp_basic_consume(m_connection.state(), AmqpConnection::channel, bytesOf(queue), amqp_empty_bytes, false, false,
                       false, amqp_empty_table);
    return checkReply(m_connection, QStringLiteral("consuming %1").arg(QString::fromUtf8(queue)));
}

Result<std::optional<AmqpDelivery>> AmqpConsumer::next(int timeoutMs)
{
    const QString context = QStringLiteral("waiting for deliveries from %1").arg(m_connection.url().redacted());
    if (m_connection.broken())
        return makeError(ErrorCode::Unavailable, QStringLiteral("The RabbitMQ connection is closed."));
    amqp_connection_state_t state = m_connection.state();
    amqp_maybe_release_buffers(state);
    const struct timeval wait = toTimeval(timeoutMs);
    amqp_envelope_t envelope;
    const amqp_rpc_reply_t reply = amqp_consume_message(state, &envelope, &wait, 0);
    if (reply.reply_type == AMQP_RESPONSE_NORMAL) {
        AmqpDelivery delivery;
        delivery.tag = envelope.delivery_tag;
        delivery.redelivered = envelope.redelivered;
        delivery.routingKey = toByteArray(envelope.routing_key);
        const amqp_basic_properties_t &properties = envelope.message.properties;
        if (properties._flags & AMQP_BASIC_MESSAGE_ID_FLAG)
            delivery.messageId = toByteArray(properties.message_id);
        if (properties._flags & AMQP_BASIC_CONTENT_TYPE_FLAG)
            delivery.contentType = toByteArray(properties.content_type);
        delivery.body = toByteArray(envelope.message.body);
        amqp_destroy_envelope(&envelope);
        return std::optional<AmqpDelivery>(std::move(delivery));
    }
    if (reply.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION && reply.library_error == AMQP_STATUS_TIMEOUT)
        return std::optional<AmqpDelivery>();
    if (reply.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION && reply.library_error == AMQP_STATUS_UNEXPECTED_STATE) {
        // Something other than a delivery came first (a close, a cancel): read it and act on it.
        amqp_frame_t frame;
        const int status = amqp_simple_wait_frame_noblock(state, &frame, &wait);
        if (status == AMQP_STATUS_TIMEOUT)
            return std::optional<AmqpDelivery>();
        if (status != AMQP_STATUS_OK)
            return m_connection.fail(amqpStatusError(status, context));
        if (auto handled = strayFrame(m_connection, frame, context); !handled)
            return handled.error();
        return std::optional<AmqpDelivery>();
    }
    return m_connection.fail(amqpReplyError(reply, context));
}

Status AmqpConsumer::ack(quint64 tag)
{
    if (m_connection.broken())
        return makeError(ErrorCode::Unavailable, QStringLiteral("The RabbitMQ connection is closed."));
    if (const int status = amqp_basic_ack(m_connection.state(), AmqpConnection::channel, tag, false);
        status != AMQP_STATUS_OK)
        return m_connection.fail(amqpStatusError(status, QStringLiteral("acknowledging a delivery")));
    return Done{};
}

Status AmqpConsumer::reject(quint64 tag, bool requeue)
{
    if (m_connection.broken())
        return makeError(ErrorCode::Unavailable, QStringLiteral("The RabbitMQ connection is closed."));
    if (const int status = amqp_basic_reject(m_connection.state(), AmqpConnection::channel, tag, requeue);
        status != AMQP_STATUS_OK)
        return m_connection.fail(amqpStatusError(status, QStringLiteral("rejecting a delivery")));
    return Done{};
}

} // namespace boxoffice
