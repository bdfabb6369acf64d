#include "storage/pgfrontdesk.h"

#include "storage/frontdesksql.h"
#include "storage/statetext.h"

#include <QHash>

namespace boxoffice {

namespace {

Result<StayRecord> stayFromRow(const QSqlQuery &q)
{
    auto state = stayStateFromText(q.value(6).toString());
    if (!state)
        return state.error();
    StayRecord stay;
    stay.id = q.value(0).toLongLong();
    stay.reference = q.value(1).toString();
    stay.roomType = q.value(2).toLongLong();
    stay.roomTypeCode = q.value(3).toString();
    stay.checkIn = q.value(4).toDate();
    stay.checkOut = q.value(5).toDate();
    stay.state = state.value();
    stay.guest = q.value(7).toString();
    stay.order = q.value(8).toLongLong();
    return stay;
}

OverbookingAction actionFromName(const QString &name)
{
    if (name == QLatin1String("MOVE"))
        return OverbookingAction::Move;
    if (name == QLatin1String("UPGRADE"))
        return OverbookingAction::Upgrade;
    return OverbookingAction::Walk;
}

} // namespace

PgFrontDesk::PgFrontDesk(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<HotelCalendar> PgFrontDesk::calendar(HotelId hotel, const QDate &from, const QDate &until)
{
    const QString context = QStringLiteral("reading the hotel calendar");
    if (!from.isValid() || !until.isValid() || until <= from || from.daysTo(until) > 800)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Show between one night and two years.")),
                          ErrorReason::CalendarRange);
    HotelCalendar calendar;
    calendar.from = from;
    calendar.until = until;
    auto head = m_statements.exec(FrontDeskSql::hotel, context, {{QStringLiteral(":hotel"), hotel}});
    if (!head)
        return head.error();
    if (!head.value()->next()) {
        head.value()->finish();
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Hotel %1 does not exist.").arg(hotel)),
                          ErrorReason::HotelUnknown);
    }
    calendar.hotel.id = head.value()->value(0).toLongLong();
    calendar.hotel.name = head.value()->value(1).toString();
    calendar.hotel.currency = head.value()->value(2).toString().trimmed();
    calendar.hotel.holdSeconds = head.value()->value(3).toInt();
    calendar.hotel.maxExtensions = head.value()->value(4).toInt();
    head.value()->finish();

    auto types = m_statements.exec(FrontDeskSql::roomTypes, context, {{QStringLiteral(":hotel"), hotel}});
    if (!types)
        return types.error();
    QHash<RoomTypeId, int> row;
    while (types.value()->next()) {
        RoomTypeSummary type;
        type.id = types.value()->value(0).toLongLong();
        type.hotel = types.value()->value(1).toLongLong();
        type.code = types.value()->value(2).toString();
        type.name = types.value()->value(3).toString();
        type.rank = types.value()->value(4).toInt();
        type.price = Money(types.value()->value(5).toLongLong(), calendar.hotel.currency);
        row.insert(type.id, int(calendar.roomTypes.size()));
        calendar.roomTypes << type;
        // Nights without a row (outside the hotel's calendar) stay empty: nothing to sell there.
        QVector<NightAvailability> empty(calendar.days());
        for (int day = 0; day < empty.size(); ++day) {
            empty[day].roomType = type.id;
            empty[day].roomTypeCode = type.code;
            empty[day].night = from.addDays(day);
            empty[day].price = Money(0, calendar.hotel.currency);
        }
        calendar.nights << empty;
    }
    types.value()->finish();
    calendar.hotel.roomTypes = calendar.roomTypes;

    auto nights = m_statements.exec(
        FrontDeskSql::nights, context,
        {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":from"), from}, {QStringLiteral(":until"), until}});
    if (!nights)
        return nights.error();
    QSqlQuery &q = *nights.value();
    while (q.next()) {
        const int r = row.value(q.value(0).toLongLong(), -1);
        const int day = int(from.daysTo(q.value(2).toDate()));
        if (r < 0 || day < 0 || day >= calendar.days())
            continue;
        NightAvailability &night = calendar.nights[r][day];
        night.capacity = q.value(3).toInt();
        night.physical = q.value(4).toInt();
        night.booked = q.value(5).toInt();
        night.price = Money(q.value(6).toLongLong(), calendar.hotel.currency);
    }
    q.finish();
    return calendar;
}

Result<QVector<StayRecord>> PgFrontDesk::findStays(const QString &query)
{
    const QString text = query.trimmed();
    if (text.size() < 2 || text.size() > 100)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Type at least two letters of the name, or the booking reference.")),
                          ErrorReason::SearchTooShort);
    auto found = m_statements.exec(FrontDeskSql::findStays, QStringLiteral("finding a stay"),
                                   {{QStringLiteral(":query"), text}});
    if (!found)
        return found.error();
    QVector<StayRecord> stays;
    while (found.value()->next()) {
        auto stay = stayFromRow(*found.value());
        if (!stay) {
            found.value()->finish();
            return stay.error();
        }
        stays << stay.value();
    }
    found.value()->finish();
    return stays;
}

