#include "commands.h"

#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/jsonvocabulary.h"
#include "jsonformat.h"
#include "storage/pgcancellationpolicies.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pgnightaudit.h"
#include "storage/pgunitofwork.h"

#include <QJsonArray>
#include <QTextStream>

namespace boxoffice::ctl {

namespace {

int listHotels(CtlContext &context, HotelService &service)
{
    auto hotels = service.hotels();
    if (!hotels)
        return context.fail(hotels.error());
    QJsonArray json;
    QString text;
    QTextStream out(&text);
    for (const HotelSummary &hotel : hotels.value()) {
        json.append(hotelToJson(hotel));
        out << hotel.id << "  " << hotel.name << "  nights " << hotel.firstNight.toString(Qt::ISODate) << " to "
            << hotel.lastNight.toString(Qt::ISODate) << '\n';
        for (const RoomTypeSummary &type : hotel.roomTypes)
            out << "      room type " << type.id << "  " << type.code << "  " << type.name << "  " << type.price.text()
                << " a night\n";
    }
    if (hotels->isEmpty())
        out << "No hotels yet. Load the demo with: boxoffice-ctl seed-demo\n";
    return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("hotels"), json}}, text);
}

int showAvailability(CtlContext &context, HotelService &service)
{
    auto hotel = context.requireId(QStringLiteral("hotel"));
    auto from = context.requireDate(QStringLiteral("check-in"));
    auto until = context.requireDate(QStringLiteral("check-out"));
    if (!hotel)
        return context.fail(hotel.error());
    if (!from)
        return context.fail(from.error());
    if (!until)
        return context.fail(until.error());
    const QStringList codes
        = context.parser().value(QStringLiteral("room-types")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    auto ranges = service.availability(hotel.value(), from.value(), until.value(), codes);
    if (!ranges)
        return context.fail(ranges.error());
    QJsonArray json;
    QString text;
    QTextStream out(&text);
    for (const RangeAvailability &range : ranges.value()) {
        json.append(rangeToJson(range));
        out << range.roomType.code << "  " << range.roomType.name << ": ";
        if (range.freeEveryNight == 0)
            out << "sold out for these nights\n";
        else
            out << range.freeEveryNight << " left at " << range.total.text() << " for the stay\n";
    }
    return context.succeed(
        {{QStringLiteral("ok"), true}, {QStringLiteral("hotel"), hotel.value()}, {QStringLiteral("room_types"), json}},
        text);
}

// Through the front desk's use-case, as the desk does it: with nothing paid, anyone; a paid stay is a
// manager's, with --reason (everything refunded, no fee).
int cancelStay(CtlContext &context, const InventorySession &session)
{
    auto stay = context.requireId(QStringLiteral("stay"));
    if (!stay)
        return context.fail(stay.error());
    const QSqlDatabase database = session.connection->database();
    PgFrontDesk store(database);
    PgCounterSales counter(database, session.inventory->carts);
    PgUnitOfWork unit(database);
    FrontDeskService desk(store, counter, unit);
    // No fee, so no currency to state before the stay's money is read.
    auto cancelled = desk.cancelStay(stay.value(), Money(), context.parser().value(QStringLiteral("reason")));
    if (!cancelled)
        return context.fail(cancelled.error());
    const int nights = cancelled->nightsReturned;
    QString text = QStringLiteral("Cancelled stay %1; %2 night(s) returned.").arg(stay.value()).arg(nights);
    const qint64 refunded = cancelled->refunded.minor();
    if (refunded > 0)
        text += cancelled->refundAtDesk
            ? QStringLiteral(" Hand %1 minor units back at the counter.").arg(refunded)
            : QStringLiteral(" %1 minor units go back to the card through the payment provider.").arg(refunded);
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("stay"), stay.value()},
                            {QStringLiteral("nights_returned"), nights},
                            {QStringLiteral("refunded"), refunded}},
                           text);
}

// --hotel is an id or a hotel's name (as `hotel list` prints it).
Result<HotelId> hotelByIdOrName(CtlContext &context, HotelService &service)
{
    const QString given = context.parser().value(QStringLiteral("hotel")).trimmed();
    bool isId = false;
    const qint64 id = given.toLongLong(&isId);
    if (isId && id > 0)
        return id;
    if (given.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("--hotel is required: the hotel's id or name."));
    auto hotels = service.hotels();
    if (!hotels)
        return hotels.error();
    for (const HotelSummary &hotel : hotels.value()) {
        if (hotel.name.compare(given, Qt::CaseInsensitive) == 0)
            return hotel.id;
    }
    return makeError(ErrorCode::NotFound, QStringLiteral("No hotel is called %1.").arg(given));
}

