#pragma once

#include "domain/gapools.h"
#include "domain/result.h"

#include <QHash>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
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

// Gathers the asks that callers on many threads make on one pool at about the same time into one
// batch. No thread of its own: the first caller of a batch leads it: it waits up to `window` for
// others to join (and for the pool's previous batch to leave the database, so a busy pool's batches
// grow on their own), then sends the batch on ITS OWN store and connection and hands every follower
// its answer. A batch closes early at `maxBatch` asks.
class PoolBatcher
{
public:
    struct Options
    {
        std::chrono::microseconds window{1000};
        int maxBatch = 500;
    };
    struct Figures
    {
        qint64 batches = 0;
        qint64 asks = 0;
        int largest = 0;
    };

    PoolBatcher();
    explicit PoolBatcher(Options options);
    PoolBatcher(const PoolBatcher &) = delete;
    PoolBatcher &operator=(const PoolBatcher &) = delete;
    ~PoolBatcher();

    // Blocks until the caller's own ask is answered (by whichever caller led its batch).
    Result<PoolHold> hold(const PoolHoldRequest &request, PoolBatchStore &store);

    Figures figures() const;
    Options options() const { return m_options; }

private:
    struct Ask;
    struct Batch;
    struct Lane;

    Result<PoolHold> lead(std::unique_lock<std::mutex> &lock, Lane &lane, const std::shared_ptr<Batch> &batch, Ask &own,
                          PoolBatchStore &store);

    const Options m_options;
    mutable std::mutex m_mutex;
    QHash<PoolId, std::shared_ptr<Lane>> m_lanes;
    Figures m_figures;
};

} // namespace boxoffice
