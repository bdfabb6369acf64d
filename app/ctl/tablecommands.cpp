#include "commands.h"

#include "domain/slotservice.h"
#include "jsonformat.h"

#include <QJsonArray>
#include <QTextStream>

namespace boxoffice::ctl {

int runTable(CtlContext &context)
{
    const QString action = context.parser().positionalArguments().value(1);
    const QStringList actions{QStringLiteral("list"), QStringLiteral("hold"), QStringLiteral("find"),
                              QStringLiteral("release")};
    if (!actions.contains(action))
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl table list|hold|find|release ..."));
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    SlotService service(session.value()->timeSlots);

    if (action == QLatin1String("list")) {
        auto restaurants = service.restaurants();
        if (!restaurants)
            return context.fail(restaurants.error());
        QJsonArray json;
        QString text;
        QTextStream out(&text);
        for (const RestaurantSummary &restaurant : restaurants.value()) {
            json.append(restaurantToJson(restaurant));
            out << restaurant.id << "  " << restaurant.name << '\n';
            for (const TableSummary &table : restaurant.tables)
                out << "      table " << table.id << "  " << table.code << "  " << table.seats << " seats\n";
        }
        return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("restaurants"), json}}, text);
    }
    auto cart = context.requireText(QStringLiteral("cart"));
    if (!cart)
        return context.fail(cart.error());
    if (action == QLatin1String("release")) {
        auto booking = context.requireId(QStringLiteral("booking"));
        if (!booking)
            return context.fail(booking.error());
        auto released = service.releaseSlot(cart.value(), booking.value());
        if (!released)
            return context.fail(released.error());
        return context.succeed({{QStringLiteral("ok"), true},
                                {QStringLiteral("booking"), booking.value()},
                                {QStringLiteral("released"), released.value() == 1}},
                               released.value() == 1
                                   ? QStringLiteral("Released booking %1.").arg(booking.value())
                                   : QStringLiteral("Cart %1 did not hold booking %2; nothing changed.")
                                         .arg(cart.value())
                                         .arg(booking.value()));
    }
    auto party = context.requireNumber(QStringLiteral("party"), 1);
    auto at = context.requireTime(QStringLiteral("at"));
    auto minutes = context.requireNumber(QStringLiteral("minutes"), 1);
    if (!party)
        return context.fail(party.error());
    if (!at)
        return context.fail(at.error());
    if (!minutes)
        return context.fail(minutes.error());
    bool ok = true;
    const std::optional<int> ttl = context.optionalNumber(QStringLiteral("ttl"), &ok);
    if (!ok)
        return context.failUsage(QStringLiteral("--ttl must be a whole number of seconds."));
    Result<SlotHold> held = makeError(ErrorCode::Internal, QString());
    if (action == QLatin1String("find")) {
        auto restaurant = context.requireId(QStringLiteral("restaurant"));
        if (!restaurant)
            return context.fail(restaurant.error());
        held = service.findAndHold({restaurant.value(), cart.value(), party.value(), at.value(), minutes.value(), ttl});
    } else {
        auto table = context.requireId(QStringLiteral("table"));
        if (!table)
            return context.fail(table.error());
        held = service.holdSlot({table.value(), cart.value(), party.value(), at.value(),
                                 at.value().addSecs(qint64(minutes.value()) * 60), ttl});
    }
    if (!held)
        return context.fail(held.error(), {{QStringLiteral("cart"), cart.value()}});
    return context.succeed(slotHoldToJson(cart.value(), held.value()),
                           QStringLiteral("Held table %1 from %2 to %3 (booking %4) until %5.")
                               .arg(held->table, held->start.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                                    held->end.toLocalTime().toString(QStringLiteral("HH:mm")))
                               .arg(held->id)
                               .arg(held->expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"))));
}

} // namespace boxoffice::ctl
