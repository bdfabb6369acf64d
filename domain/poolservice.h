#pragma once

#include "domain/poolstore.h"

namespace boxoffice {

class PoolService
{
public:
    explicit PoolService(PoolStore &store);

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
};

} // namespace boxoffice
