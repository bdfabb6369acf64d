#include "fakeprovider.h"

#include "fakepaylogging.h"
#include "paymentmethods.h"
#include "webhookdispatcher.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>

namespace boxoffice::fakepay {

namespace {

constexpr int maxHoldMs = 10 * 60 * 1000;
const QString chargeRoute = QStringLiteral("POST /v1/payment_intents");
const QString refundRoute = QStringLiteral("POST /v1/refunds");

QString randomId(const QString &prefix)
{
    static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    QString id = prefix;
    for (int i = 0; i < 24; ++i)
        id += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(int(sizeof alphabet - 1))]);
    return id;
}

HttpResponse json(int status, const QJsonObject &body)
{
    HttpResponse response;
    response.status = status;
    response.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return response;
}

HttpResponse error(int status, const QString &type, const QString &code, const QString &message,
                   const QJsonObject &extra = {})
{
    QJsonObject object = extra;
    object.insert(QStringLiteral("type"), type);
    object.insert(QStringLiteral("code"), code);
    object.insert(QStringLiteral("message"), message);
    return json(status, {{QStringLiteral("error"), object}});
}

HttpResponse invalid(const QString &code, const QString &message, int status = 400)
{
    return error(status, QStringLiteral("invalid_request_error"), code, message);
}

// A JSON object body; an empty body counts as {} so bodiless control calls work.
bool parseBody(const HttpRequest &request, QJsonObject *object, const HttpResponder &responder)
{
    if (request.body.trimmed().isEmpty()) {
        *object = {};
        return true;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        responder.send(invalid(QStringLiteral("parse_error"), QStringLiteral("The body is not a JSON object.")));
        return false;
    }
    *object = document.object();
    return true;
}

// A whole, positive number, or -1.
qint64 positiveInteger(const QJsonValue &value)
{
    const qint64 number = value.isDouble() ? value.toInteger(-1) : -1;
    return number > 0 ? number : -1;
}

void refuseMethod(const char *allowed, const HttpResponder &responder)
{
    HttpResponse response = invalid(QStringLiteral("method_not_allowed"),
                                    QStringLiteral("Use %1 here.").arg(QLatin1String(allowed)), 405);
    response.headers.append(qMakePair(QByteArray("Allow"), QByteArray(allowed)));
    responder.send(response);
}

bool methodIs(const HttpRequest &request, const char *method, const HttpResponder &responder)
{
    if (request.method == method)
        return true;
    refuseMethod(method, responder);
    return false;
}

// Stripe's limits on metadata. The shop finds its own charges by a metadata value, so the fake must
// refuse what Stripe would refuse rather than let the client depend on it.
QString metadataProblem(const QJsonObject &metadata)
{
    if (metadata.size() > 50)
        return QStringLiteral("metadata can have at most 50 keys.");
    for (auto it = metadata.constBegin(); it != metadata.constEnd(); ++it) {
        if (it.key().isEmpty() || it.key().size() > 40 || it.key().contains(QLatin1Char('['))
            || it.key().contains(QLatin1Char(']')))
            return QStringLiteral("metadata keys are 1 to 40 characters without square brackets.");
        if (!it.value().isString() || it.value().toString().size() > 500)
            return QStringLiteral("metadata values are strings of at most 500 characters (%1).").arg(it.key());
    }
    return {};
}

HttpResponse invalidParameter(const QString &param, const QString &code, const QString &message)
{
    return error(400, QStringLiteral("invalid_request_error"), code, message, {{QStringLiteral("param"), param}});
}

// Seconds since the epoch up to the end of year 9999: no overflow when a bound is moved by one.
constexpr qint64 maxTimestamp = 253402300799;

bool parseWholeNumber(const QString &text, qint64 min, qint64 max, qint64 *number)
{
    bool ok = false;
    *number = text.toLongLong(&ok);
    return ok && *number >= min && *number <= max;
}

// Stripe's range filter on created, spelled as form parameters.
const QStringList createdBounds
    = {QStringLiteral("created"), QStringLiteral("created[gt]"), QStringLiteral("created[gte]"),
       QStringLiteral("created[lt]"), QStringLiteral("created[lte]")};

