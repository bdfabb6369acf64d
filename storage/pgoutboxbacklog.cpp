#include "storage/pgoutboxbacklog.h"

#include "storage/outboxsql.h"

namespace boxoffice {

Result<OutboxBacklog> PgOutboxBacklog::read()
{
    auto query = m_statements.exec(OutboxSql::backlog, QStringLiteral("measuring the outbox backlog"), {});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    OutboxBacklog backlog;
    if (q.next()) {
        backlog.unpublished = q.value(0).toLongLong();
        backlog.unprocessed = q.value(1).toLongLong();
        backlog.oldestUnprocessedSeconds = q.value(2).toDouble();
    }
    q.finish();
    return backlog;
}

} // namespace boxoffice
