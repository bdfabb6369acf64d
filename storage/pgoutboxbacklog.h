#pragma once

#include "domain/result.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// What the outbox still holds: for the metrics and `boxoffice-ctl outbox`.
struct OutboxBacklog
{
    qint64 unpublished = 0; // not yet confirmed by the broker (and not processed)
    qint64 unprocessed = 0; // tickets not yet issued
    double oldestUnprocessedSeconds = 0; // 0 when nothing waits
};

class PgOutboxBacklog
{
public:
    explicit PgOutboxBacklog(QSqlDatabase database) : m_statements(std::move(database)) { }

    // One statement over the partial index of unprocessed events (migration 048).
    Result<OutboxBacklog> read();

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