// Narrows [min, max] by one of createdBounds.
void narrowCreated(const QString &name, qint64 seconds, qint64 *min, qint64 *max)
{
    if (name == QLatin1String("created") || name == QLatin1String("created[gte]"))
        *min = std::max(*min, seconds);
    if (name == QLatin1String("created") || name == QLatin1String("created[lte]"))
        *max = std::min(*max, seconds);
    if (name == QLatin1String("created[gt]"))
        *min = std::max(*min, seconds + 1);
    if (name == QLatin1String("created[lt]"))
        *max = std::min(*max, seconds - 1);
}

QString chargeIdOf(const QString &intentId)
{
    return QStringLiteral("ch_") + intentId.mid(3);
}

} // namespace

FakeProvider::FakeProvider(QByteArray apiKey, WebhookDispatcher *webhooks, PaymentMethods *paymentMethods,
                           QObject *parent)
    : QObject(parent), m_apiKey(std::move(apiKey)), m_webhooks(webhooks), m_paymentMethods(paymentMethods)
{ }

void FakeProvider::allowBrowsers(QByteArray publishableKey, QList<QByteArray> origins)
{
    m_publishableKey = std::move(publishableKey);
    m_browserOrigins = std::move(origins);
}

bool FakeProvider::answeredForBrowser(const HttpRequest &request, const HttpResponder &responder)
{
    const QByteArray origin = request.header("origin");
    const bool fromBrowser = !origin.isEmpty() || request.method == "OPTIONS";
    if (!fromBrowser)
        return false;
    if (m_publishableKey.isEmpty() || !m_browserOrigins.contains(origin)) {
        responder.send(invalid(QStringLiteral("origin_not_allowed"),
                               QStringLiteral("Browser requests are not allowed from this origin."), 403));
        return true;
    }
    const HttpResponder toBrowser = responder.withHeader("Access-Control-Allow-Origin", origin).withHeader("Vary", "Origin");
    if (request.method == "OPTIONS") {
        HttpResponse preflight;
        preflight.status = 204;
        preflight.headers = {{"Access-Control-Allow-Methods", "POST"},
                             {"Access-Control-Allow-Headers", "Authorization, Content-Type"},
                             {"Access-Control-Max-Age", "600"}};
        toBrowser.send(preflight);
        return true;
    }
    if (request.method != "POST" || request.header("authorization") != "Bearer " + m_publishableKey) {
        toBrowser.send(invalid(QStringLiteral("invalid_api_key"),
                               QStringLiteral("A browser may only create payment methods, with the publishable key."), 401));
        return true;
    }
    m_paymentMethods->create(request, toBrowser);
    return true;
}

