// The waiting room on the web: a static queue page (the same bytes for everyone, cacheable by any
// proxy or CDN, no database work), joining the queue signed in, polling one's place, and trading
// an admitted place plus the buyer's sign-in for the admission token every hold of the event needs.
// Everything but signing in (for a join and for the admission: a token seen a moment ago is not looked
// up again) stays off the database threads; the pages are answered on the HTTP thread, joins and polls
// on the queue lane (no connection).

#include "admissionservices.h"
#include "jsonbody.h"
#include "routes.h"

namespace boxoffice::web {

namespace {

// The page reads its event from its own address and everything else from the API: a crowd of a
// million can be served from caches in front of this server.
ApiReply page(const QString &name, const QByteArray &type)
{
    return compiledFile(QStringLiteral(":/web/static/") + name, type, "public, max-age=300");
}

Result<OnSale> saleOf(WebServices &services, const ApiCall &call)
{
    auto event = pathId(call.args.value(0), QStringLiteral("The event id"));
    if (!event)
        return event.error();
    auto sale = services.admission->onSales().forEvent(event.value());
    if (!sale)
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("Event %1 is not on sale through a waiting room.").arg(event.value()));
    return *sale;
}

QByteArray ticketOf(const ApiCall &call)
{
    const QByteArray header = call.header("x-queue-ticket");
    return header.isEmpty() ? call.query.queryItemValue(QStringLiteral("ticket")).toLatin1() : header;
}

ApiReply badTicket()
{
    return ApiReply::error(403, QStringLiteral("queue_ticket_invalid"),
                           QStringLiteral("This queue ticket is not one this box office issued for this event: join "
                                          "the queue."));
}

QJsonObject standingJson(const OnSale &sale, const QueueView &view)
{
    return {{QStringLiteral("event"), sale.event},
            {QStringLiteral("position"), view.standing.position},
            {QStringLiteral("admitted_up_to"), view.standing.admittedUpTo},
            {QStringLiteral("admitted"), view.standing.admitted()},
            {QStringLiteral("draw_pending"), view.standing.drawPending},
            {QStringLiteral("draw_closes_at"), jsonTime(sale.drawClosesAt)},
            {QStringLiteral("queue_length"), view.length},
            {QStringLiteral("admit_per_second"), view.ratePerSecond},
            {QStringLiteral("estimated_wait_seconds"), qRound64(view.estimatedWaitSeconds)}};
}

ApiReply uncached(ApiReply reply)
{
    reply.addHeader("Cache-Control", "no-store");
    return reply;
}

ApiReply join(WebServices &services, const ApiCall &call)
{
    if (auto body = parseObject(call.body, {}, true); !body)
        return ApiReply::fromDomainError(body.error());
    auto sale = saleOf(services, call);
    if (!sale)
        return ApiReply::fromDomainError(sale.error());
    if (auto tooMany = services.limits->queueJoins.take(addressSubject(call.clientAddress)))
        return uncached(*tooMany);
    // A place belongs to a sign-in, so another tab, a reload or a script joining again keeps the first
    // place rather than drawing a new one. The sign-in was checked before this ran (cached for seconds,
    // else one read): a made-up token takes no place ahead of real buyers.
    const QString token = bearerToken(call.header("authorization"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    WaitingRoom &room = services.admission->room();
    auto joined = room.join(sale.value(), now, services.admission->signer().visitorIdFor(sale->event, token));
    if (!joined)
        return ApiReply::fromDomainError(joined.error());
    auto view = room.standing(sale.value(), joined->visitor, services.admission->rateFor(sale.value()), now);
    if (!view)
        return ApiReply::fromDomainError(view.error());
    QJsonObject answer = standingJson(sale.value(), view.value());
    answer.insert(QStringLiteral("ticket"), QString::fromLatin1(joined->ticket));
    answer.insert(QStringLiteral("drawn"), joined->drawn);
    return uncached(ApiReply::json(201, answer));
}

ApiReply status(WebServices &services, const ApiCall &call)
{
    auto sale = saleOf(services, call);
    if (!sale)
        return ApiReply::fromDomainError(sale.error());
    const auto visitor = services.admission->signer().verifyTicket(ticketOf(call), sale->event);
    if (!visitor)
        return badTicket();
    auto view = services.admission->room().standing(sale.value(), *visitor, services.admission->rateFor(sale.value()),
                                                    QDateTime::currentMSecsSinceEpoch());
    if (!view)
        return ApiReply::fromDomainError(view.error());
    return uncached(ApiReply::json(200, standingJson(sale.value(), view.value())));
}

ApiReply admit(WebServices &services, const ApiCall &call)
{
    auto body = parseObject(call.body, {QStringLiteral("ticket")}, true);
    if (!body)
        return ApiReply::fromDomainError(body.error());
    auto sale = saleOf(services, call);
    if (!sale)
        return ApiReply::fromDomainError(sale.error());
    const QString given = body->value(QStringLiteral("ticket")).toString();
    const auto visitor
        = services.admission->signer().verifyTicket(given.isEmpty() ? ticketOf(call) : given.toLatin1(), sale->event);
    if (!visitor)
        return badTicket();
    if (*visitor != services.admission->signer().visitorIdFor(sale->event, bearerToken(call.header("authorization"))))
        return uncached(ApiReply::error(403, QStringLiteral("queue_ticket_other_buyer"),
                                        QStringLiteral("This place in the queue was taken with another sign-in: "
                                                       "a place is its own buyer's.")));
    const double rate = services.admission->rateFor(sale.value());
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    auto admission = services.admission->room().admit(sale.value(), *visitor, call.buyerId(), rate, now);
    if (!admission) {
        if (admission.error().reason != QLatin1String(ErrorReason::QueueNotAdmitted))
            return ApiReply::fromDomainError(admission.error());
        auto view = services.admission->room().standing(sale.value(), *visitor, rate, now);
        QJsonObject extra = view ? standingJson(sale.value(), view.value()) : QJsonObject{};
        extra.remove(QStringLiteral("event"));
        return uncached(ApiReply::error(409, QStringLiteral("not_admitted_yet"), admission.error().message, extra));
    }
    return uncached(ApiReply::json(
        201,
        {{QStringLiteral("event"), sale->event},
         {QStringLiteral("token"), QString::fromLatin1(admission->token)},
         {QStringLiteral("expires_at"), jsonTime(QDateTime::fromMSecsSinceEpoch(admission->expiresAtMs, Qt::UTC))}}));
}

MethodHandler offPool(const QString &method, Handler handler)
{
    MethodHandler result{method, std::move(handler)};
    result.lane = Lane::None;
    return result;
}

MethodHandler onQueueLane(const QString &method, Handler handler)
{
    MethodHandler result{method, std::move(handler)};
    result.lane = Lane::Queue;
    return result;
}

} // namespace

QVector<Route> queueRoutes(WebServices &services)
{
    Route queuePage{QStringLiteral("/queue/<arg>"), QStringLiteral("/queue/{event}"), 1, {}};
    queuePage.methods.append(offPool(QStringLiteral("GET"), [](const ApiCall &, WorkerContext *) {
        return page(QStringLiteral("queue.html"), "text/html; charset=utf-8");
    }));
    Route script{QStringLiteral("/queue.js"), QStringLiteral("/queue.js"), 0, {}};
    script.methods.append(offPool(QStringLiteral("GET"), [](const ApiCall &, WorkerContext *) {
        return page(QStringLiteral("queue.js"), "text/javascript; charset=utf-8");
    }));

    // The waiting room's store may be a network call away (Redis): on the queue lane, not an HTTP thread.
    Route queue{QStringLiteral("/api/v1/events/<arg>/queue"), QStringLiteral("/api/v1/events/{id}/queue"), 1, {}};
    MethodHandler joining = onQueueLane(
        QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *) { return join(services, call); });
    joining.auth = true;
    queue.methods.append(joining);
    queue.methods.append(onQueueLane(
        QStringLiteral("GET"), [&services](const ApiCall &call, WorkerContext *) { return status(services, call); }));

    // On the pool only because signing the buyer in reads the database; the admission itself does not.
    Route admission{
        QStringLiteral("/api/v1/events/<arg>/admission"), QStringLiteral("/api/v1/events/{id}/admission"), 1, {}};
    MethodHandler admitting{QStringLiteral("POST"),
                            [&services](const ApiCall &call, WorkerContext *) { return admit(services, call); }};
    admitting.auth = true;
    admission.methods.append(admitting);
    return {queuePage, script, queue, admission};
}

} // namespace boxoffice::web