QString nightAuditText(const NightAuditReport &report)
{
    QString text;
    QTextStream out(&text);
    out << "Night audit of " << report.businessDate.toString(Qt::ISODate) << " (run " << report.run << " by "
        << report.runBy << " at " << report.runAt.toLocalTime().toString(Qt::ISODate) << ")"
        << (report.ranNow ? "" : ": it had run already, nothing was done again") << '\n';
    out << "  arrivals " << report.arrivals << ", departures " << report.departures << ", in house " << report.inHouse
        << " of " << report.rooms << " rooms (" << report.occupancyPercent() << "%), room revenue "
        << report.roomRevenue.text() << '\n';
    out << "  no-shows " << report.noShows << ", cancelled " << report.cancellations << ", fees " << report.fees.text()
        << ", refunded " << report.refunded.text() << ", nights released " << report.nightsReleased << '\n';
    for (const NightAuditStay &stay : report.stays) {
        out << "  " << stay.reference << "  " << stay.guest << "  " << stay.roomType << "  "
            << stay.checkIn.toString(Qt::ISODate) << ".." << stay.checkOut.toString(Qt::ISODate) << "  "
            << stayStateName(stay.outcome) << " (" << noShowSecurityName(stay.securedBy) << ")  fee " << stay.fee.text()
            << ", refunded " << stay.refunded.text() << ", " << stay.nightsReleased << " night(s) back";
        if (!stay.note.isEmpty())
            out << "  [" << stay.note << "]";
        out << '\n';
    }
    return text;
}

QJsonObject nightAuditToJson(const NightAuditReport &report)
{
    QJsonArray stays;
    for (const NightAuditStay &stay : report.stays)
        stays.append(QJsonObject{{QStringLiteral("stay"), stay.stay},
                                 {QStringLiteral("reference"), stay.reference},
                                 {QStringLiteral("guest"), stay.guest},
                                 {QStringLiteral("room_type"), stay.roomType},
                                 {QStringLiteral("check_in"), jsonDate(stay.checkIn)},
                                 {QStringLiteral("check_out"), jsonDate(stay.checkOut)},
                                 {QStringLiteral("outcome"), jsonState(stay.outcome)},
                                 {QStringLiteral("secured_by"), noShowSecurityName(stay.securedBy).toLower()},
                                 {QStringLiteral("fee"), stay.fee.minor()},
                                 {QStringLiteral("refunded"), stay.refunded.minor()},
                                 {QStringLiteral("nights_released"), stay.nightsReleased},
                                 {QStringLiteral("note"), stay.note}});
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("run"), report.run},
            {QStringLiteral("ran_now"), report.ranNow},
            {QStringLiteral("business_date"), jsonDate(report.businessDate)},
            {QStringLiteral("currency"), report.currency},
            {QStringLiteral("arrivals"), report.arrivals},
            {QStringLiteral("departures"), report.departures},
            {QStringLiteral("in_house"), report.inHouse},
            {QStringLiteral("rooms"), report.rooms},
            {QStringLiteral("occupancy_percent"), report.occupancyPercent()},
            {QStringLiteral("room_revenue"), report.roomRevenue.minor()},
            {QStringLiteral("no_shows"), report.noShows},
            {QStringLiteral("cancellations"), report.cancellations},
            {QStringLiteral("fees"), report.fees.minor()},
            {QStringLiteral("refunded"), report.refunded.minor()},
            {QStringLiteral("nights_released"), report.nightsReleased},
            {QStringLiteral("stays"), stays}};
}

// The night audit of one business date: a manager's or the schema owner's; run twice, it changes
// nothing the second time and prints the first run's report.
int nightAudit(CtlContext &context, const InventorySession &session, HotelService &service)
{
    auto hotel = hotelByIdOrName(context, service);
    if (!hotel)
        return context.fail(hotel.error());
    auto date = context.requireDate(QStringLiteral("date"));
    if (!date)
        return context.fail(date.error());
    PgNightAudit store(session.connection->database());
    NightAuditService audit(store);
    auto report = audit.run(hotel.value(), date.value());
    if (!report)
        return context.fail(report.error());
    return context.succeed(nightAuditToJson(report.value()), nightAuditText(report.value()));
}

