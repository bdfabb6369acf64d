// A web buyer's seat hold as boxoffice-web makes it: ONE database call (boxoffice_web_hold_seats,
// migration 037) that checks the cart is the buyer's, locks and counts the event's buyer, card and
// address caps (all set, so every lock and count runs) and claims. Spread over the event like
// seats-spread; a granted seat is given back at once, untimed, and every client plays one web buyer
// after another (own account, card, address, cart), so the caps never bind.

#include "scenario.h"

#include "domain/holdcaps.h"
#include "domain/seatholdservice.h"
#include "storage/pgbuyercapstore.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgseatstore.h"
#include "storage/pgunitofwork.h"

#include <QSqlQuery>

#include <limits>

namespace boxoffice::bench {

namespace {

// Holds (each given back) one buyer makes before the client plays the next buyer: a web buyer's
// carts see a few holds, and a holder's count stays over a few carts, as on a sale's web.
constexpr int buyerHolds = 16;

class WebBuyerClient final : public ClientState
{
public:
    explicit WebBuyerClient(const QSqlDatabase &database)
        : m_buyers(database), m_seats(database), m_capStore(database), m_unit(database), m_caps(m_capStore, m_unit),
          m_service(m_seats, &m_caps)
    { }

    Status open(int index)
    {
        m_index = index;
        if (auto status = newBuyer(); !status)
            return status;
        // Prepares the call without claiming: an event that does not exist.
        const auto held
            = m_service.hold(HoldRequest{std::numeric_limits<EventId>::max(), m_cart, {1}, std::nullopt, m_buyer});
        if (held || held.error().code != ErrorCode::NotFound)
            return makeError(ErrorCode::Internal, QStringLiteral("The warm-up hold was not refused as NotFound."));
        return Done{};
    }

    // The next web buyer on this client: own account, card, address and cart.
    Status newBuyer()
    {
        ++m_generation;
        auto buyer = m_buyers.addBuyer(QStringLiteral("Bench web buyer %1.%2").arg(m_index).arg(m_generation));
        if (!buyer)
            return buyer.error();
        m_buyer = buyer->buyer.id;
        auto cart = m_buyers.createCart(m_buyer, QStringLiteral("fp_bench_%1").arg(m_buyer),
                                        QStringLiteral("198.18.%1.%2").arg(m_index % 250).arg(m_generation % 250));
        if (!cart)
            return cart.error();
        m_cart = cart.value();
        return Done{};
    }

    AttemptResult hold(EventId event, UnitId unit)
    {
        const auto held = m_service.hold(HoldRequest{event, m_cart, {unit}, std::nullopt, m_buyer});
        if (!held)
            return classifyDomainError(held.error());
        m_last = unit;
        return AttemptResult::granted();
    }

    AttemptResult releaseLast(ClientContext &client)
    {
        const auto released = m_service.release(m_cart, {m_last});
        if (!released)
            return classifyDomainError(released.error());
        if (!released->notHeld.isEmpty())
            client.recordStolen();
        if (++m_grants % buyerHolds == 0)
            if (auto status = newBuyer(); !status)
                return classifyDomainError(status.error());
        return AttemptResult::granted();
    }

private:
    PgBuyerStore m_buyers;
    PgSeatStore m_seats;
    PgBuyerCapStore m_capStore;
    PgUnitOfWork m_unit;
    HoldCaps m_caps;
    SeatHoldService m_service;
    BuyerId m_buyer = 0;
    CartId m_cart;
    int m_index = 0;
    int m_generation = 0;
    int m_grants = 0;
    UnitId m_last = 0;
};

class SeatsWebCappedScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("seats-web-capped"); }
    QString summary() const override
    {
        return QStringLiteral("a web buyer's seat hold in one call, buyer, card and address caps counted inside "
                              "it; released at once");
    }

    qint64 attemptBudget(const BenchInventory &inventory) const override { return halfTheEvent(inventory); }

    Status prepare(QSqlDatabase database, const BenchInventory &inventory) override
    {
        m_event = inventory.event();
        m_units = inventory.units();
        QSqlQuery caps(database);
        caps.prepare(QStringLiteral("UPDATE events SET max_holds_per_buyer = 100000, max_holds_per_instrument = "
                                    "100000, max_holds_per_address = 100000 WHERE id = :e"));
        caps.bindValue(QStringLiteral(":e"), m_event);
        if (!caps.exec())
            return makeError(ErrorCode::Internal, caps.lastError().text());
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<WebBuyerClient>(client.database());
        if (auto status = state->open(client.index()); !status)
            return status;
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        const UnitId unit = m_units.at(client.random().bounded(int(m_units.size())));
        return client.state<WebBuyerClient>().hold(m_event, unit);
    }

    AttemptResult afterGrant(ClientContext &client) override
    {
        return client.state<WebBuyerClient>().releaseLast(client);
    }

private:
    EventId m_event = 0;
    QVector<UnitId> m_units;
};

} // namespace

std::unique_ptr<Scenario> makeSeatsWebCappedScenario()
{
    return std::make_unique<SeatsWebCappedScenario>();
}

} // namespace boxoffice::bench
