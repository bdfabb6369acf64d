#pragma once

#include "domain/result.h"

#include <QByteArray>

#include <optional>

namespace boxoffice {

class AmqpConnection;

// One message handed to us. It stays the broker's until acked or rejected on the same connection; if
// the connection ends first, the broker delivers it again (redelivered set, and a quorum queue counts
// the attempt against its delivery limit).
struct AmqpDelivery
{
    quint64 tag = 0;
    QByteArray messageId;
    QByteArray routingKey;
    QByteArray contentType;
    QByteArray body;
    bool redelivered = false;
};

// Consumes one queue on channel 1 with manual acknowledgement: nothing is taken off the queue until
// ack() says the work is done (committed).
class AmqpConsumer
{
public:
    explicit AmqpConsumer(AmqpConnection &connection) : m_connection(connection) { }

    // basic.qos with `prefetch` (at most this many unacknowledged at once), then basic.consume.
    Status start(const QByteArray &queue, int prefetch);
    // The next delivery, or none within `timeoutMs` (rabbitmq-c keeps the heartbeats meanwhile).
    Result<std::optional<AmqpDelivery>> next(int timeoutMs);
    Status ack(quint64 tag);
    // requeue: back to the queue (a quorum queue dead-letters it once over its delivery limit); else
    // straight to the dead-letter exchange.
    Status reject(quint64 tag, bool requeue);

private:
    AmqpConnection &m_connection;
};

} // namespace boxoffice