void FakeProvider::handle(const HttpRequest &request, const HttpResponder &responder)
{
    QString path = request.path;
    while (path.size() > 1 && path.endsWith(QLatin1Char('/')))
        path.chop(1);

    if (path == QLatin1String("/v1/payment_methods") && answeredForBrowser(request, responder))
        return;

    // The control API is the test's, not the shop's: no key needed.
    if (path == QLatin1String("/control/behaviour")) {
        if (methodIs(request, "POST", responder))
            setBehaviour(request, responder);
        return;
    }
    if (path == QLatin1String("/control/webhooks")) {
        if (methodIs(request, "POST", responder))
            configureWebhooks(request, responder);
        return;
    }
    if (path == QLatin1String("/control/webhooks/flush")) {
        if (methodIs(request, "POST", responder)) {
            m_webhooks->flush();
            responder.send(json(200, m_webhooks->counters()));
        }
        return;
    }
    if (path == QLatin1String("/control/browsers")) {
        // A test's page on a port it learns late (nginx's): {"allow_origin": "https://127.0.0.1:8443"}.
        if (methodIs(request, "POST", responder)) {
            const QJsonObject body = QJsonDocument::fromJson(request.body).object();
            const QByteArray origin = body.value(QStringLiteral("allow_origin")).toString().toUtf8();
            if (origin.isEmpty() || m_publishableKey.isEmpty()) {
                responder.send(invalid(QStringLiteral("parameter_missing"),
                                       QStringLiteral("allow_origin is needed, and --publishable-key at start.")));
                return;
            }
            if (!m_browserOrigins.contains(origin))
                m_browserOrigins.append(origin);
            responder.send(json(200, {{QStringLiteral("allowed"), QString::fromUtf8(origin)}}));
        }
        return;
    }
    if (path == QLatin1String("/control/state")) {
        if (methodIs(request, "GET", responder))
            describeState(responder);
        return;
    }

    if (path.startsWith(QLatin1String("/v1/")) && !m_apiKey.isEmpty()
        && request.header("authorization") != "Bearer " + m_apiKey) {
        responder.send(invalid(QStringLiteral("invalid_api_key"), QStringLiteral("Invalid API Key provided."), 401));
        return;
    }

    const QString intentPrefix = QStringLiteral("/v1/payment_intents/");
    const QString refundPrefix = QStringLiteral("/v1/refunds/");
    const QString methodPrefix = QStringLiteral("/v1/payment_methods/");
    if (path == QLatin1String("/v1/payment_methods")) {
        if (methodIs(request, "POST", responder))
            m_paymentMethods->create(request, responder);
    } else if (path.startsWith(methodPrefix) && !path.mid(methodPrefix.size()).contains(QLatin1Char('/'))) {
        if (methodIs(request, "GET", responder))
            m_paymentMethods->find(path.mid(methodPrefix.size()), responder);
    } else if (path == QLatin1String("/v1/payment_intents")) {
        if (request.method == "POST")
            createIntent(request, responder);
        else if (request.method == "GET")
            listIntents(request, responder);
        else
            refuseMethod("GET, POST", responder);
    } else if (path == QLatin1String("/v1/payment_intents/search")) {
        if (methodIs(request, "GET", responder))
            findIntentByKey(request, responder);
    } else if (path.startsWith(intentPrefix) && !path.mid(intentPrefix.size()).contains(QLatin1Char('/'))) {
        if (methodIs(request, "GET", responder))
            findIntent(path.mid(intentPrefix.size()), responder);
    } else if (path == QLatin1String("/v1/refunds")) {
        if (methodIs(request, "POST", responder))
            createRefund(request, responder);
    } else if (path.startsWith(refundPrefix) && !path.mid(refundPrefix.size()).contains(QLatin1Char('/'))) {
        if (methodIs(request, "GET", responder))
            findRefund(path.mid(refundPrefix.size()), responder);
    } else {
        // Not resource_missing: a client must be able to tell a wrong URL from an unknown payment.
        responder.send(invalid(
            QStringLiteral("unrecognized_url"),
            QStringLiteral("Unrecognized request URL (%1 %2).").arg(QString::fromLatin1(request.method), request.path),
            404));
    }
}

bool FakeProvider::answeredFromKey(const QString &key, const QString &route, const QJsonObject &params,
                                   const HttpResponder &responder) const
{
    const auto found = m_idempotency.constFind(key);
    if (found == m_idempotency.cend())
        return false;
    // Stripe looks at the lock first: while the first request runs nothing is known to replay.
    if (found->inFlight) {
        responder.send(error(409, QStringLiteral("idempotency_error"), QStringLiteral("idempotency_key_in_use"),
                             QStringLiteral("There is currently another in-progress request using this "
                                            "idempotency key. Try again later.")));
    } else if (found->route != route || found->params != params) {
        responder.send(error(400, QStringLiteral("idempotency_error"), QStringLiteral("idempotency_key_reused"),
                             QStringLiteral("Keys for idempotent requests can only be used with the same "
                                            "parameters they were first used with.")));
    } else {
        HttpResponse replay = found->response;
        replay.headers.append(qMakePair(QByteArrayLiteral("Idempotent-Replayed"), QByteArrayLiteral("true")));
        responder.send(replay);
    }
    return true;
}

void FakeProvider::complete(const QString &key, const HttpResponse &response)
{
    if (key.isEmpty())
        return;
    IdempotencyRecord &record = m_idempotency[key];
    record.inFlight = false;
    record.response = response;
}

