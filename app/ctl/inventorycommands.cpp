#include "commands.h"

#include "domain/cartservice.h"
#include "domain/jsonvocabulary.h"
#include "domain/seatholdservice.h"
#include "jsonformat.h"
#include "storage/pgseatstore.h"

#include <QJsonArray>
#include <QTextStream>

namespace boxoffice::ctl {

namespace {

QStringList seatList(const QString &value)
{
    QStringList seats;
    for (const QString &part : value.split(QLatin1Char(','), Qt::KeepEmptyParts))
        seats << part.trimmed();
    if (seats.size() == 1 && seats.first().isEmpty())
        seats.clear();
    return seats;
}

QString releasedText(const QStringList &labels, const QString &cart, const QString &whenNothing)
{
    if (labels.isEmpty())
        return QStringLiteral("Cart %1 %2; nothing changed.").arg(cart, whenNothing);
    return QStringLiteral("Released %1 from cart %2.").arg(labels.join(QStringLiteral(", ")), cart);
}

QString heldText(const QVector<HeldUnit> &held)
{
    QStringList parts;
    for (const HeldUnit &unit : held)
        parts << unit.seat.label;
    const QString until
        = held.isEmpty() ? QString() : held.first().expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"));
    return QStringLiteral("%1 until %2").arg(parts.join(QStringLiteral(", ")), until);
}

} // namespace

int runEvents(CtlContext &context)
{
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgSeatStore store(connection.value()->database());
    auto events = SeatHoldService(store).events();
    if (!events)
        return context.fail(events.error());
    QJsonArray json;
    QString text;
    QTextStream out(&text);
    for (const EventSummary &event : events.value()) {
        json.append(jsonEvent(event));
        out << QStringLiteral("%1  %2  %3  %4  (%5 seats, holds %6 s, %7 extension(s))\n")
                   .arg(event.id, 4)
                   .arg(event.startsAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), event.name,
                        event.venue)
                   .arg(event.totalUnits)
                   .arg(event.policy.holdSeconds)
                   .arg(event.policy.maxExtensions);
    }
    if (events->isEmpty())
        out << "No events yet. Load the demo with: boxoffice-ctl seed-demo\n";
    return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("events"), json}}, text);
}

int runAvailability(CtlContext &context)
{
    auto event = context.requireId(QStringLiteral("event"));
    if (!event)
        return context.fail(event.error());
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgSeatStore store(connection.value()->database());
    SeatHoldService service(store);
    auto summary = service.event(event.value());
    if (!summary)
        return context.fail(summary.error());
    auto availability = service.availability(event.value());
    if (!availability)
        return context.fail(availability.error());

    QString text;
    QTextStream out(&text);
    out << summary->name << " at " << summary->venue << ", "
        << summary->startsAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) << "\n\n";
    out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("Section"), -22)
               .arg(QStringLiteral("Band"), -5)
               .arg(QStringLiteral("Price"), 11)
               .arg(QStringLiteral("Available"), 10)
               .arg(QStringLiteral("Held"), 6)
               .arg(QStringLiteral("Sold"), 6);
    for (const AvailabilityRow &row : availability->rows) {
        out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                   .arg(QStringLiteral("%1 %2").arg(row.section, row.sectionName), -22)
                   .arg(row.priceBand, -5)
                   .arg(row.price.text(), 11)
                   .arg(QStringLiteral("%1/%2").arg(row.available).arg(row.total), 10)
                   .arg(row.held, 6)
                   .arg(row.sold, 6);
    }
    out << QStringLiteral("\n%1 of %2 seats available, %3 held, %4 sold.")
               .arg(availability->available())
               .arg(availability->total())
               .arg(availability->held())
               .arg(availability->sold());
    QJsonObject json = availabilityToJson(availability.value());
    json.insert(QStringLiteral("ok"), true);
    json.insert(QStringLiteral("name"), summary->name);
    return context.succeed(json, text);
}

int runHold(CtlContext &context)
{
    auto event = context.requireId(QStringLiteral("event"));
    if (!event)
        return context.fail(event.error());
    auto cart = context.requireText(QStringLiteral("cart"));
    if (!cart)
        return context.fail(cart.error());
    const QStringList seats = seatList(context.parser().value(QStringLiteral("seats")));
    std::optional<int> ttl;
    if (context.parser().isSet(QStringLiteral("ttl"))) {
        bool ok = false;
        ttl = context.parser().value(QStringLiteral("ttl")).toInt(&ok);
        if (!ok)
            return context.failUsage(QStringLiteral("--ttl must be a whole number of seconds."));
    }
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgSeatStore store(connection.value()->database());
    auto held = SeatHoldService(store).holdByLabels(event.value(), cart.value(), seats, ttl);
    if (!held)
        return context.fail(held.error(),
                            {{QStringLiteral("event"), event.value()}, {QStringLiteral("cart"), cart.value()}});
    HoldRequest request;
    request.event = event.value();
    request.cart = cart.value();
    return context.succeed(holdToJson(request, held.value()),
                           QStringLiteral("Held %1 for cart %2.").arg(heldText(held->held), cart.value()));
}

int runRelease(CtlContext &context)
{
    auto cart = context.requireText(QStringLiteral("cart"));
    if (!cart)
        return context.fail(cart.error());
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());

    if (!context.parser().isSet(QStringLiteral("seats"))) {
        // The whole cart, every shape: seats, GA places, stays and tables.
        auto released = CartService(session.value()->carts).releaseCart(cart.value());
        if (!released)
            return context.fail(released.error());
        QStringList labels;
        for (const CartItem &item : released->released)
            labels << item.label;
        return context.succeed(cartReleaseToJson(cart.value(), released.value()),
                               releasedText(labels, cart.value(), QStringLiteral("held nothing")));
    }
    auto event = context.requireId(QStringLiteral("event"));
    if (!event)
        return context.fail(event.error());
    SeatHoldService service(session.value()->seats);
    auto seats = service.resolveSeats(event.value(), seatList(context.parser().value(QStringLiteral("seats"))));
    if (!seats)
        return context.fail(seats.error());
    QVector<UnitId> units;
    for (const SeatRef &seat : seats.value())
        units << seat.unit;
    auto released = service.release(cart.value(), units);
    if (!released)
        return context.fail(released.error());
    QStringList labels;
    for (const SeatRef &seat : released->released)
        labels << seat.label;
    return context.succeed(releaseToJson(cart.value(), released.value()),
                           releasedText(labels, cart.value(), QStringLiteral("held none of those seats")));
}

int runExtend(CtlContext &context)
{
    auto cart = context.requireText(QStringLiteral("cart"));
    if (!cart)
        return context.fail(cart.error());
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    auto extended = CartService(session.value()->carts).extend(cart.value());
    if (!extended)
        return context.fail(extended.error());
    QStringList labels;
    for (const CartItem &item : extended->extended)
        labels << item.label;
    const QString until = extended->extended.first().expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"));
    return context.succeed(extendToJson(cart.value(), extended.value()),
                           QStringLiteral("Extended %1 until %2; %3 extension(s) left.")
                               .arg(labels.join(QStringLiteral(", ")), until)
                               .arg(extended->extensionsLeft));
}

} // namespace boxoffice::ctl
