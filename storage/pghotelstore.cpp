#include "storage/pghotelstore.h"

#include "storage/groupblocksql.h"
#include "storage/hotelsql.h"
#include "storage/pgarrays.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"
#include "storage/transactionguard.h"

#include <QRandomGenerator>

namespace boxoffice {

namespace {

QString isoDate(const QDate &date)
{
    return date.toString(Qt::ISODate);
}

} // namespace

PgHotelStore::PgHotelStore(QSqlDatabase database) : m_statements(std::move(database)) { }

QString PgHotelStore::newReference()
{
    // Read over the phone: no 0/O or 1/I.
    static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    QString reference;
    for (int i = 0; i < 8; ++i)
        reference += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(int(sizeof(alphabet) - 1))]);
    return reference;
}

Result<StayHold> PgHotelStore::claim(const StayRequest &request, OrderId asOrder)
{
    const QString reference = newReference();
    auto query = m_statements.exec(HotelSql::claim, QStringLiteral("holding a stay"),
                                   {{QStringLiteral(":room_type"), request.roomType},
                                    {QStringLiteral(":cart"), request.cart},
                                    {QStringLiteral(":check_in"), isoDate(request.checkIn)},
                                    {QStringLiteral(":check_out"), isoDate(request.checkOut)},
                                    {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)},
                                    {QStringLiteral(":reference"), reference},
                                    {QStringLiteral(":guest"), request.guestName},
                                    {QStringLiteral(":as_order"), nullableId(asOrder)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database did not answer the stay request."));
    const int knownNights = q.value(0).toInt();
    const int nights = q.value(1).toInt();
    const bool fits = q.value(2).toBool();
    StayHold hold;
    hold.id = q.value(3).toLongLong();
    hold.expiresAt = fromEpochMs(q.value(4));
    const bool roomTypeExists = q.value(5).toInt() == 1;
    q.finish();
    if (!roomTypeExists)
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("That room type does not exist.")),
                          ErrorReason::RoomTypeUnknown);
    if (knownNights != nights)
        return withReason(
            makeError(ErrorCode::BadInput,
                      QStringLiteral("Some of the nights from %1 to %2 are outside the bookable calendar.")
                          .arg(isoDate(request.checkIn), isoDate(request.checkOut.addDays(-1)))),
            ErrorReason::OutsideCalendar);
    if (!fits)
        return withReason(makeError(ErrorCode::Lost,
                                    QStringLiteral("No room of this type is free on every night from %1 to %2.")
                                        .arg(isoDate(request.checkIn), isoDate(request.checkOut.addDays(-1)))),
                          ErrorReason::RoomsFull);
    hold.reference = reference;
    hold.roomType = request.roomType;
    hold.checkIn = request.checkIn;
    hold.checkOut = request.checkOut;
    return hold;
}

Result<StayHold> PgHotelStore::holdStay(const StayRequest &request)
{
    auto claimed
        = withRetryPoint(m_statements.database(), QStringLiteral("holding a stay"), [&] { return claim(request, 0); });
    if (claimed || claimed.error().sqlState != QLatin1String("23505"))
        return claimed;
    // The cart already holds exactly this stay: a retry refreshes its lease.
    const QString context = QStringLiteral("holding a stay");
    auto own = m_statements.exec(HotelSql::ownHold, context,
                                 {{QStringLiteral(":cart"), request.cart},
                                  {QStringLiteral(":room_type"), request.roomType},
                                  {QStringLiteral(":check_in"), isoDate(request.checkIn)},
                                  {QStringLiteral(":check_out"), isoDate(request.checkOut)}});
    if (!own)
        return own.error();
    if (!own.value()->next()) {
        own.value()->finish();
        return claim(request, 0);
    }
    StayHold hold;
    hold.id = own.value()->value(0).toLongLong();
    hold.reference = own.value()->value(1).toString();
    own.value()->finish();
    auto refreshed = m_statements.exec(
        HotelSql::refresh, context,
        {{QStringLiteral(":stay"), hold.id}, {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)}});
    if (!refreshed)
        return refreshed.error();
    if (!refreshed.value()->next()) {
        refreshed.value()->finish();
        return claim(request, 0); // it ran out between the two statements
    }
    hold.expiresAt = fromEpochMs(refreshed.value()->value(0));
    refreshed.value()->finish();
    hold.roomType = request.roomType;
    hold.checkIn = request.checkIn;
    hold.checkOut = request.checkOut;
    hold.refreshed = true;
    return hold;
}

