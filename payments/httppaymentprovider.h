#pragma once

#include "domain/payments.h"

#include <QByteArray>
#include <QUrl>

namespace boxoffice {

class FormBody;
struct HttpAnswer;

// A PaymentProvider speaking Stripe's documented v1 API (https://api.stripe.com, or boxoffice-fakepay,
// which speaks the same): form-encoded requests, PaymentIntents created and confirmed in one call under
// an Idempotency-Key with the order in their metadata, retrieved by id, found by the search API, listed
// since a time; refunds with keys of their own. Nothing is kept between calls but the calling thread's
// network access manager (payments/blockinghttp.h), so one instance may serve any number of threads.
//
// How an answer maps: a payment intent "succeeded" is Succeeded; a card_error (402) is Declined; a 400
// (idempotency_error: one key, different parameters; or an invalid request) is a BadInput error; 409
// (the key's first request is still running), 429, 5xx, 401, timeouts, refused or reset connections
// and anything unexpected are Unknown, never Declined. 409, 429 and 5xx, and refused connections, are
// tried again with backoff (same key, so never a second charge) unless the provider says
// `Stripe-Should-Retry: false`; a timeout is not (the request may still be running there).
class HttpPaymentProvider final : public PaymentProvider
{
public:
    HttpPaymentProvider(QUrl baseUrl, QByteArray apiKey, int timeoutMs = 10000);

    Result<ChargeOutcome> charge(const ChargeRequest &request) override;
    // Searches payment intents by the key in their metadata, then retrieves the one found by id (a
    // search index may lag behind; a retrieve does not): "succeeded" is Succeeded,
    // "requires_payment_method" or "canceled" Declined, anything else Unknown. NotFound only when the
    // search answered and found none. Stripe's search is eventually consistent: a charge made in the
    // last minute may not be found yet; reconciliation's list (consistent) catches such a charge.
    Result<ChargeOutcome> chargeByKey(const QString &idempotencyKey) override;
    // Declined when the provider refuses for good (more than remains to refund, the payment is not
    // refundable); NotFound when it does not know the payment.
    Result<RefundOutcome> refund(const RefundRequest &request) override;
    // Pages through GET /v1/payment_intents (newest first, 100 a page, created at or after `since` to the
    // second, each with its latest charge expanded for the refunded amount) and keeps the intents whose
    // metadata boxoffice_key starts with `keyPrefix`; an empty prefix keeps every intent that has one.
    // All pages or an error, never part of the list: no answer, 429 or 5xx is Unavailable; any other
    // refusal, a page that cannot be read, an intent listed twice or more than maxListPages pages is Internal.
    Result<QVector<ProviderCharge>> listCharges(const QDateTime &since, const QString &keyPrefix) override;
    // GET /v1/payment_methods/<id>, with this client's timeout. The id must be "pm_" and 1-100 letters,
    // digits or underscores (it travels in the path); only the provider's own resource_missing 404 is
    // NotFound, and no answer, any other status or an answer without a card is Unavailable.
    Result<PaymentCard> paymentMethod(const QString &id) override;

    // 100,000 charges: far more than one reconciliation window holds. A provider that is still saying
    // has_more by then is broken, and would otherwise keep the caller paging for ever.
    static constexpr int maxListPages = 1000;
    static constexpr int listPageSize = 100;
    // One try and two more, like Stripe's own libraries configured for production.
    static constexpr int maxAttempts = 3;
    // The API version this client reads; sent with every request so the provider's answers keep the
    // shapes read here whatever the account's default becomes.
    static constexpr char apiVersion[] = "2024-06-20";

    QUrl baseUrl() const { return m_baseUrl; }
    int timeoutMs() const { return m_timeoutMs; }

private:
    HttpAnswer post(const QString &path, const FormBody &body, const QString &idempotencyKey) const;
    HttpAnswer get(const QString &path, const FormBody &query) const;
    Result<ChargeOutcome> retrieveIntent(const QString &id, const QString &detail) const;
    QUrl endpoint(const QString &path) const;

    const QUrl m_baseUrl;
    const QByteArray m_apiKey;
    const int m_timeoutMs;
};

} // namespace boxoffice
