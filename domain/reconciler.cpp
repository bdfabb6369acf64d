#include "domain/reconciler.h"

#include "domain/checkoutsaga.h"
#include "domain/paymentmatching.h"

namespace boxoffice {

Reconciler::Reconciler(CheckoutStore &store, PaymentProvider &provider) : m_store(store), m_provider(provider) { }

Result<ReconcileCounts> Reconciler::run(int unknownAfterSeconds)
{
    ReconcileCounts counts;
    // 0. Units of charges still in flight stay theirs while the provider cannot say.
    if (auto pinned = m_store.repinPaymentsInFlight(pinSeconds); !pinned)
        return pinned.error();
    // 1. Charges whose outcome was never recorded (a crash, a timeout): ask the provider by key.
    if (auto status = resolveUnknownCharges(unknownAfterSeconds, counts); !status)
        return status.error();
    // 2. The provider is the truth for charges: each of its charges under our keys belongs to one order.
    if (auto status = matchProviderCharges(counts); !status)
        return status.error();

    // 3. Charged but not confirmed (including what steps 1 and 2 just learned).
    auto unsettled = m_store.paidButUnsettled();
    if (!unsettled)
        return unsettled.error();
    for (const PaymentRecord &payment : unsettled.value()) {
        auto settled = m_store.settlePaidOrder(payment.order);
        if (!settled)
            return settled.error();
        ++counts.confirmed;
    }

    // 4. Money owed back.
    auto refunds = carryOutRefunds(m_store, m_provider);
    if (!refunds)
        return refunds.error();
    counts.refunded = refunds.value();
    if (auto status = refundStrayCharges(); !status)
        return status.error();

    // 5. Abandoned orders.
    auto expired = m_store.expireAbandonedOrders();
    if (!expired)
        return expired.error();
    counts.expired = expired.value();

    if (auto status = m_store.countRepairs(counts); !status)
        return status.error();
    return counts;
}

Status Reconciler::resolveUnknownCharges(int unknownAfterSeconds, ReconcileCounts &counts)
{
    auto unresolved = m_store.paymentsToResolve(unknownAfterSeconds);
    if (!unresolved)
        return unresolved.error();
    for (const PaymentRecord &payment : unresolved.value()) {
        // Close the key before asking: from now on no checkout may send under it, and "the provider has
        // no such charge" is final only once every request sent before is past its deadline.
        auto quiet = m_store.closeKey(payment.id);
        if (!quiet)
            return quiet.error();
        auto asked = m_provider.chargeByKey(payment.idempotencyKey);
        ChargeOutcome outcome;
        if (asked) {
            outcome = asked.value();
        } else if (asked.error().code == ErrorCode::NotFound && !quiet.value()) {
            ++counts.stillUnknown; // a request sent before the close may still arrive: ask next run
            continue;
        } else if (asked.error().code == ErrorCode::NotFound) {
            outcome.status = ChargeStatus::Declined;
            outcome.declineReason = QStringLiteral("never reached the provider");
        } else {
            return asked.error();
        }
        if (outcome.status == ChargeStatus::Unknown) {
            ++counts.stillUnknown;
            continue;
        }
        if (auto status = m_store.recordChargeOutcome(payment.id, outcome); !status)
            return status.error();
        if (outcome.status == ChargeStatus::Declined)
            ++counts.cancelled;
    }
    return Done{};
}

Status Reconciler::matchProviderCharges(ReconcileCounts &counts)
{
    const QDateTime since = QDateTime::currentDateTimeUtc().addSecs(-lookbackSeconds);
    auto charges = m_provider.listCharges(since, keyPrefix);
    if (!charges)
        return charges.error();
    for (const ProviderCharge &charge : charges.value()) {
        if (charge.status != ChargeStatus::Succeeded)
            continue; // no money moved
        auto payment = m_store.paymentForCharge(charge);
        if (!payment)
            return payment.error();
        QString stray;
        if (payment->id == 0)
            stray = QStringLiteral("no payment of this shop records this charge");
        else
            stray = PaymentMatching::chargeContradicts(charge, payment.value());
        if (!stray.isEmpty()) {
            auto recorded = m_store.recordStrayCharge(charge, stray);
            if (!recorded)
                return recorded.error();
            if (recorded.value())
                ++counts.strayCharges;
            continue;
        }
        if (payment->state == PaymentState::Succeeded)
            continue;
        // We had it as undecided or declined: the provider's list says the money moved.
        ChargeOutcome outcome;
        outcome.status = ChargeStatus::Succeeded;
        outcome.providerPaymentId = charge.providerPaymentId;
        outcome.amountMinor = charge.amountMinor;
        outcome.detail = QStringLiteral("found in the provider's charge list");
        if (auto status = m_store.recordChargeOutcome(payment->id, outcome); !status)
            return status.error();
    }
    return Done{};
}

Status Reconciler::refundStrayCharges()
{
    auto due = m_store.strayRefundsDue();
    if (!due)
        return due.error();
    for (const ProviderCharge &charge : due.value()) {
        RefundRequest request;
        request.idempotencyKey = QStringLiteral("boxoffice-stray-%1-refund").arg(charge.providerPaymentId);
        request.providerPaymentId = charge.providerPaymentId;
        request.amountMinor = charge.amountMinor;
        request.reason = QStringLiteral("charge with no deliverable order");
        auto refunded = m_provider.refund(request);
        RefundOutcome outcome;
        if (refunded)
            outcome = refunded.value();
        else
            outcome.detail = refunded.error().message; // Unknown: asked again next run, same key
        if (auto status = m_store.recordStrayRefund(charge.providerPaymentId, outcome); !status)
            return status;
    }
    return Done{};
}

PaymentWebhooks::PaymentWebhooks(CheckoutStore &store, QString providerName, QByteArray secret)
    : m_store(store), m_providerName(std::move(providerName)), m_secret(std::move(secret))
{ }

Result<InboxOutcome> PaymentWebhooks::handle(const WebhookDelivery &delivery, const QDateTime &now)
{
    if (auto status = WebhookSignature::verify(delivery, m_secret, now); !status)
        return status.error();
    auto event = WebhookSignature::parseEvent(delivery.rawBody);
    if (!event)
        return event.error();
    return m_store.applyPaymentEvent(m_providerName, event.value());
}

} // namespace boxoffice
