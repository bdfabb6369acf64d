// The buyer's carts: create, hold seats, give one back, extend, check out. Every route needs the
// buyer's token, and a cart that is not the buyer's answers 404 like one that does not exist.

#include "admissioncheck.h"
#include "holdfilterguard.h"
#include "jsonbody.h"
#include "lanecheckoutstore.h"
#include "routes.h"
#include "weblanes.h"
#include "workerpool.h"

#include "weblogging.h"

#include "domain/cardfingerprint.h"
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

// The card a new cart will be paid with, as the provider vouches for it: the fingerprint of the
// payment method the buyer names, checked to the one stored shape; an empty card when the buyer names
// none. The provider is asked before the cart is written, with no transaction open.
Result<PaymentCard> vouchedCard(WebServices &services, const QJsonValue &paymentMethod)
{
    if (paymentMethod.isUndefined())
        return PaymentCard{};
    if (!paymentMethod.isString())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("payment_method is the payment provider's id for a card, like \"pm_1a2b3c\"."));
    if (!services.provider)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Cards cannot be checked: no payment provider is configured."));
    auto card = services.provider->paymentMethod(paymentMethod.toString());
    if (!card)
        return card.error();
    auto fingerprint = cardFingerprint(card->fingerprint);
    if (!fingerprint) {
        // The provider's answer, not the buyer's request, is wrong.
        qCWarning(lcWeb).noquote() << "payment method" << card->paymentMethod
                                   << "has an unusable fingerprint:" << fingerprint.error().message;
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("The payment provider could not tell which card this is."));
    }
    PaymentCard vouched = card.value();
    vouched.fingerprint = fingerprint.value();
    return vouched;
}

ApiReply createCart(WebServices &services, const ApiCall &call, WorkerContext *context)
{
    auto body = parseObject(call.body, {QStringLiteral("payment_method"), QStringLiteral("instrument")}, true);
    if (!body)
        return ApiReply::fromDomainError(body.error());
    // A card typed as text let one card pass as many ("CARD-Y", a zero-width space): only the
    // provider may say which card a cart pays with.
    if (body->contains(QStringLiteral("instrument")))
        return ApiReply::error(400, errorCodeName(ErrorCode::BadInput),
                               QStringLiteral("\"instrument\" is not taken: send \"payment_method\", the payment "
                                              "provider's id for your card (\"pm_...\"), or nothing for a cart "
                                              "without a card."));
    // Counted before the provider is asked: every attempt costs a lookup.
    if (auto limited = services.limits->cartsPerBuyer.take(QString::number(call.buyerId())))
        return *limited;
    auto card = vouchedCard(services, body->value(QStringLiteral("payment_method")));
    if (!card) {
        switch (card.error().code) {
        case ErrorCode::NotFound:
            return ApiReply::error(400, QStringLiteral("unknown_payment_method"),
                                   QStringLiteral("The payment provider knows no such payment method."));
        case ErrorCode::BadInput:
            return ApiReply::fromDomainError(card.error());
        default: {
            // Not fromDomainError: Unavailable there means this worker's database went away.
            ApiReply reply = ApiReply::error(503, errorCodeName(ErrorCode::Unavailable), card.error().message);
            reply.addHeader("Retry-After", "1");
            return reply;
        }
        }
    }
    auto cart = context->buyers->createCart(call.buyerId(), card->fingerprint, call.clientAddress, card->paymentMethod);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    QJsonObject answer{{QStringLiteral("cart"), cart.value()}};
    // What the buyer may see of the card; the fingerprint stays between the provider and the shop.
    if (!card->fingerprint.isEmpty())
        answer.insert(QStringLiteral("card"),
                      QJsonObject{{QStringLiteral("brand"), card->brand}, {QStringLiteral("last4"), card->last4}});
    ApiReply reply = ApiReply::json(201, answer);
    reply.addHeader("Location", QStringLiteral("/api/v1/carts/%1").arg(cart.value()).toUtf8());
    return reply;
}

// A cap applies to the cart: claimed the single way, under its cap locks, by a claim-lane thread with
// a connection of its own (the batch's answer may arrive on a thread whose connection is busy).
void holdSingly(WebServices *services, std::shared_ptr<const ApiCall> call, std::shared_ptr<HoldFilterGuard> filter,
                const HoldRequest &request)
{
    services->lanes->claim().startAdmitted([services, call, filter, request](Result<WorkerContext *> context) {
        const Result<HoldGrant> granted
            = context ? context.value()->holds->holdForBuyer(request, {}) : Result<HoldGrant>(context.error());
        filter->claimed(granted.ok());
        const ApiReply reply = holdAnswer(*services, request, granted);
        if (reply.connectionLost && context)
            context.value()->broken = true;
        call->answerLater(reply);
    });
}

