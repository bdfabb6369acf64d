#pragma once

#include "domain/ids.h"
#include "domain/money.h"
#include "domain/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

// What a payment provider says about a charge. A timeout, a dropped connection or a 5xx is Unknown:
// the money may have moved, so nothing may be released until the provider is asked again.
enum class ChargeStatus { Succeeded, Declined, Unknown };

QString chargeStatusName(ChargeStatus status); // "succeeded", "declined", "unknown"

struct ChargeRequest
{
    QString idempotencyKey; // derived from the order: a retry of the same order can never charge twice
    OrderId order = 0;
    Money amount; // its currency is the ISO 4217 code the provider is asked to charge in
    QString description;
    // The card to charge ("pm_..."), when the buyer named one; empty: the provider's default for the
    // account. Travels as the provider's payment_method parameter.
    QString paymentMethod;
};

struct ChargeOutcome
{
    ChargeStatus status = ChargeStatus::Unknown;
    QString providerPaymentId; // "pi_..." once the provider has one
    Money amount; // as the provider states it: its currency is empty when the answer does not say
    QString declineReason; // card_declined, insufficient_funds, ...
    QString detail; // for logs: HTTP status, network error
    // The provider answered this very request (any status): nothing of it is still on its way there.
    // False after a timeout or a broken connection, when the request may yet arrive.
    bool answered = false;
};

struct RefundRequest
{
    QString idempotencyKey;
    QString providerPaymentId;
    Money amount;
    QString reason;
};

struct RefundOutcome
{
    ChargeStatus status = ChargeStatus::Unknown; // Succeeded: refunded; Declined: refused for good
    QString providerRefundId;
    QString detail;
};

// One charge as the provider's own records hold it: what reconciliation matches against the orders.
struct ProviderCharge
{
    QString providerPaymentId; // "pi_..."
    QString idempotencyKey; // the key it was created under (empty if the provider does not say)
    OrderId order = 0; // from the charge's metadata; 0 when absent or not a number
    ChargeStatus status = ChargeStatus::Unknown; // succeeded, declined (requires_payment_method, canceled), unknown
    Money amount;
    Money refunded; // of the same currency
    QDateTime created; // UTC
};

// A card as the provider keeps it. The fingerprint is the provider's own: the same for every payment
// method of one card however its number was typed, and nothing the shop or a buyer can compute.
struct PaymentCard
{
    QString paymentMethod; // "pm_..."
    QString fingerprint; // as the provider sent it: the caller checks its shape (domain/cardfingerprint.h)
    QString last4;
    QString brand; // visa, mastercard, ...
};

// A payment provider as the checkout saga sees it. Calls block the calling thread (run them from a
// worker thread or a thread pool, never while a database transaction holds row locks). Network
// trouble is reported as Unknown outcomes, not as errors; an error means the request itself was wrong
// (BadInput: for instance one idempotency key reused with different parameters).
class PaymentProvider
{
public:
    virtual ~PaymentProvider() = default;
    virtual Result<ChargeOutcome> charge(const ChargeRequest &request) = 0;
    // The charge made under this idempotency key, if the provider has one (NotFound if it never saw it).
    virtual Result<ChargeOutcome> chargeByKey(const QString &idempotencyKey) = 0;
    virtual Result<RefundOutcome> refund(const RefundRequest &request) = 0;
    // Every charge the provider holds that was created at or after `since` under an idempotency key
    // starting with `keyPrefix`, oldest first, all pages read. The provider is the truth for charges:
    // reconciliation matches each one to exactly one order.
    virtual Result<QVector<ProviderCharge>> listCharges(const QDateTime &since, const QString &keyPrefix) = 0;
    // The card behind a payment method: NotFound when the provider does not know the id, BadInput when
    // it is not shaped like one, Unavailable when the provider did not answer usably. A provider that
    // keeps no cards says Unavailable (the default).
    virtual Result<PaymentCard> paymentMethod(const QString &id);
};

// A webhook delivery as it arrived over HTTP: the raw body and the signature header, verified before a
// byte of the body is trusted.
struct WebhookDelivery
{
    QByteArray rawBody;
    QByteArray signatureHeader; // "t=1764432000,v1=5257a869..."
};

struct PaymentEvent
{
    QString eventId; // the provider's, unique per event (a redelivery repeats it)
    QString type; // "payment_intent.succeeded", "payment_intent.payment_failed", "charge.refunded"
    QString providerPaymentId;
    OrderId order = 0; // from the payment's metadata
    Money amount; // its currency is empty when the event does not say
    QDateTime created;
};

namespace WebhookSignature {
// Stripe's scheme: v1 = hex(HMAC-SHA256(secret, "<t>.<raw body>")); compared in constant time;
// a timestamp older (or newer) than `toleranceSeconds` is refused, so a captured delivery cannot be
// replayed later.
Status verify(const WebhookDelivery &delivery, const QByteArray &secret, const QDateTime &now,
              int toleranceSeconds = 300);
QByteArray sign(const QByteArray &rawBody, const QByteArray &secret, qint64 timestamp);
// The event inside a verified body; BadInput when the JSON is not a payment event.
Result<PaymentEvent> parseEvent(const QByteArray &rawBody);
} // namespace WebhookSignature

} // namespace boxoffice