// "none", "first-night", "percent:50" or "fixed:2500" (minor units).
std::optional<PolicyFee> feeFromSpec(const QString &spec)
{
    const QStringList parts = spec.trimmed().split(u':');
    const auto kind = CancellationPolicy::kindFromName(parts.value(0));
    if (!kind || parts.size() > 2)
        return std::nullopt;
    const bool valued = *kind == PolicyFeeKind::Percent || *kind == PolicyFeeKind::Fixed;
    if (valued != (parts.size() == 2))
        return std::nullopt;
    bool ok = true;
    const qint64 value = valued ? parts.at(1).toLongLong(&ok) : 0;
    if (!ok)
        return std::nullopt;
    return PolicyFee{*kind, value};
}

QString feeSpec(const PolicyFee &fee)
{
    const QString kind = CancellationPolicy::kindName(fee.kind).toLower().replace(u'_', u'-');
    return fee.kind == PolicyFeeKind::Percent || fee.kind == PolicyFeeKind::Fixed
        ? kind + u':' + QString::number(fee.value)
        : kind;
}

// Shows a hotel's cancellation policy, or (a manager's) sets the parts given.
int cancellationPolicy(CtlContext &context, const InventorySession &session, HotelService &service)
{
    auto hotel = hotelByIdOrName(context, service);
    if (!hotel)
        return context.fail(hotel.error());
    PgCancellationPolicies store(session.connection->database());
    auto current = store.policy(hotel.value());
    if (!current)
        return context.fail(current.error());
    const QCommandLineParser &parser = context.parser();
    const bool changing = parser.isSet(QStringLiteral("free-hours")) || parser.isSet(QStringLiteral("check-in-time"))
        || parser.isSet(QStringLiteral("late-fee")) || parser.isSet(QStringLiteral("no-show-fee"));
    HotelCancellationPolicy policy = current->value_or(HotelCancellationPolicy{});
    policy.hotel = hotel.value();
    if (changing) {
        if (parser.isSet(QStringLiteral("free-hours"))) {
            bool ok = false;
            policy.freeUntilHours = parser.value(QStringLiteral("free-hours")).toInt(&ok);
            if (!ok)
                return context.failUsage(QStringLiteral("--free-hours is a whole number of hours."));
        }
        if (parser.isSet(QStringLiteral("check-in-time"))) {
            policy.checkInTime
                = QTime::fromString(parser.value(QStringLiteral("check-in-time")), QStringLiteral("HH:mm"));
            if (!policy.checkInTime.isValid())
                return context.failUsage(QStringLiteral("--check-in-time is a time like 15:00."));
        }
        for (const auto &[option, fee] : {std::pair{QStringLiteral("late-fee"), &policy.lateFee},
                                          std::pair{QStringLiteral("no-show-fee"), &policy.noShowFee}}) {
            if (!parser.isSet(option))
                continue;
            const auto parsed = feeFromSpec(parser.value(option));
            if (!parsed)
                return context.failUsage(
                    QStringLiteral("--%1 is none, first-night, percent:N (0-100) or fixed:MINOR.").arg(option));
            *fee = *parsed;
        }
        if (auto set = store.setPolicy(policy); !set)
            return context.fail(set.error());
    } else if (!current->has_value()) {
        return context.succeed({{QStringLiteral("ok"), true},
                                {QStringLiteral("hotel"), hotel.value()},
                                {QStringLiteral("policy"), QJsonValue()}},
                               QStringLiteral("No cancellation policy: free to cancel at any time, no no-show fee.\n"));
    }
    const QString text = QStringLiteral("Free cancellation until %1 hours before %2 on the arrival day; late fee %3, "
                                        "no-show fee %4.\n")
                             .arg(policy.freeUntilHours)
                             .arg(policy.checkInTime.toString(QStringLiteral("HH:mm")), feeSpec(policy.lateFee),
                                  feeSpec(policy.noShowFee));
    return context.succeed(
        {{QStringLiteral("ok"), true},
         {QStringLiteral("hotel"), hotel.value()},
         {QStringLiteral("policy"),
          QJsonObject{{QStringLiteral("free_until_hours"), policy.freeUntilHours},
                      {QStringLiteral("check_in_time"), policy.checkInTime.toString(QStringLiteral("HH:mm"))},
                      {QStringLiteral("late_fee"), feeSpec(policy.lateFee)},
                      {QStringLiteral("no_show_fee"), feeSpec(policy.noShowFee)}}}},
        text);
}

} // namespace