void FakeProvider::createIntent(const HttpRequest &request, const HttpResponder &responder)
{
    QJsonObject params;
    if (!parseBody(request, &params, responder))
        return;
    const QString key = QString::fromUtf8(request.header("idempotency-key"));
    if (!key.isEmpty() && answeredFromKey(key, chargeRoute, params, responder))
        return;

    // A request that fails validation stores nothing under its key, as with Stripe.
    const qint64 amount = positiveInteger(params.value(QStringLiteral("amount")));
    if (amount < 0)
        return responder.send(invalid(QStringLiteral("parameter_invalid_integer"),
                                      QStringLiteral("amount must be a positive whole number of minor units.")));
    const QString currency = params.value(QStringLiteral("currency")).toString().toLower();
    if (currency.size() != 3)
        return responder.send(invalid(QStringLiteral("parameter_invalid_currency"),
                                      QStringLiteral("currency must be a three-letter ISO code.")));
    const QJsonValue metadata = params.value(QStringLiteral("metadata"));
    if (!metadata.isUndefined() && !metadata.isObject())
        return responder.send(
            invalid(QStringLiteral("parameter_invalid_metadata"), QStringLiteral("metadata must be an object.")));
    if (const QString problem = metadataProblem(metadata.toObject()); !problem.isEmpty())
        return responder.send(invalid(QStringLiteral("parameter_invalid_metadata"), problem));
    const QJsonValue paymentMethod = params.value(QStringLiteral("payment_method"));
    if (!paymentMethod.isUndefined() && !m_paymentMethods->exists(paymentMethod.toString()))
        return responder.send(invalidParameter(QStringLiteral("payment_method"), QStringLiteral("resource_missing"),
                                               QStringLiteral("No such PaymentMethod: '%1'")
                                                   .arg(paymentMethod.toString())));

    const PlannedCharge plan = m_plan.isEmpty() ? PlannedCharge{} : m_plan.dequeue();
    if (plan.behaviour == Behaviour::Error500Before) {
        // Failed before anything happened: no charge, and the key stays free for a retry.
        return responder.send(error(500, QStringLiteral("api_error"), QStringLiteral("internal_error"),
                                    QStringLiteral("An error occurred before the payment was processed.")));
    }

    Intent intent;
    intent.id = randomId(QStringLiteral("pi_"));
    intent.idempotencyKey = key;
    intent.amount = amount;
    intent.currency = currency;
    intent.description = params.value(QStringLiteral("description")).toString();
    intent.paymentMethod = paymentMethod.toString();
    intent.metadata = metadata.toObject();
    intent.created = QDateTime::currentSecsSinceEpoch();
    const bool declined = plan.behaviour == Behaviour::Decline;
    intent.status = declined ? QStringLiteral("requires_payment_method") : QStringLiteral("succeeded");
    intent.declineCode = plan.declineCode;
    m_intentIndex.insert(intent.id, m_intents.size());
    if (!key.isEmpty()) {
        m_intentByKey.insert(key, m_intents.size());
        m_idempotency.insert(key, IdempotencyRecord{chargeRoute, params, true, {}});
    }
    m_intents.append(intent);
    qCInfo(lcFakepay).noquote() << "charge" << intent.id << "key" << key << amount << currency << plan.name;

    HttpResponse response;
    if (declined) {
        QJsonObject extra{{QStringLiteral("payment_intent"), intentJson(intent)}};
        if (!plan.declineCode.isEmpty())
            extra.insert(QStringLiteral("decline_code"), plan.declineCode);
        response = error(402, QStringLiteral("card_error"), QStringLiteral("card_declined"),
                         QStringLiteral("Your card was declined."), extra);
        m_webhooks->publish(QStringLiteral("payment_intent.payment_failed"), intentJson(intent));
    } else {
        response = json(200, intentJson(intent));
        m_webhooks->publish(QStringLiteral("payment_intent.succeeded"), intentJson(intent));
    }

    switch (plan.behaviour) {
    case Behaviour::Succeed:
    case Behaviour::Decline:
    case Behaviour::Error500Before:
        complete(key, response);
        responder.send(response);
        break;
    case Behaviour::Error500:
        // The money moved and the answer is stored: a retry with the key gets the success replayed.
        complete(key, response);
        responder.send(error(500, QStringLiteral("api_error"), QStringLiteral("internal_error"),
                             QStringLiteral("An error occurred while answering.")));
        break;
    case Behaviour::Slow:
    case Behaviour::Hang: {
        // The request counts as running until its answer is due, whether or not the client still waits.
        const int holdMs = plan.behaviour == Behaviour::Slow ? m_slowMs : m_hangMs;
        QTimer::singleShot(holdMs, this, [this, key, response, responder] {
            complete(key, response);
            responder.send(response);
        });
        break;
    }
    }
}

