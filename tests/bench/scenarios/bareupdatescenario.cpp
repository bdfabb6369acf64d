// The floor under the baseline: the smallest correct claim (a conditional UPDATE with a fixed lease, no
// hold policy, no answer to read), so the cost of what the product's statement does beyond it (the
// event's lease and extension policy, an idempotent re-hold, the label in the answer) is a ratio too.

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

class BareUpdateClient final : public ClientState
{
public:
    explicit BareUpdateClient(QSqlDatabase database) : m_claim(std::move(database)) { m_claim.setForwardOnly(true); }
    QSqlQuery &claim() { return m_claim; }

private:
    QSqlQuery m_claim;
};

class BareUpdateScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("bare-update"); }
    QString summary() const override
    {
        return QStringLiteral("the smallest correct claim: UPDATE ... WHERE free, fixed lease, nothing read back; "
                              "random seats of 50,000");
    }

    qint64 attemptBudget(const BenchInventory &inventory) const override { return halfTheEvent(inventory); }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_units = inventory.units();
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<BareUpdateClient>(client.database());
        if (!state->claim().prepare(QString::fromUtf8(claimSql)))
            return fromSqlError(state->claim().lastError(), QStringLiteral("preparing the bare claim"));
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        QSqlQuery &claim = client.state<BareUpdateClient>().claim();
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

std::unique_ptr<Scenario> makeBareUpdateScenario()
{
    return std::make_unique<BareUpdateScenario>();
}

} // namespace boxoffice::bench
