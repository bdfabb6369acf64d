// GET /api/v1/events and GET /api/v1/events/{id}/seatmap (public: no buyer token needed), on the
// browse lane: a seat map a moment old is fine, since the claim on the main database decides.

#include "domain/jsonvocabulary.h"
#include "jsonbody.h"
#include "routes.h"
#include "workerpool.h"

#include <QJsonArray>

namespace boxoffice::web {

namespace {

ApiReply listEvents(WorkerContext *context)
{
    auto events = context->holds->events();
    if (!events)
        return ApiReply::fromDomainError(events.error());
    QJsonArray list;
    for (const EventSummary &event : events.value())
        list.append(jsonEvent(event));
    return ApiReply::json(200, {{QStringLiteral("events"), list}});
}

bool etagMatches(const QByteArray &ifNoneMatch, const QByteArray &etag)
{
    if (ifNoneMatch.trimmed() == "*")
        return true;
    for (QByteArray candidate : ifNoneMatch.split(',')) {
        candidate = candidate.trimmed();
        if (candidate.startsWith("W/"))
            candidate = candidate.mid(2);
        if (candidate == etag)
            return true;
    }
    return false;
}

ApiReply seatMap(WebServices &services, const ApiCall &call, WorkerContext *context)
{
    auto event = pathId(call.args.value(0), QStringLiteral("The event id"));
    if (!event)
        return ApiReply::fromDomainError(event.error());
    auto snapshot = services.seatMaps.snapshot(event.value(), *context->seatMaps);
    if (!snapshot)
        return ApiReply::fromDomainError(snapshot.error());
    ApiReply reply;
    reply.addHeader("ETag", snapshot->etag);
    reply.addHeader("Cache-Control", "no-cache");
    if (etagMatches(call.header("if-none-match"), snapshot->etag)) {
        reply.status = 304;
        return reply;
    }
    reply.body = snapshot->body;
    return reply;
}

} // namespace

QVector<Route> eventRoutes(WebServices &services)
{
    Route events{QStringLiteral("/api/v1/events"), QStringLiteral("/api/v1/events"), 0, {}};
    events.methods.append({QStringLiteral("GET"),
                           [](const ApiCall &, WorkerContext *context) { return listEvents(context); }, false,
                           Lane::Browse});

    Route map{QStringLiteral("/api/v1/events/<arg>/seatmap"), QStringLiteral("/api/v1/events/{id}/seatmap"), 1, {}};
    map.methods.append(
        {QStringLiteral("GET"),
         [&services](const ApiCall &call, WorkerContext *context) { return seatMap(services, call, context); }, false,
         Lane::Browse});
    return {map, events};
}

} // namespace boxoffice::web
