// An on-sale on one general-admission pool: every client wants one place at a time. The same pool as
// one counter row, split over 8 and 20 rows, and claimed the pessimistic way (lock, read, write), so
// the table shows what splitting the hot row buys and what the production case's row lock costs.

#include "outcome.h"
#include "scenario.h"

#include "domain/poolservice.h"
#include "storage/pgpoolstore.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

// Large enough that no run sells out: the figures measure contention on the rows, not rejections.
constexpr int poolCapacity = 10'000'000;

class PoolClient final : public ClientState
{
public:
    explicit PoolClient(QSqlDatabase database) : m_store(std::move(database)), m_service(m_store) { }
    PgPoolStore m_store;
    PoolService m_service;
};

class PoolHotScenario final : public Scenario
{
public:
    PoolHotScenario(QString name, int rows, ClaimStrategy strategy)
        : m_name(std::move(name)), m_rows(rows), m_strategy(strategy)
    { }

    QString name() const override { return m_name; }
    QString summary() const override
    {
        return QStringLiteral("one GA pool over %1 row(s), %2 claims, one place per attempt")
            .arg(m_rows)
            .arg(claimStrategyName(m_strategy));
    }

    Status prepare(QSqlDatabase database, const BenchInventory &inventory) override
    {
        // A fresh pool for every run, so each starts from untouched counters.
        PgPoolStore store(database);
        PoolSpec spec;
        spec.event = inventory.event();
        spec.code = QStringLiteral("%1-%2").arg(m_name).arg(++m_runs);
        spec.name = spec.code;
        spec.capacity = poolCapacity;
        spec.price = Money(2500, QStringLiteral("EUR"));
        spec.subpools = m_rows;
        spec.strategy = m_strategy;
        auto pool = PoolService(store).createPool(spec);
        if (!pool)
            return pool.error();
        m_pool = pool->id;
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<PoolClient>(client.database());
        // Prepares the claim statement (a pool that does not exist answers NotFound) outside the window.
        const auto warm = state->m_service.hold({m_pool + 1'000'000'000, QStringLiteral("warm-up"), 1, {}});
        if (warm || warm.error().code != ErrorCode::NotFound)
            return warm ? makeError(ErrorCode::Internal, QStringLiteral("warm-up hold granted")) : Status(warm.error());
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        const CartId cart = client.nextCart();
        const auto held = client.state<PoolClient>().m_service.hold({m_pool, cart, 1, {}});
        if (!held)
            return classifyDomainError(held.error());
        client.recordHold(held->holdId, cart);
        return AttemptResult::granted();
    }

    // Every place a client was told it holds is a live hold row of this pool, and the counters are
    // exactly the sum of those rows: nothing sold twice, nothing lost.
    Result<Verification> verify(QSqlDatabase database, const BenchInventory &,
                                const QVector<const ClientContext *> &clients) override
    {
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
    QString m_name;
    int m_rows;
    ClaimStrategy m_strategy;
    PoolId m_pool = 0;
    int m_runs = 0;
};

} // namespace

std::unique_ptr<Scenario> makePoolHotScenario()
{
    return std::make_unique<PoolHotScenario>(QStringLiteral("pool-hot"), 1, ClaimStrategy::Atomic);
}

std::unique_ptr<Scenario> makePoolHotK8Scenario()
{
    return std::make_unique<PoolHotScenario>(QStringLiteral("pool-hot-k8"), 8, ClaimStrategy::Atomic);
}

std::unique_ptr<Scenario> makePoolHotK20Scenario()
{
    return std::make_unique<PoolHotScenario>(QStringLiteral("pool-hot-k20"), 20, ClaimStrategy::Atomic);
}

std::unique_ptr<Scenario> makePoolHotPessimisticScenario()
{
    return std::make_unique<PoolHotScenario>(QStringLiteral("pool-hot-pessimistic"), 1, ClaimStrategy::Pessimistic);
}

} // namespace boxoffice::bench
