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
    auto live = m_store.liveOrder(cart);
    if (!live)
        return live.error();
    if (live.value() != 0)
        return resume(live.value());
    auto order = m_store.openOrder(cart, channel, buyer);
    if (!order) {
        // Another checkout of this cart opened its order a moment ago (and may have sold everything
        // already, so the cart looks empty): continue that one.
        if (order.error().code != ErrorCode::Conflict && order.error().code != ErrorCode::NotFound)
            return order.error();
        live = m_store.liveOrder(cart);
        if (!live || live.value() == 0)
            return order.error();
        return resume(live.value());
    }
    reached(QStringLiteral("order-opened"));
    return charge(order->id);
}

Result<CheckoutOutcome> CheckoutSaga::resume(OrderId order)
{
    return charge(order);
}

Result<ChargeOutcome> CheckoutSaga::sendCharge(const PaymentRecord &payment)
{
    ChargeOutcome recorded;
    if (payment.state == PaymentState::Succeeded) {
        recorded.status = ChargeStatus::Succeeded;
        return recorded;
    }
    if (payment.state == PaymentState::Declined) {
        recorded.status = ChargeStatus::Declined;
        return recorded;
    }
    auto permitted = m_store.permitSend(payment.id, sendWindowSeconds);
    if (!permitted)
        return permitted.error();
    const int attempt = permitted.value();
    if (attempt == 0) {
        // Decided meanwhile, or reconciliation closed the key and will decide: never send after that.
        auto now = m_store.payment(payment.id);
        if (!now)
            return now.error();
        if (isDecided(now->state))
            return sendCharge(now.value());
        return recorded; // Unknown: the provider is asked by reconciliation
    }
    ChargeRequest request;
    request.idempotencyKey = payment.idempotencyKey;
    request.order = payment.order;
    request.amount = payment.amount;
    request.description = QStringLiteral("Box office order %1").arg(payment.order);
    // The card the caps counted is the card that pays.
    request.paymentMethod = payment.paymentMethod;
    auto charged = m_provider.charge(request);
    if (!charged) {
        // The request itself was refused (say, the key was reused differently): the money did not
        // move under this request, but nothing is released until reconciliation has asked by key.
        ChargeOutcome unknown;
        unknown.detail = charged.error().message;
        (void)m_store.recordChargeOutcome(payment.id, unknown);
        return charged.error();
    }
    reached(QStringLiteral("charge-answered"));
    if (charged->answered) {
        if (auto status = m_store.sendAnswered(payment.id, attempt); !status)
            return status.error();
    }
    if (auto status = m_store.recordChargeOutcome(payment.id, charged.value()); !status)
        return status.error();
    reached(QStringLiteral("outcome-recorded"));
    return charged;
}

Result<CheckoutOutcome> CheckoutSaga::charge(OrderId order)
{
    auto payment = m_store.beginCharge(order, m_providerName, chargeKey(order), pinSeconds);
    if (!payment)
        return payment.error();
    reached(QStringLiteral("charge-started"));

    CheckoutOutcome outcome;
    outcome.order = order;
    outcome.payment = payment.value();
    auto charged = sendCharge(payment.value());
    if (!charged)
        return charged.error();
    outcome.charge = charged.value();

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
    auto settled = m_store.settlePaidOrder(order);
    if (!settled)
        return settled.error();
    outcome.settlement = settled.value();
    outcome.state = CheckoutOutcome::State::Paid;
    reached(QStringLiteral("settled"));
    // Whoever settled (this call, or a webhook that got there first), money owed back for what could
    // not be delivered goes back now; if the provider cannot be reached, reconciliation carries it out.
    if (!outcome.settlement.refunded.isEmpty() || outcome.settlement.refundDue.minor() > 0) {
        auto refunds = carryOutRefunds(m_store, m_provider, order);
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
            request.amount = refund.amount;
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
