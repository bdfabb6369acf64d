#include "domain/reconciler.h"

#include "domain/checkoutsaga.h"
#include "domain/paymentmatching.h"

namespace boxoffice {

namespace {

// The database itself went away (SQLSTATE class 08, or the server shutting down): nothing else in this
// run can succeed, so the run stops and the worker reconnects.
bool databaseIsGone(const DomainError &error)
{
    return error.sqlState.startsWith(QLatin1String("08")) || error.sqlState.startsWith(QLatin1String("57P"));
}

} // namespace

bool Reconciler::skip(ReconcileCounts &counts, const QString &what, const DomainError &error)
{
    if (databaseIsGone(error))
        return false;
    ++counts.failed;
    counts.failures << QStringLiteral("%1: %2").arg(what, error.message);
    return true;
}

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
        if (!settled) {
            if (!skip(counts, QStringLiteral("confirming order %1").arg(payment.order), settled.error()))
                return settled.error();
            continue;
        }
        ++counts.confirmed;
    }

    // 4. Money owed back.
    auto refunds = carryOutRefunds(m_store, m_provider);
    if (!refunds)
        return refunds.error();
    counts.refunded = refunds.value();
    if (auto status = refundStrayCharges(counts); !status)
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
        if (!quiet) {
            if (!skip(counts, QStringLiteral("payment %1").arg(payment.id), quiet.error()))
                return quiet.error();
            continue;
        }
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
            // The provider did not answer for this charge: ask again next run, go on with the others.
            skip(counts, QStringLiteral("asking the provider about payment %1").arg(payment.id), asked.error());
            continue;
        }
        if (outcome.status == ChargeStatus::Unknown) {
            ++counts.stillUnknown;
            continue;
        }
        if (auto status = m_store.recordChargeOutcome(payment.id, outcome); !status) {
            if (!skip(counts, QStringLiteral("payment %1").arg(payment.id), status.error()))
                return status.error();
            continue;
        }
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
        const QString what = QStringLiteral("the provider's charge %1").arg(charge.providerPaymentId);
        auto payment = m_store.paymentForCharge(charge);
        if (!payment) {
            if (!skip(counts, what, payment.error()))
                return payment.error();
            continue;
        }
        QString stray;
        if (payment->id == 0)
            stray = QStringLiteral("no payment of this shop records this charge");
        else
            stray = PaymentMatching::chargeContradicts(charge, payment.value());
        if (!stray.isEmpty()) {
            auto recorded = m_store.recordStrayCharge(charge, stray);
            if (!recorded) {
                if (!skip(counts, what, recorded.error()))
                    return recorded.error();
                continue;
            }
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
        outcome.amount = charge.amount;
        outcome.detail = QStringLiteral("found in the provider's charge list");
        if (auto status = m_store.recordChargeOutcome(payment->id, outcome); !status) {
            if (!skip(counts, what, status.error()))
                return status.error();
        }
    }
    return Done{};
}

Status Reconciler::refundStrayCharges(ReconcileCounts &counts)
{
    auto due = m_store.strayRefundsDue();
    if (!due)
        return due.error();
    for (const ProviderCharge &charge : due.value()) {
        RefundRequest request;
        request.idempotencyKey = QStringLiteral("boxoffice-stray-%1-refund").arg(charge.providerPaymentId);
        request.providerPaymentId = charge.providerPaymentId;
        request.amount = charge.amount;
        request.reason = QStringLiteral("charge with no deliverable order");
        auto refunded = m_provider.refund(request);
        RefundOutcome outcome;
        if (refunded)
            outcome = refunded.value();
        else
            outcome.detail = refunded.error().message; // Unknown: asked again next run, same key
        if (auto status = m_store.recordStrayRefund(charge.providerPaymentId, outcome); !status) {
            if (!skip(counts, QStringLiteral("refunding the stray charge %1").arg(charge.providerPaymentId),
                      status.error()))
                return status;
        }
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
