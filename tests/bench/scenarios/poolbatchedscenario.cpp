// The hot general-admission pool of pool-hot, one counter row, claimed the batched way: the clients'
// asks arriving together go to the database as one call and one commit (PoolBatcher, migration 038).
// Side by side with pool-hot and pool-hot-k8 it shows what batching buys over one row and over
// splitting the row.

#include "outcome.h"
#include "scenario.h"

#include "domain/poolbatch.h"
#include "domain/poolservice.h"
#include "storage/pgpoolbatchstore.h"
#include "storage/pgpoolstore.h"
#include "storage/sqlerrors.h"

#include <QLoggingCategory>
#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

Q_LOGGING_CATEGORY(lcBatchedBench, "boxoffice.bench.batched", QtInfoMsg)

// Large enough that no run sells out, as in pool-hot.
constexpr int poolCapacity = 10'000'000;

class BatchedClient final : public ClientState
{
public:
    BatchedClient(QSqlDatabase database, PoolBatcher &batcher)
        : m_store(database), m_batches(database), m_service(m_store, nullptr, &m_batches, &batcher)
    { }
    PgPoolStore m_store;
    PgPoolBatchStore m_batches;
    PoolService m_service;
};

class PoolBatchedScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("pool-batched"); }
    QString summary() const override
    {
        return QStringLiteral("one GA pool on one row, asks gathered into batched claims, one place per attempt");
    }

    Status prepare(QSqlDatabase database, const BenchInventory &inventory) override
    {
        PgPoolStore store(database);
        PoolSpec spec;
        spec.event = inventory.event();
        spec.code = QStringLiteral("pool-batched-%1").arg(++m_runs);
        spec.name = spec.code;
        spec.capacity = poolCapacity;
        spec.price = Money(2500, QStringLiteral("EUR"));
        spec.subpools = 1;
        spec.strategy = ClaimStrategy::Batched;
        auto pool = PoolService(store).createPool(spec);
        if (!pool)
            return pool.error();
        m_pool = pool->id;
        m_batcher = std::make_unique<PoolBatcher>();
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<BatchedClient>(client.database(), *m_batcher);
        // Prepares both statements outside the window: a pool that does not exist answers NotFound.
        const PoolHoldRequest missing{m_pool + 1'000'000'000, QStringLiteral("warm-up"), 1, {}};
        const auto strategy = state->m_batches.strategyOf(missing.pool);
        if (strategy || strategy.error().code != ErrorCode::NotFound)
            return makeError(ErrorCode::Internal, QStringLiteral("warm-up: a pool that does not exist was found"));
        const auto warm = state->m_batches.holdBatch(missing.pool, {missing});
        if (!warm)
            return warm.error();
        if (warm->front() || warm->front().error().code != ErrorCode::NotFound)
            return makeError(ErrorCode::Internal, QStringLiteral("warm-up: a batch on no pool was not refused"));
        if (auto known = state->m_batches.strategyOf(m_pool); !known)
            return known.error();
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        const CartId cart = client.nextCart();
        const auto held = client.state<BatchedClient>().m_service.hold({m_pool, cart, 1, {}});
        if (!held)
            return classifyDomainError(held.error());
        client.recordHold(held->holdId, cart);
        return AttemptResult::granted();
    }

    // As pool-hot: every place a client was told it holds is a live hold row, and the counter is
    // exactly their sum.
    Result<Verification> verify(QSqlDatabase database, const BenchInventory &,
                                const QVector<const ClientContext *> &clients) override
    {
        const auto figures = m_batcher->figures();
        qCInfo(lcBatchedBench) << "pool-batched:" << figures.asks << "asks in" << figures.batches
                               << "batches, the largest" << figures.largest;
        qint64 told = 0;
        for (const ClientContext *client : clients)
            told += client->holds().size();
        QSqlQuery query(database);
        query.prepare(
            QStringLiteral("SELECT (SELECT count(*) FROM ga_holds WHERE pool_id = :pool AND state = 'HELD'),"
                           " (SELECT COALESCE(sum(held), 0) FROM ga_subpools WHERE pool_id = :pool2),"
                           " (SELECT count(*) FROM ga_subpools WHERE pool_id = :pool3 AND held + sold > capacity)"));
        query.bindValue(QStringLiteral(":pool"), m_pool);
        query.bindValue(QStringLiteral(":pool2"), m_pool);
        query.bindValue(QStringLiteral(":pool3"), m_pool);
        if (!query.exec() || !query.next())
            return fromSqlError(query.lastError(), QStringLiteral("checking the pool"));
        Verification verification;
        verification.databaseMismatches
            = int(qAbs(query.value(0).toLongLong() - told)) + int(qAbs(query.value(1).toLongLong() - told));
        verification.doubleSold = query.value(2).toInt();
        return verification;
    }

private:
    PoolId m_pool = 0;
    int m_runs = 0;
    std::unique_ptr<PoolBatcher> m_batcher;
};

} // namespace

std::unique_ptr<Scenario> makePoolBatchedScenario()
{
    return std::make_unique<PoolBatchedScenario>();
}

} // namespace boxoffice::bench
