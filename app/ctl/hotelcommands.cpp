#include "commands.h"

#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "jsonformat.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
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
            out << "      room type " << type.id << "  " << type.code << "  " << type.name << "  "
                << formatMoney(type.priceMinor, hotel.currency) << " a night\n";
    }
    if (hotels->isEmpty())
        out << "No hotels yet. Load the demo with: boxoffice-ctl seed-demo\n";
    return context.succeed({{"ok", true}, {"hotels", json}}, text);
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
            out << range.freeEveryNight << " left at " << formatMoney(range.totalMinor, range.currency)
                << " for the stay\n";
    }
    return context.succeed({{"ok", true}, {"hotel", hotel.value()}, {"room_types", json}}, text);
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
    auto cancelled = desk.cancelStay(stay.value(), 0, context.parser().value(QStringLiteral("reason")));
    if (!cancelled)
        return context.fail(cancelled.error());
    const int nights = cancelled->nightsReturned;
    QString text = QStringLiteral("Cancelled stay %1; %2 night(s) returned.").arg(stay.value()).arg(nights);
    if (cancelled->refundedMinor > 0)
        text += cancelled->refundAtDesk
            ? QStringLiteral(" Hand %1 minor units back at the counter.").arg(cancelled->refundedMinor)
            : QStringLiteral(" %1 minor units go back to the card through the payment provider.")
                  .arg(cancelled->refundedMinor);
    return context.succeed({{"ok", true},
                            {"stay", stay.value()},
                            {"nights_returned", nights},
                            {"refunded_minor", cancelled->refundedMinor}},
                           text);
}

} // namespace

int runHotel(CtlContext &context)
{
    const QString action = context.parser().positionalArguments().value(1);
    const QStringList actions{QStringLiteral("list"),    QStringLiteral("availability"), QStringLiteral("hold"),
                              QStringLiteral("release"), QStringLiteral("cancel"),       QStringLiteral("capacity")};
    if (!actions.contains(action))
        return context.failUsage(
            QStringLiteral("Use: boxoffice-ctl hotel list|availability|hold|release|cancel|capacity ..."));
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
        return context.succeed({{"ok", true}, {"nights_changed", changed.value()}},
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
            {{"ok", true}, {"stay", stay.value()}, {"nights_returned", nights.value()}},
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
        return context.fail(held.error(), {{"cart", cart.value()}});
    return context.succeed(stayHoldToJson(cart.value(), held.value()),
                           QStringLiteral("Held stay %1 (reference %2), %3 night(s) from %4, until %5.")
                               .arg(held->id)
                               .arg(held->reference)
                               .arg(request.nights())
                               .arg(held->checkIn.toString(Qt::ISODate),
                                    held->expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"))));
}

} // namespace boxoffice::ctl
