#include "fakeprovider.h"

#include "apicall.h"
#include "endpointschemas.h"
#include "ids.h"
#include "paymentmethods.h"
#include "webhookdispatcher.h"

namespace boxoffice::fakepay {

FakeProvider::FakeProvider(QByteArray apiKey, WebhookDispatcher *webhooks, PaymentMethods *paymentMethods,
                           BrowserAccess browsers, QObject *parent)
    : QObject(parent), m_browsers(std::move(browsers)), m_paymentMethods(paymentMethods),
      m_searchIndex(new SearchIndex(this)), m_objects(&m_ledger, paymentMethods),
      m_confirmer(new Confirmer(&m_ledger, paymentMethods, &m_plan, webhooks, m_searchIndex, &m_objects, this)),
      m_intents(&m_ledger, paymentMethods, m_confirmer, m_searchIndex, &m_objects),
      m_intentQueries(&m_ledger, m_searchIndex, &m_objects), m_charges(&m_ledger, &m_objects),
      m_refunds(&m_ledger, webhooks, &m_objects),
      m_control(&m_plan, webhooks, &m_browsers, m_searchIndex, &m_ledger, &m_objects),
      m_api(std::move(apiKey), &m_idempotency)
{
    addRoutes();
}

void FakeProvider::addRoutes()
{
    const QString intents = QStringLiteral("/v1/payment_intents");
    m_api.route("POST", intents, &Schemas::createPaymentIntent(),
                [this](const ApiCall &call, const QString &) { m_intents.create(call); });
    m_api.route("GET", intents, &Schemas::listPaymentIntents(),
                [this](const ApiCall &call, const QString &) { m_intentQueries.list(call); });
    m_api.route("GET", intents + QStringLiteral("/search"), &Schemas::searchPaymentIntents(),
                [this](const ApiCall &call, const QString &) { m_intentQueries.search(call); });
    m_api.route("GET", intents + QStringLiteral("/{id}"), &Schemas::retrieve(),
                [this](const ApiCall &call, const QString &id) { m_intents.retrieve(call, id); });
    m_api.route("POST", intents + QStringLiteral("/{id}/confirm"), &Schemas::confirmPaymentIntent(),
                [this](const ApiCall &call, const QString &id) { m_intents.confirm(call, id); });
    m_api.route("POST", intents + QStringLiteral("/{id}/cancel"), &Schemas::cancelPaymentIntent(),
                [this](const ApiCall &call, const QString &id) { m_intents.cancel(call, id); });
    m_api.route("GET", QStringLiteral("/v1/charges"), &Schemas::listCharges(),
                [this](const ApiCall &call, const QString &) { m_charges.list(call); });
    m_api.route("GET", QStringLiteral("/v1/charges/{id}"), &Schemas::retrieve(),
                [this](const ApiCall &call, const QString &id) { m_charges.retrieve(call, id); });
    m_api.route("POST", QStringLiteral("/v1/refunds"), &Schemas::createRefund(),
                [this](const ApiCall &call, const QString &) { m_refunds.create(call); });
    m_api.route("GET", QStringLiteral("/v1/refunds/{id}"), &Schemas::retrieve(),
                [this](const ApiCall &call, const QString &id) { m_refunds.retrieve(call, id); });
    m_api.route(
        "POST", QStringLiteral("/v1/payment_methods"), &Schemas::createPaymentMethod(),
        [this](const ApiCall &call, const QString &) { m_paymentMethods->create(call); }, true);
    m_api.route("GET", QStringLiteral("/v1/payment_methods/{id}"), &Schemas::retrieve(),
                [this](const ApiCall &call, const QString &id) { m_paymentMethods->retrieve(call, id); });
}

void FakeProvider::handle(const HttpRequest &request, const HttpResponder &responder)
{
    QString path = request.path;
    while (path.size() > 1 && path.endsWith(QLatin1Char('/')))
        path.chop(1);

    if (path.startsWith(QLatin1String("/control/")))
        return m_control.handle(path, request, responder);

    // Every answer of the API carries its request's id, refusals before the API proper included.
    const QString requestId = randomId(QStringLiteral("req_"), 14);
    const HttpResponder identified = responder.withHeader("Request-Id", requestId.toLatin1());
    if (path == QLatin1String("/v1/payment_methods")) {
        HttpResponder toBrowser = identified;
        switch (m_browsers.admit(request, identified, &toBrowser)) {
        case BrowserAccess::Verdict::Answered:
            return;
        case BrowserAccess::Verdict::Admitted:
            return m_api.handle(request, toBrowser, requestId, m_browsers.publishableKey());
        case BrowserAccess::Verdict::NotABrowser:
            break;
        }
    }
    if (path.startsWith(QLatin1String("/v1/")) || path == QLatin1String("/v1"))
        return m_api.handle(request, identified, requestId);
    identified.send(StripeError::unrecognizedUrl(request.method, request.path).response());
}

} // namespace boxoffice::fakepay
