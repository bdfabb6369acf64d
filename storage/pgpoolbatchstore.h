#pragma once

#include "domain/poolbatch.h"
#include "storage/preparedstatements.h"

#include <QElapsedTimer>
#include <QHash>

namespace boxoffice {

// PoolBatchStore on PostgreSQL. One per connection (and so per thread). A batch is one statement in
// autocommit: its own commit, durable like any other.
class PgPoolBatchStore final : public PoolBatchStore
{
public:
    explicit PgPoolBatchStore(QSqlDatabase database);

    Result<ClaimStrategy> strategyOf(PoolId pool) override;
    Result<std::vector<Result<PoolHold>>> holdBatch(PoolId pool, const std::vector<PoolHoldRequest> &asks) override;

    // How long a pool's strategy is trusted before it is read again.
    static constexpr qint64 strategyMaxAgeMs = 5000;

private:
    struct KnownStrategy
    {
        ClaimStrategy strategy = ClaimStrategy::Atomic;
        qint64 readAtMs = 0;
    };

    PreparedStatements m_statements;
    QElapsedTimer m_clock;
    QHash<PoolId, KnownStrategy> m_strategies;
};

} // namespace boxoffice