Result<StayId> PgHotelStore::bookAfresh(const StayRequest &request, OrderId order)
{
    auto booked = claim(request, order);
    if (!booked)
        return booked.error();
    return booked->id;
}

Result<int> PgHotelStore::giveBack(StayId stay, const QVariant &cart, StayState from, StayState to)
{
    const QString context = QStringLiteral("returning a stay's nights");
    // Each run is one atomic statement; it is run again only when a move changed the stay's nights
    // between its read and its locks (it then changed nothing).
    for (int attempt = 0; attempt < 10; ++attempt) {
        auto query = m_statements.exec(HotelSql::giveBack, context,
                                       {{QStringLiteral(":stay"), stay},
                                        {QStringLiteral(":cart"), cart},
                                        {QStringLiteral(":from_state"), toText(from)},
                                        {QStringLiteral(":to_state"), toText(to)}});
        if (!query)
            return query.error();
        int nights = 0;
        bool movedMeanwhile = false;
        if (query.value()->next()) {
            nights = query.value()->value(1).toInt();
            movedMeanwhile = query.value()->value(2).toInt() > 0;
        }
        query.value()->finish();
        if (!movedMeanwhile)
            return nights;
    }
    return makeError(
        ErrorCode::Busy,
        QStringLiteral("Stay %1 kept moving while %2; nothing changed, please try again.").arg(stay).arg(context));
}

Result<int> PgHotelStore::releaseStay(const CartId &cart, StayId stay)
{
    return giveBack(stay, cart, StayState::Held, StayState::Released);
}

Result<int> PgHotelStore::cancelStay(StayId stay)
{
    auto cancelled
        = m_statements.exec(HotelSql::cancel, QStringLiteral("cancelling a stay"), {{QStringLiteral(":stay"), stay}});
    if (!cancelled)
        return cancelled.error(); // a clerk and a paid stay: refused by the database (PermissionDenied)
    const QString outcome = cancelled.value()->next() ? cancelled.value()->value(0).toString() : QString();
    const int nights = cancelled.value()->value(1).toInt();
    cancelled.value()->finish();
    if (outcome == QLatin1String("OK"))
        return nights;
    if (outcome == QLatin1String("NEEDS_REASON"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("Stay %1 was paid for: a manager cancels it at the front desk, "
                                                   "refunding it or keeping a fee.")
                                        .arg(stay)),
                          ErrorReason::StayPaidNeedsManager);
    return withReason(makeError(ErrorCode::Conflict, QStringLiteral("Stay %1 is not a confirmed booking.").arg(stay)),
                      ErrorReason::StayNotBooked);
}

Result<QVector<HotelSummary>> PgHotelStore::hotels()
{
    auto query = m_statements.exec(HotelSql::hotels, QStringLiteral("listing hotels"), {});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<HotelSummary> hotels;
    while (q.next()) {
        const HotelId id = q.value(0).toLongLong();
        if (hotels.isEmpty() || hotels.last().id != id) {
            HotelSummary hotel;
            hotel.id = id;
            hotel.name = q.value(1).toString();
            hotel.currency = q.value(2).toString();
            hotel.holdSeconds = q.value(3).toInt();
            hotel.maxExtensions = q.value(4).toInt();
            hotels << hotel;
        }
        HotelSummary &hotel = hotels.last();
        hotel.roomTypes << RoomTypeSummary{q.value(5).toLongLong(), id,
                                           q.value(6).toString(),   q.value(7).toString(),
                                           q.value(8).toInt(),      Money(q.value(9).toLongLong(), hotel.currency)};
        const QDate first = q.value(10).toDate();
        const QDate last = q.value(11).toDate();
        if (first.isValid() && (!hotel.firstNight.isValid() || first < hotel.firstNight))
            hotel.firstNight = first;
        if (last.isValid() && (!hotel.lastNight.isValid() || last > hotel.lastNight))
            hotel.lastNight = last;
    }
    q.finish();
    return hotels;
}

