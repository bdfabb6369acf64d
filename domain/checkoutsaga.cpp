#include "domain/checkoutsaga.h"

#include "domain/seatholdrules.h"

namespace boxoffice {

CheckoutSaga::CheckoutSaga(CheckoutStore &store, PaymentProvider &provider, QString providerName)
    : m_store(store), m_provider(provider), m_providerName(std::move(providerName))
{ }

QString CheckoutSaga::chargeKey(OrderId order)
{
    return QStringLiteral("boxoffice-order-%1-charge").arg(order);
}

void CheckoutSaga::reached(const QString &step) const
{
    if (checkpoint)
        checkpoint(step);
}

Result<CheckoutOutcome> CheckoutSaga::checkout(const CartId &cart, const QString &channel, const QString &buyer)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    if (channel != QLatin1String("web") && channel != QLatin1String("counter"))
        return makeError(ErrorCode::BadInput, QStringLiteral("A sales channel is \"web\" or \"counter\"."));
    auto order = m_store.openOrder(cart, channel, buyer);
    if (!order)
        return order.error();
    reached(QStringLiteral("order-opened"));
    return charge(order.value());
}

Result<CheckoutOutcome> CheckoutSaga::resume(OrderId order)
{
    OrderSummary summary;
    summary.id = order;
    return charge(summary);
}

Result<CheckoutOutcome> CheckoutSaga::charge(const OrderSummary &order)
{
    auto payment = m_store.beginCharge(order.id, m_providerName, chargeKey(order.id));
    if (!payment)
        return payment.error();
    reached(QStringLiteral("charge-started"));

    CheckoutOutcome outcome;
    outcome.order = order.id;
    outcome.payment = payment.value();
    if (payment->state == QLatin1String("SUCCEEDED")) {
        outcome.charge.status = ChargeStatus::Succeeded;
    } else if (payment->state == QLatin1String("DECLINED")) {
        outcome.charge.status = ChargeStatus::Declined;
    } else {
        ChargeRequest request;
        request.idempotencyKey = payment->idempotencyKey;
        request.order = order.id;
        request.amountMinor = payment->amountMinor;
        request.currency = payment->currency;
        request.description = QStringLiteral("Box office order %1").arg(order.id);
        auto charged = m_provider.charge(request);
        if (!charged) {
            // The request itself was refused (say, the key was reused differently): the money did not
            // move under this request, but nothing is released until reconciliation has asked by key.
            ChargeOutcome unknown;
            unknown.detail = charged.error().message;
            (void)m_store.recordChargeOutcome(payment->id, unknown);
            return charged.error();
        }
        outcome.charge = charged.value();
        reached(QStringLiteral("charge-answered"));
        if (auto status = m_store.recordChargeOutcome(payment->id, outcome.charge); !status)
            return status.error();
        reached(QStringLiteral("outcome-recorded"));
    }

    switch (outcome.charge.status) {
    case ChargeStatus::Declined:
        outcome.state = CheckoutOutcome::State::Declined;
        return outcome;
    case ChargeStatus::Unknown:
        outcome.state = CheckoutOutcome::State::Pending;
        return outcome;
    case ChargeStatus::Succeeded:
        break;
    }
    auto settled = m_store.settlePaidOrder(order.id);
    if (!settled)
        return settled.error();
    outcome.settlement = settled.value();
    outcome.state = CheckoutOutcome::State::Paid;
    reached(QStringLiteral("settled"));
    if (settled->refundDueMinor > 0) {
        // The money for what could not be delivered goes back now; if the provider cannot be reached,
        // the refund stays due and reconciliation carries it out.
        auto refunds = carryOutRefunds(m_store, m_provider, order.id);
        if (refunds)
            outcome.refundsCarriedOut = refunds.value();
    }
    return outcome;
}

Result<int> carryOutRefunds(CheckoutStore &store, PaymentProvider &provider, OrderId onlyOrder)
{
    auto due = store.refundsDue();
    if (!due)
        return due.error();
    int done = 0;
    for (const RefundRecord &refund : due.value()) {
        if (onlyOrder != 0 && refund.order != onlyOrder)
            continue;
        RefundOutcome outcome;
        if (refund.providerPaymentId.isEmpty()) {
            outcome.status = ChargeStatus::Declined;
            outcome.detail = QStringLiteral("no provider payment to refund: staff must give the money back");
        } else {
            RefundRequest request;
            request.idempotencyKey = refund.idempotencyKey;
            request.providerPaymentId = refund.providerPaymentId;
            request.amountMinor = refund.amountMinor;
            request.reason = refund.reason;
            auto refunded = provider.refund(request);
            if (!refunded) {
                outcome.status = ChargeStatus::Unknown;
                outcome.detail = refunded.error().message;
            } else {
                outcome = refunded.value();
            }
        }
        if (auto status = store.recordRefundOutcome(refund.id, outcome); !status)
            return status.error();
        if (outcome.status == ChargeStatus::Succeeded)
            ++done;
    }
    return done;
}

} // namespace boxoffice
