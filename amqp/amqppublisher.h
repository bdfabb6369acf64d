#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QVector>

#include <optional>

namespace boxoffice {

class AmqpConnection;

// One message to publish: persistent (delivery mode 2) and mandatory.
struct AmqpOutgoing
{
    QByteArray exchange;
    QByteArray routingKey;
    QByteArray messageId; // the consumer's and the operator's handle on it; unique within a batch
    QByteArray body;
    QByteArray contentType = "application/json";
};

// What the broker said about one batch. A message counts as confirmed only when the broker acked it
// and did not return it: a nack, a basic.return (no queue bound for its routing key), a closed channel
// or no answer in time all leave it unconfirmed.
struct AmqpPublishOutcome
{
    QVector<int> confirmed; // positions in the batch, ascending
    int nacked = 0;
    int returned = 0;
    // The connection failed or the answers did not all come in time: the broker may have some of the
    // unconfirmed ones, or not. The connection is broken.
    std::optional<DomainError> failure;

    bool allConfirmed(int batchSize) const { return !failure && confirmed.size() == batchSize; }
};

// Publishes on channel 1 in confirm mode (publisher confirms), a batch at a time: everything is sent,
// then the broker's answers are awaited together, which costs one round trip a batch, not one a
// message.
class AmqpPublisher
{
public:
    explicit AmqpPublisher(AmqpConnection &connection) : m_connection(connection) { }

    // confirm.select; once, before the first batch.
    Status start();
    // Waits at most `timeoutMs` for the answers.
    AmqpPublishOutcome publish(const QVector<AmqpOutgoing> &batch, int timeoutMs);

private:
    AmqpConnection &m_connection;
    quint64 m_nextTag = 1; // the broker numbers the channel's publishes from 1 once confirms are on
};

} // namespace boxoffice
