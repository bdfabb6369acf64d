#pragma once

#include "domain/payments.h"

#include <QByteArray>
#include <QUrl>

namespace boxoffice {

struct HttpAnswer;

// A PaymentProvider that speaks a Stripe-shaped JSON API over HTTP (boxoffice-fakepay in tests and the
// demo). Nothing is kept between calls: each one opens its own connection in the calling thread, so
// one instance may serve any number of threads at once.
//
// How a charge's answer maps: 200 and a payment intent "succeeded" is Succeeded; a card_error (402) is
// Declined; a 400 (idempotency_error: one key, different parameters; or an invalid request) is a
// BadInput error; 409 (the key is in use by a request still running), 401, 5xx, timeouts, refused or
// reset connections and anything unexpected are Unknown, never Declined.
class HttpPaymentProvider final : public PaymentProvider
{
public:
    HttpPaymentProvider(QUrl baseUrl, QByteArray apiKey, int timeoutMs = 10000);

    Result<ChargeOutcome> charge(const ChargeRequest &request) override;
    // Intent "succeeded" is Succeeded, "requires_payment_method" or "canceled" is Declined, anything
    // else (say "processing") Unknown; NotFound only when the provider says it has no such key.
    Result<ChargeOutcome> chargeByKey(const QString &idempotencyKey) override;
    // Declined when the provider refuses for good (more than remains to refund, the payment is not
    // refundable); NotFound when it does not know the payment.
    Result<RefundOutcome> refund(const RefundRequest &request) override;
    // Pages through GET /v1/payment_intents (newest first, 100 a page, created at or after `since` to the
    // second) and keeps the intents whose metadata boxoffice_key starts with `keyPrefix`; an empty prefix
    // keeps every intent that has one. All pages or an error, never part of the list: no answer, 429 or
    // 5xx is Unavailable; any other refusal, a page that cannot be read, an intent listed twice or more
    // than maxListPages pages is Internal.
    Result<QVector<ProviderCharge>> listCharges(const QDateTime &since, const QString &keyPrefix) override;
    // GET /v1/payment_methods/<id>, with this client's timeout. The id must be "pm_" and 1-100 letters or
    // digits (it travels in the path); only the provider's own resource_missing 404 is NotFound, and no
    // answer, any other status or an answer without a card is Unavailable.
    Result<PaymentCard> paymentMethod(const QString &id) override;

    // 100,000 charges: far more than one reconciliation window holds. A provider that is still saying
    // has_more by then is broken, and would otherwise keep the caller paging for ever.
    static constexpr int maxListPages = 1000;
    static constexpr int listPageSize = 100;

    QUrl baseUrl() const { return m_baseUrl; }
    int timeoutMs() const { return m_timeoutMs; }

private:
    HttpAnswer post(const QString &path, const QByteArray &body, const QString &idempotencyKey) const;
    HttpAnswer get(const QString &path, const QString &query) const;
    QUrl endpoint(const QString &path) const;

    const QUrl m_baseUrl;
    const QByteArray m_apiKey;
    const int m_timeoutMs;
};

} // namespace boxoffice
