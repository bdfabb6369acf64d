#include "commands.h"

#include "domain/hotelservice.h"
#include "jsonformat.h"

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
    if (action == QLatin1String("cancel")) {
        auto stay = context.requireId(QStringLiteral("stay"));
        if (!stay)
            return context.fail(stay.error());
        auto nights = service.cancelStay(stay.value());
        if (!nights)
            return context.fail(nights.error());
        return context.succeed(
            {{"ok", true}, {"stay", stay.value()}, {"nights_returned", nights.value()}},
            QStringLiteral("Cancelled stay %1; %2 night(s) returned.").arg(stay.value()).arg(nights.value()));
    }
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
