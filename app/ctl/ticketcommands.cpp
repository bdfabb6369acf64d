#include "commands.h"

#include "domain/countersale.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"

namespace boxoffice::ctl {

// At the door: is this scanned or typed code a ticket that admits? Exit 0 admits, 1 does not, 2 never issued.
int runTicket(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    if (args.value(1) != QLatin1String("verify") || args.value(2).isEmpty())
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl ticket verify CODE (as scanned: BOXOFFICE-TICKET:...)"));
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgInventory inventory(connection.value()->database());
    PgCounterSales store(connection.value()->database(), inventory.carts);
    auto check = CounterSaleService(store).checkTicket(args.value(2));
    if (!check)
        return context.fail(check.error());
    const Ticket &ticket = check->ticket;
    const QString seat = QStringLiteral("%1, seat %2 (%3), order %4")
                             .arg(ticket.eventName, ticket.seatLabel, ticket.sectionName)
                             .arg(ticket.order);
    const QJsonObject json{{"ok", check->admits},
                           {"admits", check->admits},
                           {"reason", check->reason},
                           {"code", ticket.code},
                           {"event", ticket.eventName},
                           {"seat", ticket.seatLabel},
                           {"order", ticket.order}};
    if (check->admits)
        return context.succeed(json, QStringLiteral("VALID: %1").arg(seat));
    context.succeed(json, QStringLiteral("NOT VALID (%1): %2").arg(check->reason, seat));
    return ExitFailure;
}

} // namespace boxoffice::ctl