void FakeProvider::listIntents(const HttpRequest &request, const HttpResponder &responder) const
{
    ListQuery query;
    if (const std::optional<HttpResponse> refused = parseListQuery(request, &query))
        return responder.send(*refused);

    bool hasMore = false;
    const QList<qsizetype> picked
        = query.endingBefore.isEmpty() ? pickOlder(query, &hasMore) : pickNewer(query, &hasMore);
    QJsonArray data;
    for (const qsizetype position : picked) {
        const Intent &intent = m_intents.at(position);
        QJsonObject object = intentJson(intent);
        if (query.expandLatestCharge)
            object.insert(QStringLiteral("latest_charge"), chargeJson(intent));
        data.append(object);
    }
    responder.send(json(200,
                        {
                            {QStringLiteral("object"), QStringLiteral("list")},
                            {QStringLiteral("data"), data},
                            {QStringLiteral("has_more"), hasMore},
                            {QStringLiteral("url"), QStringLiteral("/v1/payment_intents")},
                        }));
}

std::optional<HttpResponse> FakeProvider::parseListQuery(const HttpRequest &request, ListQuery *query) const
{
    QStringList seen;
    for (const auto &[name, value] : request.query.queryItems(QUrl::FullyDecoded)) {
        // A parameter given twice is a client bug: refused rather than guessing which one was meant.
        if (name != QLatin1String("expand[]") && seen.contains(name))
            return invalidParameter(name, QStringLiteral("parameter_invalid"),
                                    QStringLiteral("Received %1 more than once.").arg(name));
        seen.append(name);
        qint64 number = 0;
        if (name == QLatin1String("limit")) {
            if (!parseWholeNumber(value, 1, 100, &number))
                return invalidParameter(
                    name, QStringLiteral("parameter_invalid_integer"),
                    QStringLiteral("limit must be a whole number from 1 to 100 (got '%1').").arg(value));
            query->limit = int(number);
        } else if (createdBounds.contains(name)) {
            if (!parseWholeNumber(value, 0, maxTimestamp, &number))
                return invalidParameter(name, QStringLiteral("parameter_invalid_integer"),
                                        QStringLiteral("%1 must be a Unix timestamp (got '%2').").arg(name, value));
            narrowCreated(name, number, &query->createdMin, &query->createdMax);
        } else if (name == QLatin1String("starting_after") || name == QLatin1String("ending_before")) {
            if (!m_intentIndex.contains(value))
                return invalidParameter(name, QStringLiteral("resource_missing"),
                                        QStringLiteral("No such payment_intent: '%1'").arg(value));
            (name == QLatin1String("starting_after") ? query->startingAfter : query->endingBefore) = value;
        } else if (name == QLatin1String("expand[]")) {
            if (value != QLatin1String("data.latest_charge"))
                return invalidParameter(name, QStringLiteral("parameter_invalid"),
                                        QStringLiteral("This property cannot be expanded (%1).").arg(value));
            query->expandLatestCharge = true;
        } else {
            return invalidParameter(name, QStringLiteral("parameter_unknown"),
                                    QStringLiteral("Received unknown parameter: %1").arg(name));
        }
    }
    if (!query->startingAfter.isEmpty() && !query->endingBefore.isEmpty())
        return invalidParameter(QStringLiteral("starting_after"), QStringLiteral("parameter_invalid"),
                                QStringLiteral("You may only specify one of these parameters: ending_before, "
                                               "starting_after."));
    return std::nullopt;
}

// Newest first from the top, or from just below the starting_after cursor. m_intents only ever grows
// at the new end, so charges made while a client pages cannot shift the intents it has yet to read.
QList<qsizetype> FakeProvider::pickOlder(const ListQuery &query, bool *hasMore) const
{
    QList<qsizetype> picked;
    qsizetype position
        = query.startingAfter.isEmpty() ? m_intents.size() - 1 : m_intentIndex.value(query.startingAfter) - 1;
    // One more than the page holds, to know whether there is more.
    for (; position >= 0 && picked.size() <= query.limit; --position) {
        const qint64 created = m_intents.at(position).created;
        if (created >= query.createdMin && created <= query.createdMax)
            picked.append(position);
    }
    *hasMore = picked.size() > query.limit;
    picked.resize(std::min(picked.size(), qsizetype(query.limit)));
    return picked;
}

