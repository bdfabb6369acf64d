// seats-spread through the web channel: the same seat choices (same seeds), each hold a
// POST /api/v1/carts/{id}/holds by a signed-in web buyer on its own keep-alive connection to a real
// boxoffice-web. Its rate over seats-spread's is what HTTP, authentication and the server's worker
// queue cost on top of the claim.

#include "httpscenario.h"

#include <QJsonArray>

namespace boxoffice::bench {

namespace {

class HttpSeatsSpreadScenario final : public HttpScenario
{
public:
    QString name() const override { return QStringLiteral("http-seats-spread"); }
    QString summary() const override
    {
        return QStringLiteral("seats-spread through boxoffice-web: POST /carts/{id}/holds, keep-alive buyers");
    }

    qint64 attemptBudget(const BenchInventory &inventory) const override { return halfTheEvent(inventory); }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_event = inventory.event();
        m_units = inventory.units();
        m_budget = halfTheEvent(inventory);
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        HttpBuyerClient &buyer = client.state<HttpBuyerClient>();
        const UnitId unit = m_units.at(client.random().bounded(int(m_units.size())));
        // A fresh cart per hold, as seats-spread: a re-hold under the same cart is granted again on
        // purpose, which would hide a lost race.
        auto cart = buyer.nextCart();
        if (!cart)
            return AttemptResult{Outcome::Other, cart.error().message};
        const HttpAnswer answer = buyer.http().post(
            QByteArrayLiteral("/api/v1/carts/") + cart->toUtf8() + QByteArrayLiteral("/holds"),
            QJsonObject{{QStringLiteral("event"), m_event}, {QStringLiteral("seats"), QJsonArray{unit}}});
        const AttemptResult result = classifyAnswer(answer);
        if (result.outcome == Outcome::Granted)
            client.recordHold(unit, cart.value());
        return result;
    }

protected:
    int cartsPerClient(int clients) const override { return int(qMin<qint64>(m_budget, 3 * m_budget / clients + 64)); }

private:
    EventId m_event = 0;
    QVector<UnitId> m_units;
    qint64 m_budget = 0;
};

} // namespace

std::unique_ptr<Scenario> makeHttpSeatsSpreadScenario()
{
    return std::make_unique<HttpSeatsSpreadScenario>();
}

} // namespace boxoffice::bench
