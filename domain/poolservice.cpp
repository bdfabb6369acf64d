#include "domain/poolservice.h"

#include "domain/holdcaps.h"
#include "domain/poolbatch.h"
#include "domain/seatholdrules.h"

namespace boxoffice {

QString claimStrategyName(ClaimStrategy strategy)
{
    switch (strategy) {
    case ClaimStrategy::Pessimistic:
        return QStringLiteral("pessimistic");
    case ClaimStrategy::Batched:
        return QStringLiteral("batched");
    case ClaimStrategy::Atomic:
        break;
    }
    return QStringLiteral("atomic");
}

std::optional<ClaimStrategy> claimStrategyFromName(const QString &name)
{
    for (ClaimStrategy strategy : {ClaimStrategy::Atomic, ClaimStrategy::Pessimistic, ClaimStrategy::Batched}) {
        if (name == claimStrategyName(strategy))
            return strategy;
    }
    return std::nullopt;
}

PoolService::PoolService(PoolStore &store, HoldCaps *caps, PoolBatchStore *batches, PoolBatcher *batcher)
    : m_store(store), m_caps(caps), m_batches(batches), m_batcher(batcher)
{ }

namespace {

Status checkPool(PoolId pool)
{
    if (pool <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A pool id is a positive number."));
    return Done{};
}

} // namespace

Result<PoolSummary> PoolService::createPool(const PoolSpec &spec)
{
    if (auto status = SeatHoldRules::checkEvent(spec.event); !status)
        return status.error();
    if (spec.code.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A pool needs a code."));
    if (spec.capacity <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A pool needs a capacity of at least one."));
    if (spec.price.isNegative())
        return makeError(ErrorCode::BadInput, QStringLiteral("A price cannot be negative."));
    if (spec.subpools < 1 || spec.subpools > maxSubpools || spec.subpools > spec.capacity)
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("A pool is split over 1 to %1 rows, and never more rows than units.").arg(maxSubpools));
    return m_store.createPool(spec);
}

Result<PoolSummary> PoolService::pool(PoolId pool)
{
    if (auto status = checkPool(pool); !status)
        return status.error();
    return m_store.pool(pool);
}

Result<QVector<PoolSummary>> PoolService::pools(EventId event)
{
    if (auto status = SeatHoldRules::checkEvent(event); !status)
        return status.error();
    return m_store.pools(event);
}

Status PoolService::setStrategy(PoolId pool, ClaimStrategy strategy)
{
    if (auto status = checkPool(pool); !status)
        return status;
    return m_store.setStrategy(pool, strategy);
}

Status PoolService::checkHold(const PoolHoldRequest &request)
{
    if (auto status = checkPool(request.pool); !status)
        return status;
    if (auto status = SeatHoldRules::checkCart(request.cart); !status)
        return status;
    if (request.quantity < 1 || request.quantity > maxQuantityPerHold)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Hold between 1 and %1 units at a time.").arg(maxQuantityPerHold));
    if (request.ttlSeconds && (*request.ttlSeconds <= 0 || *request.ttlSeconds > SeatHoldRules::maxTtlSeconds))
        return makeError(ErrorCode::BadInput, QStringLiteral("A hold lasts from one second to 24 hours."));
    return Done{};
}

Result<PoolHold> PoolService::holdSingly(const PoolHoldRequest &request)
{
    if (request.buyer != 0 && m_caps && m_caps->claimsPlacesInOneCall())
        return m_caps->holdPlaces(request); // caps and claim in one database call
    return HoldCaps::claim(m_caps, request, [&] { return m_store.hold(request); });
}

Result<PoolHold> PoolService::hold(const PoolHoldRequest &request)
{
    if (auto status = checkHold(request); !status)
        return status.error();
    if (m_batches) {
        auto strategy = m_batches->strategyOf(request.pool);
        if (!strategy)
            return strategy.error();
        if (*strategy == ClaimStrategy::Batched) {
            if (m_batcher)
                return m_batcher->hold(request, *m_batches);
            auto answers = m_batches->holdBatch(request.pool, {request});
            if (!answers)
                return answers.error();
            return answers->front();
        }
    }
    return holdSingly(request);
}

bool PoolService::holdQueued(const PoolHoldRequest &request, PoolHoldBatcher &queue, PoolHoldBatcher::Answerer answer)
{
    if (auto status = checkHold(request); !status) {
        answer(status.error());
        return true;
    }
    if (m_batches) {
        auto strategy = m_batches->strategyOf(request.pool);
        if (!strategy) {
            answer(strategy.error());
            return true;
        }
        if (*strategy == ClaimStrategy::Batched)
            return queue.hold(request, std::move(answer), *m_batches);
    }
    answer(holdSingly(request));
    return true;
}

Result<int> PoolService::release(const CartId &cart, PoolId pool)
{
    if (auto status = checkPool(pool); !status)
        return status.error();
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    return m_store.release(cart, pool);
}

} // namespace boxoffice