// The page just newer than the ending_before cursor, still newest first, as Stripe pages backwards.
QList<qsizetype> FakeProvider::pickNewer(const ListQuery &query, bool *hasMore) const
{
    QList<qsizetype> picked;
    for (qsizetype position = m_intentIndex.value(query.endingBefore) + 1;
         position < m_intents.size() && picked.size() <= query.limit; ++position) {
        const qint64 created = m_intents.at(position).created;
        if (created >= query.createdMin && created <= query.createdMax)
            picked.append(position);
    }
    *hasMore = picked.size() > query.limit;
    picked.resize(std::min(picked.size(), qsizetype(query.limit)));
    std::reverse(picked.begin(), picked.end());
    return picked;
}

void FakeProvider::findIntentByKey(const HttpRequest &request, const HttpResponder &responder) const
{
    const QString key = request.query.queryItemValue(QStringLiteral("idempotency_key"), QUrl::FullyDecoded);
    if (key.isEmpty())
        return responder.send(
            invalid(QStringLiteral("parameter_missing"), QStringLiteral("idempotency_key is required.")));
    const auto found = m_intentByKey.constFind(key);
    if (found == m_intentByKey.cend())
        return responder.send(invalid(QStringLiteral("resource_missing"),
                                      QStringLiteral("No payment intent was made with this idempotency key."), 404));
    responder.send(json(200, intentJson(m_intents.at(*found))));
}

void FakeProvider::findIntent(const QString &id, const HttpResponder &responder) const
{
    const auto found = m_intentIndex.constFind(id);
    if (found == m_intentIndex.cend())
        return responder.send(
            invalid(QStringLiteral("resource_missing"), QStringLiteral("No such payment_intent: '%1'").arg(id), 404));
    responder.send(json(200, intentJson(m_intents.at(*found))));
}

void FakeProvider::createRefund(const HttpRequest &request, const HttpResponder &responder)
{
    QJsonObject params;
    if (!parseBody(request, &params, responder))
        return;
    const QString key = QString::fromUtf8(request.header("idempotency-key"));
    if (!key.isEmpty() && answeredFromKey(key, refundRoute, params, responder))
        return;

    const QString intentId = params.value(QStringLiteral("payment_intent")).toString();
    if (intentId.isEmpty())
        return responder.send(
            invalid(QStringLiteral("parameter_missing"), QStringLiteral("payment_intent is required.")));
    const auto found = m_intentIndex.constFind(intentId);
    if (found == m_intentIndex.cend())
        return responder.send(invalid(QStringLiteral("resource_missing"),
                                      QStringLiteral("No such payment_intent: '%1'").arg(intentId), 404));
    Intent &intent = m_intents[*found];
    if (intent.status != QLatin1String("succeeded"))
        return responder.send(invalid(QStringLiteral("charge_not_refundable"),
                                      QStringLiteral("This payment intent has no successful charge to refund.")));
    const qint64 remaining = intent.amount - intent.refunded;
    if (remaining == 0)
        return responder.send(invalid(QStringLiteral("charge_already_refunded"),
                                      QStringLiteral("This payment has already been refunded in full.")));
    const QJsonValue amountValue = params.value(QStringLiteral("amount"));
    const qint64 amount = amountValue.isUndefined() ? remaining : positiveInteger(amountValue);
    if (amount < 0)
        return responder.send(invalid(QStringLiteral("parameter_invalid_integer"),
                                      QStringLiteral("amount must be a positive whole number of minor units.")));
    if (amount > remaining)
        return responder.send(invalid(QStringLiteral("amount_too_large"),
                                      QStringLiteral("Refund amount (%1) is greater than the unrefunded amount (%2).")
                                          .arg(amount)
                                          .arg(remaining)));

    Refund refund;
    refund.id = randomId(QStringLiteral("re_"));
    refund.idempotencyKey = key;
    refund.paymentIntent = intent.id;
    refund.amount = amount;
    refund.reason = params.value(QStringLiteral("reason")).toString();
    refund.created = QDateTime::currentSecsSinceEpoch();
    m_refunds.append(refund);
    intent.refunded += amount;
    qCInfo(lcFakepay).noquote() << "refund" << refund.id << "of" << intent.id << amount;

    const HttpResponse response = json(200, refundJson(refund));
    if (!key.isEmpty())
        m_idempotency.insert(key, IdempotencyRecord{refundRoute, params, false, response});
    m_webhooks->publish(QStringLiteral("charge.refunded"), chargeJson(intent));
    responder.send(response);
}

