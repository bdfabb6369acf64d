#pragma once

#include "routes.h"
#include "webmetrics.h"
#include "workerpool.h"

#include "domain/result.h"

#include <functional>
#include <memory>
#include <optional>

namespace boxoffice::web {

struct WebConfig;

// The web channel's lanes of work. Claims (and every other write) queue for a bounded set of
// connections, so a rush gets the database's throughput and an orderly wait; reads and /healthz have
// connections of their own, so they are answered while the claim lane is full; browsing (seat maps,
// listings) has read-only connections that may go to a standby, so a crowd looking at the map takes
// nothing from the primary; payment provider calls run on threads with no connection at all, so a
// slow provider holds none of them.
class WebLanes
{
public:
    explicit WebLanes(const WebConfig &config);

    WorkerPool &claim() { return *m_claim; }
    WorkerPool &read() { return *m_read; }
    WorkerPool &browse() { return *m_browse; }
    WorkerPool &provider() { return *m_provider; }
    WorkerPool &queue() { return *m_queue; }
    WorkerPool &lane(Lane which);
    QVector<LaneGauge> gauges() const;

    // For a thread off the claim lane (a provider thread): runs `job` as a short job on the claim lane
    // and waits for it. Never refused for a full queue (the work was admitted already); Unavailable when
    // no connection could be opened.
    Status onClaim(const std::function<void(WorkerContext &)> &job);

    // The same, for a store call that answers a Result: a lost connection marks the thread's context
    // broken, as for a request.
    template<typename T> Result<T> callOnClaim(const std::function<Result<T>(WorkerContext &)> &call)
    {
        std::optional<Result<T>> answer;
        const Status ran = onClaim([&](WorkerContext &context) {
            answer.emplace(call(context));
            if (!answer->ok() && answer->error().code == ErrorCode::Unavailable)
                context.broken = true;
        });
        if (!ran)
            return ran.error();
        return std::move(*answer);
    }

private:
    // Declared in the order they are torn down in reverse: the provider lane (whose jobs wait on the
    // claim lane) ends first.
    std::unique_ptr<WorkerPool> m_claim;
    std::unique_ptr<WorkerPool> m_read;
    std::unique_ptr<WorkerPool> m_browse;
    std::unique_ptr<WorkerPool> m_provider;
    std::unique_ptr<WorkerPool> m_queue;
};

// A lane (or the seat batcher in front of the claim lane) is full: an orderly "come back in a
// moment", never a request left to hang.
ApiReply busyAnswer(const QString &laneName);

} // namespace boxoffice::web
