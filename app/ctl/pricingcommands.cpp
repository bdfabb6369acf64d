#include "commands.h"

#include "domain/houseseats.h"
#include "domain/jsonvocabulary.h"
#include "domain/pricetypes.h"
#include "domain/seatholdservice.h"
#include "jsonformat.h"
#include "storage/pghouseseatstore.h"
#include "storage/pgpricetypestore.h"
#include "storage/pgseatstore.h"

#include <QJsonArray>
#include <QTextStream>

#include <algorithm>

namespace boxoffice::ctl {

namespace {

QStringList labelList(const QString &value)
{
    QStringList labels;
    for (const QString &part : value.split(QLatin1Char(','), Qt::SkipEmptyParts))
        labels << part.trimmed();
    return labels;
}

QJsonArray seatsToJson(const QVector<SeatRef> &seats)
{
    QJsonArray array;
    for (const SeatRef &seat : seats)
        array.append(QJsonObject{{QStringLiteral("unit"), seat.unit}, {QStringLiteral("label"), seat.label}});
    return array;
}

QStringList labelsOf(const QVector<SeatRef> &seats)
{
    QStringList labels;
    for (const SeatRef &seat : seats)
        labels << seat.label;
    return labels;
}

int listPriceTypes(CtlContext &context, PriceTypeService &service, EventId event)
{
    auto prices = service.prices(event);
    if (!prices)
        return context.fail(prices.error());
    QJsonArray rows;
    QString text;
    QTextStream out(&text);
    out << QStringLiteral("%1 %2 %3\n")
               .arg(QStringLiteral("band"), -6)
               .arg(QStringLiteral("type"), -14)
               .arg(QStringLiteral("price (minor units)"));
    for (const TypePrice &price : prices.value()) {
        rows.append(QJsonObject{{QStringLiteral("band"), price.bandCode},
                                {QStringLiteral("band_name"), price.bandName},
                                {QStringLiteral("type"), jsonName(price.type)},
                                {QStringLiteral("amount"), price.amount.minor()}});
        out << QStringLiteral("%1 %2 %3\n")
                   .arg(price.bandCode, -6)
                   .arg(priceTypeName(price.type), -14)
                   .arg(price.amount.minor());
    }
    return context.succeed(
        QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("event"), event}, {QStringLiteral("prices"), rows}},
        text.trimmed());
}

} // namespace

// price-types list EVENT | price-types set EVENT BAND TYPE AMOUNT (minor units). Setting is a manager's:
// the database refuses a clerk's login.
int runPriceTypes(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    const QString verb = args.value(1);
    bool eventOk = false;
    const EventId event = args.value(2).toLongLong(&eventOk);
    if ((verb != QLatin1String("list") && verb != QLatin1String("set")) || !eventOk || event <= 0)
        return context.failUsage(QStringLiteral(
            "Use: boxoffice-ctl price-types list EVENT | price-types set EVENT BAND ADULT|CHILD|CONCESSION AMOUNT"));
    std::optional<PriceType> type;
    qint64 amount = -1;
    if (verb == QLatin1String("set")) {
        type = priceTypeFromName(args.value(4));
        bool amountOk = false;
        // Minor units, digits only: "-200", "2x00" and "1e3" are refused, not read as something else.
        const QString amountText = args.value(5).trimmed();
        amount = amountText.toLongLong(&amountOk);
        const bool digitsOnly = !amountText.isEmpty()
            && std::all_of(amountText.cbegin(), amountText.cend(), [](QChar c) { return c.isDigit(); });
        if (args.value(3).isEmpty() || !type || !amountOk || !digitsOnly)
            return context.failUsage(QStringLiteral("Use: boxoffice-ctl price-types set EVENT BAND "
                                                    "ADULT|CHILD|CONCESSION AMOUNT (minor units, e.g. 2500)"));
    }
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgPriceTypeStore store(connection.value()->database());
    PriceTypeService service(store);
    if (verb == QLatin1String("list"))
        return listPriceTypes(context, service, event);
    // The amount is typed in minor units of the event's own currency.
    auto summary = PgSeatStore(connection.value()->database()).event(event);
    if (!summary)
        return context.fail(summary.error());
    if (auto status = service.setPrice(event, args.value(3), *type, Money(amount, summary->currency)); !status)
        return context.fail(status.error());
    return context.succeed(
        QJsonObject{{QStringLiteral("ok"), true},
                    {QStringLiteral("event"), event},
                    {QStringLiteral("band"), args.value(3)},
                    {QStringLiteral("type"), jsonName(*type)},
                    {QStringLiteral("amount"), amount}},
        QStringLiteral("Event %1 band %2: %3 now %4.").arg(event).arg(args.value(3), priceTypeName(*type)).arg(amount));
}

