#pragma once

#include "domain/checkoutstore.h"
#include "storage/pgcartstore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// CheckoutStore on PostgreSQL, on the cart store's connection (confirm and release are the cart's).
class PgCheckoutStore final : public CheckoutStore
{
public:
    PgCheckoutStore(QSqlDatabase database, PgCartStore &carts);

    Result<OrderSummary> openOrder(const CartId &cart, const QString &channel, const QString &buyer) override;
    Result<PaymentRecord> beginCharge(OrderId order, const QString &provider, const QString &idempotencyKey) override;
    Status recordChargeOutcome(qint64 payment, const ChargeOutcome &outcome) override;
    Result<Settlement> settlePaidOrder(OrderId order) override;
    Result<InboxOutcome> applyPaymentEvent(const QString &provider, const PaymentEvent &event) override;

    Result<PaymentRecord> payment(qint64 payment) override;
    Result<QVector<PaymentRecord>> paymentsToResolve(int olderThanSeconds) override;
    Result<QVector<PaymentRecord>> paidButUnsettled() override;
    Result<QVector<RefundRecord>> refundsDue() override;
    Status recordRefundOutcome(qint64 refund, const RefundOutcome &outcome) override;
    Result<int> expireAbandonedOrders() override;
    Status countRepairs(const ReconcileCounts &counts) override;
    Result<RefundRecord> refundUnits(OrderId order, const QVector<UnitId> &units, const QString &reason) override;
    Result<QVector<ReconcileDay>> repairReport(int days) override;

private:
    struct LockedOrder
    {
        CartId cart;
        QString state;
        qint64 amountMinor = 0;
    };
    // The order row locked FOR UPDATE, first in every path (then its payment): NotFound if none.
    Result<LockedOrder> lockOrder(OrderId order, const QString &context);

    // The bodies of the operations above, inside a transaction the caller opened.
    Status recordOutcomeLocked(qint64 payment, OrderId order, const ChargeOutcome &outcome);
    Result<Settlement> settleLocked(OrderId order);
    Result<qint64> dueRefund(OrderId order, qint64 payment, qint64 amountMinor, const QString &reason,
                             const QString &key);
    Status logStep(OrderId order, const QString &step, const QString &detail = {});
    Result<QVector<PaymentRecord>> readPayments(const char *sql, const QString &context,
                                                PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
    PgCartStore &m_carts;
};

} // namespace boxoffice
