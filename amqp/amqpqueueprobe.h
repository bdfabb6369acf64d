#pragma once

#include "domain/result.h"

#include <QByteArray>

namespace boxoffice {

class AmqpConnection;

struct AmqpQueueCounts
{
    qint64 messages = 0; // ready to deliver (not those delivered and awaiting their ack)
    qint64 consumers = 0;
};

// Reads a queue's counts with a passive queue.declare, which creates nothing. Each probe uses a
// channel of its own: the broker answers an unknown queue by closing the channel (NotFound), and that
// must not take channel 1, or the connection, with it.
class AmqpQueueProbe
{
public:
    explicit AmqpQueueProbe(AmqpConnection &connection) : m_connection(connection) { }

    Result<AmqpQueueCounts> counts(const QByteArray &queue);

private:
    AmqpConnection &m_connection;
    quint16 m_nextChannel = 2;
};

} // namespace boxoffice
