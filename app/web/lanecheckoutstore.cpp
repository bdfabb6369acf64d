#include "lanecheckoutstore.h"

#include "weblanes.h"

namespace boxoffice::web {

Result<OrderSummary> LaneCheckoutStore::openOrder(const CartId &cart, const QString &channel, const QString &buyer)
{
    return m_lanes.callOnClaim<OrderSummary>(
        [&](WorkerContext &context) { return context.checkout->openOrder(cart, channel, buyer); });
}

Result<OrderId> LaneCheckoutStore::liveOrder(const CartId &cart)
{
    return m_lanes.callOnClaim<OrderId>([&](WorkerContext &context) { return context.checkout->liveOrder(cart); });
}

Result<PaymentRecord> LaneCheckoutStore::beginCharge(OrderId order, const QString &provider,
                                                     const QString &idempotencyKey, int pinSeconds)
{
    return m_lanes.callOnClaim<PaymentRecord>([&](WorkerContext &context) {
        return context.checkout->beginCharge(order, provider, idempotencyKey, pinSeconds);
    });
}

Result<int> LaneCheckoutStore::permitSend(qint64 payment, int windowSeconds)
{
    return m_lanes.callOnClaim<int>(
        [&](WorkerContext &context) { return context.checkout->permitSend(payment, windowSeconds); });
}

Status LaneCheckoutStore::sendAnswered(qint64 payment, int attempt)
{
    return m_lanes.callOnClaim<Done>(
        [&](WorkerContext &context) { return context.checkout->sendAnswered(payment, attempt); });
}

Result<bool> LaneCheckoutStore::closeKey(qint64 payment)
{
    return m_lanes.callOnClaim<bool>([&](WorkerContext &context) { return context.checkout->closeKey(payment); });
}

Result<int> LaneCheckoutStore::repinPaymentsInFlight(int pinSeconds)
{
    return m_lanes.callOnClaim<int>(
        [&](WorkerContext &context) { return context.checkout->repinPaymentsInFlight(pinSeconds); });
}

Result<PaymentRecord> LaneCheckoutStore::paymentForCharge(const ProviderCharge &charge)
{
    return m_lanes.callOnClaim<PaymentRecord>(
        [&](WorkerContext &context) { return context.checkout->paymentForCharge(charge); });
}

Result<bool> LaneCheckoutStore::recordStrayCharge(const ProviderCharge &charge, const QString &why)
{
    return m_lanes.callOnClaim<bool>(
        [&](WorkerContext &context) { return context.checkout->recordStrayCharge(charge, why); });
}

Result<QVector<ProviderCharge>> LaneCheckoutStore::strayRefundsDue()
{
    return m_lanes.callOnClaim<QVector<ProviderCharge>>(
        [&](WorkerContext &context) { return context.checkout->strayRefundsDue(); });
}

Status LaneCheckoutStore::recordStrayRefund(const QString &providerPaymentId, const RefundOutcome &outcome)
{
    return m_lanes.callOnClaim<Done>(
        [&](WorkerContext &context) { return context.checkout->recordStrayRefund(providerPaymentId, outcome); });
}

Status LaneCheckoutStore::recordChargeOutcome(qint64 payment, const ChargeOutcome &outcome)
{
    return m_lanes.callOnClaim<Done>(
        [&](WorkerContext &context) { return context.checkout->recordChargeOutcome(payment, outcome); });
}

Result<Settlement> LaneCheckoutStore::settlePaidOrder(OrderId order)
{
    return m_lanes.callOnClaim<Settlement>(
        [&](WorkerContext &context) { return context.checkout->settlePaidOrder(order); });
}

Result<InboxOutcome> LaneCheckoutStore::applyPaymentEvent(const QString &provider, const PaymentEvent &event)
{
    return m_lanes.callOnClaim<InboxOutcome>(
        [&](WorkerContext &context) { return context.checkout->applyPaymentEvent(provider, event); });
}

Result<PaymentRecord> LaneCheckoutStore::payment(qint64 payment)
{
    return m_lanes.callOnClaim<PaymentRecord>(
        [&](WorkerContext &context) { return context.checkout->payment(payment); });
}

Result<QVector<PaymentRecord>> LaneCheckoutStore::paymentsToResolve(int olderThanSeconds)
{
    return m_lanes.callOnClaim<QVector<PaymentRecord>>(
        [&](WorkerContext &context) { return context.checkout->paymentsToResolve(olderThanSeconds); });
}

Result<QVector<PaymentRecord>> LaneCheckoutStore::paidButUnsettled()
{
    return m_lanes.callOnClaim<QVector<PaymentRecord>>(
        [&](WorkerContext &context) { return context.checkout->paidButUnsettled(); });
}

Result<QVector<RefundRecord>> LaneCheckoutStore::refundsDue()
{
    return m_lanes.callOnClaim<QVector<RefundRecord>>(
        [&](WorkerContext &context) { return context.checkout->refundsDue(); });
}

Status LaneCheckoutStore::recordRefundOutcome(qint64 refund, const RefundOutcome &outcome)
{
    return m_lanes.callOnClaim<Done>(
        [&](WorkerContext &context) { return context.checkout->recordRefundOutcome(refund, outcome); });
}

Result<int> LaneCheckoutStore::expireAbandonedOrders()
{
    return m_lanes.callOnClaim<int>([&](WorkerContext &context) { return context.checkout->expireAbandonedOrders(); });
}

Status LaneCheckoutStore::countRepairs(const ReconcileCounts &counts)
{
    return m_lanes.callOnClaim<Done>([&](WorkerContext &context) { return context.checkout->countRepairs(counts); });
}

Result<RefundRecord> LaneCheckoutStore::refundUnits(OrderId order, const QVector<OrderItemRef> &items,
                                                    const QString &reason)
{
    return m_lanes.callOnClaim<RefundRecord>(
        [&](WorkerContext &context) { return context.checkout->refundUnits(order, items, reason); });
}

Result<QVector<ReconcileDay>> LaneCheckoutStore::repairReport(int days)
{
    return m_lanes.callOnClaim<QVector<ReconcileDay>>(
        [&](WorkerContext &context) { return context.checkout->repairReport(days); });
}

} // namespace boxoffice::web
