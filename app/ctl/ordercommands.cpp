#include "commands.h"

#include "domain/cartservice.h"
#include "jsonformat.h"

namespace boxoffice::ctl {

namespace {

QString labels(const QVector<OrderLine> &lines)
{
    QStringList parts;
    for (const OrderLine &line : lines)
        parts << line.label;
    return parts.join(QStringLiteral(", "));
}

QString orderText(const OrderSummary &order)
{
    return QStringLiteral("Order %1 (%2) for cart %3: %4, total %5.")
        .arg(order.id)
        .arg(orderStateName(order.state), order.cart, labels(order.lines), order.amount.text());
}

} // namespace

int runOrder(CtlContext &context)
{
    const bool byOrder = context.parser().isSet(QStringLiteral("order"));
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    CartService service(session.value()->carts);
    Result<OrderSummary> order = makeError(ErrorCode::Internal, QString());
    if (byOrder) {
        auto id = context.requireId(QStringLiteral("order"));
        if (!id)
            return context.fail(id.error());
        order = service.order(id.value());
    } else {
        auto cart = context.requireText(QStringLiteral("cart"));
        if (!cart)
            return context.fail(cart.error());
        order = service.createOrder(cart.value());
    }
    if (!order)
        return context.fail(order.error());
    return context.succeed(orderToJson(order.value()), orderText(order.value()));
}

int runConfirm(CtlContext &context)
{
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    CartService service(session.value()->carts);

    OrderId orderId = 0;
    if (context.parser().isSet(QStringLiteral("order"))) {
        auto id = context.requireId(QStringLiteral("order"));
        if (!id)
            return context.fail(id.error());
        orderId = id.value();
    } else if (context.parser().isSet(QStringLiteral("cart"))) {
        // A counter sale in one step: open the order over what the cart holds, then confirm it.
        auto created = service.createOrder(context.parser().value(QStringLiteral("cart")));
        if (!created)
            return context.fail(created.error());
        orderId = created->id;
    } else {
        return context.failUsage(QStringLiteral("confirm needs --order ID or --cart ID."));
    }

    auto confirmed = service.confirm(orderId);
    if (!confirmed)
        return context.fail(confirmed.error());
    const ConfirmOutcome &outcome = confirmed.value();
    QString text
        = QStringLiteral("Order %1 %2: sold %3.")
              .arg(outcome.order)
              .arg(outcome.alreadyConfirmed ? QStringLiteral("was already confirmed") : QStringLiteral("confirmed"))
              .arg(outcome.sold.isEmpty() ? QStringLiteral("nothing") : labels(outcome.sold));
    if (!outcome.lost.isEmpty()) {
        text += QStringLiteral("\nNOT delivered (reclaimed by another buyer after the hold expired): %1. "
                               "The buyer must be refunded for these.")
                    .arg(labels(outcome.lost));
    }
    context.succeed(confirmToJson(outcome), text);
    return outcome.lost.isEmpty() ? ExitDone : ExitLost;
}

} // namespace boxoffice::ctl
