// The product's own path under the load it is built for: buyers spread over a large event, each
// holding one seat through SeatHoldService and PgSeatStore, one store per client connection.

#include "productclient.h"
#include "scenario.h"

namespace boxoffice::bench {

namespace {

class SeatsSpreadScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("seats-spread"); }
    QString summary() const override
    {
        return QStringLiteral("the product: SeatHoldService over PgSeatStore, one random seat of 50,000 per hold");
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
        auto state = std::make_unique<ProductClient>(client.database());
        if (auto status = state->warmUp(m_units.constFirst()); !status)
            return status;
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        ProductClient &product = client.state<ProductClient>();
        const UnitId unit = m_units.at(client.random().bounded(int(m_units.size())));
        const AttemptResult result = product.holdOne(client, m_event, unit);
        if (result.outcome == Outcome::Granted)
            client.recordHold(unit, product.lastCart());
        return result;
    }

private:
    EventId m_event = 0;
    QVector<UnitId> m_units;
};

} // namespace

std::unique_ptr<Scenario> makeSeatsSpreadScenario()
{
    return std::make_unique<SeatsSpreadScenario>();
}

} // namespace boxoffice::bench
