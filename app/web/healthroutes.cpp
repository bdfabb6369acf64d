// GET /healthz and GET /metrics.

#include "routes.h"
#include "workerpool.h"

namespace boxoffice::web {

QVector<Route> healthRoutes(WebServices &services)
{
    Route health{QStringLiteral("/healthz"), QStringLiteral("/healthz"), 0, {}};
    health.methods.append({QStringLiteral("GET"), [](const ApiCall &, WorkerContext *context) {
                               auto now = context->seatMaps->serverNow();
                               if (!now) {
                                   ApiReply reply = ApiReply::fromDomainError(now.error());
                                   reply.status = 503;
                                   return reply;
                               }
                               return ApiReply::json(200, {{QStringLiteral("ok"), true},
                                                           {QStringLiteral("database_time"), isoUtc(now.value())}});
                           }});

    Route metrics{QStringLiteral("/metrics"), QStringLiteral("/metrics"), 0, {}};
    MethodHandler render{QStringLiteral("GET"), [&services](const ApiCall &, WorkerContext *) {
                             ApiReply reply;
                             reply.contentType = "text/plain; version=0.0.4; charset=utf-8";
                             reply.body = services.metrics.render(services.poolSize(), services.poolBusy());
                             return reply;
                         }};
    render.onPool = false; // no database: answered on the server thread
    metrics.methods.append(render);
    return {health, metrics};
}

} // namespace boxoffice::web
