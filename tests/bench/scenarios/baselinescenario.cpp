// The ceiling for the product: the very statement PgSeatStore sends for a one-seat hold, issued with the
// least client code there can be (one prepared statement per thread, values bound by position, no
// domain layer, no error mapping), so the ratio against seats-spread is what the product's own code
// costs and nothing else.

#include "scenario.h"

#include "storage/seatsql.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>

namespace boxoffice::bench {

namespace {

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
        return QStringLiteral("the product's one-seat hold statement, prepared once per thread, no domain layer; "
                              "random seats of 50,000");
    }

    qint64 attemptBudget(const BenchInventory &inventory) const override { return halfTheEvent(inventory); }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_event = inventory.event();
        m_units = inventory.units();
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<BaselineClient>(client.database());
        if (!state->claim().prepare(QString::fromUtf8(SeatSql::holdOne)))
            return fromSqlError(state->claim().lastError(), QStringLiteral("preparing the baseline claim"));
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        QSqlQuery &claim = client.state<BaselineClient>().claim();
        const UnitId unit = m_units.at(client.random().bounded(int(m_units.size())));
        const CartId cart = client.nextCart();
        // Positions follow the placeholders' order in the statement: event, cart, unit, ttl.
        claim.bindValue(0, m_event);
        claim.bindValue(1, cart);
        claim.bindValue(2, unit);
        claim.bindValue(3, QVariant(QMetaType::fromType<int>()));
        if (!claim.exec())
            return classifySqlError(claim.lastError());
        const bool granted = claim.next() && !claim.value(0).isNull();
        claim.finish();
        if (!granted)
            return AttemptResult::lost();
        client.recordHold(unit, cart);
        return AttemptResult::granted();
    }

private:
    EventId m_event = 0;
    QVector<UnitId> m_units;
};

} // namespace

std::unique_ptr<Scenario> makeBaselineScenario()
{
    return std::make_unique<BaselineScenario>();
}

} // namespace boxoffice::bench
