// GET /api/v1/orders: the buyer's orders, newest first (?cart= finds the order a lost checkout answer
// named; ?before= pages on). GET /api/v1/orders/{id}: one of them with its lines and tickets.
// GET /api/v1/orders/{id}/tickets.pdf: its tickets and vouchers, the PDF its confirmation mail carried.
// Another buyer's orders are never listed, and their ids answer 404.

#include "jsonbody.h"
#include "routes.h"
#include "workerpool.h"

#include "domain/textrules.h"

namespace boxoffice::web {

namespace {

constexpr int defaultPage = 20;
constexpr int largestPage = 100;
constexpr int longestCartId = 100;

QJsonObject listedOrderJson(const BuyerOrder &order)
{
    return {{QStringLiteral("order"), order.summary.id},
            {QStringLiteral("cart"), order.summary.cart},
            {QStringLiteral("state"), orderStateName(order.summary.state).toLower()},
            {QStringLiteral("amount"), order.summary.amount.minor()},
            {QStringLiteral("currency"), order.summary.currency},
            {QStringLiteral("created_at"), jsonTimeOrNull(order.createdAt)},
            {QStringLiteral("paid_at"), jsonTimeOrNull(order.paidAt)}};
}

ApiReply listOrders(const ApiCall &call, WorkerContext *context)
{
    const QString cart = call.query.queryItemValue(QStringLiteral("cart"), QUrl::FullyDecoded);
    if (cart.size() > longestCartId || hasUnshowableCharacters(cart))
        return ApiReply::error(
            400, QStringLiteral("bad_input"),
            QStringLiteral("\"cart\" must be a cart id of at most %1 printable characters.").arg(longestCartId));
    OrderId before = 0;
    if (call.query.hasQueryItem(QStringLiteral("before"))) {
        auto id = pathId(call.query.queryItemValue(QStringLiteral("before")), QStringLiteral("\"before\""));
        if (!id)
            return ApiReply::fromDomainError(id.error());
        before = id.value();
    }
    int limit = defaultPage;
    if (call.query.hasQueryItem(QStringLiteral("limit"))) {
        bool ok = false;
        limit = call.query.queryItemValue(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1 || limit > largestPage)
            return ApiReply::error(400, QStringLiteral("bad_input"),
                                   QStringLiteral("\"limit\" must be a whole number from 1 to %1.").arg(largestPage));
    }
    auto orders = context->buyers->orders(call.buyerId(), cart, before, limit);
    if (!orders)
        return ApiReply::fromDomainError(orders.error());
    QJsonArray listed;
    for (const BuyerOrder &order : orders.value())
        listed.append(listedOrderJson(order));
    // A full page may have more behind it; the last id is where the next page starts.
    const QJsonValue next = orders->size() == limit ? QJsonValue(orders->last().summary.id) : QJsonValue();
    return ApiReply::json(200, {{QStringLiteral("orders"), listed}, {QStringLiteral("next_before"), next}});
}

QJsonObject ticketJson(const Ticket &ticket)
{
    return {{QStringLiteral("code"), ticket.code},
            {QStringLiteral("event"), ticket.eventName},
            {QStringLiteral("kind"), ticket.isStandingPlace() ? QStringLiteral("place") : QStringLiteral("seat")},
            {QStringLiteral("what"), ticketPlaceText(ticket)}};
}

// The buyer's own order, or the answer to give instead: 404 for an id that is not a positive whole
// number, an unknown order and another buyer's alike, so ids reveal nothing.
Result<OrderId> ownOrder(const ApiCall &call, WorkerContext *context)
{
    auto id = pathId(call.args.value(0), QStringLiteral("The order id"));
    if (!id)
        return makeError(ErrorCode::NotFound, QStringLiteral("No such order."));
    if (auto owner = context->buyers->checkOrderOwner(call.buyerId(), id.value()); !owner)
        return owner.error();
    return id.value();
}

ApiReply oneOrder(const ApiCall &call, WorkerContext *context)
{
    auto id = ownOrder(call, context);
    if (!id)
        return ApiReply::fromDomainError(id.error());
    auto summary = context->carts->order(id.value());
    if (!summary)
        return ApiReply::fromDomainError(summary.error());
    auto tickets = context->documents->tickets(id.value());
    if (!tickets)
        return ApiReply::fromDomainError(tickets.error());
    QJsonArray issued;
    for (const Ticket &ticket : tickets.value())
        issued.append(ticketJson(ticket));
    QJsonObject order = orderJson(summary.value());
    order.insert(QStringLiteral("tickets"), issued);
    return ApiReply::json(200, order);
}

ApiReply orderTicketsPdf(const ApiCall &call, WorkerContext *context)
{
    auto id = ownOrder(call, context);
    if (!id)
        return ApiReply::fromDomainError(id.error());
    auto document = context->documents->document(id.value());
    if (!document)
        return ApiReply::fromDomainError(document.error());
    switch (document->state) {
    case OrderDocument::State::NotIssuedYet: {
        // The worker issues paid orders every few seconds to a minute: worth asking again, not an error.
        ApiReply reply = ApiReply::error(409, QStringLiteral("not_ready"),
                                         QStringLiteral("Your tickets are being issued; try again in a minute."));
        reply.addHeader("Retry-After", "60");
        return reply;
    }
    case OrderDocument::State::None:
        return ApiReply::error(404, QStringLiteral("not_found"),
                               QStringLiteral("Order %1 has no tickets to download.").arg(id.value()));
    case OrderDocument::State::Ready:
        break;
    }
    ApiReply reply;
    reply.contentType = "application/pdf";
    reply.body = document->pdf;
    reply.addHeader("Content-Disposition", "attachment; filename=\"order-" + QByteArray::number(id.value()) + ".pdf\"");
    // The codes on it are the buyer's admission: no shared cache may keep a copy.
    reply.addHeader("Cache-Control", "private, no-store");
    return reply;
}

Route readRoute(const QString &pattern, const QString &name, int args, Handler handler)
{
    Route route{pattern, name, args, {}};
    MethodHandler get{QStringLiteral("GET"), std::move(handler)};
    get.auth = true;
    get.lane = Lane::Read;
    route.methods.append(get);
    return route;
}

} // namespace

QVector<Route> orderRoutes(WebServices &)
{
    return {readRoute(QStringLiteral("/api/v1/orders"), QStringLiteral("/api/v1/orders"), 0, listOrders),
            readRoute(QStringLiteral("/api/v1/orders/<arg>"), QStringLiteral("/api/v1/orders/{id}"), 1, oneOrder),
            readRoute(QStringLiteral("/api/v1/orders/<arg>/tickets.pdf"),
                      QStringLiteral("/api/v1/orders/{id}/tickets.pdf"), 1, orderTicketsPdf)};
}

} // namespace boxoffice::web
