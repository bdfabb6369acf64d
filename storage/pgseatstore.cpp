#include "storage/pgseatstore.h"

#include "storage/pgarrays.h"
#include "storage/seatclaimrows.h"
#include "storage/seatsql.h"
#include "storage/sqlerrors.h"
#include "storage/sqlvalues.h"
#include "storage/transactionguard.h"

#include <QSet>
#include <QVariant>

namespace boxoffice {

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

Result<HoldGrant> PgSeatStore::holdOne(const HoldRequest &request)
{
    const QString context = QStringLiteral("holding a seat");
    auto query = m_statements.exec(SeatSql::holdOne, context,
                                   {{QStringLiteral(":event"), request.event},
                                    {QStringLiteral(":cart"), request.cart},
                                    {QStringLiteral(":unit"), request.units.first()},
                                    {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (q.next()) {
        const bool granted = !q.value(0).isNull();
        const QString label = q.value(1).toString();
        const QDateTime expires = fromEpochMs(q.value(0));
        q.finish();
        if (!granted)
            return withReason(
                makeError(ErrorCode::Lost,
                          QStringLiteral("Seat %1 was just taken by another buyer; nothing was held.").arg(label),
                          {label}),
                ErrorReason::SeatTaken);
        HoldGrant grant;
        grant.held << HeldUnit{SeatRef{request.units.first(), label}, expires};
        return grant;
    }
    q.finish();
    auto exists = m_statements.exec(SeatSql::eventExists, context, {{QStringLiteral(":event"), request.event}});
    if (!exists)
        return exists.error();
    QSqlQuery &e = *exists.value();
    const bool eventFound = e.next() && e.value(0).toLongLong() > 0;
    e.finish();
    if (!eventFound)
        return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 does not exist.").arg(request.event));
    return makeError(
        ErrorCode::BadInput,
        QStringLiteral("Seat id %1 is not part of event %2.").arg(request.units.first()).arg(request.event));
}

Result<HoldGrant> PgSeatStore::hold(const HoldRequest &request)
{
    if (request.units.size() == 1)
        return holdOne(request);

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
        return unknownSeatIdsError(request.event, unknown);
    if (!lost.isEmpty())
        return seatsTakenError(lost);
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
        outcome.releasedByEvent[q.value(2).toLongLong()] << unit;
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
        row.price = Money(q.value(3).toLongLong(), availability.currency);
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
