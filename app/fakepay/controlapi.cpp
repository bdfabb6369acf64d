#include "controlapi.h"

#include "browseraccess.h"
#include "chargeplan.h"
#include "ledger.h"
#include "searchindex.h"
#include "stripeerror.h"
#include "stripeobjects.h"
#include "webhookdispatcher.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::fakepay {

namespace {

HttpResponse problem(const QString &message, int status = 400)
{
    StripeError error = StripeError::invalid(message);
    error.status = status;
    return error.response();
}

} // namespace

ControlApi::ControlApi(ChargePlan *plan, WebhookDispatcher *webhooks, BrowserAccess *browsers, SearchIndex *searchIndex,
                       const Ledger *ledger, const StripeObjects *objects)
    : m_plan(plan), m_webhooks(webhooks), m_browsers(browsers), m_searchIndex(searchIndex), m_ledger(ledger),
      m_objects(objects)
{ }

void ControlApi::handle(const QString &path, const HttpRequest &request, const HttpResponder &responder)
{
    const bool isState = path == QLatin1String("/control/state");
    const QByteArray wanted = isState ? "GET" : "POST";
    if (request.method != wanted) {
        HttpResponse refused = problem(QStringLiteral("Use %1 here.").arg(QLatin1String(wanted)), 405);
        refused.headers.append(qMakePair(QByteArray("Allow"), wanted));
        return responder.send(refused);
    }
    if (isState)
        return responder.send(jsonResponse(200, state()));

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (!request.body.trimmed().isEmpty() && (parseError.error != QJsonParseError::NoError || !document.isObject()))
        return responder.send(problem(QStringLiteral("The control API takes a JSON object.")));
    const QJsonObject body = document.object();

    if (path == QLatin1String("/control/behaviour")) {
        if (const QString why = m_plan->configure(body); !why.isEmpty())
            return responder.send(problem(why));
        return responder.send(jsonResponse(200, m_plan->json()));
    }
    if (path == QLatin1String("/control/webhooks")) {
        if (const QString why = m_webhooks->configure(body); !why.isEmpty())
            return responder.send(problem(why));
        return responder.send(jsonResponse(200, m_webhooks->settings()));
    }
    if (path == QLatin1String("/control/webhooks/flush")) {
        m_webhooks->flush();
        return responder.send(jsonResponse(200, m_webhooks->counters()));
    }
    if (path == QLatin1String("/control/browsers")) {
        // A test's page on a port it learns late (nginx's).
        const QByteArray origin = body.value(QStringLiteral("allow_origin")).toString().toUtf8();
        if (!m_browsers->allowOrigin(origin))
            return responder.send(problem(QStringLiteral("allow_origin is needed, and --publishable-key at start.")));
        return responder.send(jsonResponse(200, {{QStringLiteral("allowed"), QString::fromUtf8(origin)}}));
    }
    if (path == QLatin1String("/control/search")) {
        const qint64 lag = body.value(QStringLiteral("lag_ms")).toInteger(-1);
        if (lag < 0 || lag > SearchIndex::maxLagMs)
            return responder.send(
                problem(QStringLiteral("lag_ms is a whole number from 0 to %1.").arg(SearchIndex::maxLagMs)));
        m_searchIndex->setLagMs(int(lag));
        return responder.send(jsonResponse(200, {{QStringLiteral("lag_ms"), int(lag)}}));
    }
    responder.send(problem(QStringLiteral("No such control endpoint: %1").arg(path.left(100)), 404));
}

QJsonObject ControlApi::state() const
{
    QHash<QString, qint64> refunded;
    for (const Charge &charge : m_ledger->charges())
        refunded[charge.paymentIntent] += charge.amountRefunded;
    QJsonArray intents;
    for (const PaymentIntent &intent : m_ledger->intents()) {
        // The card that paid: a declined attempt detaches it from the intent, as Stripe does.
        QString paymentMethod = intent.paymentMethod;
        if (const Charge *latest = m_ledger->charge(intent.latestCharge); paymentMethod.isEmpty() && latest)
            paymentMethod = latest->paymentMethod;
        intents.append(QJsonObject{
            {QStringLiteral("id"), intent.id},
            {QStringLiteral("idempotency_key"), intent.idempotencyKey},
            {QStringLiteral("amount"), intent.amount},
            {QStringLiteral("amount_refunded"), refunded.value(intent.id)},
            {QStringLiteral("currency"), intent.currency},
            {QStringLiteral("status"), intent.status},
            {QStringLiteral("order_id"), intent.metadata.value(QStringLiteral("order_id"))},
            {QStringLiteral("metadata"), intent.metadata},
            {QStringLiteral("created"), intent.created},
            {QStringLiteral("payment_method"), paymentMethod},
        });
    }
    QJsonArray refunds;
    for (const Refund &refund : m_ledger->refunds()) {
        QJsonObject shown = m_objects->refund(refund);
        shown.insert(QStringLiteral("idempotency_key"), refund.idempotencyKey);
        refunds.append(shown);
    }
    return {
        {QStringLiteral("charges"), intents},
        {QStringLiteral("refunds"), refunds},
        {QStringLiteral("deliveries"), m_webhooks->counters()},
        {QStringLiteral("behaviour"), m_plan->json()},
        {QStringLiteral("webhooks"), m_webhooks->settings()},
        {QStringLiteral("search"), QJsonObject{{QStringLiteral("lag_ms"), m_searchIndex->lagMs()}}},
    };
}

} // namespace boxoffice::fakepay