void FakeProvider::findRefund(const QString &id, const HttpResponder &responder) const
{
    for (const Refund &refund : m_refunds) {
        if (refund.id == id)
            return responder.send(json(200, refundJson(refund)));
    }
    responder.send(invalid(QStringLiteral("resource_missing"), QStringLiteral("No such refund: '%1'").arg(id), 404));
}

void FakeProvider::setBehaviour(const HttpRequest &request, const HttpResponder &responder)
{
    QJsonObject params;
    if (!parseBody(request, &params, responder))
        return;

    QQueue<PlannedCharge> plan;
    const QJsonValue next = params.value(QStringLiteral("next"));
    if (!next.isUndefined() && !next.isArray())
        return responder.send(invalid(QStringLiteral("parameter_invalid"), QStringLiteral("next must be a list.")));
    for (const QJsonValue &entry : next.toArray()) {
        const QString name = entry.toString();
        PlannedCharge planned;
        planned.name = name;
        if (name == QLatin1String("succeed")) {
            planned.behaviour = Behaviour::Succeed;
        } else if (name == QLatin1String("decline") || name.startsWith(QLatin1String("decline:"))) {
            planned.behaviour = Behaviour::Decline;
            planned.declineCode = name.section(QLatin1Char(':'), 1);
        } else if (name == QLatin1String("hang")) {
            planned.behaviour = Behaviour::Hang;
        } else if (name == QLatin1String("error500")) {
            planned.behaviour = Behaviour::Error500;
        } else if (name == QLatin1String("error500_before")) {
            planned.behaviour = Behaviour::Error500Before;
        } else if (name == QLatin1String("slow")) {
            planned.behaviour = Behaviour::Slow;
        } else {
            return responder.send(invalid(QStringLiteral("parameter_invalid"),
                                          QStringLiteral("Unknown behaviour \"%1\": use succeed, decline, "
                                                         "decline:<code>, hang, error500, error500_before or slow.")
                                              .arg(name)));
        }
        plan.enqueue(planned);
    }
    const QJsonValue slow = params.value(QStringLiteral("slow_ms"));
    const QJsonValue hang = params.value(QStringLiteral("hang_ms"));
    for (const QJsonValue &value : {slow, hang}) {
        if (!value.isUndefined() && (value.toInteger(-1) < 0 || value.toInteger() > maxHoldMs))
            return responder.send(
                invalid(QStringLiteral("parameter_invalid"),
                        QStringLiteral("slow_ms and hang_ms are whole numbers from 0 to %1.").arg(maxHoldMs)));
    }

    // The list replaces what was planned before, so a test starts from a known queue.
    if (!next.isUndefined())
        m_plan = plan;
    if (!slow.isUndefined())
        m_slowMs = int(slow.toInteger());
    if (!hang.isUndefined())
        m_hangMs = int(hang.toInteger());
    responder.send(json(200, behaviourJson()));
}

void FakeProvider::configureWebhooks(const HttpRequest &request, const HttpResponder &responder)
{
    QJsonObject params;
    if (!parseBody(request, &params, responder))
        return;
    const QString problem = m_webhooks->configure(params);
    if (!problem.isEmpty())
        return responder.send(invalid(QStringLiteral("parameter_invalid"), problem));
    responder.send(json(200, m_webhooks->settings()));
}

void FakeProvider::describeState(const HttpResponder &responder) const
{
    QJsonArray charges;
    for (const Intent &intent : m_intents) {
        charges.append(QJsonObject{
            {QStringLiteral("id"), intent.id},
            {QStringLiteral("idempotency_key"), intent.idempotencyKey},
            {QStringLiteral("amount"), intent.amount},
            {QStringLiteral("amount_refunded"), intent.refunded},
            {QStringLiteral("currency"), intent.currency},
            {QStringLiteral("status"), intent.status},
            {QStringLiteral("order_id"), intent.metadata.value(QStringLiteral("order_id"))},
            {QStringLiteral("metadata"), intent.metadata},
            {QStringLiteral("created"), intent.created},
            {QStringLiteral("payment_method"), intent.paymentMethod},
        });
    }
    QJsonArray refunds;
    for (const Refund &refund : m_refunds)
        refunds.append(refundJson(refund));

    responder.send(json(200,
                        {
                            {QStringLiteral("charges"), charges},
                            {QStringLiteral("refunds"), refunds},
                            {QStringLiteral("deliveries"), m_webhooks->counters()},
                            {QStringLiteral("behaviour"), behaviourJson()},
                            {QStringLiteral("webhooks"), m_webhooks->settings()},
                        }));
}

