#pragma once

#include "domain/seatbatch.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// SeatBatchStore on PostgreSQL: one per connection (and so per thread). A batch is one statement in
// autocommit: its own commit, durable like any other.
class PgSeatBatchStore final : public SeatBatchStore
{
public:
    explicit PgSeatBatchStore(QSqlDatabase database);

    Result<std::vector<Result<SeatBatchAnswer>>> holdSeatBatch(EventId event,
                                                               const std::vector<HoldRequest> &asks) override;

    // The last batch failed because the connection went away: the thread reconnects before its next job.
    bool lostConnection() const { return m_lostConnection; }

private:
    PreparedStatements m_statements;
    bool m_lostConnection = false;
};

} // namespace boxoffice
