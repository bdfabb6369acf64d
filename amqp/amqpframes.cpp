#include "amqp/amqpframes.h"

#include "amqp/amqperrors.h"
#include "amqp/amqplogging.h"

namespace boxoffice {

namespace {

void answerClose(AmqpConnection &connection, amqp_method_number_t method, amqp_channel_t channel)
{
    if (method == AMQP_CONNECTION_CLOSE_METHOD) {
        amqp_connection_close_ok_t ok{};
        amqp_send_method(connection.state(), 0, AMQP_CONNECTION_CLOSE_OK_METHOD, &ok);
    } else if (method == AMQP_CHANNEL_CLOSE_METHOD) {
        amqp_channel_close_ok_t ok{};
        amqp_send_method(connection.state(), channel, AMQP_CHANNEL_CLOSE_OK_METHOD, &ok);
    }
}

} // namespace

Status checkReply(AmqpConnection &connection, const QString &context)
{
    const amqp_rpc_reply_t reply = amqp_get_rpc_reply(connection.state());
    if (reply.reply_type == AMQP_RESPONSE_NORMAL)
        return Done{};
    const DomainError error = amqpReplyError(reply, context);
    if (reply.reply_type == AMQP_RESPONSE_SERVER_EXCEPTION)
        answerClose(connection, reply.reply.id, AmqpConnection::channel);
    return connection.fail(error);
}

Status strayFrame(AmqpConnection &connection, const amqp_frame_t &frame, const QString &context)
{
    if (frame.frame_type != AMQP_FRAME_METHOD)
        return Done{};
    const amqp_method_number_t method = frame.payload.method.id;
    switch (method) {
    case AMQP_CONNECTION_CLOSE_METHOD:
    case AMQP_CHANNEL_CLOSE_METHOD: {
        const DomainError error = amqpCloseError(method, frame.payload.method.decoded, context);
        answerClose(connection, method, frame.channel);
        if (method == AMQP_CHANNEL_CLOSE_METHOD && frame.channel != AmqpConnection::channel)
            return Done{};
        return connection.fail(error);
    }
    case AMQP_BASIC_CANCEL_METHOD:
        // The queue was deleted, or its leader moved away: subscribe again on a new connection.
        return connection.fail(makeError(ErrorCode::Unavailable,
                                         QStringLiteral("RabbitMQ cancelled the consumer while %1.").arg(context)));
    case AMQP_CONNECTION_BLOCKED_METHOD:
        qCWarning(lcAmqp).noquote() << "RabbitMQ blocks publishing (a memory or disk alarm) on"
                                    << connection.url().redacted();
        return Done{};
    case AMQP_CONNECTION_UNBLOCKED_METHOD:
        qCInfo(lcAmqp).noquote() << "RabbitMQ accepts publishing again on" << connection.url().redacted();
        return Done{};
    default:
        return Done{};
    }
}

struct timeval toTimeval(int ms)
{
    struct timeval tv;
    tv.tv_sec = ms / 1000;
    tv.tv_usec = (ms % 1000) * 1000;
    return tv;
}

} // namespace boxoffice
