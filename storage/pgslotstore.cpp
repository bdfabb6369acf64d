#include "storage/pgslotstore.h"

#include "storage/slotsql.h"
#include "storage/sqlvalues.h"
#include "storage/transactionguard.h"

namespace boxoffice {

namespace {

// Bound as text with an explicit offset, so the session's time zone can never shift a booking.
QString timestamp(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

PgSlotStore::PgSlotStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<SlotHold> PgSlotStore::claim(const SlotRequest &request, OrderId asOrder)
{
    auto query = m_statements.exec(SlotSql::claim, QStringLiteral("holding a table"),
                                   {{QStringLiteral(":resource"), request.resource},
                                    {QStringLiteral(":cart"), request.cart},
                                    {QStringLiteral(":party"), request.partySize},
                                    {QStringLiteral(":starts"), timestamp(request.start)},
                                    {QStringLiteral(":ends"), timestamp(request.end)},
                                    {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)},
                                    {QStringLiteral(":as_order"), nullableId(asOrder)}});
    if (!query) {
        if (query.error().sqlState == QLatin1String("23P01"))
            return withReason(
                makeError(ErrorCode::Lost, QStringLiteral("That table is already booked for part of that time.")),
                ErrorReason::TableTaken);
        return query.error();
    }
    QSqlQuery &q = *query.value();
    q.next();
    const bool exists = q.value(0).toInt() == 1;
    const int seats = q.value(1).toInt();
    SlotHold hold;
    hold.table = q.value(2).toString();
    hold.id = q.value(3).toLongLong();
    hold.expiresAt = fromEpochMs(q.value(4));
    q.finish();
    if (!exists)
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("That table does not exist.")),
                          ErrorReason::TableUnknown);
    if (hold.id == 0)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Table %1 seats %2, fewer than the party of %3.")
                                        .arg(hold.table)
                                        .arg(seats)
                                        .arg(request.partySize)),
                          ErrorReason::TableTooSmall,
                          {hold.table, QString::number(seats), QString::number(request.partySize)});
    hold.resource = request.resource;
    hold.start = request.start;
    hold.end = request.end;
    return hold;
}

Result<SlotHold> PgSlotStore::holdSlot(const SlotRequest &request)
{
    auto claimed
        = withRetryPoint(m_statements.database(), QStringLiteral("holding a table"), [&] { return claim(request, 0); });
    if (claimed || claimed.error().code != ErrorCode::Lost)
        return claimed;
    // Lost to an overlap: if the overlap is this cart's own live hold of exactly this slot, it is a retry.
    auto own = m_statements.exec(SlotSql::refreshOwn, QStringLiteral("holding a table"),
                                 {{QStringLiteral(":resource"), request.resource},
                                  {QStringLiteral(":cart"), request.cart},
                                  {QStringLiteral(":starts"), timestamp(request.start)},
                                  {QStringLiteral(":ends"), timestamp(request.end)},
                                  {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)}});
    if (!own)
        return own.error();
    if (!own.value()->next()) {
        own.value()->finish();
        return claimed;
    }
    SlotHold hold;
    hold.id = own.value()->value(0).toLongLong();
    hold.table = own.value()->value(1).toString();
    hold.expiresAt = fromEpochMs(own.value()->value(2));
    own.value()->finish();
    hold.resource = request.resource;
    hold.start = request.start;
    hold.end = request.end;
    hold.refreshed = true;
    return hold;
}

Result<BookingId> PgSlotStore::bookAfresh(const SlotRequest &request, OrderId order)
{
    auto booked = claim(request, order);
    if (!booked)
        return booked.error();
    return booked->id;
}

Result<int> PgSlotStore::releaseSlot(const CartId &cart, BookingId booking)
{
    auto query = m_statements.exec(SlotSql::release, QStringLiteral("releasing a table"),
                                   {{QStringLiteral(":booking"), booking}, {QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    const int released = query.value()->numRowsAffected();
    query.value()->finish();
    return released;
}

Result<QVector<RestaurantSummary>> PgSlotStore::restaurants()
{
    auto query = m_statements.exec(SlotSql::restaurants, QStringLiteral("listing restaurants"), {});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<RestaurantSummary> restaurants;
    while (q.next()) {
        const RestaurantId id = q.value(0).toLongLong();
        if (restaurants.isEmpty() || restaurants.last().id != id) {
            const QString currency = q.value(2).toString();
            restaurants << RestaurantSummary{
                id, q.value(1).toString(), currency, Money(q.value(3).toLongLong(), currency), {}};
        }
        restaurants.last().tables << TableSummary{q.value(4).toLongLong(), q.value(5).toString(), q.value(6).toInt()};
    }
    q.finish();
    return restaurants;
}

Result<QVector<TableSummary>> PgSlotStore::candidates(RestaurantId restaurant, int partySize, const QDateTime &start,
                                                      const QDateTime &end, int limit)
{
    auto query = m_statements.exec(SlotSql::candidates, QStringLiteral("looking for a table"),
                                   {{QStringLiteral(":restaurant"), restaurant},
                                    {QStringLiteral(":party"), partySize},
                                    {QStringLiteral(":starts"), timestamp(start)},
                                    {QStringLiteral(":ends"), timestamp(end)},
                                    {QStringLiteral(":limit"), limit}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<TableSummary> tables;
    while (q.next())
        tables << TableSummary{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toInt()};
    q.finish();
    return tables;
}

Result<int> PgSlotStore::sweepExpiredHolds()
{
    auto query = m_statements.exec(SlotSql::sweep, QStringLiteral("tidying expired table holds"), {});
    if (!query)
        return query.error();
    const int swept = query.value()->numRowsAffected();
    query.value()->finish();
    return swept;
}

} // namespace boxoffice
