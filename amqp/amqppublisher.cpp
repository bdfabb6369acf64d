#include "amqp/amqppublisher.h"

#include "amqp/amqpconnection.h"
#include "amqp/amqperrors.h"
#include "amqp/amqpframes.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QSet>

#include <map>

namespace boxoffice {

Status AmqpPublisher::start()
{
    amqp_confirm_select(m_connection.state(), AmqpConnection::channel);
    if (auto selected = checkReply(m_connection, QStringLiteral("turning on publisher confirms")); !selected)
        return selected;
    m_nextTag = 1;
    return Done{};
}

AmqpPublishOutcome AmqpPublisher::publish(const QVector<AmqpOutgoing> &batch, int timeoutMs)
{
    AmqpPublishOutcome outcome;
    const QString context = QStringLiteral("publishing to %1").arg(m_connection.url().redacted());
    if (m_connection.broken()) {
        outcome.failure = makeError(ErrorCode::Unavailable, QStringLiteral("The RabbitMQ connection is closed."));
        return outcome;
    }
    amqp_connection_state_t state = m_connection.state();
    std::map<quint64, int> pending; // delivery tag -> position in the batch
    for (int i = 0; i < batch.size(); ++i) {
        const AmqpOutgoing &message = batch.at(i);
        amqp_basic_properties_t properties{};
        properties._flags = AMQP_BASIC_CONTENT_TYPE_FLAG | AMQP_BASIC_DELIVERY_MODE_FLAG | AMQP_BASIC_MESSAGE_ID_FLAG
            | AMQP_BASIC_APP_ID_FLAG;
        properties.content_type = bytesOf(message.contentType);
        properties.delivery_mode = AMQP_DELIVERY_PERSISTENT;
        properties.message_id = bytesOf(message.messageId);
        properties.app_id = amqp_cstring_bytes("boxoffice");
        const int status
            = amqp_basic_publish(state, AmqpConnection::channel, bytesOf(message.exchange), bytesOf(message.routingKey),
                                 true, false, &properties, bytesOf(message.body));
        if (status != AMQP_STATUS_OK) {
            outcome.failure = m_connection.fail(amqpStatusError(status, context));
            return outcome;
        }
        pending.emplace(m_nextTag++, i);
    }

    QSet<int> acked;
    QSet<QByteArray> returnedIds;
    // An ack or nack with `multiple` answers every pending tag up to its own.
    const auto settle = [&](quint64 tag, bool multiple, bool ack) {
        const auto first = multiple ? pending.begin() : pending.find(tag);
        if (first == pending.end())
            return;
        const auto last = multiple ? pending.upper_bound(tag) : std::next(first);
        for (auto it = first; it != last; ++it) {
            if (ack)
                acked.insert(it->second);
            else
                ++outcome.nacked;
        }
        pending.erase(first, last);
    };
    QDeadlineTimer deadline(timeoutMs);
    while (!pending.empty()) {
        const qint64 left = deadline.remainingTime();
        if (left <= 0) {
            outcome.failure = m_connection.fail(
                makeError(ErrorCode::Unavailable,
                          QStringLiteral("RabbitMQ did not confirm %1 message(s) within %2 ms while %3.")
                              .arg(pending.size())
                              .arg(timeoutMs)
                              .arg(context)));
            break;
        }
        const struct timeval wait = toTimeval(int(left));
        amqp_frame_t frame;
        const int status = amqp_simple_wait_frame_noblock(state, &frame, &wait);
        if (status == AMQP_STATUS_TIMEOUT)
            continue;
        if (status != AMQP_STATUS_OK) {
            outcome.failure = m_connection.fail(amqpStatusError(status, context));
            break;
        }
        if (frame.frame_type != AMQP_FRAME_METHOD)
            continue;
        const amqp_method_number_t method = frame.payload.method.id;
        if (method == AMQP_BASIC_ACK_METHOD) {
            const auto *ack = static_cast<const amqp_basic_ack_t *>(frame.payload.method.decoded);
            settle(ack->delivery_tag, ack->multiple, true);
        } else if (method == AMQP_BASIC_NACK_METHOD) {
            const auto *nack = static_cast<const amqp_basic_nack_t *>(frame.payload.method.decoded);
            settle(nack->delivery_tag, nack->multiple, false);
        } else if (method == AMQP_BASIC_RETURN_METHOD) {
            // The returned message follows its basic.return, and comes before the ack of the same
            // message: read it to learn which one it was.
            amqp_message_t returned;
            const amqp_rpc_reply_t read = amqp_read_message(state, frame.channel, &returned, 0);
            if (read.reply_type != AMQP_RESPONSE_NORMAL) {
                outcome.failure = m_connection.fail(amqpReplyError(read, context));
                break;
            }
            if (returned.properties._flags & AMQP_BASIC_MESSAGE_ID_FLAG)
                returnedIds.insert(toByteArray(returned.properties.message_id));
            ++outcome.returned;
            amqp_destroy_message(&returned);
        } else if (auto stray = strayFrame(m_connection, frame, context); !stray) {
            outcome.failure = stray.error();
            break;
        }
    }
    for (int i = 0; i < batch.size(); ++i) {
        if (acked.contains(i) && !returnedIds.contains(batch.at(i).messageId))
            outcome.confirmed << i;
    }
    amqp_maybe_release_buffers(state);
    return outcome;
}

} // namespace boxoffice
