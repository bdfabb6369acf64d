#pragma once

#include "domain/cartstore.h"
#include "storage/pghotelstore.h"
#include "storage/pgpoolstore.h"
#include "storage/pgslotstore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// CartStore on PostgreSQL: a cart across seats, GA pools, stays and table slots. It uses the shape
// stores of the same connection for the claims a late confirm may need.
class PgCartStore final : public CartStore
{
public:
    PgCartStore(QSqlDatabase database, PgPoolStore &pools, PgHotelStore &hotels, PgSlotStore &tableSlots);

    Result<CartRelease> releaseCart(const CartId &cart) override;
    Result<ExtendOutcome> extend(const CartId &cart) override;
    Result<OrderSummary> createOrder(const CartId &cart) override;
    Result<OrderSummary> order(OrderId order) override;
    Result<OrderId> liveOrder(const CartId &cart) override;
    Result<ConfirmOutcome> confirm(OrderId order) override;

    // confirm() inside a transaction the caller opened and will commit: for a sale that writes more
    // (the counter's payment and tickets) in the same transaction.
    Result<ConfirmOutcome> confirmInTransaction(OrderId order);

private:
    struct PoolLine
    {
        qint64 hold = 0;
        PoolId pool = 0;
        int quantity = 0;
    };

    struct StayLine
    {
        StayId stay = 0;
        StayRequest request; // the same nights, for booking afresh
    };

    // Runs one of CartSql's row-locking statements for an order's pending lines.
    Status lockOrderRows(const char *sql, OrderId order);
    Status confirmPools(OrderId order, const CartId &cart);
    Result<QVector<PoolLine>> pendingPoolLines(OrderId order);
    Status confirmHeldPoolLines(OrderId order, const CartId &cart, const QVector<PoolLine> &lines);
    Result<bool> sellHeldPoolLine(OrderId order, const CartId &cart, const PoolLine &line);
    Status settlePoolLine(OrderId order, const PoolLine &line, qint64 soldHold);
    Status confirmStays(OrderId order, const CartId &cart);
    Result<QVector<StayLine>> pendingStayLines(OrderId order, const CartId &cart);
    Status confirmHeldStays(OrderId order, const CartId &cart, const QVector<StayLine> &lines);
    Result<bool> bookHeldStay(OrderId order, const CartId &cart, StayId stay);
    Status settleStayLine(OrderId order, StayId stay, StayId bookedStay);
    Status confirmSlots(OrderId order, const CartId &cart);
    Result<QVector<OrderLine>> lines(OrderId order);

    PreparedStatements m_statements;
    PgPoolStore &m_pools;
    PgHotelStore &m_hotels;
    PgSlotStore &m_slots;
};

} // namespace boxoffice
