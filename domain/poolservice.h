#pragma once

#include "domain/poolholdbatcher.h"
#include "domain/poolstore.h"

namespace boxoffice {

class HoldCaps;
class PoolBatchStore;
class PoolBatcher;

// A hold for a web buyer (PoolHoldRequest::buyer) counts against its event's caps, with the seats:
// the web passes its HoldCaps, and a buyer's hold without them is refused.
// A pool whose strategy is Batched is held through `batches` (one call, the caps counted inside it),
// gathered with other threads' asks by `batcher` when one is given.
class PoolService
{
public:
    explicit PoolService(PoolStore &store, HoldCaps *caps = nullptr, PoolBatchStore *batches = nullptr,
                         PoolBatcher *batcher = nullptr);

    static constexpr int maxQuantityPerHold = 50;
    static constexpr int maxSubpools = 256;

    Result<PoolSummary> createPool(const PoolSpec &spec);
    Result<PoolSummary> pool(PoolId pool);
    Result<QVector<PoolSummary>> pools(EventId event);
    Status setStrategy(PoolId pool, ClaimStrategy strategy);
    Result<PoolHold> hold(const PoolHoldRequest &request);
    // As hold(), for a caller that must not wait on a batch: a batched pool's hold joins `queue`'s next
    // batch and `answer` gets it now or later, on this thread or another; any other hold is answered
    // before this returns. False: the pool has as many holds waiting as `queue` takes, and nothing was
    // answered (come back in a moment).
    bool holdQueued(const PoolHoldRequest &request, PoolHoldBatcher &queue, PoolHoldBatcher::Answerer answer);
    Result<int> release(const CartId &cart, PoolId pool);

private:
    // What every hold is checked for before anything is looked up.
    static Status checkHold(const PoolHoldRequest &request);
    // The hold of a pool that is not batched, within the caps.
    Result<PoolHold> holdSingly(const PoolHoldRequest &request);

    PoolStore &m_store;
    HoldCaps *m_caps = nullptr;
    PoolBatchStore *m_batches = nullptr;
    PoolBatcher *m_batcher = nullptr;
};

} // namespace boxoffice
