#include "domain/hotellists.h"

#include "domain/domainerror.h"
#include "domain/frontdesk.h"

#include <QHash>
#include <QMap>
#include <QStringList>

namespace boxoffice {

const QVector<HotelListRow> &HotelDayLists::list(HotelList which) const
{
    switch (which) {
    case HotelList::Arrivals:
        return arrivals;
    case HotelList::Departures:
        return departures;
    case HotelList::InHouse:
        break;
    }
    return inHouse;
}

QVector<OccupancyNight> OccupancyReport::totals() const
{
    QVector<OccupancyNight> rows;
    for (const OccupancyNight &night : nights) {
        if (night.roomType == 0)
            rows << night;
    }
    return rows;
}

HotelListService::HotelListService(HotelListStore &store, OverbookingPolicy policy, int historyDays)
    : m_store(store), m_policy(policy), m_historyDays(qMax(1, historyDays))
{ }

Result<HotelDayLists> HotelListService::dayLists(HotelId hotel, const QDate &day)
{
    if (!day.isValid())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a day.")), ErrorReason::DatesMissing);
    return m_store.dayLists(hotel, day);
}

Result<OccupancyReport> HotelListService::occupancy(HotelId hotel, const QDate &from, const QDate &until,
                                                    const QDate &today)
{
    if (!from.isValid() || !until.isValid() || until <= from || from.daysTo(until) > 366)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Show between one night and a year.")),
                          ErrorReason::ListsRange);
    auto report = m_store.occupancy(hotel, from, until);
    if (!report)
        return report.error();
    auto history = m_store.attrition(hotel, today.addDays(-m_historyDays), today);
    if (!history)
        return history.error();
    QHash<RoomTypeId, AttritionHistory> byType;
    for (const AttritionHistory &type : history.value())
        byType.insert(type.roomType, type);

    OccupancyReport &out = report.value();
    QMap<QDate, OccupancyNight> totals;
    QHash<RoomTypeId, bool> suggested;
    for (OccupancyNight &row : out.nights) {
        AttritionHistory seen = byType.value(row.roomType);
        seen.roomType = row.roomType;
        seen.roomTypeCode = row.roomTypeCode;
        const OverbookingSuggestion suggestion = OverbookingRule::suggest(seen, row.physical, m_policy);
        row.suggestedSellable = suggestion.suggestedSellable;
        if (!suggested.value(row.roomType)) {
            suggested.insert(row.roomType, true);
            out.suggestions << suggestion;
        }
        OccupancyNight &total = totals[row.night];
        total.night = row.night;
        total.physical += row.physical;
        total.sellable += row.sellable;
        total.booked += row.booked;
        total.sold += row.sold;
        total.revenue = Money(total.revenue.minor() + row.revenue.minor(), out.currency);
        total.suggestedSellable += row.suggestedSellable;
    }
    // The room types of a night, then that night's total.
    QVector<OccupancyNight> ordered;
    for (auto night = totals.cbegin(); night != totals.cend(); ++night) {
        for (const OccupancyNight &row : std::as_const(out.nights)) {
            if (row.night == night.key())
                ordered << row;
        }
        ordered << night.value();
    }
    out.nights = ordered;
    return report;
}

Result<OverbookingSuggestion> HotelListService::suggestion(HotelId hotel, RoomTypeId roomType, const QDate &from,
                                                           const QDate &until, const QDate &today)
{
    auto report = occupancy(hotel, from, until, today);
    if (!report)
        return report.error();
    std::optional<OverbookingSuggestion> smallest;
    auto history = m_store.attrition(hotel, today.addDays(-m_historyDays), today);
    if (!history)
        return history.error();
    AttritionHistory seen;
    seen.roomType = roomType;
    for (const AttritionHistory &type : history.value()) {
        if (type.roomType == roomType)
            seen = type;
    }
    for (const OccupancyNight &row : report.value().nights) {
        if (row.roomType != roomType)
            continue;
        const OverbookingSuggestion here = OverbookingRule::suggest(seen, row.physical, m_policy);
        if (!smallest || here.suggestedSellable < smallest->suggestedSellable)
            smallest = here;
    }
    if (!smallest)
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("That room type has no nights there.")),
                          ErrorReason::OutsideCalendar);
    return *smallest;
}

Result<QVector<PartnerHotel>> HotelListService::partners(HotelId hotel)
{
    return m_store.partners(hotel);
}

Result<PartnerHotel> HotelListService::addPartner(HotelId hotel, const QString &name, const QString &contact)
{
    if (name.trimmed().isEmpty() || name.trimmed().size() > 200 || contact.trimmed().size() > 200)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Give the partner property's name.")),
                          ErrorReason::PartnerNameMissing);
    return m_store.addPartner(hotel, name.trimmed(), contact.trimmed());
}

namespace {

QString amount(const Money &money)
{
    const qint64 minor = money.minor();
    const QString sign = minor < 0 ? QStringLiteral("-") : QString();
    const qint64 absolute = minor < 0 ? -minor : minor;
    return sign + QString::number(absolute / 100) + QLatin1Char('.')
        + QStringLiteral("%1").arg(absolute % 100, 2, 10, QLatin1Char('0'));
}

QString percent(int perMille)
{
    return QString::number(perMille / 10) + QLatin1Char('.') + QString::number(perMille % 10);
}

} // namespace

QString hotelListCsv(const QVector<HotelListRow> &rows)
{
    QStringList lines{QStringLiteral("reference,guest,room_type,check_in,check_out,nights,state")};
    for (const HotelListRow &row : rows) {
        lines << QStringList{csvField(row.reference),
                             csvField(row.guest),
                             csvField(row.roomTypeCode),
                             row.checkIn.toString(Qt::ISODate),
                             row.checkOut.toString(Qt::ISODate),
                             QString::number(row.nights()),
                             csvField(row.state)}
                     .join(QLatin1Char(','));
    }
    return lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n");
}

QString occupancyCsv(const OccupancyReport &report)
{
    QStringList lines{QStringLiteral("night,room_type,physical,sellable,suggested_sellable,booked,sold,occupancy_pct,"
                                     "revenue,adr,revpar,currency")};
    for (const OccupancyNight &row : report.nights) {
        lines << QStringList{row.night.toString(Qt::ISODate),
                             row.roomType ? csvField(row.roomTypeCode) : QStringLiteral("ALL"),
                             QString::number(row.physical),
                             QString::number(row.sellable),
                             QString::number(row.suggestedSellable),
                             QString::number(row.booked),
                             QString::number(row.sold),
                             percent(row.occupancyPerMille()),
                             amount(row.revenue),
                             amount(row.adr()),
                             amount(row.revPar()),
                             report.currency}
                     .join(QLatin1Char(','));
    }
    return lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n");
}

} // namespace boxoffice
