#include "weblanes.h"

#include "webconfig.h"

#include <exception>
#include <future>

namespace boxoffice::web {

namespace {
int orDefault(int value, int fallback)
{
    return value > 0 ? value : fallback;
}
} // namespace

WebLanes::WebLanes(const WebConfig &config)
    : m_claim(std::make_unique<WorkerPool>(QStringLiteral("claim"), config.database, config.claimConnectionCount(),
                                           config.claimQueueLimit)),
      m_read(std::make_unique<WorkerPool>(QStringLiteral("read"), config.database, orDefault(config.readConnections, 2),
                                          config.readQueueLimit)),
      m_browse(std::make_unique<WorkerPool>(QStringLiteral("browse"), config.database,
                                            orDefault(config.browseConnections, 2), config.browseQueueLimit,
                                            LaneReads{true, config.browseDatabase})),
      m_provider(std::make_unique<WorkerPool>(QStringLiteral("provider"), std::nullopt,
                                              orDefault(config.providerThreads, 32), config.providerQueueLimit)),
      m_queue(std::make_unique<WorkerPool>(QStringLiteral("queue"), std::nullopt, orDefault(config.queueThreads, 4),
                                           config.queueQueueLimit))
{ }

WorkerPool &WebLanes::lane(Lane which)
{
    switch (which) {
    case Lane::Read:
        return *m_read;
    case Lane::Browse:
        return *m_browse;
    case Lane::Provider:
        return *m_provider;
    case Lane::Queue:
        return *m_queue;
    case Lane::Claim:
    case Lane::None:
        break;
    }
    return *m_claim;
}

QVector<LaneGauge> WebLanes::gauges() const
{
    QVector<LaneGauge> all;
    for (const WorkerPool *pool : {m_claim.get(), m_read.get(), m_browse.get(), m_provider.get(), m_queue.get()})
        all.append(
            LaneGauge{pool->name(), pool->size(), pool->busy(), pool->queued(), pool->queueLimit(), pool->refused()});
    return all;
}

Status WebLanes::onClaim(const std::function<void(WorkerContext &)> &job)
{
    // Already on a claim thread: queueing behind itself could wait for ever once every claim thread
    // did the same.
    if (WorkerPool::current() == m_claim.get() && WorkerPool::currentContext()) {
        job(*WorkerPool::currentContext());
        return Done{};
    }
    std::promise<Status> done;
    std::future<Status> finished = done.get_future();
    m_claim->startAdmitted([&job, &done](Result<WorkerContext *> context) {
        if (!context) {
            done.set_value(context.error());
            return;
        }
        // Whatever happens, the waiting thread must be woken.
        try {
            job(*context.value());
            done.set_value(Done{});
        } catch (const std::exception &e) {
            done.set_value(
                makeError(ErrorCode::Internal,
                          QStringLiteral("a claim lane job threw: %1").arg(QString::fromLocal8Bit(e.what()))));
        } catch (...) {
            done.set_value(makeError(ErrorCode::Internal, QStringLiteral("a claim lane job threw")));
        }
    });
    return finished.get();
}

ApiReply busyAnswer(const QString &laneName)
{
    ApiReply reply = ApiReply::error(503, QStringLiteral("busy"),
                                     QStringLiteral("The server is at capacity; try again in a moment."),
                                     {{QStringLiteral("lane"), laneName}, {QStringLiteral("retry_after_seconds"), 1}});
    reply.addHeader("Retry-After", "1");
    return reply;
}

} // namespace boxoffice::web