// Claimed with the other holds on the event sent at about the same time (SeatHoldBatcher): this thread
// answers later, or sends the batch itself and goes on to the next request.
ApiReply holdInBatch(WebServices &services, const ApiCall &call, WorkerContext *context, const HoldRequest &request,
                     std::shared_ptr<HoldFilterGuard> filter)
{
    WebServices *shared = &services;
    std::shared_ptr<const ApiCall> self = call.shared_from_this();
    SeatHoldBatcher &batcher = *services.seatBatcher;
    const bool taken = batcher.hold(
        request,
        [shared, self, filter, request](Result<SeatBatchAnswer> answer) {
            if (answer && !answer->grant) {
                shared->seatBatcher->rememberCapped(request.event);
                holdSingly(shared, self, filter, request);
                return;
            }
            const Result<HoldGrant> granted
                = answer ? Result<HoldGrant>(*answer->grant) : Result<HoldGrant>(answer.error());
            filter->claimed(granted.ok());
            self->answerLater(holdAnswer(*shared, request, granted));
        },
        *context->seatBatches);
    if (context->seatBatches->lostConnection())
        context->broken = true;
    if (!taken) {
        // As many holds wait for this event's batches as the claim lane would let wait: come back.
        filter->claimed(false);
        services.metrics.countHold(HoldOutcome::Refused);
        return busyAnswer(services.lanes->claim().name());
    }
    return ApiReply::answeredLater();
}

