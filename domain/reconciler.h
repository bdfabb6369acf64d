#pragma once

#include "domain/checkoutstore.h"

namespace boxoffice {

// Finishes what checkouts left behind: charges with no known outcome (asked by idempotency key),
// charged orders not confirmed (confirmed, or refunded when their units are gone), refunds due, and
// abandoned orders (expired). Running it again right after changes nothing. One payment or order that
// fails (its provider call, its confirmation) is counted in ReconcileCounts::failed and left for the
// next run; the others go on. Only a failed step over all of them, or a lost database, ends the run.
class Reconciler
{
public:
    Reconciler(CheckoutStore &store, PaymentProvider &provider);

    // `unknownAfterSeconds`: a charge younger than this may still be on its way; leave it alone.
    Result<ReconcileCounts> run(int unknownAfterSeconds = 60);

    // How far back the provider's own charge list is read, the key prefix of this shop's charges, and
    // how long units stay pinned to a charge the provider cannot answer for yet.
    int lookbackSeconds = 3 * 24 * 3600;
    QString keyPrefix = QStringLiteral("boxoffice-order-");
    int pinSeconds = 900;

private:
    Status resolveUnknownCharges(int unknownAfterSeconds, ReconcileCounts &counts);
    Status matchProviderCharges(ReconcileCounts &counts);
    Status refundStrayCharges(ReconcileCounts &counts);
    // Records a failure of one payment or order and says whether the run may go on.
    static bool skip(ReconcileCounts &counts, const QString &what, const DomainError &error);

    CheckoutStore &m_store;
    PaymentProvider &m_provider;
};

// Webhook deliveries from the payment provider, verified and applied: a bad signature or an old
// timestamp changes nothing; a repeat of an event already applied changes nothing.
class PaymentWebhooks
{
public:
    PaymentWebhooks(CheckoutStore &store, QString providerName, QByteArray secret);

    Result<InboxOutcome> handle(const WebhookDelivery &delivery, const QDateTime &now);

private:
    CheckoutStore &m_store;
    QString m_providerName;
    QByteArray m_secret;
};

} // namespace boxoffice
