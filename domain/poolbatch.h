#pragma once

#include "domain/batchgatherer.h"
#include "domain/gapools.h"
#include "domain/result.h"

#include <vector>

namespace boxoffice {

// The batched claim (migration 038): many asks on one pool granted by one call and one commit, in
// the order given, until the pool is empty; each ask answered on its own. The outer error is the
// batch failing as a whole (the connection lost): then no ask was granted.
class PoolBatchStore
{
public:
    virtual ~PoolBatchStore() = default;

    // How the pool is claimed (NotFound for no such pool). May be a few seconds stale: a pool changed
    // to or from batched is claimed the old (equally correct) way until then.
    virtual Result<ClaimStrategy> strategyOf(PoolId pool) = 0;
    virtual Result<std::vector<Result<PoolHold>>> holdBatch(PoolId pool, const std::vector<PoolHoldRequest> &asks) = 0;
};

// Gathers the asks on one batched pool that callers on many threads make at about the same time into
// one claim (BatchGatherer): one row lock and one commit serve them all, one pool's batches one at a
// time, since each waits for the pool's row anyway.
class PoolBatcher
{
public:
    using Gatherer = BatchGatherer<PoolId, PoolHoldRequest, PoolHold>;
    using Options = Gatherer::Options;
    using Figures = Gatherer::Figures;

    PoolBatcher() : PoolBatcher(Options{}) { }
    explicit PoolBatcher(Options options) : m_gatherer(options) { }

    // Blocks until the caller's own ask is answered (by whichever caller led its batch).
    Result<PoolHold> hold(const PoolHoldRequest &request, PoolBatchStore &store)
    {
        return m_gatherer.submit(request.pool, request, [&](const std::vector<PoolHoldRequest> &asks) {
            return store.holdBatch(request.pool, asks);
        });
    }

    Figures figures() const { return m_gatherer.figures(); }
    Options options() const { return m_gatherer.options(); }

private:
    Gatherer m_gatherer;
};

} // namespace boxoffice
