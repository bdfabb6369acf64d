#pragma once

// A CheckoutStore held in memory, for unit tests of the saga and reconciliation rules without a
// database. It keeps the same promises the PostgreSQL store keeps (one live order per cart, units pinned
// to a payment in flight, send permissions and closed keys, idempotent settlement, refunds recorded once)
// in the simplest form that can be checked by eye; the PostgreSQL store is tested against the same
// scenarios in tst_moneyledger.

#include "domain/checkoutstore.h"

#include <QHash>
#include <QMap>

namespace boxoffice::test {

class MemoryCheckoutStore final : public CheckoutStore
{
public:
    // A unit the cart holds, priced. `taken`: another buyer has it now.
    struct Unit
    {
        CartId cart;
        qint64 priceMinor = 0;
        bool taken = false;
        bool sold = false;
        bool pinned = false;
    };
    struct Order
    {
        CartId cart;
        OrderState state = OrderState::Pending;
        QVector<qint64> units;
        QHash<qint64, LineState> lineStates;
        qint64 amountMinor = 0;
    };

    // Test set-up and inspection.
    void hold(const CartId &cart, qint64 unit, qint64 priceMinor) { m_units[unit] = Unit{cart, priceMinor}; }
    void takeByAnother(qint64 unit) { m_units[unit].taken = true; }
    bool releaseCartFromChannel(const CartId &cart); // false when a payment pins it
    const Order &orderAt(OrderId order) const { return m_orders.find(order).value(); }
    const Unit &unitAt(qint64 unit) const { return m_units.find(unit).value(); }
    int ordersOf(const CartId &cart) const;
    PaymentRecord paymentOf(OrderId order) const;
    qint64 refundedMinor(OrderId order) const;
    int refundRows(OrderId order) const;
    void passDeadlines(); // every permitted request is now past its deadline

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

private:
    struct Payment
    {
        PaymentRecord record;
        int attempts = 0;
        bool inFlight = false; // a permitted request not yet answered nor past its deadline
        bool closed = false;
    };
    struct Refund
    {
        RefundRecord record;
        RefundState state = RefundState::Due;
    };

    bool isLive(const Order &order) const;
    void releaseOrderUnits(const Order &order);
    qint64 dueRefund(OrderId order, qint64 amountMinor, const QString &key);

    QMap<qint64, Unit> m_units;
    QMap<OrderId, Order> m_orders;
    QMap<qint64, Payment> m_payments;
    QMap<qint64, Refund> m_refunds;
    QHash<QString, InboxOutcome> m_inbox;
    OrderId m_nextOrder = 1;
    qint64 m_nextPayment = 1;
    qint64 m_nextRefund = 1;
};

} // namespace boxoffice::test
