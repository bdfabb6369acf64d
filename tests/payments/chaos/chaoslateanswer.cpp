// The path the rest of the mix reaches only by luck: the provider took the money but its answer was
// lost and its webhook held back, the cart's holds ran out meanwhile, and another buyer took the units
// before anyone settled. Settlement must then replace what it can and refund the rest, once.

#include "chaosworker.h"

#include "chaosworld.h"

#include "domain/checkoutsaga.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/reconciler.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"

#include <QElapsedTimer>
#include <QSqlQuery>

namespace boxoffice::test {

namespace {

constexpr int shortLeaseSeconds = 2;
constexpr int thiefLeaseSeconds = 30;

// Runs `sql` (bound to :order) and hands each row to `take`; how many rows were taken.
template<typename Take> int eachRow(ChaosSession &session, const char *sql, OrderId order, Take take)
{
    QSqlQuery query(session.database());
    query.prepare(QLatin1String(sql));
    query.bindValue(QStringLiteral(":order"), order);
    int taken = 0;
    if (query.exec()) {
        while (query.next())
            taken += take(query) ? 1 : 0;
    }
    return taken;
}

} // namespace

// Another buyer holds what `order` was selling, shape by shape: the same seats, places from the same
// pool, the same nights of the same room type, the same table at the same time.
int ChaosWorker::steal(ChaosSession &session, OrderId order, const CartId &thief)
{
    int stolen = eachRow(session, "SELECT unit_id FROM order_lines WHERE order_id = :order", order, [&](QSqlQuery &q) {
        HoldRequest request;
        request.event = m_world.event;
        request.cart = thief;
        request.units = {q.value(0).toLongLong()};
        request.ttlSeconds = thiefLeaseSeconds;
        return SeatHoldService(session.inventory->seats).hold(request).ok();
    });
    stolen
        += eachRow(session, "SELECT quantity FROM order_pool_lines WHERE order_id = :order", order, [&](QSqlQuery &q) {
               PoolHoldRequest request;
               request.pool = m_world.pool;
               request.cart = thief;
               request.quantity = q.value(0).toInt();
               request.ttlSeconds = thiefLeaseSeconds;
               return PoolService(session.inventory->pools).hold(request).ok();
           });
    stolen += eachRow(session,
                      "SELECT s.room_type_id, s.check_in, s.check_out FROM order_stay_lines l"
                      " JOIN stays s ON s.id = l.stay_id WHERE l.order_id = :order",
                      order, [&](QSqlQuery &q) {
                          StayRequest request;
                          request.roomType = q.value(0).toLongLong();
                          request.cart = thief;
                          request.checkIn = q.value(1).toDate();
                          request.checkOut = q.value(2).toDate();
                          request.guestName = QStringLiteral("Thief ") + thief;
                          request.ttlSeconds = thiefLeaseSeconds;
                          return HotelService(session.inventory->hotels).holdStay(request).ok();
                      });
    stolen += eachRow(session,
                      "SELECT b.resource_id, b.party_size, CAST(extract(epoch FROM lower(b.during)) AS bigint),"
                      " CAST(extract(epoch FROM upper(b.during)) AS bigint) FROM order_slot_lines l"
                      " JOIN slot_bookings b ON b.id = l.booking_id WHERE l.order_id = :order",
                      order, [&](QSqlQuery &q) {
                          SlotRequest request;
                          request.resource = q.value(0).toLongLong();
                          request.cart = thief;
                          request.partySize = q.value(1).toInt();
                          request.start = QDateTime::fromSecsSinceEpoch(q.value(2).toLongLong(), Qt::UTC);
                          request.end = QDateTime::fromSecsSinceEpoch(q.value(3).toLongLong(), Qt::UTC);
                          request.ttlSeconds = thiefLeaseSeconds;
                          return SlotService(session.inventory->timeSlots).holdSlot(request).ok();
                      });
    return stolen;
}

OpOutcome ChaosWorker::lateAnswer()
{
    // The reconciliation job and the provider's webhook delivery are down for a moment (for every
    // worker: the others' webhooks wait too), so nothing re-pins or settles this order early.
    ++m_world.outages;
    m_world.control(QStringLiteral("/control/webhooks"), {{QStringLiteral("paused"), true}});
    const OpOutcome outcome = chargeAndSteal();
    // The last one out of an outage brings the back office back: the webhooks let go, or a
    // reconciliation run, either of which settles what was charged.
    if (--m_world.outages == 0) {
        if (chance(50)) {
            m_world.control(QStringLiteral("/control/webhooks"), {{QStringLiteral("paused"), false}});
        } else {
            auto counts = Reconciler(*m_session->store, *m_session->provider).run(0);
            if (!counts && counts.error().code != ErrorCode::Unavailable)
                return classify(counts.error());
        }
    }
    return outcome;
}

OpOutcome ChaosWorker::chargeAndSteal()
{
    const CartId cart = newCart();
    QElapsedTimer leased;
    leased.start();
    const Filled filled = fill(*m_session, cart, 1 + pick(3), shortLeaseSeconds);
    if (!filled.failure.isEmpty())
        return OpOutcome::failed(filled.failure);
    if (filled.held == 0)
        return OpOutcome::refused(QStringLiteral("nothing held"));
    m_world.behave(chance(50) ? QStringLiteral("hang") : QStringLiteral("error500"));
    const OpOutcome charged = sagaCheckout(*m_session, cart, 1);
    afterCheckout(cart, charged);
    if (charged.kind != OpOutcome::Kind::Done || charged.order == 0)
        return charged;

    // Until the lease and the pin have run out, then another buyer moves in.
    const qint64 wait = shortLeaseSeconds * 1000 + 300 - leased.elapsed();
    if (wait > 0)
        QThread::msleep(quint64(wait));
    const CartId thief = newCart();
    const int stolen = steal(*m_session, charged.order, thief);
    OpOutcome thiefPaid = OpOutcome::done(QStringLiteral("kept the cart"));
    if (chance(50))
        thiefPaid = sagaCheckout(*m_session, thief, 300);
    afterCheckout(thief, thiefPaid);
    OpOutcome outcome = combine(charged, thiefPaid, QStringLiteral("thief"));
    if (outcome.kind == OpOutcome::Kind::Done)
        outcome.note = charged.note + (stolen > 0 ? QStringLiteral(", units taken") : QStringLiteral(", none taken"));
    return outcome;
}

} // namespace boxoffice::test