int runHotel(CtlContext &context)
{
    const QString action = context.parser().positionalArguments().value(1);
    const QStringList actions{QStringLiteral("list"),        QStringLiteral("availability"),
                              QStringLiteral("hold"),        QStringLiteral("release"),
                              QStringLiteral("cancel"),      QStringLiteral("capacity"),
                              QStringLiteral("night-audit"), QStringLiteral("cancellation-policy")};
    if (!actions.contains(action))
        return context.failUsage(
            QStringLiteral("Use: boxoffice-ctl hotel list|availability|hold|release|cancel|capacity|night-audit|"
                           "cancellation-policy ..."));
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    HotelService service(session.value()->hotels);

    if (action == QLatin1String("list"))
        return listHotels(context, service);
    if (action == QLatin1String("availability"))
        return showAvailability(context, service);
    if (action == QLatin1String("cancel"))
        return cancelStay(context, *session);
    if (action == QLatin1String("night-audit"))
        return nightAudit(context, *session, service);
    if (action == QLatin1String("cancellation-policy"))
        return cancellationPolicy(context, *session, service);
    if (action == QLatin1String("capacity")) {
        auto roomType = context.requireId(QStringLiteral("room-type"));
        auto from = context.requireDate(QStringLiteral("check-in"));
        auto until = context.requireDate(QStringLiteral("check-out"));
        if (!roomType)
            return context.fail(roomType.error());
        if (!from)
            return context.fail(from.error());
        if (!until)
            return context.fail(until.error());
        bool sellableOk = true;
        bool physicalOk = true;
        CapacityChange change{roomType.value(), from.value(), until.value(),
                              context.optionalNumber(QStringLiteral("sellable"), &sellableOk),
                              context.optionalNumber(QStringLiteral("physical"), &physicalOk)};
        if (!sellableOk || !physicalOk)
            return context.failUsage(QStringLiteral("--sellable and --physical are whole numbers."));
        auto changed = service.changeCapacity(change);
        if (!changed)
            return context.fail(changed.error());
        return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("nights_changed"), changed.value()}},
                               QStringLiteral("Changed %1 night(s).").arg(changed.value()));
    }
    auto cart = context.requireText(QStringLiteral("cart"));
    if (!cart)
        return context.fail(cart.error());
    if (action == QLatin1String("release")) {
        auto stay = context.requireId(QStringLiteral("stay"));
        if (!stay)
            return context.fail(stay.error());
        auto nights = service.releaseStay(cart.value(), stay.value());
        if (!nights)
            return context.fail(nights.error());
        return context.succeed(
            {{QStringLiteral("ok"), true},
             {QStringLiteral("stay"), stay.value()},
             {QStringLiteral("nights_returned"), nights.value()}},
            QStringLiteral("Released stay %1; %2 night(s) returned.").arg(stay.value()).arg(nights.value()));
    }
    auto roomType = context.requireId(QStringLiteral("room-type"));
    auto checkIn = context.requireDate(QStringLiteral("check-in"));
    auto checkOut = context.requireDate(QStringLiteral("check-out"));
    if (!roomType)
        return context.fail(roomType.error());
    if (!checkIn)
        return context.fail(checkIn.error());
    if (!checkOut)
        return context.fail(checkOut.error());
    bool ok = true;
    StayRequest request{roomType.value(),
                        cart.value(),
                        checkIn.value(),
                        checkOut.value(),
                        context.parser().value(QStringLiteral("guest")),
                        context.optionalNumber(QStringLiteral("ttl"), &ok)};
    if (!ok)
        return context.failUsage(QStringLiteral("--ttl must be a whole number of seconds."));
    auto held = service.holdStay(request);
    if (!held)
        return context.fail(held.error(), {{QStringLiteral("cart"), cart.value()}});
    return context.succeed(stayHoldToJson(cart.value(), held.value()),
                           QStringLiteral("Held stay %1 (reference %2), %3 night(s) from %4, until %5.")
                               .arg(held->id)
                               .arg(held->reference)
                               .arg(request.nights())
                               .arg(held->checkIn.toString(Qt::ISODate),
                                    held->expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"))));
}

} // namespace boxoffice::ctl
