#pragma once

#include "domain/ids.h"
#include "domain/result.h"
#include "storage/preparedstatements.h"

#include <QVector>

namespace boxoffice {

// One outbox row as the relay publishes it.
struct OutboxEvent
{
    qint64 id = 0;
    QString topic;
    OrderId order = 0;
};

// The database side of the outbox relay (migration 048): which events still have to reach the broker,
// and which ones it confirmed. Every call is one autocommit statement: nothing is locked while the
// relay waits for the broker.
class PgOutboxRelay
{
public:
    explicit PgOutboxRelay(QSqlDatabase database);

    // Whether this connection is the relay (a session advisory lock, kept until the connection ends).
    // False: another relay holds it, and this one stands by.
    Result<bool> takeRelayLock();
    // Not yet confirmed by the broker and not yet processed, oldest first.
    Result<QVector<OutboxEvent>> unpublished(int limit);
    // Confirmed more than `olderThanSeconds` ago and still not processed: lost on the way.
    Result<QVector<OutboxEvent>> stale(int olderThanSeconds, int limit);
    // Records the broker's confirmation of exactly these events (the rest stay due). A stale event is
    // marked anew; one marked within `olderThanSeconds` keeps its time. Returns the rows changed.
    Result<int> markPublished(const QVector<qint64> &ids, int olderThanSeconds);

private:
    Result<QVector<OutboxEvent>> events(const char *sql, const QString &context, PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
};

} // namespace boxoffice
