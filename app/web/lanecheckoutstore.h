#pragma once

#include "domain/checkoutstore.h"

namespace boxoffice::web {

class WebLanes;

// The checkout saga's store for a thread with no connection (the provider lane): every call runs as
// one short job on the claim lane and is waited for, so a slow provider occupies only provider
// threads while each step still is one short transaction on a claim connection.
class LaneCheckoutStore final : public CheckoutStore
{
public:
    explicit LaneCheckoutStore(WebLanes &lanes) : m_lanes(lanes) { }

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
    WebLanes &m_lanes;
};

} // namespace boxoffice::web
