// A chaos worker's holds: every shape, into carts that are browsed and left, or checked out.

#include "chaosworker.h"

#include "chaosworld.h"

#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"

#include <QSqlQuery>

namespace boxoffice::test {

namespace {

constexpr int hotSeats = 60; // the front rows

} // namespace

OpOutcome ChaosWorker::holdOne(ChaosSession &session, const CartId &cart, int ttlSeconds)
{
    const QDate today = QDateTime::currentDateTimeUtc().date();
    const int shape = pick(100);
    if (shape < 45) {
        HoldRequest request;
        request.event = m_world.event;
        request.cart = cart;
        request.ttlSeconds = ttlSeconds;
        request.units = wantedSeats(session);
        auto held = SeatHoldService(session.inventory->seats).hold(request);
        return held ? OpOutcome::done() : shapeRefused(classify(held.error()), QStringLiteral("seat"));
    }
    if (shape < 63) {
        PoolHoldRequest request;
        request.pool = m_world.pool;
        request.cart = cart;
        request.quantity = 1 + pick(2);
        request.ttlSeconds = ttlSeconds;
        auto held = PoolService(session.inventory->pools).hold(request);
        return held ? OpOutcome::done() : shapeRefused(classify(held.error()), QStringLiteral("GA"));
    }
    if (shape < 82) {
        StayRequest request;
        request.roomType = m_world.roomTypes.at(pick(int(m_world.roomTypes.size()))).id;
        request.cart = cart;
        request.checkIn = today.addDays(1 + pick(ChaosWorld::hotelNights - 5));
        request.checkOut = request.checkIn.addDays(1 + pick(3));
        request.guestName = QStringLiteral("Guest ") + cart;
        request.ttlSeconds = ttlSeconds;
        auto held = HotelService(session.inventory->hotels).holdStay(request);
        return held ? OpOutcome::done() : shapeRefused(classify(held.error()), QStringLiteral("stay"));
    }
    TableSearch search;
    search.restaurant = m_world.restaurant;
    search.cart = cart;
    search.partySize = 2 + pick(3);
    search.start
        = QDateTime(today.addDays(1 + pick(ChaosWorld::restaurantDays - 2)), QTime(12 + 2 * pick(5), 0), Qt::UTC);
    search.minutes = 90 + 30 * pick(2);
    search.ttlSeconds = ttlSeconds;
    auto held = SlotService(session.inventory->timeSlots).findAndHold(search);
    return held ? OpOutcome::done() : shapeRefused(classify(held.error()), QStringLiteral("table"));
}

// Seats as buyers want them: mostly anywhere, often the front rows everybody wants, sometimes seats
// another cart held until a moment ago (its hold ran out, maybe while its payment was unanswered).
QVector<UnitId> ChaosWorker::wantedSeats(ChaosSession &session)
{
    const int roll = pick(100);
    if (roll < 20) {
        // The ones that turned free last, as a buyer watching the live map would grab them.
        QSqlQuery query(session.database());
        query.prepare(QStringLiteral("SELECT id FROM event_seats WHERE event_id = :event AND state = 'HELD'"
                                     " AND hold_expires_at <= now() ORDER BY hold_expires_at DESC LIMIT 2"));
        query.bindValue(QStringLiteral(":event"), m_world.event);
        QVector<UnitId> expired;
        if (query.exec()) {
            while (query.next())
                expired << query.value(0).toLongLong();
        }
        if (!expired.isEmpty())
            return expired;
    }
    const int range = roll < 50 ? hotSeats : int(m_world.seats.size());
    const int first = pick(range - 1);
    QVector<UnitId> units{m_world.seats.at(first)};
    if (chance(40)) // two together, as a buyer clicks neighbours
        units << m_world.seats.at(first + 1);
    return units;
}

OpOutcome ChaosWorker::shapeRefused(OpOutcome outcome, const QString &shape)
{
    if (outcome.kind == OpOutcome::Kind::Refused)
        outcome.reason = shape + QLatin1Char(' ') + outcome.reason;
    return outcome;
}

ChaosWorker::Filled ChaosWorker::fill(ChaosSession &session, const CartId &cart, int items, int ttlSeconds)
{
    Filled filled;
    for (int i = 0; i < items; ++i) {
        const OpOutcome held = holdOne(session, cart, ttlSeconds);
        if (held.kind == OpOutcome::Kind::Done)
            ++filled.held;
        else if (held.kind == OpOutcome::Kind::Refused)
            m_stats.note(QStringLiteral("hold refused: ") + held.reason);
        else if (filled.failure.isEmpty())
            filled.failure = QStringLiteral("holding: ") + held.reason;
    }
    return filled;
}

OpOutcome ChaosWorker::browse()
{
    m_browsing = newCart();
    const Filled filled = fill(*m_session, m_browsing, 1 + pick(3), 3 + pick(28));
    if (!filled.failure.isEmpty())
        return OpOutcome::failed(filled.failure);
    return filled.held > 0 ? OpOutcome::done() : OpOutcome::refused(QStringLiteral("nothing held"));
}

OpOutcome ChaosWorker::freshCart(CartId *cart)
{
    *cart = newCart();
    // Mostly a lease that outlives the checkout; sometimes one that runs out on its way.
    const int roll = pick(100);
    const int ttl = roll < 80 ? 120 : roll < 95 ? 20 : 2;
    const Filled filled = fill(*m_session, *cart, 1 + pick(3), ttl);
    if (!filled.failure.isEmpty())
        return OpOutcome::failed(filled.failure);
    return filled.held > 0 ? OpOutcome::done() : OpOutcome::refused(QStringLiteral("nothing held"));
}

} // namespace boxoffice::test
