#include "domain/poolholdbatcher.h"

#include "domain/poolbatch.h"

namespace boxoffice {

bool PoolHoldBatcher::hold(const PoolHoldRequest &request, Answerer answer, PoolBatchStore &store)
{
    const PoolId pool = request.pool;
    return m_batcher.submit(pool, request, std::move(answer), [&store, pool](const std::vector<PoolHoldRequest> &asks) {
        return store.holdBatch(pool, asks);
    });
}

} // namespace boxoffice
