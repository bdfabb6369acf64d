#pragma once

#include "domain/gapools.h"
#include "domain/result.h"

#include <QVector>

namespace boxoffice {

class PoolStore
{
public:
    virtual ~PoolStore() = default;

    virtual Result<PoolSummary> createPool(const PoolSpec &spec) = 0;
    virtual Result<PoolSummary> pool(PoolId pool) = 0;
    virtual Result<QVector<PoolSummary>> pools(EventId event) = 0;
    virtual Status setStrategy(PoolId pool, ClaimStrategy strategy) = 0;

    // N units for the cart, all or none; expired holds of the rows claimed on are returned in the same
    // claim. When no one row has N left, the rows together may: then the hold is one hold row per row
    // used. A cart holds one quantity per pool: asking again for the same quantity refreshes the lease.
    virtual Result<PoolHold> hold(const PoolHoldRequest &request) = 0;
    virtual Result<int> release(const CartId &cart, PoolId pool) = 0; // units returned
};

} // namespace boxoffice
