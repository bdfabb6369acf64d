#include "payments/httppaymentprovider.h"

#include "payments/blockinghttp.h"
#include "payments/paymentslogging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace boxoffice {

namespace {

// Stripe's limit; a longer key would be cut or refused by a real provider.
constexpr int maxIdempotencyKeyLength = 255;

Status checkIdempotencyKey(const QString &key)
{
    if (key.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A payment needs an idempotency key."));
    if (key.size() > maxIdempotencyKeyLength)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("An idempotency key has at most %1 characters.").arg(maxIdempotencyKeyLength));
    // The key travels in a header: a line break in it would forge further headers.
    for (const QChar c : key) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7e)
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("An idempotency key may only hold printable ASCII characters."));
    }
    return Done{};
}

QJsonObject jsonObject(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

struct ProviderError
{
    QString type; // card_error, idempotency_error, invalid_request_error, api_error
    QString code;
    QString declineCode;
    QString message;
    QJsonObject paymentIntent;
};

ProviderError providerError(const QJsonObject &body)
{
    const QJsonObject error = body.value(QStringLiteral("error")).toObject();
    ProviderError result;
    result.type = error.value(QStringLiteral("type")).toString();
    result.code = error.value(QStringLiteral("code")).toString();
    result.declineCode = error.value(QStringLiteral("decline_code")).toString();
    result.message = error.value(QStringLiteral("message")).toString();
    result.paymentIntent = error.value(QStringLiteral("payment_intent")).toObject();
    return result;
}

// One line for the log that says what came back: enough to tell a timeout from a 503 from a 409.
QString describe(const HttpAnswer &answer)
{
    if (answer.status == 0)
        return answer.timedOut ? answer.networkError : QStringLiteral("network error: %1").arg(answer.networkError);
    QString text = QStringLiteral("HTTP %1").arg(answer.status);
    const ProviderError error = providerError(jsonObject(answer.body));
    if (!error.type.isEmpty() || !error.code.isEmpty())
        text += QStringLiteral(" %1/%2").arg(error.type, error.code);
    if (!error.message.isEmpty())
        text += QStringLiteral(": ") + error.message;
    if (answer.header("Idempotent-Replayed") == "true")
        text += QStringLiteral(" (replayed)");
    return text;
}

qint64 amountOf(const QJsonObject &object)
{
    return object.value(QStringLiteral("amount")).toInteger();
}

ChargeOutcome unknownCharge(const QString &detail)
{
    ChargeOutcome outcome;
    outcome.status = ChargeStatus::Unknown;
    outcome.detail = detail;
    return outcome;
}

QString declineReasonOf(const QString &declineCode, const QString &code, const QString &fallback)
{
    if (!declineCode.isEmpty())
        return declineCode;
    return code.isEmpty() ? fallback : code;
}

// Only the states that are final and moved no money count as Declined; everything in between
// (processing, requires_action, ...) waits for another look.
ChargeStatus chargeStatusOfIntent(const QString &status)
{
    if (status == QLatin1String("succeeded"))
        return ChargeStatus::Succeeded;
    if (status == QLatin1String("requires_payment_method") || status == QLatin1String("canceled"))
        return ChargeStatus::Declined;
    return ChargeStatus::Unknown;
}

// A payment intent's status as a charge outcome.
ChargeOutcome outcomeFromIntent(const QJsonObject &intent, const QString &detail)
{
    const QString id = intent.value(QStringLiteral("id")).toString();
    const QString status = intent.value(QStringLiteral("status")).toString();
    if (id.isEmpty() || status.isEmpty())
        return unknownCharge(detail + QStringLiteral(": no payment intent in the answer"));

    ChargeOutcome outcome;
    outcome.providerPaymentId = id;
    outcome.amountMinor = amountOf(intent);
    outcome.detail = detail;
    outcome.status = chargeStatusOfIntent(status);
    if (outcome.status == ChargeStatus::Declined) {
        const QJsonObject lastError = intent.value(QStringLiteral("last_payment_error")).toObject();
        outcome.declineReason = declineReasonOf(lastError.value(QStringLiteral("decline_code")).toString(),
                                                lastError.value(QStringLiteral("code")).toString(), status);
    } else if (outcome.status == ChargeStatus::Unknown) {
        outcome.detail += QStringLiteral(": payment intent is %1").arg(status);
    }
    return outcome;
}

Result<ChargeOutcome> logged(const QString &what, const QString &key, Result<ChargeOutcome> result)
{
    if (!result)
        qCWarning(lcPayments).noquote() << what << key << "refused:" << result.error().message;
    else if (result->status == ChargeStatus::Unknown)
        qCWarning(lcPayments).noquote() << what << key << "unknown:" << result->detail;
    else
        qCInfo(lcPayments).noquote() << what << key << chargeStatusName(result->status) << result->providerPaymentId
                                     << result->detail;
    return result;
}

// Where the shop keeps a charge's idempotency key and order on the provider's side: the list of
// charges shows metadata, never the key a charge was created under.
const QString keyMetadata = QStringLiteral("boxoffice_key");
const QString orderMetadata = QStringLiteral("order_id");

DomainError listFailed(ErrorCode code, const QString &message, const QString &detail)
{
    DomainError failed = makeError(code, message);
    failed.detail = detail;
    qCWarning(lcPayments).noquote() << "charge list failed:" << message << detail;
    return failed;
}

DomainError unreadableList(const QString &detail)
{
    return listFailed(ErrorCode::Internal, QStringLiteral("The payment provider's list of charges could not be read."),
                      detail);
}

QString listQuery(qint64 sinceSeconds, const QString &startingAfter)
{
    QString query = QStringLiteral("limit=") + QString::number(HttpPaymentProvider::listPageSize)
        + QStringLiteral("&created%5Bgte%5D=")
        + QString::number(sinceSeconds)
        // The refunded amount lives on the charge, which a list only shows as an id unless expanded.
        + QStringLiteral("&expand%5B%5D=data.latest_charge");
    if (!startingAfter.isEmpty())
        query += QStringLiteral("&starting_after=") + QString::fromLatin1(QUrl::toPercentEncoding(startingAfter));
    return query;
}

struct ListPage
{
    QList<QJsonObject> intents; // newest first, as the provider sent them
    bool hasMore = false;
};

Result<ListPage> parseListPage(const HttpAnswer &answer)
{
    const QString detail = describe(answer);
    // Worth another try later; anything else will not get better by asking again.
    if (answer.status == 0 || answer.status == 429 || answer.status >= 500)
        return listFailed(ErrorCode::Unavailable,
                          QStringLiteral("The payment provider could not be reached to list charges."), detail);
    if (answer.status != 200)
        return listFailed(ErrorCode::Internal, QStringLiteral("The payment provider refused to list charges."), detail);

    const QJsonObject json = jsonObject(answer.body);
    const QJsonValue data = json.value(QStringLiteral("data"));
    const QJsonValue hasMore = json.value(QStringLiteral("has_more"));
    if (json.value(QStringLiteral("object")).toString() != QLatin1String("list") || !data.isArray()
        || !hasMore.isBool())
        return unreadableList(detail + QStringLiteral(": not a list"));
    ListPage page;
    page.hasMore = hasMore.toBool();
    for (const QJsonValue &entry : data.toArray()) {
        // Every entry needs an id: the next page starts after the last one.
        if (entry.toObject().value(QStringLiteral("id")).toString().isEmpty())
            return unreadableList(detail + QStringLiteral(": an entry without an id"));
        page.intents.append(entry.toObject());
    }
    return page;
}

// 0 unless the metadata holds a positive whole number: a charge made outside the shop's orders.
OrderId orderOf(const QJsonObject &metadata)
{
    bool ok = false;
    const OrderId order = metadata.value(orderMetadata).toString().toLongLong(&ok);
    return ok && order > 0 ? order : 0;
}

// A whole, non-negative number, or -1 when the field is missing or anything else.
qint64 wholeNumber(const QJsonObject &object, const QString &name)
{
    const QJsonValue value = object.value(name);
    const qint64 number = value.isDouble() ? value.toInteger(-1) : -1;
    return number >= 0 ? number : -1;
}

// From the expanded latest charge; no charge yet (null) means nothing refunded. An id alone would hide
// the refunded amount, so it is -1 like any other unreadable value.
qint64 refundedOf(const QJsonObject &intent)
{
    const QJsonValue latestCharge = intent.value(QStringLiteral("latest_charge"));
    if (latestCharge.isObject())
        return wholeNumber(latestCharge.toObject(), QStringLiteral("amount_refunded"));
    return latestCharge.isNull() || latestCharge.isUndefined() ? 0 : -1;
}

Result<ProviderCharge> providerCharge(const QJsonObject &intent)
{
    ProviderCharge charge;
    charge.providerPaymentId = intent.value(QStringLiteral("id")).toString();
    const QJsonObject metadata = intent.value(QStringLiteral("metadata")).toObject();
    charge.idempotencyKey = metadata.value(keyMetadata).toString();
    charge.order = orderOf(metadata);
    charge.status = chargeStatusOfIntent(intent.value(QStringLiteral("status")).toString());
    charge.amountMinor = wholeNumber(intent, QStringLiteral("amount"));
    charge.currency = intent.value(QStringLiteral("currency")).toString().toUpper();
    const qint64 created = wholeNumber(intent, QStringLiteral("created"));
    charge.created = QDateTime::fromSecsSinceEpoch(created, Qt::UTC);
    charge.amountRefundedMinor = refundedOf(intent);
    // A charge reconciliation cannot read must not drop out of the list unnoticed.
    if (charge.amountMinor < 0 || created <= 0 || charge.amountRefundedMinor < 0 || charge.currency.size() != 3)
        return unreadableList(QStringLiteral("payment intent %1: no valid amount, currency, created or refunded amount")
                                  .arg(charge.providerPaymentId));
    return charge;
}

bool isOurs(const QJsonObject &intent, const QString &keyPrefix)
{
    const QString key = intent.value(QStringLiteral("metadata")).toObject().value(keyMetadata).toString();
    return !key.isEmpty() && key.startsWith(keyPrefix);
}

// Takes the shop's charges from one page. An id seen before means the cursor went backwards: the list
// as a whole cannot be trusted then, so it is an error rather than a silently deduplicated list.
Status collectOurs(const ListPage &page, const QString &keyPrefix, QSet<QString> *seen,
                   QVector<ProviderCharge> *charges)
{
    for (const QJsonObject &intent : page.intents) {
        const QString id = intent.value(QStringLiteral("id")).toString();
        if (seen->contains(id))
            return unreadableList(QStringLiteral("payment intent %1 listed twice").arg(id));
        seen->insert(id);
        if (!isOurs(intent, keyPrefix))
            continue;
        Result<ProviderCharge> charge = providerCharge(intent);
        if (!charge)
            return charge.error();
        charges->append(std::move(charge).value());
    }
    return Done{};
}

} // namespace

