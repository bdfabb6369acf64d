// An event drop: every client after the same 10 seats through the product's path. Without churn the
// first 10 holds win and every later attempt must lose cleanly; with churn each winner gives its seat
// back at once, so the fight over the same rows goes on for the whole run.

#include "productclient.h"
#include "scenario.h"

namespace boxoffice::bench {

namespace {

constexpr int hotSeats = 10;

class SeatsHotScenario final : public Scenario
{
public:
    explicit SeatsHotScenario(bool churn) : m_churn(churn) { }

    QString name() const override { return m_churn ? QStringLiteral("seats-hot-churn") : QStringLiteral("seats-hot"); }
    QString summary() const override
    {
        return m_churn ? QStringLiteral("the product on the same 10 seats; each granted hold is released at once")
                       : QStringLiteral("the product on the same 10 seats: exactly 10 holds can be granted");
    }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_event = inventory.event();
        m_units = inventory.units().mid(0, hotSeats);
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
        if (result.outcome == Outcome::Granted && !m_churn)
            client.recordHold(unit, product.lastCart());
        return result;
    }

    // A hold that another buyer took before its own holder released it is counted as a double sale.
    AttemptResult afterGrant(ClientContext &client) override
    {
        return m_churn ? client.state<ProductClient>().releaseLast(client) : AttemptResult::granted();
    }

private:
    const bool m_churn;
    EventId m_event = 0;
    QVector<UnitId> m_units;
};

} // namespace

std::unique_ptr<Scenario> makeSeatsHotScenario()
{
    return std::make_unique<SeatsHotScenario>(false);
}

std::unique_ptr<Scenario> makeSeatsHotChurnScenario()
{
    return std::make_unique<SeatsHotScenario>(true);
}

} // namespace boxoffice::bench
