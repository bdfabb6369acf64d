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
