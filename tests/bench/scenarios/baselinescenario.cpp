// The ceiling: the conditional UPDATE the product's claim is built around, issued with the least client
// code there can be (one prepared statement per thread, no domain layer, no result rows to read).

#include "scenario.h"

#include "storage/sqlerrors.h"

#include <QSqlQuery>

namespace boxoffice::bench {

namespace {

constexpr char claimSql[] = R"SQL(
UPDATE event_seats SET state = 'HELD', cart_id = :cart, held_since = now(),
                       hold_expires_at = now() + interval '10 min'
WHERE id = :unit AND (state = 'AVAILABLE' OR (state = 'HELD' AND hold_expires_at <= now()))
)SQL";

class BaselineClient final : public ClientState
{
public:
    explicit BaselineClient(QSqlDatabase database) : m_claim(std::move(database)) { m_claim.setForwardOnly(true); }
    QSqlQuery &claim() { return m_claim; }

private:
    QSqlQuery m_claim;
};

class BaselineScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("baseline"); }
    QString summary() const override
    {
        return QStringLiteral("one conditional UPDATE per claim, prepared once per thread; random seats of 50,000");
    }

    qint64 attemptBudget(const BenchInventory &inventory) const override { return halfTheEvent(inventory); }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_units = inventory.units();
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<BaselineClient>(client.database());
        if (!state->claim().prepare(QString::fromUtf8(claimSql)))
            return fromSqlError(state->claim().lastError(), QStringLiteral("preparing the baseline claim"));
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        QSqlQuery &claim = client.state<BaselineClient>().claim();
        const UnitId unit = m_units.at(client.random().bounded(int(m_units.size())));
        const CartId cart = client.nextCart();
        claim.bindValue(QStringLiteral(":cart"), cart);
        claim.bindValue(QStringLiteral(":unit"), unit);
        if (!claim.exec())
            return classifySqlError(claim.lastError());
        const bool granted = claim.numRowsAffected() == 1;
        claim.finish();
        if (!granted)
            return AttemptResult::lost();
        client.recordHold(unit, cart);
        return AttemptResult::granted();
    }

private:
    QVector<UnitId> m_units;
};

} // namespace

std::unique_ptr<Scenario> makeBaselineScenario()
{
    return std::make_unique<BaselineScenario>();
}

} // namespace boxoffice::bench
