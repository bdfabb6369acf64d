// POST /api/v1/carts/{id}/best: "the best N seats together", as the desk's Ctrl+B finds them
// (domain/bestavailablehold.h), from the event's seat map snapshot (at most about a second old: a block
// taken since is lost at the claim, and the next one is tried). The buyer's caps and the waiting room's
// admission apply as to any hold.

#include "admissioncheck.h"
#include "jsonbody.h"
#include "routes.h"
#include "workerpool.h"

#include "domain/bestavailablehold.h"
#include "domain/seatholdrules.h"

#include <QRandomGenerator>

namespace boxoffice::web {

namespace {

ApiReply holdBest(WebServices &services, const ApiCall &call, WorkerContext *context)
{
    auto body
        = parseObject(call.body, {QStringLiteral("event"), QStringLiteral("count"), QStringLiteral("section")}, false);
    if (!body)
        return ApiReply::fromDomainError(body.error());
    auto event = positiveId(body->value(QStringLiteral("event")), QStringLiteral("event"));
    if (!event)
        return ApiReply::fromDomainError(event.error());
    auto count = positiveId(body->value(QStringLiteral("count")), QStringLiteral("count"));
    if (!count)
        return ApiReply::fromDomainError(count.error());
    BestAvailableRequest request;
    request.count = int(qMin<qint64>(count.value(), 1000));
    if (body->contains(QStringLiteral("section"))) {
        const QJsonValue section = body->value(QStringLiteral("section"));
        const double index = section.toDouble(-1);
        if (!section.isDouble() || index < 0 || index > 10000 || index != double(int(index)))
            return ApiReply::error(
                400, QStringLiteral("bad_input"),
                QStringLiteral("\"section\" must be a section's index in the seat map (0, 1, ...)."));
        request.section = int(index);
    }
    if (auto refusedEntry = admissionRefused(services, call, event.value()))
        return *refusedEntry;
    const CartId cart = call.args.value(0);
    if (!isValidCartId(cart))
        return ApiReply::fromDomainError(makeError(ErrorCode::NotFound, QStringLiteral("No such cart.")));

    auto snapshot = services.seatMaps.snapshot(event.value(), *context->seatMaps);
    if (!snapshot)
        return ApiReply::fromDomainError(snapshot.error());
    HoldRequest base;
    base.event = event.value();
    base.cart = cart;
    base.buyer = call.buyerId();
    auto best = holdBestAvailable(*context->holds, base, *snapshot->map, *snapshot->quality, request,
                                  snapshot->serverNow, *QRandomGenerator::global());
    if (!best)
        return holdAnswer(services, base, best.error());
    return holdAnswer(services, base, best->grant);
}

} // namespace

QVector<Route> bestAvailableRoutes(WebServices &services)
{
    Route best{QStringLiteral("/api/v1/carts/<arg>/best"), QStringLiteral("/api/v1/carts/{id}/best"), 1, {}};
    MethodHandler post{QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *context) {
                           return holdBest(services, call, context);
                       }};
    post.auth = true;
    best.methods.append(post);
    return {best};
}

} // namespace boxoffice::web
