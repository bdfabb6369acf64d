// GET /healthz and GET /metrics.

#include "routes.h"
#include "weblanes.h"
#include "workerpool.h"

#include "storage/pgoutboxbacklog.h"

#include <QJsonArray>

namespace boxoffice::web {

namespace {
// Each lane's figures, so a load balancer or an operator sees a rush as queues, not as silence.
QJsonObject lanesJson(const WebLanes &lanes)
{
    QJsonObject all;
    for (const LaneGauge &lane : lanes.gauges())
        all.insert(lane.name,
                   QJsonObject{{QStringLiteral("threads"), lane.threads},
                               {QStringLiteral("busy"), lane.busy},
                               {QStringLiteral("queued"), lane.queued},
                               {QStringLiteral("queue_limit"), lane.queueLimit},
                               {QStringLiteral("refused"), qint64(lane.refused)}});
    return all;
}
} // namespace

QVector<Route> healthRoutes(WebServices &services)
{
    // On the read lane: answered while the claim lane is full or checkouts wait for the provider.
    Route health{QStringLiteral("/healthz"), QStringLiteral("/healthz"), 0, {}};
    MethodHandler check{QStringLiteral("GET"), [&services](const ApiCall &, WorkerContext *context) {
                            auto now = context->seatMaps->serverNow();
                            if (!now) {
                                ApiReply reply = ApiReply::fromDomainError(now.error());
                                reply.status = 503;
                                return reply;
                            }
                            return ApiReply::json(200,
                                                  {{QStringLiteral("ok"), true},
                                                   {QStringLiteral("database_time"), jsonTime(now.value())},
                                                   {QStringLiteral("lanes"), lanesJson(*services.lanes)}});
                        }};
    check.lane = Lane::Read;
    health.methods.append(check);

    Route metrics{QStringLiteral("/metrics"), QStringLiteral("/metrics"), 0, {}};
    MethodHandler render{
        QStringLiteral("GET"), [&services](const ApiCall &, WorkerContext *context) {
            ApiReply reply;
            reply.contentType = "text/plain; version=0.0.4; charset=utf-8";
            const AuthCacheGauge auth{services.auth.hits(), services.auth.misses(), services.auth.size()};
            QVector<BatchGauge> batches;
            const auto pools = services.poolBatcher->figures();
            batches << BatchGauge{QStringLiteral("pool"), pools.batches, pools.asks,
                                  pools.largest,          pools.pending, pools.refused};
            if (services.seatBatcher) {
                const auto seats = services.seatBatcher->figures();
                batches << BatchGauge{QStringLiteral("seats"), seats.batches, seats.asks,
                                      seats.largest,           seats.pending, seats.refused};
            }
            reply.body = services.metrics.render(services.lanes->gauges(), auth, batches);
            auto backlog = services.metrics.outbox.read(
                [context] { return PgOutboxBacklog(context->connection->database()).read(); });
            if (backlog)
                reply.body += OutboxBacklogGauge::render(backlog.value());
            else if (backlog.error().code == ErrorCode::Unavailable)
                context->broken = true; // the rest is still worth a scrape; the lane reconnects
            return reply;
        }};
    // On the read lane for the outbox backlog (one indexed query, cached a second): answered while the
    // claim lane is full, like /healthz.
    render.lane = Lane::Read;
    metrics.methods.append(render);
    return {health, metrics};
}

} // namespace boxoffice::web
