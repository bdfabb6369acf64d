#include "domain/reconciler.h"

#include "domain/checkoutsaga.h"

namespace boxoffice {

Reconciler::Reconciler(CheckoutStore &store, PaymentProvider &provider) : m_store(store), m_provider(provider) { }

Result<ReconcileCounts> Reconciler::run(int unknownAfterSeconds)
{
    ReconcileCounts counts;

    // 1. Charges whose outcome was never recorded (a crash, a timeout): ask the provider by key.
    auto unresolved = m_store.paymentsToResolve(unknownAfterSeconds);
    if (!unresolved)
        return unresolved.error();
    for (const PaymentRecord &payment : unresolved.value()) {
        auto asked = m_provider.chargeByKey(payment.idempotencyKey);
        ChargeOutcome outcome;
        if (asked) {
            outcome = asked.value();
        } else if (asked.error().code == ErrorCode::NotFound) {
            // The provider never saw the request, and it is too old to be on its way: nothing was
            // charged, so the order can end and its holds go back.
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

    // 2. Charged but not confirmed (including what step 1 just learned).
    auto unsettled = m_store.paidButUnsettled();
    if (!unsettled)
        return unsettled.error();
    for (const PaymentRecord &payment : unsettled.value()) {
        auto settled = m_store.settlePaidOrder(payment.order);
        if (!settled)
            return settled.error();
        ++counts.confirmed;
    }

    // 3. Money owed back.
    auto refunds = carryOutRefunds(m_store, m_provider);
    if (!refunds)
        return refunds.error();
    counts.refunded = refunds.value();

    // 4. Abandoned orders.
    auto expired = m_store.expireAbandonedOrders();
    if (!expired)
        return expired.error();
    counts.expired = expired.value();

    if (auto status = m_store.countRepairs(counts); !status)
        return status.error();
    return counts;
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
