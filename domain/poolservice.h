#pragma once

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
    Result<int> release(const CartId &cart, PoolId pool);

private:
    PoolStore &m_store;
    HoldCaps *m_caps = nullptr;
    PoolBatchStore *m_batches = nullptr;
    PoolBatcher *m_batcher = nullptr;
};

} // namespace boxoffice