QJsonObject FakeProvider::intentJson(const Intent &intent) const
{
    const bool succeeded = intent.status == QLatin1String("succeeded");
    QJsonObject object{
        {QStringLiteral("id"), intent.id},
        {QStringLiteral("object"), QStringLiteral("payment_intent")},
        {QStringLiteral("status"), intent.status},
        {QStringLiteral("amount"), intent.amount},
        {QStringLiteral("amount_received"), succeeded ? intent.amount : 0},
        {QStringLiteral("currency"), intent.currency},
        {QStringLiteral("description"), intent.description},
        {QStringLiteral("metadata"), intent.metadata},
        {QStringLiteral("created"), intent.created},
        {QStringLiteral("livemode"), false},
        // Declined attempts are charges too (failed ones), as with Stripe.
        {QStringLiteral("latest_charge"), chargeIdOf(intent.id)},
    };
    if (!intent.paymentMethod.isEmpty())
        object.insert(QStringLiteral("payment_method"), intent.paymentMethod);
    if (!succeeded) {
        QJsonObject lastError{
            {QStringLiteral("type"), QStringLiteral("card_error")},
            {QStringLiteral("code"), QStringLiteral("card_declined")},
            {QStringLiteral("message"), QStringLiteral("Your card was declined.")},
        };
        if (!intent.declineCode.isEmpty())
            lastError.insert(QStringLiteral("decline_code"), intent.declineCode);
        object.insert(QStringLiteral("last_payment_error"), lastError);
    }
    return object;
}

// The charge behind a payment intent, as charge.refunded carries it and a list expands latest_charge:
// amount_refunded is the total so far.
QJsonObject FakeProvider::chargeJson(const Intent &intent) const
{
    QJsonArray refunds;
    for (const Refund &refund : m_refunds) {
        if (refund.paymentIntent == intent.id)
            refunds.append(refundJson(refund));
    }
    return {
        {QStringLiteral("id"), chargeIdOf(intent.id)},
        {QStringLiteral("object"), QStringLiteral("charge")},
        {QStringLiteral("payment_intent"), intent.id},
        {QStringLiteral("status"),
         intent.status == QLatin1String("succeeded") ? QStringLiteral("succeeded") : QStringLiteral("failed")},
        {QStringLiteral("created"), intent.created},
        {QStringLiteral("amount"), intent.amount},
        {QStringLiteral("amount_refunded"), intent.refunded},
        {QStringLiteral("refunded"), intent.refunded == intent.amount},
        {QStringLiteral("currency"), intent.currency},
        {QStringLiteral("metadata"), intent.metadata},
        {QStringLiteral("refunds"),
         QJsonObject{{QStringLiteral("object"), QStringLiteral("list")}, {QStringLiteral("data"), refunds}}},
    };
}

QJsonObject FakeProvider::refundJson(const Refund &refund) const
{
    return {
        {QStringLiteral("id"), refund.id},
        {QStringLiteral("object"), QStringLiteral("refund")},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
        {QStringLiteral("amount"), refund.amount},
        {QStringLiteral("payment_intent"), refund.paymentIntent},
        {QStringLiteral("reason"), refund.reason},
        {QStringLiteral("idempotency_key"), refund.idempotencyKey},
        {QStringLiteral("created"), refund.created},
    };
}

QJsonObject FakeProvider::behaviourJson() const
{
    QJsonArray next;
    for (const PlannedCharge &planned : m_plan)
        next.append(planned.name);
    return {
        {QStringLiteral("next"), next},
        {QStringLiteral("slow_ms"), m_slowMs},
        {QStringLiteral("hang_ms"), m_hangMs},
    };
}

} // namespace boxoffice::fakepay
