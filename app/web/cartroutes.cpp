// The buyer's carts: create, hold seats, give one back, extend, check out. Every route needs the
// buyer's token, and a cart that is not the buyer's answers 404 like one that does not exist.

#include "jsonbody.h"
#include "routes.h"
#include "workerpool.h"

#include "domain/checkoutsaga.h"
#include "domain/seatholdrules.h"

#include <QJsonArray>

namespace boxoffice::web {

namespace {

// The cart in the path, checked to be the signed-in buyer's.
Result<CartId> ownCart(const ApiCall &call, WorkerContext *context)
{
    const CartId cart = call.args.value(0);
    if (!isValidCartId(cart))
        return makeError(ErrorCode::NotFound, QStringLiteral("No such cart."));
    if (auto owner = context->buyers->checkCartOwner(call.buyerId(), cart); !owner)
        return owner.error();
    return cart;
}

ApiReply createCart(const ApiCall &call, WorkerContext *context)
{
    auto body = parseObject(call.body, {QStringLiteral("instrument")}, true);
    if (!body)
        return ApiReply::fromDomainError(body.error());
    const QJsonValue instrument = body->value(QStringLiteral("instrument"));
    if (!instrument.isUndefined() && (!instrument.isString() || instrument.toString().trimmed().isEmpty()))
        return ApiReply::fromDomainError(
            makeError(ErrorCode::BadInput, QStringLiteral("instrument is the payment card's fingerprint, a non-empty string.")));
    auto cart = context->buyers->createCart(call.buyerId(), instrument.toString(), call.clientAddress);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    ApiReply reply = ApiReply::json(201, {{QStringLiteral("cart"), cart.value()}});
    reply.addHeader("Location", QStringLiteral("/api/v1/carts/%1").arg(cart.value()).toUtf8());
    return reply;
}

ApiReply hold(WebServices &services, const ApiCall &call, WorkerContext *context)
{
    const auto refused = [&services](const DomainError &error) {
        services.metrics.countHold(error.code == ErrorCode::Lost ? HoldOutcome::Lost : HoldOutcome::Refused);
        return ApiReply::fromDomainError(error);
    };
    // The body first: a malformed request is refused before anything is looked up.
    auto body = parseObject(call.body, {QStringLiteral("event"), QStringLiteral("seats"), QStringLiteral("labels")},
                            false);
    if (!body)
        return refused(body.error());
    const QJsonObject object = body.value();
    auto event = positiveId(object.value(QStringLiteral("event")), QStringLiteral("event"));
    if (!event)
        return refused(event.error());
    const bool bySeats = object.contains(QStringLiteral("seats"));
    const bool byLabels = object.contains(QStringLiteral("labels"));
    if (bySeats == byLabels)
        return refused(makeError(ErrorCode::BadInput, QStringLiteral("Give either \"seats\" (seat ids) or \"labels\" "
                                                                     "(like \"A-1-5\"), not both and not neither.")));
    QVector<UnitId> units;
    QStringList labels;
    if (bySeats) {
        auto ids = positiveIds(object.value(QStringLiteral("seats")), QStringLiteral("seats"),
                               SeatHoldRules::maxUnitsPerRequest);
        if (!ids)
            return refused(ids.error());
        units = ids.value();
    } else {
        auto given = strings(object.value(QStringLiteral("labels")), QStringLiteral("labels"),
                             SeatHoldRules::maxUnitsPerRequest, 32);
        if (!given)
            return refused(given.error());
        labels = given.value();
    }

    // The cart's owner, the labels, every cap and the claim: one database call (SeatHoldService::
    // holdForBuyer). A cart that is not this buyer's answers 404 from inside it.
    const CartId cart = call.args.value(0);
    if (!isValidCartId(cart))
        return ApiReply::fromDomainError(makeError(ErrorCode::NotFound, QStringLiteral("No such cart.")));
    HoldRequest request;
    request.event = event.value();
    request.cart = cart;
    request.units = units;
    request.buyer = call.buyerId();
    // The same use-case as the desk's, with this buyer's caps.
    auto granted = context->holds->holdForBuyer(request, labels);
    if (!granted)
        return refused(granted.error());
    services.metrics.countHold(HoldOutcome::Granted);

    QJsonArray held;
    QDateTime earliest;
    for (const HeldUnit &unit : granted->held) {
        held.append(QJsonObject{{QStringLiteral("unit"), unit.seat.unit},
                                {QStringLiteral("seat"), unit.seat.label},
                                {QStringLiteral("expires_at"), isoUtc(unit.expiresAt)}});
        if (!earliest.isValid() || unit.expiresAt < earliest)
            earliest = unit.expiresAt;
    }
    return ApiReply::json(201, {{QStringLiteral("cart"), cart},
                                {QStringLiteral("event"), event.value()},
                                {QStringLiteral("held"), held},
                                {QStringLiteral("expires_at"), isoUtc(earliest)}});
}

ApiReply release(const ApiCall &call, WorkerContext *context)
{
    auto cart = ownCart(call, context);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    auto unit = pathId(call.args.value(1), QStringLiteral("The seat id"));
    if (!unit)
        return ApiReply::fromDomainError(unit.error());
    auto released = context->holds->release(cart.value(), {unit.value()});
    if (!released)
        return ApiReply::fromDomainError(released.error());
    if (released->released.isEmpty())
        return ApiReply::error(404, QStringLiteral("not_found"),
                               QStringLiteral("Seat %1 is not held by this cart.").arg(unit.value()));
    QJsonArray list;
    for (const SeatRef &seat : released->released)
        list.append(QJsonObject{{QStringLiteral("unit"), seat.unit}, {QStringLiteral("seat"), seat.label}});
    return ApiReply::json(200, {{QStringLiteral("cart"), cart.value()}, {QStringLiteral("released"), list}});
}

ApiReply extend(const ApiCall &call, WorkerContext *context)
{
    if (auto body = parseObject(call.body, {}, true); !body)
        return ApiReply::fromDomainError(body.error());
    auto cart = ownCart(call, context);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    auto extended = context->carts->extend(cart.value());
    if (!extended)
        return ApiReply::fromDomainError(extended.error());
    QJsonArray items;
    for (const CartItem &item : extended->extended)
        items.append(cartItemJson(item));
    return ApiReply::json(200, {{QStringLiteral("cart"), cart.value()},
                                {QStringLiteral("extended"), items},
                                {QStringLiteral("extensions_left"), extended->extensionsLeft}});
}

QString outcomeName(CheckoutOutcome::State state)
{
    switch (state) {
    case CheckoutOutcome::State::Paid:
        return QStringLiteral("paid");
    case CheckoutOutcome::State::Declined:
        return QStringLiteral("declined");
    case CheckoutOutcome::State::Pending:
        break;
    }
    return QStringLiteral("pending");
}

ApiReply checkout(WebServices &services, const ApiCall &call, WorkerContext *context)
{
    if (auto body = parseObject(call.body, {}, true); !body)
        return ApiReply::fromDomainError(body.error());
    auto cart = ownCart(call, context);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    if (!services.provider)
        return ApiReply::error(503, QStringLiteral("unavailable"),
                               QStringLiteral("Online payment is not configured on this server."));
    // The provider is called with no transaction open; this worker thread waits for it.
    CheckoutSaga saga(*context->checkout, *services.provider, services.config.providerName);
    auto outcome = saga.checkout(cart.value(), QStringLiteral("web"), QString::number(call.buyerId()));
    if (!outcome)
        return ApiReply::fromDomainError(outcome.error());
    QJsonObject answer{{QStringLiteral("order"), outcome->order},
                       {QStringLiteral("state"), outcomeName(outcome->state)},
                       {QStringLiteral("cart"), cart.value()}};
    if (auto order = context->carts->order(outcome->order); order) {
        const QJsonObject details = orderJson(order.value());
        answer.insert(QStringLiteral("order_state"), details.value(QStringLiteral("state")));
        answer.insert(QStringLiteral("amount"), details.value(QStringLiteral("amount")));
        answer.insert(QStringLiteral("currency"), details.value(QStringLiteral("currency")));
        answer.insert(QStringLiteral("lines"), details.value(QStringLiteral("lines")));
    }
    if (outcome->state == CheckoutOutcome::State::Declined && !outcome->charge.declineReason.isEmpty())
        answer.insert(QStringLiteral("decline_reason"), outcome->charge.declineReason);
    if (outcome->state == CheckoutOutcome::State::Paid) {
        QJsonArray replaced;
        for (const OrderLine &line : outcome->settlement.replaced)
            replaced.append(orderLineJson(line));
        QJsonArray refunded;
        for (const OrderLine &line : outcome->settlement.refunded)
            refunded.append(orderLineJson(line));
        answer.insert(QStringLiteral("replaced"), replaced);
        answer.insert(QStringLiteral("refunded"), refunded);
    }
    return ApiReply::json(200, answer);
}

MethodHandler authed(const QString &method, Handler handler)
{
    MethodHandler result{method, std::move(handler)};
    result.auth = true;
    return result;
}

} // namespace

QVector<Route> cartRoutes(WebServices &services)
{
    Route carts{QStringLiteral("/api/v1/carts"), QStringLiteral("/api/v1/carts"), 0, {}};
    carts.methods.append(authed(QStringLiteral("POST"), createCart));

    Route holds{QStringLiteral("/api/v1/carts/<arg>/holds"), QStringLiteral("/api/v1/carts/{id}/holds"), 1, {}};
    holds.methods.append(authed(QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *context) {
        return hold(services, call, context);
    }));

    Route oneHold{QStringLiteral("/api/v1/carts/<arg>/holds/<arg>"), QStringLiteral("/api/v1/carts/{id}/holds/{unit}"),
                  2, {}};
    oneHold.methods.append(authed(QStringLiteral("DELETE"), release));

    Route extension{QStringLiteral("/api/v1/carts/<arg>/extend"), QStringLiteral("/api/v1/carts/{id}/extend"), 1, {}};
    extension.methods.append(authed(QStringLiteral("POST"), extend));

    Route pay{QStringLiteral("/api/v1/carts/<arg>/checkout"), QStringLiteral("/api/v1/carts/{id}/checkout"), 1, {}};
    pay.methods.append(authed(QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *context) {
        return checkout(services, call, context);
    }));
    return {oneHold, holds, extension, pay, carts};
}

} // namespace boxoffice::web