HttpPaymentProvider::HttpPaymentProvider(QUrl baseUrl, QByteArray apiKey, int timeoutMs)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey))
      // Zero would time every call out before it is sent: take it as "not configured".
      ,
      m_timeoutMs(timeoutMs > 0 ? timeoutMs : 10000)
{ }

Result<ChargeOutcome> HttpPaymentProvider::charge(const ChargeRequest &request)
{
    if (const Status key = checkIdempotencyKey(request.idempotencyKey); !key)
        return key.error();
    if (request.amountMinor <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A charge must be for more than nothing."));
    const QString currency = request.currency.trimmed().toLower();
    if (currency.size() != 3 || !std::all_of(currency.cbegin(), currency.cend(), [](QChar c) {
            return c >= QLatin1Char('a') && c <= QLatin1Char('z');
        })) {
        return makeError(ErrorCode::BadInput, QStringLiteral("A charge needs a three-letter currency code."));
    }
    if (request.order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A charge must name its order."));

    QJsonObject body{
        {QStringLiteral("amount"), request.amountMinor},
        {QStringLiteral("currency"), currency},
        {QStringLiteral("description"), request.description},
        // The key travels as metadata too: a list of charges shows metadata, not idempotency keys, and
        // is how the shop finds charges whose answer never reached it.
        {QStringLiteral("metadata"),
         QJsonObject{{orderMetadata, QString::number(request.order)}, {keyMetadata, request.idempotencyKey}}},
    };
    if (!request.paymentMethod.isEmpty())
        body.insert(QStringLiteral("payment_method"), request.paymentMethod);
    const HttpAnswer answer = post(QStringLiteral("/v1/payment_intents"),
                                   QJsonDocument(body).toJson(QJsonDocument::Compact), request.idempotencyKey);
    const QString detail = describe(answer);
    const QString what = QStringLiteral("charge");
    const QJsonObject json = jsonObject(answer.body);
    const ProviderError error = providerError(json);

    switch (answer.status) {
    case 200: {
        ChargeOutcome outcome = outcomeFromIntent(json, detail);
        outcome.answered = true;
        return logged(what, request.idempotencyKey, outcome);
    }
    case 402:
        if (error.type == QLatin1String("card_error")) {
            ChargeOutcome outcome;
            outcome.status = ChargeStatus::Declined;
            outcome.providerPaymentId = error.paymentIntent.value(QStringLiteral("id")).toString();
            outcome.amountMinor = amountOf(error.paymentIntent);
            outcome.declineReason = declineReasonOf(error.declineCode, error.code, QStringLiteral("card_declined"));
            outcome.detail = detail;
            outcome.answered = true;
            return logged(what, request.idempotencyKey, outcome);
        }
        break;
    case 400: {
        // The provider did not run this request. For an idempotency_error the key's first request may
        // well have charged: the caller has to look that up under its key, not try again.
        DomainError refused = makeError(
            ErrorCode::BadInput,
            error.type == QLatin1String("idempotency_error")
                ? QStringLiteral("The payment provider refused the charge: its idempotency key was already used "
                                 "for a different request.")
                : QStringLiteral("The payment provider refused the charge as invalid."));
        refused.detail = detail;
        return logged(what, request.idempotencyKey, refused);
    }
    default:
        break;
    }
    // 409 (the key's first request is still running), 401, 5xx, no answer: the money may have moved.
    // With an HTTP answer this request is over; with none it may still reach the provider.
    ChargeOutcome unknown = unknownCharge(detail);
    unknown.answered = answer.status != 0;
    return logged(what, request.idempotencyKey, unknown);
}

Result<ChargeOutcome> HttpPaymentProvider::chargeByKey(const QString &idempotencyKey)
{
    if (const Status key = checkIdempotencyKey(idempotencyKey); !key)
        return key.error();

    const HttpAnswer answer
        = get(QStringLiteral("/v1/payment_intents/search"),
              QStringLiteral("idempotency_key=") + QString::fromLatin1(QUrl::toPercentEncoding(idempotencyKey)));
    const QString detail = describe(answer);
    const QString what = QStringLiteral("charge lookup");
    const QJsonObject json = jsonObject(answer.body);

    if (answer.status == 200)
        return logged(what, idempotencyKey, outcomeFromIntent(json, detail));
    // Only the provider's own "no such thing" counts: a 404 from a wrong URL or a proxy proves nothing.
    if (answer.status == 404 && providerError(json).code == QLatin1String("resource_missing")) {
        DomainError missing
            = makeError(ErrorCode::NotFound, QStringLiteral("The payment provider has no charge under this key."));
        missing.detail = detail;
        return logged(what, idempotencyKey, missing);
    }
    return logged(what, idempotencyKey, unknownCharge(detail));
}

Result<RefundOutcome> HttpPaymentProvider::refund(const RefundRequest &request)
{
    if (const Status key = checkIdempotencyKey(request.idempotencyKey); !key)
        return key.error();
    if (request.providerPaymentId.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund must name the payment it refunds."));
    if (request.amountMinor <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund must be for more than nothing."));

    QJsonObject body{
        {QStringLiteral("payment_intent"), request.providerPaymentId},
        {QStringLiteral("amount"), request.amountMinor},
    };
    if (!request.reason.isEmpty())
        body.insert(QStringLiteral("reason"), request.reason);
    const HttpAnswer answer = post(QStringLiteral("/v1/refunds"), QJsonDocument(body).toJson(QJsonDocument::Compact),
                                   request.idempotencyKey);
    const QJsonObject json = jsonObject(answer.body);
    const ProviderError error = providerError(json);

    RefundOutcome outcome;
    outcome.detail = describe(answer);
    if (answer.status == 200) {
        const QString status = json.value(QStringLiteral("status")).toString();
        outcome.providerRefundId = json.value(QStringLiteral("id")).toString();
        if (outcome.providerRefundId.isEmpty())
            outcome.status = ChargeStatus::Unknown;
        else if (status == QLatin1String("succeeded"))
            outcome.status = ChargeStatus::Succeeded;
        else if (status == QLatin1String("failed") || status == QLatin1String("canceled"))
            outcome.status = ChargeStatus::Declined;
        else
            outcome.status = ChargeStatus::Unknown; // pending: the provider will tell by webhook
    } else if (answer.status == 400 && error.type == QLatin1String("idempotency_error")) {
        DomainError refused = makeError(ErrorCode::BadInput,
                                        QStringLiteral("The payment provider refused the refund: its idempotency key "
                                                       "was already used for a different request."));
        refused.detail = outcome.detail;
        qCWarning(lcPayments).noquote() << "refund" << request.idempotencyKey << "refused:" << outcome.detail;
        return refused;
    } else if (answer.status == 404 && error.code == QLatin1String("resource_missing")) {
        DomainError missing
            = makeError(ErrorCode::NotFound, QStringLiteral("The payment provider does not know this payment."));
        missing.detail = outcome.detail;
        qCWarning(lcPayments).noquote() << "refund" << request.idempotencyKey << "refused:" << outcome.detail;
        return missing;
    } else if (answer.status == 400 || answer.status == 402) {
        // More than remains, a payment that cannot be refunded: asking again will not change the answer.
        outcome.status = ChargeStatus::Declined;
    } else {
        outcome.status = ChargeStatus::Unknown;
    }

    if (outcome.status == ChargeStatus::Succeeded)
        qCInfo(lcPayments).noquote() << "refund" << request.idempotencyKey << outcome.providerRefundId
                                     << outcome.detail;
    else
        qCWarning(lcPayments).noquote() << "refund" << request.idempotencyKey << chargeStatusName(outcome.status)
                                        << outcome.detail;
    return outcome;
}

Result<QVector<ProviderCharge>> HttpPaymentProvider::listCharges(const QDateTime &since, const QString &keyPrefix)
{
    if (!since.isValid())
        return makeError(ErrorCode::BadInput, QStringLiteral("Listing charges needs the time to start from."));
    // The provider keeps whole seconds: rounding down keeps a charge made in the same second as `since`.
    const qint64 sinceSeconds = std::max<qint64>(0, since.toSecsSinceEpoch());

    QVector<ProviderCharge> charges;
    QSet<QString> seen;
    QString startingAfter;
    for (int page = 1; page <= maxListPages; ++page) {
        const Result<ListPage> listed
            = parseListPage(get(QStringLiteral("/v1/payment_intents"), listQuery(sinceSeconds, startingAfter)));
        if (!listed)
            return listed.error();
        if (const Status collected = collectOurs(*listed, keyPrefix, &seen, &charges); !collected)
            return collected.error();
        if (!listed->hasMore) {
            // Newest first from the provider; reconciliation wants them in the order they happened.
            std::reverse(charges.begin(), charges.end());
            std::stable_sort(charges.begin(), charges.end(),
                             [](const ProviderCharge &a, const ProviderCharge &b) { return a.created < b.created; });
            qCInfo(lcPayments).noquote() << "listed" << charges.size() << "charges under" << keyPrefix << "since"
                                         << since.toUTC().toString(Qt::ISODate) << "in" << page << "pages";
            return charges;
        }
        if (listed->intents.isEmpty())
            return unreadableList(QStringLiteral("an empty page that says there is more"));
        startingAfter = listed->intents.last().value(QStringLiteral("id")).toString();
    }
    return listFailed(
        ErrorCode::Internal,
        QStringLiteral("The payment provider's list of charges did not end after %1 pages.").arg(maxListPages),
        QStringLiteral("since %1, key prefix %2").arg(since.toUTC().toString(Qt::ISODate), keyPrefix));
}

Result<PaymentCard> HttpPaymentProvider::paymentMethod(const QString &id)
{
    static const QRegularExpression shape(QStringLiteral("^pm_[A-Za-z0-9]{1,100}$"));
    if (!shape.match(id).hasMatch())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A payment method is the provider's id for a card, like \"pm_1a2b3c\"."));
    const HttpAnswer answer = get(QStringLiteral("/v1/payment_methods/") + id, {});
    const QString detail = describe(answer);
    const QJsonObject json = jsonObject(answer.body);
    const auto failed = [&](ErrorCode code, const QString &message) {
        DomainError error = makeError(code, message);
        error.detail = detail;
        qCWarning(lcPayments).noquote() << "payment method" << id << "lookup failed:" << detail;
        return error;
    };
    if (answer.status == 404 && providerError(json).code == QLatin1String("resource_missing"))
        return failed(ErrorCode::NotFound, QStringLiteral("The payment provider does not know this payment method."));
    const QJsonObject card = json.value(QStringLiteral("card")).toObject();
    PaymentCard found;
    found.paymentMethod = json.value(QStringLiteral("id")).toString();
    found.fingerprint = card.value(QStringLiteral("fingerprint")).toString();
    found.last4 = card.value(QStringLiteral("last4")).toString();
    found.brand = card.value(QStringLiteral("brand")).toString();
    // An answer about another id, or without a fingerprint, cannot vouch for this card.
    if (answer.status != 200 || found.paymentMethod != id || found.fingerprint.isEmpty())
        return failed(ErrorCode::Unavailable, QStringLiteral("The payment provider could not tell which card this is."));
    qCInfo(lcPayments).noquote() << "payment method" << id << found.brand << found.last4;
    return found;
}

QUrl HttpPaymentProvider::endpoint(const QString &path) const
{
    QUrl url = m_baseUrl;
    QString basePath = url.path();
    while (basePath.endsWith(QLatin1Char('/')))
        basePath.chop(1);
    url.setPath(basePath + path);
    return url;
}

HttpAnswer HttpPaymentProvider::post(const QString &path, const QByteArray &body, const QString &idempotencyKey) const
{
    HttpExchange exchange;
    exchange.method = "POST";
    exchange.url = endpoint(path);
    exchange.headers = {{"Authorization", "Bearer " + m_apiKey}, {"Idempotency-Key", idempotencyKey.toLatin1()}};
    exchange.body = body;
    exchange.timeoutMs = m_timeoutMs;
    return exchangeBlocking(exchange);
}

HttpAnswer HttpPaymentProvider::get(const QString &path, const QString &query) const
{
    HttpExchange exchange;
    exchange.url = endpoint(path);
    // Already percent-encoded: tolerant mode keeps "%2B" a plus sign instead of decoding it.
    exchange.url.setQuery(query, QUrl::TolerantMode);
    exchange.headers = {{"Authorization", "Bearer " + m_apiKey}};
    exchange.timeoutMs = m_timeoutMs;
    return exchangeBlocking(exchange);
}

} // namespace boxoffice