Result<QVector<RangeAvailability>> PgHotelStore::availability(HotelId hotel, const QDate &from, const QDate &until,
                                                              const QStringList &roomTypeCodes)
{
    auto query = m_statements.exec(HotelSql::availability, QStringLiteral("reading hotel availability"),
                                   {{QStringLiteral(":hotel"), hotel},
                                    {QStringLiteral(":first_night"), isoDate(from)},
                                    {QStringLiteral(":after_last"), isoDate(until)},
                                    {QStringLiteral(":codes"), toTextArray(roomTypeCodes)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<RangeAvailability> result;
    while (q.next()) {
        const RoomTypeId roomType = q.value(0).toLongLong();
        if (result.isEmpty() || result.last().roomType.id != roomType) {
            RangeAvailability range;
            range.currency = q.value(9).toString();
            range.roomType = RoomTypeSummary{roomType,
                                             hotel,
                                             q.value(1).toString(),
                                             q.value(2).toString(),
                                             q.value(3).toInt(),
                                             Money(q.value(4).toLongLong(), range.currency)};
            range.freeEveryNight = -1;
            range.total = Money(0, range.currency);
            result << range;
        }
        RangeAvailability &range = result.last();
        NightAvailability night;
        night.roomType = roomType;
        night.roomTypeCode = range.roomType.code;
        night.night = q.value(5).toDate();
        night.capacity = q.value(6).toInt();
        night.physical = q.value(7).toInt();
        night.booked = q.value(8).toInt();
        night.price = Money(q.value(10).toLongLong(), range.currency);
        range.freeEveryNight = range.freeEveryNight < 0 ? night.free() : qMin(range.freeEveryNight, night.free());
        range.total = range.total.withMinor(range.total.minor() + night.price.minor());
        range.nights << night;
    }
    q.finish();
    const int wanted = int(from.daysTo(until));
    for (RangeAvailability &range : result) {
        if (range.nights.size() != wanted)
            range.freeEveryNight = 0; // part of the range is outside the calendar: not bookable
    }
    return result;
}

Result<int> PgHotelStore::changeCapacity(const CapacityChange &change)
{
    const QString context = QStringLiteral("changing room capacity");
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    // Lapsed group blocks give their rooms back first, under the nights' locks, as a claim does.
    auto lapsed = m_statements.exec(GroupBlockSql::lapse, context,
                                    {{QStringLiteral(":room_type"), change.roomType},
                                     {QStringLiteral(":first_night"), isoDate(change.from)},
                                     {QStringLiteral(":after_last"), isoDate(change.until)}});
    if (!lapsed)
        return lapsed.error();
    lapsed.value()->finish();
    auto query = m_statements.exec(HotelSql::changeCapacity, context,
                                   {{QStringLiteral(":room_type"), change.roomType},
                                    {QStringLiteral(":first_night"), isoDate(change.from)},
                                    {QStringLiteral(":after_last"), isoDate(change.until)},
                                    {QStringLiteral(":sellable"), nullableInt(change.sellable)},
                                    {QStringLiteral(":physical"), nullableInt(change.physical)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    q.next();
    const bool ok = q.value(0).toBool();
    const int changed = q.value(1).toInt();
    const int known = q.value(2).toInt();
    const int mostBooked = q.value(3).toInt();
    q.finish();
    const int wanted = int(change.from.daysTo(change.until));
    if (known != wanted)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Some of those nights are outside the bookable calendar.")),
            ErrorReason::OutsideCalendar);
    if (!ok || changed != wanted)
        return withReason(
            makeError(ErrorCode::Conflict,
                      QStringLiteral("Refused: %1 rooms are already booked on some night, more than %2 sellable.")
                          .arg(mostBooked)
                          .arg(change.sellable.value_or(0))),
            ErrorReason::CapacityBelowBooked);
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return changed;
}

Result<int> PgHotelStore::sweepExpiredHolds()
{
    auto stale = m_statements.exec(HotelSql::sweep, QStringLiteral("tidying expired stay holds"), {});
    if (!stale)
        return stale.error();
    QVector<StayId> ids;
    while (stale.value()->next())
        ids << stale.value()->value(0).toLongLong();
    stale.value()->finish();
    int swept = 0;
    for (StayId id : ids) {
        auto expired = m_statements.exec(HotelSql::expireOne, QStringLiteral("tidying expired stay holds"),
                                         {{QStringLiteral(":stay"), id}});
        if (!expired)
            return expired.error();
        if (expired.value()->next())
            swept += expired.value()->value(0).toInt();
        expired.value()->finish();
    }
    return swept;
}

} // namespace boxoffice
