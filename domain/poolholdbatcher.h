#pragma once

#include "domain/drainingbatcher.h"
#include "domain/gapools.h"

#include <vector>

namespace boxoffice {

class PoolBatchStore;

// Gathers holds on one batched pool into batches without keeping any caller waiting (DrainingBatcher):
// a hold is queued with the function that answers it, and the thread that finds no batch of the pool
// in the database sends batches, on its own connection, until none is left. For callers that must not
// block a thread per waiting hold (the web server's claim lane); PoolBatcher is the blocking kind.
class PoolHoldBatcher
{
public:
    using Batcher = DrainingBatcher<PoolId, PoolHoldRequest, PoolHold>;
    using Options = Batcher::Options;
    using Figures = Batcher::Figures;
    using Answerer = Batcher::Answerer;

    PoolHoldBatcher() : PoolHoldBatcher(Options{500, 1, 0}) { }
    explicit PoolHoldBatcher(Options options) : m_batcher(options) { }

    // Queues an already checked hold of a batched pool; `answer` gets its grant or error, now or later,
    // on this thread or a sender's. `store` is this thread's: used only if this thread becomes a sender,
    // before this returns. False: the pool has Options::maxPending holds waiting already; nothing was
    // queued or answered.
    bool hold(const PoolHoldRequest &request, Answerer answer, PoolBatchStore &store);

    Figures figures() const { return m_batcher.figures(); }

private:
    Batcher m_batcher;
};

} // namespace boxoffice
