#include "storage/pgoutboxrelay.h"

#include "storage/outboxsql.h"
#include "storage/pgarrays.h"

namespace boxoffice {

namespace {
// pg_advisory_lock's key for "the outbox relay": any fixed number no other lock in the schema uses.
constexpr qint64 relayLockKey = 0x626f786f7574; // "boxout"
} // namespace

PgOutboxRelay::PgOutboxRelay(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<bool> PgOutboxRelay::takeRelayLock()
{
    auto query = m_statements.exec(OutboxSql::tryRelayLock, QStringLiteral("taking the outbox relay's lock"),
                                   {{QStringLiteral(":key"), relayLockKey}});
    if (!query)
        return query.error();
    const bool taken = query.value()->next() && query.value()->value(0).toBool();
    query.value()->finish();
    return taken;
}

Result<QVector<OutboxEvent>> PgOutboxRelay::events(const char *sql, const QString &context,
                                                   PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    QVector<OutboxEvent> events;
    for (QSqlQuery &q = *query.value(); q.next();)
        events << OutboxEvent{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toLongLong()};
    query.value()->finish();
    return events;
}

Result<QVector<OutboxEvent>> PgOutboxRelay::unpublished(int limit)
{
    return events(OutboxSql::unpublished, QStringLiteral("reading the outbox events to publish"),
                  {{QStringLiteral(":limit"), limit}});
}

Result<QVector<OutboxEvent>> PgOutboxRelay::stale(int olderThanSeconds, int limit)
{
    return events(OutboxSql::stale, QStringLiteral("reading the outbox events to publish again"),
                  {{QStringLiteral(":after"), olderThanSeconds}, {QStringLiteral(":limit"), limit}});
}

Result<int> PgOutboxRelay::markPublished(const QVector<qint64> &ids, int olderThanSeconds)
{
    if (ids.isEmpty())
        return 0;
    auto query = m_statements.exec(
        OutboxSql::markPublished, QStringLiteral("marking outbox events published"),
        {{QStringLiteral(":ids"), toBigintArray(ids)}, {QStringLiteral(":after"), olderThanSeconds}});
    if (!query)
        return query.error();
    const int marked = query.value()->numRowsAffected();
    query.value()->finish();
    return marked;
}

} // namespace boxoffice
