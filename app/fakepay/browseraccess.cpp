#include "browseraccess.h"

#include "stripeerror.h"

namespace boxoffice::fakepay {

BrowserAccess::BrowserAccess(QByteArray publishableKey, QList<QByteArray> origins)
    : m_publishableKey(std::move(publishableKey)), m_origins(std::move(origins))
{ }

bool BrowserAccess::allowOrigin(const QByteArray &origin)
{
    if (m_publishableKey.isEmpty() || origin.isEmpty())
        return false;
    if (!m_origins.contains(origin))
        m_origins.append(origin);
    return true;
}

BrowserAccess::Verdict BrowserAccess::admit(const HttpRequest &request, const HttpResponder &responder,
                                            HttpResponder *toBrowser) const
{
    const QByteArray origin = request.header("origin");
    if (origin.isEmpty() && request.method != "OPTIONS")
        return Verdict::NotABrowser;
    if (m_publishableKey.isEmpty() || !m_origins.contains(origin)) {
        StripeError refused
            = StripeError::invalid(QStringLiteral("Browser requests are not allowed from this origin."));
        refused.status = 403;
        responder.send(refused.response());
        return Verdict::Answered;
    }
    *toBrowser = responder.withHeader("Access-Control-Allow-Origin", origin).withHeader("Vary", "Origin");
    if (request.method == "OPTIONS") {
        HttpResponse preflight;
        preflight.status = 204;
        preflight.headers
            = {{"Access-Control-Allow-Methods", "POST"},
               {"Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, Stripe-Version"},
               {"Access-Control-Max-Age", "600"}};
        toBrowser->send(preflight);
        return Verdict::Answered;
    }
    return Verdict::Admitted;
}

} // namespace boxoffice::fakepay