// house hold --event ID --seats A-1-5,A-1-6 --kind house|press|technical --owner NAME [--note TEXT]
// house release --event ID --seats ... | house list --event ID. Holding and releasing are a manager's.
int runHouse(CtlContext &context)
{
    const QString verb = context.parser().positionalArguments().value(1);
    if (verb != QLatin1String("hold") && verb != QLatin1String("release") && verb != QLatin1String("list"))
        return context.failUsage(QStringLiteral(
            "Use: boxoffice-ctl house hold --event ID --seats LABELS --kind house|press|technical --owner NAME "
            "[--note TEXT] | house release --event ID --seats LABELS | house list --event ID"));
    auto event = context.requireId(QStringLiteral("event"));
    if (!event)
        return context.fail(event.error());
    std::optional<HouseKind> kind = HouseKind::House;
    if (verb == QLatin1String("hold")) {
        kind = houseKindFromName(context.parser().value(QStringLiteral("kind")));
        if (!kind)
            return context.failUsage(QStringLiteral("--kind must be house, press or technical."));
    }
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgHouseSeatStore store(connection.value()->database());
    HouseSeatService house(store);
    if (verb == QLatin1String("list")) {
        auto seats = house.list(event.value());
        if (!seats)
            return context.fail(seats.error());
        QJsonArray rows;
        QStringList lines;
        for (const HouseSeat &seat : seats.value()) {
            rows.append(QJsonObject{{QStringLiteral("unit"), seat.unit},
                                    {QStringLiteral("label"), seat.label},
                                    {QStringLiteral("kind"), jsonName(seat.kind)},
                                    {QStringLiteral("owner"), seat.owner},
                                    {QStringLiteral("note"), seat.note},
                                    {QStringLiteral("held_by"), seat.heldBy},
                                    {QStringLiteral("held_at"), jsonTime(seat.heldAt)}});
            lines << QStringLiteral("%1 %2 for %3 (%4) by %5 since %6")
                         .arg(seat.label, houseKindName(seat.kind), seat.owner, seat.note, seat.heldBy,
                              seat.heldAt.toUTC().toString(Qt::ISODate));
        }
        return context.succeed(QJsonObject{{QStringLiteral("ok"), true},
                                           {QStringLiteral("event"), event.value()},
                                           {QStringLiteral("seats"), rows}},
                               lines.isEmpty() ? QStringLiteral("No house seats.") : lines.join(QLatin1Char('\n')));
    }
    PgSeatStore seatStore(connection.value()->database());
    auto seats = SeatHoldService(seatStore).resolveSeats(event.value(),
                                                         labelList(context.parser().value(QStringLiteral("seats"))));
    if (!seats)
        return context.fail(seats.error());
    QVector<UnitId> units;
    for (const SeatRef &seat : seats.value())
        units << seat.unit;
    if (verb == QLatin1String("release")) {
        auto released = house.release(event.value(), units);
        if (!released)
            return context.fail(released.error());
        return context.succeed(QJsonObject{{QStringLiteral("ok"), true},
                                           {QStringLiteral("event"), event.value()},
                                           {QStringLiteral("released"), seatsToJson(released.value())}},
                               released->isEmpty() ? QStringLiteral("None of those seats was held for the house.")
                                                   : QStringLiteral("Released %1; on sale again.")
                                                         .arg(labelsOf(released.value()).join(QStringLiteral(", "))));
    }
    HouseHoldRequest request;
    request.event = event.value();
    request.units = units;
    request.kind = *kind;
    request.owner = context.parser().value(QStringLiteral("owner"));
    request.note = context.parser().value(QStringLiteral("note"));
    auto held = house.hold(request);
    if (!held)
        return context.fail(held.error());
    return context.succeed(QJsonObject{{QStringLiteral("ok"), true},
                                       {QStringLiteral("event"), event.value()},
                                       {QStringLiteral("kind"), jsonName(request.kind)},
                                       {QStringLiteral("owner"), request.owner},
                                       {QStringLiteral("held"), seatsToJson(held.value())}},
                           QStringLiteral("Held %1 for %2 (%3), off sale until released.")
                               .arg(labelsOf(held.value()).join(QStringLiteral(", ")), request.owner,
                                    houseKindName(request.kind).toLower()));
}

} // namespace boxoffice::ctl
