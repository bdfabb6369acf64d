// A chaos worker's back-office operations: a manager's refunds, stay moves and overbooking answers,
// reconciliation runs, webhook trouble, a clerk trying a manager's work, and charges no order records.

#include "chaosworker.h"

#include "chaosworld.h"

#include "domain/checkoutsaga.h"
#include "domain/reconciler.h"

#include <QSqlQuery>

namespace boxoffice::test {

namespace {

const QString refundReason = QStringLiteral("chaos: the buyer changed plans");
const char refundableOrder[]
    = "state = 'PAID' AND (EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = orders.id AND l.state = 'SOLD')"
      " OR EXISTS (SELECT 1 FROM order_pool_lines l WHERE l.order_id = orders.id AND l.state = 'SOLD')"
      " OR EXISTS (SELECT 1 FROM order_slot_lines l WHERE l.order_id = orders.id AND l.state = 'SOLD')"
      " OR EXISTS (SELECT 1 FROM order_stay_lines l JOIN stays s ON s.id = l.stay_id"
      "            WHERE l.order_id = orders.id AND l.state = 'SOLD' AND s.state = 'BOOKED'))";

} // namespace

// A pivot drawn below the largest id, then the first matching row at or after it (or the first at
// all): one indexed look-up whatever the table's size, and the choice still comes from the seed.
qint64 ChaosWorker::pickId(ChaosSession &session, const QString &table, const QString &where)
{
    QSqlQuery query(session.database());
    if (!query.exec(QStringLiteral("SELECT COALESCE(max(id), 0) FROM %1").arg(table)) || !query.next())
        return 0;
    const qint64 largest = query.value(0).toLongLong();
    if (largest == 0)
        return 0;
    const qint64 pivot = 1 + m_rng.bounded(largest);
    for (const QString &from : {QStringLiteral("AND id >= %1").arg(pivot), QString()}) {
        // (table, condition and pivot are this file's own text and numbers, never input)
        if (query.exec(QStringLiteral("SELECT id FROM %1 WHERE %2 %3 ORDER BY id LIMIT 1").arg(table, where, from))
            && query.next())
            return query.value(0).toLongLong();
    }
    return 0;
}

// A manager refunds one to four paid orders (an evening's cancellations), each whole or in part:
// refunds keep pace with sales, so a long run keeps stock to fight over.
OpOutcome ChaosWorker::refund()
{
    const int orders = 1 + pick(4);
    OpOutcome outcome = OpOutcome::refused(QStringLiteral("no paid order"));
    for (int i = 0; i < orders && outcome.kind != OpOutcome::Kind::Failed; ++i) {
        const OpOutcome one = refundOne();
        if (one.kind != OpOutcome::Kind::Refused || outcome.kind == OpOutcome::Kind::Refused)
            outcome = one;
    }
    return outcome;
}

OpOutcome ChaosWorker::refundOne()
{
    // Mostly an order with something left to give back; sometimes any paid one (a walked guest's stay
    // is not refundable here: the refusal is part of the mix, but refunds must keep stock coming back).
    const OrderId order = pickId(*m_session, QStringLiteral("orders"),
                                 chance(85) ? QString::fromLatin1(refundableOrder) : QStringLiteral("state = 'PAID'"));
    if (order == 0)
        return OpOutcome::refused(QStringLiteral("no paid order"));
    auto summary = m_session->inventory->carts.order(order);
    if (!summary)
        return classify(summary.error());
    // Whole, or some of what was sold (any shape); an empty list is the whole order.
    QVector<OrderItemRef> items;
    if (chance(35)) {
        for (const OrderLine &line : summary->lines) {
            if (line.state == LineState::Sold && (items.isEmpty() || chance(50)))
                items << OrderItemRef{line.kind, line.id};
        }
    }
    auto refunded = m_session->store->refundUnits(order, items, refundReason);
    if (!refunded) {
        // Raced (a unit no longer refundable), or nothing refundable is left (a walked guest's stay).
        OpOutcome refused = classify(refunded.error(), {ErrorCode::BadInput});
        if (refused.kind == OpOutcome::Kind::Refused)
            refused.reason += items.isEmpty() ? QStringLiteral(" (whole order)") : QStringLiteral(" (some units)");
        return refused;
    }
    // The money goes back now (as `boxoffice-ctl refund` does), or the next reconciliation does it.
    if (chance(70)) {
        if (auto carried = carryOutRefunds(*m_session->store, *m_session->provider, order); !carried)
            return classify(carried.error());
    }
    return OpOutcome::done(items.isEmpty() ? QStringLiteral("whole order") : QStringLiteral("some units"));
}

OpOutcome ChaosWorker::moveStay()
{
    const qint64 stay = pickId(*m_session, QStringLiteral("stays"), QStringLiteral("state = 'BOOKED'"));
    if (stay == 0)
        return OpOutcome::refused(QStringLiteral("no booked stay"));
    QSqlQuery query(m_session->database());
    query.prepare(QStringLiteral("SELECT check_in, check_out FROM stays WHERE id = :stay"));
    query.bindValue(QStringLiteral(":stay"), stay);
    if (!query.exec() || !query.next())
        return OpOutcome::refused(QStringLiteral("stay gone"));
    const QDate checkIn = query.value(0).toDate();
    const int nights = qMax(1, int(checkIn.daysTo(query.value(1).toDate())) + pick(3) - 1);
    const QDate movedIn = checkIn.addDays(pick(5) - 2);
    const RoomTypeId roomType = m_world.roomTypes.at(pick(int(m_world.roomTypes.size()))).id;
    const auto moved = m_session->frontDesk->moveStay(stay, roomType, movedIn, movedIn.addDays(nights));
    // Full nights (Lost), nights outside the calendar (BadInput), a stay no longer booked or its price
    // changing while money was taken (Conflict).
    return moved ? OpOutcome::done() : classify(moved.error(), {ErrorCode::BadInput});
}

OpOutcome ChaosWorker::overbooking()
{
    const QDate night = QDateTime::currentDateTimeUtc().date().addDays(1 + pick(ChaosWorld::hotelNights - 6));
    auto arrivals = m_session->frontDesk->arrivalsAtRisk(m_world.hotel, night);
    if (!arrivals)
        return classify(arrivals.error());
    StayId stay = 0;
    if (!arrivals->isEmpty())
        stay = arrivals->at(pick(int(arrivals->size()))).stay.id;
    else
        stay = pickId(*m_session, QStringLiteral("stays"), QStringLiteral("state = 'BOOKED'"));
    if (stay == 0)
        return OpOutcome::refused(QStringLiteral("no booked stay"));
    const int roll = pick(10);
    const OverbookingAction action = roll < 3 ? OverbookingAction::Walk
        : roll < 7                            ? OverbookingAction::Move
                                              : OverbookingAction::Upgrade;
    const RoomTypeId target
        = action == OverbookingAction::Walk ? 0 : m_world.roomTypes.at(pick(int(m_world.roomTypes.size()))).id;
    const Money compensation(action == OverbookingAction::Walk ? 500 * pick(10) : 0, QStringLiteral("EUR"));
    const Status resolved = m_session->frontDesk->resolveOverbooking(
        stay, action, target, compensation, QStringLiteral("chaos: overbooked"), night, m_world.partner);
    if (!resolved)
        return classify(resolved.error(), {ErrorCode::BadInput}); // full, not an upgrade, not booked
    return OpOutcome::done(overbookingActionName(action).toLower()
                           + (arrivals->isEmpty() ? QStringLiteral(" (any stay)") : QStringLiteral(" (at risk)")));
}

OpOutcome ChaosWorker::reconcile()
{
    if (m_world.outages.load() > 0)
        return OpOutcome::done(QStringLiteral("down (an outage)"));
    Reconciler reconciler(*m_session->store, *m_session->provider);
    // What a worker on a short cycle reads: the provider's last minute, not its whole history.
    reconciler.lookbackSeconds = 60;
    reconciler.pinSeconds = 20;
    static const int ages[] = {0, 2, 10};
    auto counts = reconciler.run(ages[pick(3)]);
    if (!counts) // the provider unreachable for a moment is what the next run is for
        return classify(counts.error(), {ErrorCode::Unavailable});
    return OpOutcome::done(counts->total() > 0 ? QStringLiteral("repaired") : QStringLiteral("nothing to repair"));
}

OpOutcome ChaosWorker::webhooks()
{
    if (m_world.outages.load() > 0)
        return OpOutcome::done(QStringLiteral("held (an outage)"));
    if (chance(40)) {
        m_world.control(QStringLiteral("/control/webhooks/flush"));
        return OpOutcome::done(QStringLiteral("flushed"));
    }
    static const int delays[] = {0, 0, 300, 1500};
    const int duplicate = pick(3);
    const int delay = delays[pick(4)];
    const bool reorder = chance(30);
    const bool paused = chance(20);
    const QJsonObject answer = m_world.control(QStringLiteral("/control/webhooks"),
                                               {{QStringLiteral("duplicate"), duplicate},
                                                {QStringLiteral("delay_ms"), delay},
                                                {QStringLiteral("reorder"), reorder},
                                                {QStringLiteral("paused"), paused}});
    if (answer.contains(QStringLiteral("error")))
        return OpOutcome::failed(QStringLiteral("the provider refused the webhook settings"));
    return OpOutcome::done(paused              ? QStringLiteral("paused")
                               : reorder       ? QStringLiteral("reordered")
                               : duplicate > 0 ? QStringLiteral("duplicated")
                               : delay > 0     ? QStringLiteral("delayed")
                                               : QStringLiteral("plain"));
}

OpOutcome ChaosWorker::clerkRefused()
{
    if (!m_clerk) {
        QString error;
        m_clerk = ChaosSession::open(m_world, QStringLiteral("chaos-clerk-%1").arg(m_index), m_world.clerkLogin,
                                     m_world.clerkPassword, &error);
        if (!m_clerk)
            return OpOutcome::failed(QStringLiteral("the clerk could not sign in: ") + error);
    }
    Status tried = Done{};
    QString what;
    if (chance(50)) {
        const OrderId order = pickId(*m_clerk, QStringLiteral("orders"), QStringLiteral("state = 'PAID'"));
        if (order == 0)
            return OpOutcome::refused(QStringLiteral("no paid order"));
        auto refunded = m_clerk->store->refundUnits(order, {}, QStringLiteral("a clerk's own idea"));
        tried = refunded ? Status(Done{}) : Status(refunded.error());
        what = QStringLiteral("refunded order %1").arg(order);
    } else {
        const StayId stay = pickId(*m_clerk, QStringLiteral("stays"), QStringLiteral("state = 'BOOKED'"));
        if (stay == 0)
            return OpOutcome::refused(QStringLiteral("no booked stay"));
        tried = m_clerk->frontDesk->resolveOverbooking(
            stay, OverbookingAction::Walk, 0, Money(10000, QStringLiteral("EUR")), QStringLiteral("a clerk's own idea"),
            QDateTime::currentDateTimeUtc().date().addDays(1), m_world.partner);
        what = QStringLiteral("walked stay %1").arg(stay);
    }
    if (tried)
        return OpOutcome::failed(QStringLiteral("a clerk %1: the database did not refuse").arg(what));
    return classify(tried.error(), {ErrorCode::PermissionDenied});
}

OpOutcome ChaosWorker::strayCharge()
{
    // Far above any real order id: a key of this shop's shape that no order will ever own.
    const OrderId order = 9'000'000'000LL + qint64(m_index) * 10'000'000LL + ++m_strays;
    ChargeRequest request;
    request.idempotencyKey = CheckoutSaga::chargeKey(order);
    request.order = order;
    request.amount = Money(1000 + 500 * pick(5), QStringLiteral("EUR"));
    request.description = QStringLiteral("a charge no order records");
    auto charged = m_session->provider->charge(request);
    if (!charged)
        return classify(charged.error());
    return OpOutcome::done(chargeStatusName(charged->status));
}

} // namespace boxoffice::test
