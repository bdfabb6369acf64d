#include "storage/pghouseseatstore.h"

#include "storage/housesql.h"
#include "storage/pgarrays.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"

namespace boxoffice {

namespace {

Result<QVector<SeatRef>> seatRefs(Result<QSqlQuery *> query)
{
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<SeatRef> seats;
    while (q.next())
        seats << SeatRef{q.value(0).toLongLong(), q.value(1).toString()};
    q.finish();
    return seats;
}

} // namespace

PgHouseSeatStore::PgHouseSeatStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<SeatRef>> PgHouseSeatStore::hold(const HouseHoldRequest &request)
{
    auto held = seatRefs(m_statements.exec(HouseSql::hold, QStringLiteral("holding seats for the house"),
                                           {{QStringLiteral(":event"), request.event},
                                            {QStringLiteral(":units"), toBigintArray(request.units)},
                                            {QStringLiteral(":kind"), toText(request.kind)},
                                            {QStringLiteral(":owner"), request.owner},
                                            {QStringLiteral(":note"), request.note}}));
    if (!held && held.error().sqlState == QLatin1String("55000")) {
        DomainError error = held.error();
        error.code = ErrorCode::Lost;
        error.message = QStringLiteral("Not every chosen seat is free: nothing was held for the house.");
        return error;
    }
    return held;
}

Result<QVector<SeatRef>> PgHouseSeatStore::release(EventId event, const QVector<UnitId> &units)
{
    return seatRefs(
        m_statements.exec(HouseSql::release, QStringLiteral("releasing house seats"),
                          {{QStringLiteral(":event"), event}, {QStringLiteral(":units"), toBigintArray(units)}}));
}

Result<QVector<HouseSeat>> PgHouseSeatStore::list(EventId event)
{
    auto query
        = m_statements.exec(HouseSql::list, QStringLiteral("listing house seats"), {{QStringLiteral(":event"), event}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<HouseSeat> seats;
    while (q.next()) {
        auto kind = houseKindFromText(q.value(2).toString());
        if (!kind) {
            q.finish();
            return kind.error();
        }
        seats << HouseSeat{q.value(0).toLongLong(), q.value(1).toString(), kind.value(),
                           q.value(3).toString(),   q.value(4).toString(), q.value(5).toString(),
                           fromEpochMs(q.value(6))};
    }
    q.finish();
    return seats;
}

} // namespace boxoffice
