#pragma once

#include "domain/checkoutstore.h"
#include "storage/pgcartstore.h"
#include "storage/preparedstatements.h"

#include <QSqlQuery>

namespace boxoffice {

class TransactionGuard;

// CheckoutStore on PostgreSQL, on the cart store's connection (confirm and release are the cart's).
class PgCheckoutStore final : public CheckoutStore
{
public:
    PgCheckoutStore(QSqlDatabase database, PgCartStore &carts);

    Result<OrderSummary> openOrder(const CartId &cart, const QString &channel, const QString &buyer) override;
    Result<OrderId> liveOrder(const CartId &cart) override;
    Result<PaymentRecord> beginCharge(OrderId order, const QString &provider, const QString &idempotencyKey,
                                      int pinSeconds) override;
    Result<int> permitSend(qint64 payment, int windowSeconds) override;
    Status sendAnswered(qint64 payment, int attempt) override;
    Result<bool> closeKey(qint64 payment) override;
    Result<int> repinPaymentsInFlight(int pinSeconds) override;
    Result<PaymentRecord> paymentForCharge(const ProviderCharge &charge) override;
    Result<bool> recordStrayCharge(const ProviderCharge &charge, const QString &why) override;
    Result<QVector<ProviderCharge>> strayRefundsDue() override;
    Status recordStrayRefund(const QString &providerPaymentId, const RefundOutcome &outcome) override;
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
    Result<RefundRecord> refundUnits(OrderId order, const QVector<OrderItemRef> &items, const QString &reason) override;
    Result<QVector<ReconcileDay>> repairReport(int days) override;

    // Sold units of the order back on sale (all when `items` is empty), their lines REFUNDED, inside the
    // caller's transaction with the order row locked first. No money is decided here: a refund and an
    // exchange (PgExchangeStore) each say where the units' value goes.
    struct Returned
    {
        int lines = 0;
        Money amount; // in the order's currency
    };
    Result<Returned> returnSoldItems(OrderId order, const QVector<OrderItemRef> &items);

private:
    struct LockedOrder
    {
        CartId cart;
        OrderState state = OrderState::Pending;
        Money amount;
    };
    // The order row locked FOR UPDATE, first in every path (then its payment): NotFound if none.
    Result<LockedOrder> lockOrder(OrderId order, const QString &context);

    // The bodies of the operations above, inside a transaction the caller opened.
    Status recordOutcomeLocked(qint64 payment, OrderId order, const ChargeOutcome &outcome);
    // True when every unit of the order is still the cart's, and now pinned to its payment.
    Result<bool> pinUnits(OrderId order, const CartId &cart, int pinSeconds);
    Result<PaymentRecord> cancelChangedOrder(OrderId order);
    Result<PaymentRecord> paymentOfOrderLocked(OrderId order); // id 0 when the order has none

    // Settlement (pgordersettlement.cpp).
    Result<Settlement> settleLocked(OrderId order);
    Result<Settlement> settlementFromLines(OrderId order);
    Result<Settlement> refundEndedOrder(OrderId order, qint64 payment, const Money &amount, OrderState state);
    // An equivalent free seat sold in place of `line`; id 0: none is free.
    Result<OrderLine> replaceLostSeat(OrderId order, const CartId &cart, const OrderLine &line);
    Status markReplacedOrderPaid(OrderId order); // CANCELLED by the confirm, delivering a replacement now
    Status refundLostLines(OrderId order, qint64 payment, const QVector<OrderLine> &lost);
    Result<qint64> dueRefund(OrderId order, qint64 payment, const Money &amount, const QString &reason,
                             const QString &key);
    Status openCase(OrderId order, qint64 refund, const QString &unit, const Money &amount, const QString &reason);

    // Webhooks: the inbox's verdict on an event that changed nothing, and on a redelivery.
    Result<InboxOutcome> finishInbox(TransactionGuard &transaction, const QString &provider, const QString &eventId,
                                     InboxOutcome outcome, const QString &detail);
    Result<InboxOutcome> earlierInboxOutcome(const QString &provider, const QString &eventId);
    Status logStep(OrderId order, const QString &step, const QString &detail = {});
    Result<QVector<PaymentRecord>> readPayments(const char *sql, const QString &context,
                                                PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
    PgCartStore &m_carts;
};

} // namespace boxoffice
