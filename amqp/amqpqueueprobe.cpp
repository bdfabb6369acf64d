#include "amqp/amqpqueueprobe.h"

#include "amqp/amqpconnection.h"
#include "amqp/amqperrors.h"
#include "amqp/amqpframes.h"

namespace boxoffice {

Result<AmqpQueueCounts> AmqpQueueProbe::counts(const QByteArray &queue)
{
    const QString context = QStringLiteral("counting the messages in %1").arg(QString::fromUtf8(queue));
    if (m_connection.broken())
        return makeError(ErrorCode::Unavailable, QStringLiteral("The RabbitMQ connection is closed."));
    if (m_nextChannel >= AMQP_DEFAULT_MAX_CHANNELS)
        m_nextChannel = 2;
    const quint16 channel = m_nextChannel++;
    amqp_connection_state_t state = m_connection.state();
    amqp_channel_open(state, channel);
    if (auto opened = checkReply(m_connection, context); !opened)
        return opened.error();
    const amqp_queue_declare_ok_t *declared
        = amqp_queue_declare(state, channel, bytesOf(queue), true, false, false, false, amqp_empty_table);
    const amqp_rpc_reply_t reply = amqp_get_rpc_reply(state);
    if (reply.reply_type == AMQP_RESPONSE_SERVER_EXCEPTION && reply.reply.id == AMQP_CHANNEL_CLOSE_METHOD) {
        amqp_channel_close_ok_t ok{};
        amqp_send_method(state, channel, AMQP_CHANNEL_CLOSE_OK_METHOD, &ok);
        return amqpReplyError(reply, context);
    }
    if (reply.reply_type != AMQP_RESPONSE_NORMAL || !declared)
        return m_connection.fail(amqpReplyError(reply, context));
    const AmqpQueueCounts counts{qint64(declared->message_count), qint64(declared->consumer_count)};
    if (const amqp_rpc_reply_t closed = amqp_channel_close(state, channel, AMQP_REPLY_SUCCESS);
        closed.reply_type != AMQP_RESPONSE_NORMAL)
        return m_connection.fail(amqpReplyError(closed, context));
    return counts;
}

} // namespace boxoffice
