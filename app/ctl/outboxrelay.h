#pragma once

#include "domain/result.h"
#include "storage/pgoutboxrelay.h"

#include <QElapsedTimer>

namespace boxoffice {

class AmqpPublisher;
class AmqpQueueProbe;

struct OutboxRelayOptions
{
    int batch = 200; // events a batch: published together, confirmed together, marked in one statement
    int confirmTimeoutMs = 10000;
    // Confirmed this long ago and still not processed: published again (see OutboxSql::stale).
    int republishAfterSeconds = 300;
};

struct OutboxRelayFigures
{
    int published = 0; // confirmed by the broker and marked
    int republished = 0; // of these, events lost on the way and sent again
    int unconfirmed = 0; // nacked, returned or unanswered: still due
    bool standingBy = false; // another relay holds the lock
};

// One round of the relay: read what is due (no transaction), publish it with publisher confirms, mark
// exactly what the broker confirmed. A crash anywhere in between leaves rows unmarked, so they are
// published again: at least once, never lost. Duplicates are harmless because the issuer is
// idempotent by order (tickets and mail are unique per order in the database) and a message carries
// only the outbox id. Two relays would make duplicates the rule rather than the exception, so only the
// holder of a session advisory lock relays; the others stand by and take over when its connection ends.
class OutboxRelay
{
public:
    OutboxRelay(PgOutboxRelay &store, OutboxRelayOptions options) : m_store(store), m_options(options) { }

    // An error leaves the rest for the next round. The publisher's connection is broken() when the
    // broker was the cause; otherwise the database was.
    Result<OutboxRelayFigures> run(AmqpPublisher &publisher, AmqpQueueProbe &probe);

private:
    // Everything never confirmed, batch by batch.
    Status relayDue(AmqpPublisher &publisher, OutboxRelayFigures &figures);
    // Confirmed long ago and never processed, when the queue is idle.
    Status republishLost(AmqpPublisher &publisher, AmqpQueueProbe &probe, OutboxRelayFigures &figures);
    // Publishes `events` and marks the confirmed ones; the number confirmed.
    Result<int> publish(const QVector<OutboxEvent> &events, AmqpPublisher &publisher, OutboxRelayFigures &figures);
    Result<bool> queueIsIdle(AmqpQueueProbe &probe);

    PgOutboxRelay &m_store;
    OutboxRelayOptions m_options;
    bool m_relaying = false;
    bool m_saidStandingBy = false;
    QElapsedTimer m_sinceStaleLook;
    QElapsedTimer m_sinceUnconfirmedWarning;
};

} // namespace boxoffice
