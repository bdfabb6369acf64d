// pool-hot through the web channel: one general-admission pool of one row, every client a web buyer
// holding one place per POST /api/v1/carts/{id}/places on its own keep-alive connection. The claim
// strategy is the pool's (a parameter), so the batched pool runs the same requests.

#include "httpscenario.h"

#include "domain/poolservice.h"
#include "storage/pgpoolstore.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

// As pool-hot: no run sells out, so the figures measure contention on the row, not rejections.
constexpr int poolCapacity = 10'000'000;

class HttpPoolScenario final : public HttpScenario
{
public:
    HttpPoolScenario(QString name, ClaimStrategy strategy) : m_name(std::move(name)), m_strategy(strategy) { }

    QString name() const override { return m_name; }
    QString summary() const override
    {
        return QStringLiteral("pool-hot through boxoffice-web (%1 pool): POST /carts/{id}/places, keep-alive buyers")
            .arg(claimStrategyName(m_strategy));
    }

    Status prepare(QSqlDatabase database, const BenchInventory &inventory) override
    {
        PgPoolStore store(database);
        PoolSpec spec;
        spec.event = inventory.event();
        spec.code = QStringLiteral("%1-%2").arg(m_name).arg(++m_runs);
        spec.name = spec.code;
        spec.capacity = poolCapacity;
        spec.price = Money(2500, QStringLiteral("EUR"));
        spec.subpools = 1;
        spec.strategy = m_strategy;
        auto pool = PoolService(store).createPool(spec);
        if (!pool)
            return pool.error();
        m_pool = pool->id;
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        HttpBuyerClient &buyer = client.state<HttpBuyerClient>();
        // A fresh cart per hold, as pool-hot: a cart holds one place hold per pool (a second request
        // adds to it).
        auto next = buyer.nextCart();
        if (!next)
            return AttemptResult{Outcome::Other, next.error().message};
        const CartId cart = next.value();
        const HttpAnswer answer
            = buyer.http().post(QByteArrayLiteral("/api/v1/carts/") + cart.toUtf8() + QByteArrayLiteral("/places"),
                                QJsonObject{{QStringLiteral("pool"), m_pool}, {QStringLiteral("quantity"), 1}});
        const AttemptResult result = classifyAnswer(answer);
        if (result.outcome == Outcome::Granted)
            client.recordHold(answer.json().value(QStringLiteral("hold")).toInteger(), cart);
        return result;
    }

    // As pool-hot's: every place a client was told it holds is a live hold row of the pool, the
    // counter is exactly their sum, and no row holds more than it has.
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

protected:
    // No attempt budget: enough carts for a fast run (16,000 holds a second over all clients, above
    // what the batched pool has reached); a client that runs out makes more through the API, where a
    // buyer's carts a minute are capped, so running out shows as errors, not as a slower figure.
    int cartsPerClient(int clients) const override
    {
        return int(16000 * HttpWebSettings::global().runSeconds / clients) + 32;
    }

private:
    QString m_name;
    ClaimStrategy m_strategy;
    PoolId m_pool = 0;
    int m_runs = 0;
};

} // namespace

std::unique_ptr<Scenario> makeHttpPoolHotScenario()
{
    return std::make_unique<HttpPoolScenario>(QStringLiteral("http-pool-hot"), ClaimStrategy::Atomic);
}

// The same pool claimed in batches: the web server's PoolBatcher gathers its claim threads' asks.
std::unique_ptr<Scenario> makeHttpPoolBatchedScenario()
{
    return std::make_unique<HttpPoolScenario>(QStringLiteral("http-pool-batched"), ClaimStrategy::Batched);
}

} // namespace boxoffice::bench
