#pragma once

#include "domain/cartitems.h"
#include "domain/poolstore.h"
#include "storage/preparedstatements.h"

#include <QHash>

namespace boxoffice {

// PoolStore on PostgreSQL. One per connection (and so per thread).
class PgPoolStore final : public PoolStore
{
public:
    explicit PgPoolStore(QSqlDatabase database);

    Result<PoolSummary> createPool(const PoolSpec &spec) override;
    Result<PoolSummary> pool(PoolId pool) override;
    Result<QVector<PoolSummary>> pools(EventId event) override;
    Status setStrategy(PoolId pool, ClaimStrategy strategy) override;
    Result<PoolHold> hold(const PoolHoldRequest &request) override;
    Result<int> release(const CartId &cart, PoolId pool) override;

    // Every GA place the cart holds, all pools in one statement (sub-pool rows locked in id order);
    // one item per pool: its id, name and the places given back.
    Result<QVector<CartItem>> releaseCart(const CartId &cart);

    // For a late confirm whose hold was returned: sell `quantity` units straight to `order`, across the
    // pool's sub-pools if no one of them has them all. Locks every sub-pool row of the pool in id order,
    // so the caller must hold no higher sub-pool id than the pool's (a confirm locks them all first).
    // Returns the SOLD lead row's id, or Lost.
    Result<qint64> sellAfresh(PoolId pool, const CartId &cart, int quantity, OrderId order);
    Result<int> sweepExpiredHolds();

private:
    struct Meta
    {
        ClaimStrategy strategy = ClaimStrategy::Atomic;
        QVector<qint64> subpools; // in slot order
    };
    struct Attempt
    {
        bool fits = false;
        qint64 holdId = 0;
        QDateTime expiresAt;
    };

    Result<Meta> meta(PoolId pool);
    Result<Attempt> claimOn(qint64 subpool, ClaimStrategy strategy, const PoolHoldRequest &request, OrderId soldTo);
    Result<Attempt> claimAtomic(qint64 subpool, const PoolHoldRequest &request, OrderId soldTo);
    Result<Attempt> claimPessimistic(qint64 subpool, const PoolHoldRequest &request);
    Result<Attempt> claimAcross(const PoolHoldRequest &request, OrderId soldTo);
    Result<PoolHold> claimAnywhere(const Meta &meta, const PoolHoldRequest &request, qint64 firstSubpool);
    Result<PoolHold> claim(const Meta &meta, const PoolHoldRequest &request, qint64 firstSubpool);
    Result<PoolHold> holdAgain(const Meta &meta, const PoolHoldRequest &request);
    Result<QVector<CartItem>> releaseHolds(const QVariant &pool, const CartId &cart);
    Result<QVector<PoolSummary>> summaries(const QVariant &pool, const QVariant &event);

    PreparedStatements m_statements;
    // Sub-pool rows never change after creation; the strategy may, and a stale one only picks the
    // other (equally correct) claim path until this connection reloads it.
    QHash<PoolId, Meta> m_meta;
};

} // namespace boxoffice