Status PgFrontDesk::answer(const QString &outcome, StayId stay)
{
    if (outcome == QLatin1String("OK"))
        return Done{};
    if (outcome == QLatin1String("NOT_FOUND"))
        return withReason(
            makeError(ErrorCode::NotFound,
                      QStringLiteral("Stay %1 or that room type does not exist in this hotel.").arg(stay)),
            ErrorReason::StayOrRoomTypeUnknown);
    if (outcome == QLatin1String("NOT_BOOKED"))
        return withReason(makeError(ErrorCode::Conflict, QStringLiteral("Stay %1 is not a current booking.").arg(stay)),
                          ErrorReason::StayNotBooked);
    if (outcome == QLatin1String("BAD_RANGE"))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Check-out must be after check-in.")),
                          ErrorReason::DatesReversed);
    if (outcome == QLatin1String("OUTSIDE"))
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Those nights are outside the hotel's calendar.")),
            ErrorReason::OutsideCalendar);
    if (outcome == QLatin1String("FULL"))
        return withReason(makeError(ErrorCode::Lost,
                                    QStringLiteral("Not every night is free in that room type; nothing was changed.")),
                          ErrorReason::RoomsFull);
    if (outcome == QLatin1String("NOT_AN_UPGRADE"))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("An upgrade goes to a better room type.")),
                          ErrorReason::UpgradeNotBetter);
    return withReason(
        makeError(ErrorCode::BadInput, QStringLiteral("Give an action, a reason and an amount of at least zero.")),
        ErrorReason::OverbookingIncomplete);
}

Status PgFrontDesk::transition(const char *sql, qint64 id, const QString &refusal, const char *reason,
                               const QString &placeholder)
{
    auto changed = m_statements.exec(sql, QStringLiteral("changing a stay"), {{placeholder, id}});
    if (!changed)
        return changed.error();
    const int rows = changed.value()->numRowsAffected();
    changed.value()->finish();
    if (rows != 1)
        return withReason(makeError(ErrorCode::Conflict, refusal), reason);
    return Done{};
}

Status PgFrontDesk::checkOut(StayId stay)
{
    auto out = transition(FrontDeskSql::checkOut, stay, QStringLiteral("Only a checked-in stay can check out."),
                          ErrorReason::CheckOutNotCheckedIn);
    // The database refuses a departure while the room on guarantee or the folio still owes money
    // (migration 032): the desk settles both with one payment through the folio.
    if (!out && out.error().sqlState == QLatin1String("23514"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("This stay still owes money: settle the folio and check out.")),
                          ErrorReason::FolioUnsettled);
    return out;
}

Result<QVector<ArrivalAtRisk>> PgFrontDesk::arrivalsAtRisk(HotelId hotel, const QDate &night)
{
    auto found = m_statements.exec(FrontDeskSql::arrivalsAtRisk, QStringLiteral("finding arrivals at risk"),
                                   {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":night"), night}});
    if (!found)
        return found.error();
    QVector<ArrivalAtRisk> arrivals;
    while (found.value()->next()) {
        auto stay = stayFromRow(*found.value());
        if (!stay) {
            found.value()->finish();
            return stay.error();
        }
        arrivals << ArrivalAtRisk{stay.value(), night, found.value()->value(9).toInt()};
    }
    found.value()->finish();
    return arrivals;
}

Result<QVector<CompensationEntry>> PgFrontDesk::compensations(HotelId hotel, const QDate &from, const QDate &until)
{
    auto found = m_statements.exec(
        FrontDeskSql::compensations, QStringLiteral("reading the compensation ledger"),
        {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":from"), from}, {QStringLiteral(":until"), until}});
    if (!found)
        return found.error();
    QVector<CompensationEntry> entries;
    QSqlQuery &q = *found.value();
    while (q.next()) {
        CompensationEntry entry;
        entry.id = q.value(0).toLongLong();
        entry.at = q.value(1).toDateTime();
        entry.by = q.value(2).toString();
        entry.stay = q.value(3).toLongLong();
        entry.guest = q.value(4).toString();
        entry.action = actionFromName(q.value(5).toString());
        entry.currency = q.value(7).toString().trimmed();
        entry.amount = Money(q.value(6).toLongLong(), entry.currency);
        entry.reason = q.value(8).toString();
        entry.night = q.value(9).toDate();
        entry.partner = q.value(10).toString();
        entries << entry;
    }
    q.finish();
    return entries;
}

Result<QVector<RefundCase>> PgFrontDesk::openRefundCases()
{
    auto found = m_statements.exec(FrontDeskSql::openRefundCases, QStringLiteral("reading the refund cases"), {});
    if (!found)
        return found.error();
    QVector<RefundCase> cases;
    QSqlQuery &q = *found.value();
    while (q.next()) {
        auto refundState = optionalStateFromText(q.value(6).toString(), refundStateFromText);
        if (!refundState) {
            q.finish();
            return refundState.error();
        }
        cases << RefundCase{
            q.value(0).toLongLong(), q.value(1).toLongLong(),
            q.value(2).toString(),   Money(q.value(3).toLongLong(), q.value(7).toString()), // its order's currency
            q.value(4).toString(),   q.value(5).toDateTime(),
            refundState.value()};
    }
    q.finish();
    return cases;
}

Status PgFrontDesk::closeRefundCase(qint64 id)
{
    return transition(FrontDeskSql::closeRefundCase, id, QStringLiteral("That case is already closed."),
                      ErrorReason::RefundCaseClosed, QStringLiteral(":id"));
}

} // namespace boxoffice