ApiReply hold(WebServices &services, const ApiCall &call, WorkerContext *context)
{
    const auto refused = [&services](const DomainError &error) {
        services.metrics.countHold(error.code == ErrorCode::Lost ? HoldOutcome::Lost : HoldOutcome::Refused);
        return ApiReply::fromDomainError(error);
    };
    // The body first: a malformed request is refused before anything is looked up.
    auto body
        = parseObject(call.body, {QStringLiteral("event"), QStringLiteral("seats"), QStringLiteral("labels")}, false);
    if (!body)
        return refused(body.error());
    const QJsonObject object = body.value();
    auto event = positiveId(object.value(QStringLiteral("event")), QStringLiteral("event"));
    if (!event)
        return refused(event.error());
    if (auto refusedEntry = admissionRefused(services, call, event.value()))
        return *refusedEntry;
    const bool bySeats = object.contains(QStringLiteral("seats"));
    const bool byLabels = object.contains(QStringLiteral("labels"));
    if (bySeats == byLabels)
        return refused(makeError(ErrorCode::BadInput,
                                 QStringLiteral("Give either \"seats\" (seat ids) or \"labels\" "
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
    // holdForBuyer, or the batch). A cart that is not this buyer's answers 404 from inside it.
    const CartId cart = call.args.value(0);
    if (!isValidCartId(cart))
        return ApiReply::fromDomainError(makeError(ErrorCode::NotFound, QStringLiteral("No such cart.")));
    HoldRequest request;
    request.event = event.value();
    request.cart = cart;
    request.units = units;
    request.buyer = call.buyerId();
    // With Redis, a seat another cart claimed a moment ago is answered here, without the database.
    auto filter = std::make_shared<HoldFilterGuard>(services.holdFilter(), request.event, units, cart,
                                                    services.config.holdFilterMs);
    if (auto lostToAMark = filter->markOrRefuse()) {
        services.metrics.countHold(HoldOutcome::Lost);
        return *lostToAMark;
    }
    if (services.seatBatcher && labels.isEmpty() && !services.seatBatcher->knownCapped(request.event))
        return holdInBatch(services, call, context, request, filter);
    // The same use-case as the desk's, with this buyer's caps.
    const Result<HoldGrant> granted = context->holds->holdForBuyer(request, labels);
    filter->claimed(granted.ok());
    return holdAnswer(services, request, granted);
}

ApiReply release(WebServices &services, const ApiCall &call, WorkerContext *context)
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
    // With Redis, the seat's mark goes too: the next buyer is not told "taken" for a free seat.
    if (HoldFilter *filter = services.holdFilter()) {
        for (auto it = released->releasedByEvent.cbegin(); it != released->releasedByEvent.cend(); ++it)
            filter->unmark(it.key(), it.value(), cart.value());
    }
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
    return ApiReply::json(200,
                          {{QStringLiteral("cart"), cart.value()},
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

// On a provider lane thread, which has no connection: every store call is a short job on the claim
// lane, so waiting for a slow provider holds no connection and no claim lane thread.
ApiReply checkout(WebServices &services, const ApiCall &call)
{
    if (auto body = parseObject(call.body, {}, true); !body)
        return ApiReply::fromDomainError(body.error());
    WebLanes &lanes = *services.lanes;
    auto cart = lanes.callOnClaim<CartId>([&call](WorkerContext &claim) { return ownCart(call, &claim); });
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    if (!services.provider)
        return ApiReply::error(503, QStringLiteral("unavailable"),
                               QStringLiteral("Online payment is not configured on this server."));
    // The provider is called with no transaction open (and no connection held by this thread).
    LaneCheckoutStore store(lanes);
    CheckoutSaga saga(store, *services.provider, services.config.providerName);
    auto outcome = saga.checkout(cart.value(), QStringLiteral("web"), QString::number(call.buyerId()));
    if (!outcome)
        return ApiReply::fromDomainError(outcome.error());
    QJsonObject answer{{QStringLiteral("order"), outcome->order},
                       {QStringLiteral("state"), outcomeName(outcome->state)},
                       {QStringLiteral("cart"), cart.value()}};
    const OrderId orderId = outcome->order;
    if (auto order
        = lanes.callOnClaim<OrderSummary>([orderId](WorkerContext &claim) { return claim.carts->order(orderId); });
        order) {
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

// The answer to a hold, whichever way it was claimed.
ApiReply holdAnswer(WebServices &services, const HoldRequest &request, const Result<HoldGrant> &granted)
{
    if (!granted) {
        services.metrics.countHold(granted.error().code == ErrorCode::Lost ? HoldOutcome::Lost : HoldOutcome::Refused);
        return ApiReply::fromDomainError(granted.error());
    }
    services.metrics.countHold(HoldOutcome::Granted);
    QJsonArray held;
    QDateTime earliest;
    for (const HeldUnit &unit : granted->held) {
        held.append(QJsonObject{{QStringLiteral("unit"), unit.seat.unit},
                                {QStringLiteral("seat"), unit.seat.label},
                                {QStringLiteral("expires_at"), jsonTime(unit.expiresAt)}});
        if (!earliest.isValid() || unit.expiresAt < earliest)
            earliest = unit.expiresAt;
    }
    return ApiReply::json(201,
                          {{QStringLiteral("cart"), request.cart},
                           {QStringLiteral("event"), request.event},
                           {QStringLiteral("held"), held},
                           {QStringLiteral("expires_at"), jsonTime(earliest)}});
}

QVector<Route> cartRoutes(WebServices &services)
{
    Route carts{QStringLiteral("/api/v1/carts"), QStringLiteral("/api/v1/carts"), 0, {}};
    carts.methods.append(authed(QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *context) {
        return createCart(services, call, context);
    }));

    Route holds{QStringLiteral("/api/v1/carts/<arg>/holds"), QStringLiteral("/api/v1/carts/{id}/holds"), 1, {}};
    holds.methods.append(authed(QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *context) {
        return hold(services, call, context);
    }));

    Route oneHold{
        QStringLiteral("/api/v1/carts/<arg>/holds/<arg>"), QStringLiteral("/api/v1/carts/{id}/holds/{unit}"), 2, {}};
    oneHold.methods.append(authed(QStringLiteral("DELETE"), [&services](const ApiCall &call, WorkerContext *context) {
        return release(services, call, context);
    }));

    Route extension{QStringLiteral("/api/v1/carts/<arg>/extend"), QStringLiteral("/api/v1/carts/{id}/extend"), 1, {}};
    extension.methods.append(authed(QStringLiteral("POST"), extend));

    Route pay{QStringLiteral("/api/v1/carts/<arg>/checkout"), QStringLiteral("/api/v1/carts/{id}/checkout"), 1, {}};
    MethodHandler payNow = authed(
        QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *) { return checkout(services, call); });
    payNow.lane = Lane::Provider;
    pay.methods.append(payNow);
    return {oneHold, holds, extension, pay, carts};
}

} // namespace boxoffice::web
