#pragma once

#include "httpserver.h"

#include <QByteArray>
#include <QList>

namespace boxoffice::fakepay {

// The browser's side, as Stripe.js has it: a shop's page turns a card into a payment method with the
// publishable key (never the secret one), straight from the buyer's browser, so the card number never
// reaches the shop. Only POST /v1/payment_methods takes that key, and only from the allowed origins
// (CORS); with no publishable key, no browser gets in.
class BrowserAccess
{
public:
    BrowserAccess(QByteArray publishableKey, QList<QByteArray> origins);

    enum class Verdict {
        NotABrowser, // no Origin and no preflight: a server's call, CORS does not apply
        Answered, // a preflight answered, or an origin refused
        Admitted, // go on through the API with *toBrowser, which adds the CORS headers
    };
    Verdict admit(const HttpRequest &request, const HttpResponder &responder, HttpResponder *toBrowser) const;

    QByteArray publishableKey() const { return m_publishableKey; }
    // False when there is no publishable key to allow an origin for.
    bool allowOrigin(const QByteArray &origin);

private:
    const QByteArray m_publishableKey;
    QList<QByteArray> m_origins;
};

} // namespace boxoffice::fakepay
