#include "storage/pgcartstore.h"

#include "storage/cartsql.h"
#include "storage/databaseconnection.h"
#include "storage/orderlinerow.h"
#include "storage/seatsql.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"
#include "storage/transactionguard.h"

namespace boxoffice {

namespace {

const QString confirmContext = QStringLiteral("confirming an order");

// A late confirm's fresh claim may be refused by the database (an overlapping table booking raises
// 23P01); inside the confirm transaction that must not abort the lines already settled. A failed
// attempt is rolled back to the savepoint together with the row locks it took.
template<typename Attempt> auto underSavepoint(QSqlDatabase database, Attempt attempt) -> decltype(attempt())
{
    if (auto status = execStatement(database, QStringLiteral("SAVEPOINT late_claim"), confirmContext); !status)
        return status.error();
    auto result = attempt();
    const QString finish
        = result ? QStringLiteral("RELEASE SAVEPOINT late_claim") : QStringLiteral("ROLLBACK TO SAVEPOINT late_claim");
    if (auto status = execStatement(database, finish, confirmContext); !status)
        return status.error();
    return result;
}

} // namespace

PgCartStore::PgCartStore(QSqlDatabase database, PgPoolStore &pools, PgHotelStore &hotels, PgSlotStore &tableSlots)
    : m_statements(std::move(database)), m_pools(pools), m_hotels(hotels), m_slots(tableSlots)
{ }

Result<CartRelease> PgCartStore::releaseCart(const CartId &cart)
{
    const QString context = QStringLiteral("releasing a cart");
    CartRelease outcome;

    auto seats = m_statements.exec(SeatSql::releaseCart, context, {{QStringLiteral(":cart"), cart}});
    if (!seats)
        return seats.error();
    while (seats.value()->next())
        outcome.released << CartItem{
            ItemKind::Seat, seats.value()->value(0).toLongLong(), seats.value()->value(1).toString(), 1, {}};
    seats.value()->finish();

    auto pools = m_pools.releaseCart(cart);
    if (!pools)
        return pools.error();
    outcome.released << pools.value();

    auto stays = m_statements.exec(CartSql::heldStays, context, {{QStringLiteral(":cart"), cart}});
    if (!stays)
        return stays.error();
    QVector<CartItem> stayItems;
    while (stays.value()->next())
        stayItems << CartItem{
            ItemKind::Stay, stays.value()->value(0).toLongLong(), stays.value()->value(1).toString(), 1, {}};
    stays.value()->finish();
    for (CartItem item : stayItems) {
        auto nights = m_hotels.releaseStay(cart, item.id);
        if (!nights)
            return nights.error();
        if (nights.value() > 0) {
            item.quantity = nights.value();
            outcome.released << item;
        }
    }

    auto tables = m_statements.exec(CartSql::releaseSlots, context, {{QStringLiteral(":cart"), cart}});
    if (!tables)
        return tables.error();
    while (tables.value()->next())
        outcome.released << CartItem{ItemKind::Slot,
                                     tables.value()->value(0).toLongLong(),
                                     tables.value()->value(1).toString(),
                                     tables.value()->value(2).toInt(),
                                     {}};
    tables.value()->finish();
    return outcome;
}

Result<ExtendOutcome> PgCartStore::extend(const CartId &cart)
{
    auto query
        = m_statements.exec(CartSql::extend, QStringLiteral("extending holds"), {{QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    ExtendOutcome outcome;
    int live = 0;
    int extensionsLeft = -1;
    while (q.next()) {
        live = q.value(0).toInt();
        if (q.value(1).isNull())
            continue;
        outcome.extended << CartItem{kindFromIndex(q.value(1).toInt()), q.value(2).toLongLong(), q.value(3).toString(),
                                     q.value(4).toInt(), fromEpochMs(q.value(5))};
        const int left = q.value(6).toInt();
        extensionsLeft = extensionsLeft < 0 ? left : qMin(extensionsLeft, left);
    }
    q.finish();
    if (live == 0)
        return withReason(makeError(ErrorCode::NotFound,
                                    QStringLiteral("Cart %1 holds nothing (its holds may have expired).").arg(cart)),
                          ErrorReason::CartEmpty);
    if (outcome.extended.isEmpty())
        return withReason(
            makeError(ErrorCode::LimitReached,
                      QStringLiteral("The holds of cart %1 have used every extension allowed.").arg(cart)),
            ErrorReason::NoExtensionsLeft);
    outcome.extensionsLeft = qMax(0, extensionsLeft);
    return outcome;
}

Result<OrderSummary> PgCartStore::createOrder(const CartId &cart)
{
    const QString context = QStringLiteral("creating an order");
    auto query = m_statements.exec(CartSql::createOrder, context, {{QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database did not answer the order request."));
    const int items = q.value(0).toInt();
    const int priced = q.value(1).toInt();
    const int currencies = q.value(2).toInt();
    const QVariant created = q.value(3);
    q.finish();
    if (items == 0)
        return withReason(makeError(ErrorCode::NotFound,
                                    QStringLiteral("Cart %1 holds nothing (its holds may have expired).").arg(cart)),
                          ErrorReason::CartEmpty);
    if (priced != items)
        return withReason(makeError(ErrorCode::Conflict, QStringLiteral("Something in the cart has no price.")),
                          ErrorReason::Unpriced);
    if (currencies != 1)
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("The cart mixes currencies; check out each currency separately.")),
                          ErrorReason::MixedCurrencies);
    if (created.isNull()) {
        auto live = liveOrder(cart);
        const QString existing = live ? QString::number(live.value()) : QStringLiteral("?");
        return withReason(
            makeError(ErrorCode::Conflict, QStringLiteral("Cart %1 already has order %2.").arg(cart, existing)),
            ErrorReason::OrderExists);
    }
    return order(created.toLongLong());
}

Result<OrderId> PgCartStore::liveOrder(const CartId &cart)
{
    auto query = m_statements.exec(CartSql::liveOrderOfCart, QStringLiteral("finding the cart's order"),
                                   {{QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    const OrderId id = query.value()->next() ? query.value()->value(0).toLongLong() : 0;
    query.value()->finish();
    return id;
}

Result<QVector<OrderLine>> PgCartStore::lines(OrderId order)
{
    auto query = m_statements.exec(CartSql::orderLines, QStringLiteral("reading an order"),
                                   {{QStringLiteral(":order"), order}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<OrderLine> lines;
    while (q.next()) {
        auto line = orderLineFromRow(q);
        if (!line) {
            q.finish();
            return line.error();
        }
        lines << line.value();
    }
    q.finish();
    return lines;
}

Result<OrderSummary> PgCartStore::order(OrderId id)
{
    auto header
        = m_statements.exec(CartSql::orderHeader, QStringLiteral("reading an order"), {{QStringLiteral(":order"), id}});
    if (!header)
        return header.error();
    QSqlQuery &h = *header.value();
    if (!h.next())
        return makeError(ErrorCode::NotFound, QStringLiteral("Order %1 does not exist.").arg(id));
    auto state = orderStateFromText(h.value(2).toString());
    OrderSummary summary;
    summary.id = h.value(0).toLongLong();
    summary.cart = h.value(1).toString();
    summary.currency = h.value(4).toString();
    summary.amount = Money(h.value(3).toLongLong(), summary.currency);
    h.finish();
    if (!state)
        return state.error();
    summary.state = state.value();
    auto lines = this->lines(id);
    if (!lines)
        return lines.error();
    summary.lines = lines.value();
    return summary;
}

Result<QVector<PgCartStore::PoolLine>> PgCartStore::pendingPoolLines(OrderId order)
{
    auto pending = m_statements.exec(CartSql::poolLines, confirmContext, {{QStringLiteral(":order"), order}});
    if (!pending)
        return pending.error();
    QVector<PoolLine> lines;
    while (pending.value()->next())
        lines << PoolLine{pending.value()->value(0).toLongLong(), pending.value()->value(1).toLongLong(),
                          pending.value()->value(2).toInt()};
    pending.value()->finish();
    return lines;
}

Result<bool> PgCartStore::sellHeldPoolLine(OrderId order, const CartId &cart, const PoolLine &line)
{
    auto converted = m_statements.exec(
        CartSql::confirmPoolHold, confirmContext,
        {{QStringLiteral(":order"), order}, {QStringLiteral(":cart"), cart}, {QStringLiteral(":hold"), line.hold}});
    if (!converted)
        return converted.error();
    const bool sold = converted.value()->next() && converted.value()->value(0).toInt() == 1;
    converted.value()->finish();
    return sold;
}

Status PgCartStore::settlePoolLine(OrderId order, const PoolLine &line, qint64 soldHold)
{
    auto settled = m_statements.exec(CartSql::settlePoolLine, confirmContext,
                                     {{QStringLiteral(":state"), toText(soldHold ? LineState::Sold : LineState::Lost)},
                                      {QStringLiteral(":sold_hold"), soldHold ? soldHold : line.hold},
                                      {QStringLiteral(":order"), order},
                                      {QStringLiteral(":hold"), line.hold}});
    if (!settled)
        return settled.error();
    settled.value()->finish();
    return Done{};
}

Status PgCartStore::confirmHeldPoolLines(OrderId order, const CartId &cart, const QVector<PoolLine> &lines)
{
    if (auto status = lockOrderRows(CartSql::lockPoolLineSubpools, order); !status)
        return status;
    for (const PoolLine &line : lines) {
        auto sold = sellHeldPoolLine(order, cart, line);
        if (!sold)
            return sold.error();
        if (!sold.value())
            return makeError(ErrorCode::Lost, QStringLiteral("A hold of this order ran out."));
        auto settled = m_statements.exec(CartSql::settleHeldPoolLine, confirmContext,
                                         {{QStringLiteral(":order"), order}, {QStringLiteral(":hold"), line.hold}});
        if (!settled)
            return settled.error();
        settled.value()->finish();
    }
    return Done{};
}

Status PgCartStore::confirmPools(OrderId order, const CartId &cart)
{
    auto lines = pendingPoolLines(order);
    if (!lines)
        return lines.error();
    if (lines->isEmpty())
        return Done{};
    // The usual case: every hold is still the cart's. Only the lines' own sub-pool rows are locked (in
    // id order), so confirms on other rows of a hot pool do not wait for this one.
    auto held
        = underSavepoint(m_statements.database(), [&] { return confirmHeldPoolLines(order, cart, lines.value()); });
    if (held || held.error().code != ErrorCode::Lost)
        return held;
    // A hold ran out and went back: its places may have to come from any row of the pool, lower ids
    // included. The attempt above was rolled back with its locks, so every sub-pool row of these pools
    // is now locked in id order before anything is sold; nothing below takes a row lock out of order.
    if (auto status = lockOrderRows(CartSql::lockPoolsOfPendingLines, order); !status)
        return status;
    for (const PoolLine &line : lines.value()) {
        auto sold = sellHeldPoolLine(order, cart, line);
        if (!sold)
            return sold.error();
        qint64 soldHold = sold.value() ? line.hold : 0;
        if (!soldHold) {
            // The paid buyer gets fresh places if any are left, across rows if need be.
            auto fresh = underSavepoint(m_statements.database(),
                                        [&] { return m_pools.sellAfresh(line.pool, cart, line.quantity, order); });
            if (!fresh && fresh.error().code != ErrorCode::Lost)
                return fresh.error();
            soldHold = fresh ? fresh.value() : 0;
        }
        if (auto status = settlePoolLine(order, line, soldHold); !status)
            return status;
    }
    return Done{};
}

Result<QVector<PgCartStore::StayLine>> PgCartStore::pendingStayLines(OrderId order, const CartId &cart)
{
    auto pending = m_statements.exec(CartSql::stayLines, confirmContext, {{QStringLiteral(":order"), order}});
    if (!pending)
        return pending.error();
    QVector<StayLine> lines;
    while (pending.value()->next()) {
        StayLine line;
        line.stay = pending.value()->value(0).toLongLong();
        line.request.roomType = pending.value()->value(1).toLongLong();
        line.request.cart = cart;
        line.request.checkIn = pending.value()->value(2).toDate();
        line.request.checkOut = pending.value()->value(3).toDate();
        line.request.guestName = pending.value()->value(4).toString();
        lines << line;
    }
    pending.value()->finish();
    return lines;
}

Status PgCartStore::lockOrderRows(const char *sql, OrderId order)
{
    auto locked = m_statements.exec(sql, confirmContext, {{QStringLiteral(":order"), order}});
    if (!locked)
        return locked.error();
    locked.value()->finish();
    return Done{};
}

Result<bool> PgCartStore::bookHeldStay(OrderId order, const CartId &cart, StayId stay)
{
    auto converted = m_statements.exec(
        CartSql::confirmStay, confirmContext,
        {{QStringLiteral(":order"), order}, {QStringLiteral(":cart"), cart}, {QStringLiteral(":stay"), stay}});
    if (!converted)
        return converted.error();
    const bool booked = converted.value()->numRowsAffected() == 1;
    converted.value()->finish();
    return booked;
}

Status PgCartStore::settleStayLine(OrderId order, StayId stay, StayId bookedStay)
{
    auto settled
        = m_statements.exec(CartSql::settleStayLine, confirmContext,
                            {{QStringLiteral(":state"), toText(bookedStay ? LineState::Sold : LineState::Lost)},
                             {QStringLiteral(":sold_stay"), bookedStay ? bookedStay : stay},
                             {QStringLiteral(":order"), order},
                             {QStringLiteral(":stay"), stay}});
    if (!settled)
        return settled.error();
    settled.value()->finish();
    return Done{};
}

Status PgCartStore::confirmHeldStays(OrderId order, const CartId &cart, const QVector<StayLine> &lines)
{
    if (auto status = lockOrderRows(CartSql::lockStayLineNights, order); !status)
        return status;
    for (const StayLine &line : lines) {
        auto booked = bookHeldStay(order, cart, line.stay);
        if (!booked)
            return booked.error();
        if (!booked.value())
            return makeError(ErrorCode::Lost, QStringLiteral("A stay of this order ran out."));
        if (auto status = settleStayLine(order, line.stay, line.stay); !status)
            return status;
    }
    return Done{};
}

Status PgCartStore::confirmStays(OrderId order, const CartId &cart)
{
    auto lines = pendingStayLines(order, cart);
    if (!lines)
        return lines.error();
    if (lines->isEmpty())
        return Done{};
    // The usual case: every stay is still the cart's hold; only its own nights are locked.
    auto held = underSavepoint(m_statements.database(), [&] { return confirmHeldStays(order, cart, lines.value()); });
    if (held || held.error().code != ErrorCode::Lost)
        return held;
    // A stay ran out and went back: booking it afresh also gives back the expired holds overlapping
    // it, whose nights may lie before its own. The attempt above was rolled back with its locks, so
    // all those nights are locked now, in (room type, night) order, before any stay row.
    if (auto status = lockOrderRows(CartSql::lockNightsForLateStays, order); !status)
        return status;
    for (const StayLine &line : lines.value()) {
        auto booked = bookHeldStay(order, cart, line.stay);
        if (!booked)
            return booked.error();
        StayId bookedStay = booked.value() ? line.stay : 0;
        if (!bookedStay) {
            auto fresh
                = underSavepoint(m_statements.database(), [&] { return m_hotels.bookAfresh(line.request, order); });
            if (!fresh && fresh.error().code != ErrorCode::Lost)
                return fresh.error();
            bookedStay = fresh ? fresh.value() : 0;
        }
        if (auto status = settleStayLine(order, line.stay, bookedStay); !status)
            return status;
    }
    return Done{};
}

Status PgCartStore::confirmSlots(OrderId order, const CartId &cart)
{
    auto pending = m_statements.exec(CartSql::slotLines, confirmContext, {{QStringLiteral(":order"), order}});
    if (!pending)
        return pending.error();
    QVector<QPair<BookingId, SlotRequest>> bookings;
    while (pending.value()->next()) {
        SlotRequest request;
        request.resource = pending.value()->value(1).toLongLong();
        request.cart = cart;
        request.partySize = pending.value()->value(2).toInt();
        request.start = fromEpochMs(pending.value()->value(3));
        request.end = fromEpochMs(pending.value()->value(4));
        bookings.append({pending.value()->value(0).toLongLong(), request});
    }
    pending.value()->finish();

    for (const auto &[booking, request] : bookings) {
        auto converted = m_statements.exec(CartSql::confirmSlot, confirmContext,
                                           {{QStringLiteral(":order"), order},
                                            {QStringLiteral(":booking"), booking},
                                            {QStringLiteral(":cart"), cart}});
        if (!converted)
            return converted.error();
        const bool booked = converted.value()->numRowsAffected() == 1;
        converted.value()->finish();
        BookingId bookedSlot = booking;
        if (!booked) {
            auto fresh = underSavepoint(m_statements.database(), [&] { return m_slots.bookAfresh(request, order); });
            if (!fresh && fresh.error().code != ErrorCode::Lost)
                return fresh.error();
            bookedSlot = fresh ? fresh.value() : 0;
        }
        auto settled
            = m_statements.exec(CartSql::settleSlotLine, confirmContext,
                                {{QStringLiteral(":state"), toText(bookedSlot ? LineState::Sold : LineState::Lost)},
                                 {QStringLiteral(":sold_booking"), bookedSlot ? bookedSlot : booking},
                                 {QStringLiteral(":order"), order},
                                 {QStringLiteral(":booking"), booking}});
        if (!settled)
            return settled.error();
        settled.value()->finish();
    }
    return Done{};
}

Result<ConfirmOutcome> PgCartStore::confirm(OrderId id)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(confirmContext); !status)
        return status.error();
    auto outcome = confirmInTransaction(id);
    if (!outcome)
        return outcome.error();
    if (outcome->alreadyConfirmed)
        transaction.rollback();
    else if (auto status = transaction.commit(confirmContext); !status)
        return status.error();
    return outcome;
}

Result<ConfirmOutcome> PgCartStore::confirmInTransaction(OrderId id)
{
    auto lock = m_statements.exec(CartSql::lockOrder, confirmContext, {{QStringLiteral(":order"), id}});
    if (!lock)
        return lock.error();
    if (!lock.value()->next())
        return makeError(ErrorCode::NotFound, QStringLiteral("Order %1 does not exist.").arg(id));
    const QString cart = lock.value()->value(0).toString();
    auto state = orderStateFromText(lock.value()->value(1).toString());
    lock.value()->finish();
    if (!state)
        return state.error();

    ConfirmOutcome outcome;
    outcome.order = id;
    const bool retry = state.value() == OrderState::Paid; // a repeated webhook or a second click
    if (!retry && state.value() != OrderState::Pending)
        return withReason(
            makeError(
                ErrorCode::Conflict,
                QStringLiteral("Order %1 is %2 and can no longer be confirmed.").arg(id).arg(toText(state.value()))),
            ErrorReason::OrderNotPayable);

    if (!retry) {
        auto seats = m_statements.exec(CartSql::confirmSeats, confirmContext,
                                       {{QStringLiteral(":order"), id}, {QStringLiteral(":cart"), cart}});
        if (!seats)
            return seats.error();
        seats.value()->finish();
        if (auto status = confirmPools(id, cart); !status)
            return status.error();
        if (auto status = confirmStays(id, cart); !status)
            return status.error();
        if (auto status = confirmSlots(id, cart); !status)
            return status.error();
        auto paid = m_statements.exec(CartSql::markOrderPaid, confirmContext, {{QStringLiteral(":order"), id}});
        if (!paid)
            return paid.error();
        const int changed = paid.value()->numRowsAffected();
        paid.value()->finish();
        if (changed != 1)
            return makeError(ErrorCode::Conflict,
                             QStringLiteral("Order %1 changed while it was being confirmed.").arg(id));
    }
    auto lines = this->lines(id);
    if (!lines)
        return lines.error();
    for (const OrderLine &line : lines.value())
        (line.state == LineState::Sold ? outcome.sold : outcome.lost) << line;
    outcome.alreadyConfirmed = retry;
    return outcome;
}

} // namespace boxoffice
