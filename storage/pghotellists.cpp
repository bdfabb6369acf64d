#include "storage/pghotellists.h"

#include "storage/hotellistsql.h"

namespace boxoffice {

namespace {

PartnerHotel partnerFromRow(const QSqlQuery &q)
{
    return PartnerHotel{q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(), q.value(3).toString()};
}

} // namespace

PgHotelLists::PgHotelLists(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<HotelListRow>> PgHotelLists::list(const char *sql, HotelId hotel, const QDate &day)
{
    auto found = m_statements.exec(sql, QStringLiteral("reading the day's lists"),
                                   {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":day"), day}});
    if (!found)
        return found.error();
    QVector<HotelListRow> rows;
    QSqlQuery &q = *found.value();
    while (q.next()) {
        rows << HotelListRow{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                             q.value(3).toString(),   q.value(4).toDate(),   q.value(5).toDate(),
                             q.value(6).toString()};
    }
    q.finish();
    return rows;
}

Result<HotelDayLists> PgHotelLists::dayLists(HotelId hotel, const QDate &day)
{
    HotelDayLists lists;
    lists.day = day;
    auto arrivals = list(HotelListSql::arrivals, hotel, day);
    if (!arrivals)
        return arrivals.error();
    lists.arrivals = arrivals.value();
    auto departures = list(HotelListSql::departures, hotel, day);
    if (!departures)
        return departures.error();
    lists.departures = departures.value();
    auto inHouse = list(HotelListSql::inHouse, hotel, day);
    if (!inHouse)
        return inHouse.error();
    lists.inHouse = inHouse.value();
    return lists;
}

Result<OccupancyReport> PgHotelLists::occupancy(HotelId hotel, const QDate &from, const QDate &until)
{
    const QString context = QStringLiteral("reading occupancy and revenue");
    OccupancyReport report;
    report.from = from;
    report.until = until;
    auto head = m_statements.exec(HotelListSql::currency, context, {{QStringLiteral(":hotel"), hotel}});
    if (!head)
        return head.error();
    if (!head.value()->next()) {
        head.value()->finish();
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Hotel %1 does not exist.").arg(hotel)),
                          ErrorReason::HotelUnknown);
    }
    report.currency = head.value()->value(0).toString().trimmed();
    head.value()->finish();
    auto found = m_statements.exec(
        HotelListSql::occupancy, context,
        {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":from"), from}, {QStringLiteral(":until"), until}});
    if (!found)
        return found.error();
    QSqlQuery &q = *found.value();
    while (q.next()) {
        OccupancyNight night;
        night.roomType = q.value(0).toLongLong();
        night.roomTypeCode = q.value(1).toString();
        night.night = q.value(2).toDate();
        night.physical = q.value(3).toInt();
        night.sellable = q.value(4).toInt();
        night.booked = q.value(5).toInt();
        night.sold = q.value(6).toInt();
        night.revenue = Money(q.value(7).toLongLong(), report.currency);
        report.nights << night;
    }
    q.finish();
    return report;
}

Result<QVector<AttritionHistory>> PgHotelLists::attrition(HotelId hotel, const QDate &from, const QDate &until)
{
    auto found = m_statements.exec(
        HotelListSql::attrition, QStringLiteral("reading the cancellation history"),
        {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":from"), from}, {QStringLiteral(":until"), until}});
    if (!found)
        return found.error();
    QVector<AttritionHistory> types;
    QSqlQuery &q = *found.value();
    while (q.next()) {
        AttritionHistory type;
        type.roomType = q.value(0).toLongLong();
        type.roomTypeCode = q.value(1).toString();
        type.from = from;
        type.until = until;
        type.bookedRoomNights = q.value(2).toInt();
        type.lateCancelledRoomNights = q.value(3).toInt();
        type.noShowRoomNights = q.value(4).toInt();
        type.walkedRoomNights = q.value(5).toInt();
        types << type;
    }
    q.finish();
    return types;
}

Result<QVector<PartnerHotel>> PgHotelLists::partners(HotelId hotel)
{
    auto found = m_statements.exec(HotelListSql::partners, QStringLiteral("reading the partner properties"),
                                   {{QStringLiteral(":hotel"), hotel}});
    if (!found)
        return found.error();
    QVector<PartnerHotel> partners;
    while (found.value()->next())
        partners << partnerFromRow(*found.value());
    found.value()->finish();
    return partners;
}

Result<PartnerHotel> PgHotelLists::addPartner(HotelId hotel, const QString &name, const QString &contact)
{
    auto added = m_statements.exec(
        HotelListSql::addPartner, QStringLiteral("adding a partner property"),
        {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":name"), name}, {QStringLiteral(":contact"), contact}});
    if (!added)
        return added.error();
    if (!added.value()->next()) {
        added.value()->finish();
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Hotel %1 does not exist.").arg(hotel)),
                          ErrorReason::HotelUnknown);
    }
    const PartnerHotel partner = partnerFromRow(*added.value());
    added.value()->finish();
    return partner;
}

} // namespace boxoffice
