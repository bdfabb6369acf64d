#include "storage/pgseatstore.h"

#include "storage/pgarrays.h"
#include "storage/seatsql.h"
#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"

#include <QSet>
#include <QVariant>

namespace boxoffice {

namespace {

QDateTime fromEpochMs(const QVariant &value)
{
    return value.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

// Rows of (unit, label, line state) into the sold and lost lists of a confirm outcome.
void collectConfirmedLines(QSqlQuery &query, ConfirmOutcome &outcome)
{
    while (query.next()) {
        const SeatRef seat{query.value(0).toLongLong(), query.value(1).toString()};
        (query.value(2).toString() == QLatin1String("SOLD") ? outcome.sold : outcome.lost) << seat;
    }
    query.finish();
}

QString unitList(const QVector<UnitId> &units)
{
    QStringList parts;
    for (UnitId unit : units)
        parts << QString::number(unit);
    return parts.join(QStringLiteral(", "));
}

} // namespace

PgSeatStore::PgSeatStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<EventSummary>> PgSeatStore::queryEvents(const QVariant &event)
{
    const QString context = QStringLiteral("listing events");
    auto query = m_statements.exec(SeatSql::listEvents, context, {{QStringLiteral(":event"), event}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<EventSummary> events;
    while (q.next()) {
        EventSummary summary;
        summary.id = q.value(0).toLongLong();
        summary.name = q.value(1).toString();
        summary.venue = q.value(2).toString();
        summary.startsAt = fromEpochMs(q.value(3));
        summary.currency = q.value(4).toString();
        summary.policy.holdSeconds = q.value(5).toInt();
        summary.policy.maxExtensions = q.value(6).toInt();
        summary.totalUnits = q.value(7).toInt();
        events << summary;
    }
    q.finish();
    return events;
}

Result<QVector<EventSummary>> PgSeatStore::events()
{
    return queryEvents(QVariant(QMetaType::fromType<qint64>()));
}

Result<EventSummary> PgSeatStore::event(EventId event)
{
    auto events = queryEvents(event);
    if (!events)
        return events.error();
    if (events->isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 does not exist.").arg(event));
    return events->first();
}

Result<QVector<SeatRef>> PgSeatStore::resolveSeats(EventId event, const QStringList &labels)
{
    const QString context = QStringLiteral("looking up seats");
    QStringList normalised;
    for (const QString &label : labels)
        normalised << label.trimmed().toUpper();
    auto query
        = m_statements.exec(SeatSql::resolveLabels, context,
                            {{QStringLiteral(":event"), event}, {QStringLiteral(":labels"), toTextArray(normalised)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<SeatRef> seats;
    QStringList unknown;
    bool eventFound = true;
    while (q.next()) {
        eventFound = q.value(2).toLongLong() > 0;
        if (q.value(1).isNull())
            unknown << q.value(0).toString();
        else
            seats << SeatRef{q.value(1).toLongLong(), q.value(0).toString()};
    }
    q.finish();
    if (!eventFound)
        return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 does not exist.").arg(event));
    if (!unknown.isEmpty())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Event %1 has no seat %2.").arg(event).arg(unknown.join(QStringLiteral(", "))),
                         unknown);
    return seats;
}

Result<HoldGrant> PgSeatStore::hold(const HoldRequest &request)
{
    const QString context = QStringLiteral("holding seats");
    auto query = m_statements.exec(
        SeatSql::hold, context,
        {{QStringLiteral(":event"), request.event},
         {QStringLiteral(":cart"), request.cart},
         {QStringLiteral(":units"), toBigintArray(request.units)},
         {QStringLiteral(":ttl"),
          request.ttlSeconds ? QVariant(*request.ttlSeconds) : QVariant(QMetaType::fromType<int>())}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();

    HoldGrant grant;
    QVector<UnitId> unknown;
    QStringList lost;
    bool eventFound = true;
    while (q.next()) {
        eventFound = q.value(6).toLongLong() > 0;
        const UnitId unit = q.value(0).toLongLong();
        const SeatRef seat{unit, q.value(2).toString()};
        if (!q.value(1).toBool())
            unknown << unit;
        else if (!q.value(3).toBool())
            lost << seat.label;
        else if (q.value(4).toBool())
            grant.held << HeldUnit{seat, fromEpochMs(q.value(5))};
    }
    q.finish();
    if (!eventFound)
        return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 does not exist.").arg(request.event));
    if (!unknown.isEmpty())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("Seat id(s) %1 are not part of event %2.").arg(unitList(unknown)).arg(request.event));
    if (!lost.isEmpty()) {
        const QString message = lost.size() == 1
            ? QStringLiteral("Seat %1 was just taken by another buyer; nothing was held.").arg(lost.first())
            : QStringLiteral("Seats %1 were just taken by other buyers; nothing was held.")
                  .arg(lost.join(QStringLiteral(", ")));
        return makeError(ErrorCode::Lost, message, lost);
    }
    if (grant.held.size() != request.units.size())
        return makeError(ErrorCode::Internal,
                         QStringLiteral("The database answered a hold with an unexpected row count."));
    return grant;
}

Result<ReleaseOutcome> PgSeatStore::collectReleased(QSqlQuery &q, const QVector<UnitId> &requested)
{
    ReleaseOutcome outcome;
    QSet<UnitId> released;
    while (q.next()) {
        const UnitId unit = q.value(0).toLongLong();
        outcome.released << SeatRef{unit, q.value(1).toString()};
        released.insert(unit);
    }
    q.finish();
    for (UnitId unit : requested) {
        if (!released.contains(unit))
            outcome.notHeld << unit;
    }
    return outcome;
}

Result<ReleaseOutcome> PgSeatStore::release(const CartId &cart, const QVector<UnitId> &units)
{
    const QString context = QStringLiteral("releasing seats");
    auto query = m_statements.exec(SeatSql::releaseUnits, context,
                                   {{QStringLiteral(":cart"), cart}, {QStringLiteral(":units"), toBigintArray(units)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    return collectReleased(q, units);
}

Result<ReleaseOutcome> PgSeatStore::releaseCart(const CartId &cart)
{
    const QString context = QStringLiteral("releasing a cart");
    auto query = m_statements.exec(SeatSql::releaseCart, context, {{QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    return collectReleased(q, {});
}

Result<ExtendOutcome> PgSeatStore::extend(const CartId &cart)
{
    const QString context = QStringLiteral("extending holds");
    auto query = m_statements.exec(SeatSql::extend, context, {{QStringLiteral(":cart"), cart}});
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
        outcome.extended << HeldUnit{SeatRef{q.value(1).toLongLong(), q.value(2).toString()}, fromEpochMs(q.value(3))};
        const int left = q.value(4).toInt();
        extensionsLeft = extensionsLeft < 0 ? left : qMin(extensionsLeft, left);
    }
    q.finish();
    if (live == 0)
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("Cart %1 holds no seats (its holds may have expired).").arg(cart));
    if (outcome.extended.isEmpty())
        return makeError(ErrorCode::LimitReached,
                         QStringLiteral("The holds of cart %1 have used every extension this event allows.").arg(cart));
    outcome.extensionsLeft = qMax(0, extensionsLeft);
    return outcome;
}

Result<OrderSummary> PgSeatStore::createOrder(const CartId &cart)
{
    const QString context = QStringLiteral("creating an order");
    auto query = m_statements.exec(SeatSql::createOrder, context, {{QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database did not answer the order request."));
    const int units = q.value(0).toInt();
    const int priced = q.value(1).toInt();
    const int currencies = q.value(2).toInt();
    const QVariant created = q.value(3);
    q.finish();
    if (units == 0)
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("Cart %1 holds no seats (its holds may have expired).").arg(cart));
    if (priced != units)
        return makeError(ErrorCode::Conflict, QStringLiteral("Some held seats have no price for this event."));
    if (currencies != 1)
        return makeError(ErrorCode::Conflict, QStringLiteral("The held seats are priced in different currencies."));
    if (created.isNull()) {
        auto pending = m_statements.exec(SeatSql::pendingOrderOfCart, context, {{QStringLiteral(":cart"), cart}});
        QString existing;
        if (pending && pending.value()->next())
            existing = pending.value()->value(0).toString();
        if (pending)
            pending.value()->finish();
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("Cart %1 already has order %2 waiting for payment.").arg(cart, existing));
    }
    return order(created.toLongLong());
}

Result<OrderSummary> PgSeatStore::order(OrderId id)
{
    const QString context = QStringLiteral("reading an order");
    auto header = m_statements.exec(SeatSql::orderHeader, context, {{QStringLiteral(":order"), id}});
    if (!header)
        return header.error();
    QSqlQuery &h = *header.value();
    if (!h.next())
        return makeError(ErrorCode::NotFound, QStringLiteral("Order %1 does not exist.").arg(id));
    OrderSummary summary;
    summary.id = h.value(0).toLongLong();
    summary.cart = h.value(1).toString();
    summary.state = h.value(2).toString();
    summary.amountMinor = h.value(3).toLongLong();
    summary.currency = h.value(4).toString();
    h.finish();

    auto lines = m_statements.exec(SeatSql::orderLines, context, {{QStringLiteral(":order"), id}});
    if (!lines)
        return lines.error();
    QSqlQuery &l = *lines.value();
    while (l.next())
        summary.units << SeatRef{l.value(0).toLongLong(), l.value(1).toString()};
    l.finish();
    return summary;
}

Result<ConfirmOutcome> PgSeatStore::confirm(OrderId id)
{
    const QString context = QStringLiteral("confirming an order");
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();

    auto lock = m_statements.exec(SeatSql::lockOrder, context, {{QStringLiteral(":order"), id}});
    if (!lock)
        return lock.error();
    QSqlQuery &o = *lock.value();
    if (!o.next())
        return makeError(ErrorCode::NotFound, QStringLiteral("Order %1 does not exist.").arg(id));
    const QString cart = o.value(0).toString();
    const QString state = o.value(1).toString();
    o.finish();

    ConfirmOutcome outcome;
    outcome.order = id;
    if (state == QLatin1String("PAID")) {
        // A retried confirm (a repeated webhook, a second click) reports the first outcome again.
        transaction.rollback();
        auto lines = m_statements.exec(SeatSql::orderLines, context, {{QStringLiteral(":order"), id}});
        if (!lines)
            return lines.error();
        collectConfirmedLines(*lines.value(), outcome);
        outcome.alreadyConfirmed = true;
        return outcome;
    }
    if (state != QLatin1String("PENDING"))
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("Order %1 is %2 and can no longer be confirmed.").arg(id).arg(state));

    auto confirmUnits = m_statements.exec(SeatSql::confirmUnits, context,
                                          {{QStringLiteral(":order"), id}, {QStringLiteral(":cart"), cart}});
    if (!confirmUnits)
        return confirmUnits.error();
    collectConfirmedLines(*confirmUnits.value(), outcome);

    auto paid = m_statements.exec(SeatSql::markOrderPaid, context, {{QStringLiteral(":order"), id}});
    if (!paid)
        return paid.error();
    QSqlQuery &p = *paid.value();
    if (p.numRowsAffected() != 1)
        return makeError(ErrorCode::Conflict, QStringLiteral("Order %1 changed while it was being confirmed.").arg(id));
    p.finish();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return outcome;
}

Result<EventAvailability> PgSeatStore::availability(EventId event)
{
    auto summary = this->event(event);
    if (!summary)
        return summary.error();
    const QString context = QStringLiteral("reading availability");
    auto query = m_statements.exec(SeatSql::availability, context, {{QStringLiteral(":event"), event}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    EventAvailability availability;
    availability.event = event;
    availability.currency = summary->currency;
    while (q.next()) {
        AvailabilityRow row;
        row.section = q.value(0).toString();
        row.sectionName = q.value(1).toString();
        row.priceBand = q.value(2).toString();
        row.priceMinor = q.value(3).toLongLong();
        row.total = q.value(4).toInt();
        row.available = q.value(5).toInt();
        row.held = q.value(6).toInt();
        row.sold = q.value(7).toInt();
        availability.rows << row;
    }
    q.finish();
    return availability;
}

Result<int> PgSeatStore::sweepExpiredHolds()
{
    const QString context = QStringLiteral("tidying expired holds");
    int total = 0;
    for (;;) {
        auto query = m_statements.exec(SeatSql::sweepBatch, context, {});
        if (!query)
            return query.error();
        const int swept = query.value()->numRowsAffected();
        query.value()->finish();
        total += qMax(0, swept);
        if (swept <= 0)
            break;
    }
    return total;
}

} // namespace boxoffice
