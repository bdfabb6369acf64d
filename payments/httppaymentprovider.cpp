#include "payments/httppaymentprovider.h"

#include "payments/blockinghttp.h"
#include "payments/formbody.h"
#include "payments/paymentslogging.h"
#include "payments/providerretry.h"
#include "payments/stripeanswers.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace boxoffice {

using namespace StripeAnswers;

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

// A value inside a search query's single quotes, as Stripe's query language escapes it.
QString quotedForSearch(const QString &value)
{
    QString escaped = value;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    escaped.replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

Result<ChargeOutcome> logged(const QString &what, const QString &key, Result<ChargeOutcome> result)
{
    if (!result)
        qCWarning(lcPayments).noquote() << what << key << "refused:" << result.error().message << result.error().detail;
    else if (result->status == ChargeStatus::Unknown)
        qCWarning(lcPayments).noquote() << what << key << "unknown:" << result->detail;
    else
        qCInfo(lcPayments).noquote() << what << key << chargeStatusName(result->status) << result->providerPaymentId
                                     << result->detail;
    return result;
}

DomainError refusedWith(ErrorCode code, const QString &message, const QString &detail)
{
    DomainError error = makeError(code, message);
    error.detail = detail;
    return error;
}

Status checkChargeRequest(const ChargeRequest &request, QString *currency)
{
    if (const Status key = checkIdempotencyKey(request.idempotencyKey); !key)
        return key;
    if (request.amount.minor() <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A charge must be for more than nothing."));
    *currency = request.amount.currency().toLower();
    if (currency->size() != 3 || !std::all_of(currency->cbegin(), currency->cend(), [](QChar c) {
            return c >= QLatin1Char('a') && c <= QLatin1Char('z');
        }))
        return makeError(ErrorCode::BadInput, QStringLiteral("A charge needs a three-letter currency code."));
    if (request.order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A charge must name its order."));
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
    QString currency;
    if (const Status checked = checkChargeRequest(request, &currency); !checked)
        return checked.error();

    // Created and confirmed in one request under one key: there is no moment where the intent exists
    // but a second request is still needed to move the money, and a retry replays the whole thing.
    FormBody body;
    body.add(QStringLiteral("amount"), request.amount.minor())
        .add(QStringLiteral("currency"), currency)
        .add(QStringLiteral("confirm"), QStringLiteral("true"))
        // Cards only: newer API versions would otherwise offer redirect-based methods, which need a
        // return_url and a buyer to come back.
        .add(QStringLiteral("payment_method_types[]"), QStringLiteral("card"))
        // Nothing here can show a buyer a bank's 3-D Secure page: a card that asks for it fails now
        // (authentication_required, a decline) instead of resting in requires_action, holding the
        // seats until someone gives up.
        .add(QStringLiteral("error_on_requires_action"), QStringLiteral("true"))
        .add(QStringLiteral("description"), request.description)
        // The key travels as metadata too: searches and lists show metadata, never idempotency keys,
        // and are how the shop finds charges whose answer never reached it.
        .addMetadata(orderMetadata, QString::number(request.order))
        .addMetadata(keyMetadata, request.idempotencyKey);
    if (!request.paymentMethod.isEmpty())
        body.add(QStringLiteral("payment_method"), request.paymentMethod);
    const HttpAnswer answer = post(QStringLiteral("/v1/payment_intents"), body, request.idempotencyKey);
    const QString detail = describe(answer);
    const QString what = QStringLiteral("charge");
    const ProviderError error = providerError(jsonObject(answer.body));

    if (answer.status == 200) {
        ChargeOutcome outcome = outcomeFromIntent(jsonObject(answer.body), detail);
        outcome.answered = true;
        return logged(what, request.idempotencyKey, outcome);
    }
    if (answer.status == 402 && error.type == QLatin1String("card_error")) {
        ChargeOutcome outcome;
        outcome.status = ChargeStatus::Declined;
        outcome.providerPaymentId = error.paymentIntent.value(QStringLiteral("id")).toString();
        outcome.amount = Money(error.paymentIntent.value(QStringLiteral("amount")).toInteger(),
                               error.paymentIntent.value(QStringLiteral("currency")).toString());
        outcome.declineReason = declineReasonOf(error.declineCode, error.code, QStringLiteral("card_declined"));
        outcome.detail = detail;
        outcome.answered = true;
        return logged(what, request.idempotencyKey, outcome);
    }
    if (answer.status == 400) {
        // The provider did not run this request. For an idempotency_error the key's first request may
        // well have charged: the caller has to look that up under its key, not try again.
        const bool keyReused = error.type == QLatin1String("idempotency_error");
        return logged(what, request.idempotencyKey,
                      refusedWith(ErrorCode::BadInput,
                                  keyReused ? QStringLiteral("The payment provider refused the charge: its idempotency "
                                                             "key was already used for a different request.")
                                            : QStringLiteral("The payment provider refused the charge as invalid."),
                                  detail));
    }
    // 409 (the key's first request is still running), 429, 401, 5xx, no answer: the money may have
    // moved. With an HTTP answer this request is over; with none it may still reach the provider.
    ChargeOutcome unknown = unknownCharge(detail);
    unknown.answered = answer.status != 0 || answer.connectionRefused;
    return logged(what, request.idempotencyKey, unknown);
}

Result<ChargeOutcome> HttpPaymentProvider::chargeByKey(const QString &idempotencyKey)
{
    if (const Status key = checkIdempotencyKey(idempotencyKey); !key)
        return key.error();
    const QString what = QStringLiteral("charge lookup");

    FormBody query;
    query
        .add(QStringLiteral("query"),
             QStringLiteral("metadata['%1']:%2").arg(keyMetadata, quotedForSearch(idempotencyKey)))
        .add(QStringLiteral("limit"), 10);
    const HttpAnswer answer = get(QStringLiteral("/v1/payment_intents/search"), query);
    const QString detail = describe(answer);
    if (answer.status != 200)
        return logged(what, idempotencyKey, unknownCharge(detail));
    const Result<Page> found = parsePage(answer, QStringLiteral("search_result"), QStringLiteral("search charges"));
    if (!found)
        return logged(what, idempotencyKey, unknownCharge(detail + QStringLiteral(": ") + found.error().detail));
    // Only intents that really carry the key: a provider whose search matched loosely proves nothing.
    QStringList ids;
    for (const QJsonObject &intent : found->objects) {
        if (intent.value(QStringLiteral("metadata")).toObject().value(keyMetadata).toString() == idempotencyKey)
            ids << intent.value(QStringLiteral("id")).toString();
    }
    if (ids.isEmpty() && !found->hasMore)
        return logged(what, idempotencyKey,
                      refusedWith(ErrorCode::NotFound,
                                  QStringLiteral("The payment provider has no charge under this key."), detail));
    // One key makes one intent; two would mean something other than this shop used the key.
    if (ids.size() != 1)
        return logged(what, idempotencyKey,
                      unknownCharge(detail + QStringLiteral(": %1 payment intents carry this key").arg(ids.size())));
    return logged(what, idempotencyKey, retrieveIntent(ids.first(), detail));
}

Result<ChargeOutcome> HttpPaymentProvider::retrieveIntent(const QString &id, const QString &searchDetail) const
{
    static const QRegularExpression shape(QStringLiteral("^pi_[A-Za-z0-9_]{1,200}$"));
    if (!shape.match(id).hasMatch())
        return unknownCharge(searchDetail + QStringLiteral(": a payment intent id that is not one"));
    const HttpAnswer answer = get(QStringLiteral("/v1/payment_intents/") + id, FormBody());
    const QString detail = searchDetail + QStringLiteral("; retrieve: ") + describe(answer);
    if (answer.status != 200)
        return unknownCharge(detail);
    ChargeOutcome outcome = outcomeFromIntent(jsonObject(answer.body), detail);
    if (outcome.providerPaymentId != id)
        return unknownCharge(detail + QStringLiteral(": the answer is about another payment intent"));
    return outcome;
}

Result<RefundOutcome> HttpPaymentProvider::refund(const RefundRequest &request)
{
    if (const Status key = checkIdempotencyKey(request.idempotencyKey); !key)
        return key.error();
    if (request.providerPaymentId.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund must name the payment it refunds."));
    if (request.amount.minor() <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund must be for more than nothing."));

    FormBody body;
    body.add(QStringLiteral("payment_intent"), request.providerPaymentId)
        .add(QStringLiteral("amount"), request.amount.minor());
    // Stripe's own reason is one of three words; the shop's is in its words, kept as metadata.
    if (!request.reason.isEmpty())
        body.addMetadata(QStringLiteral("boxoffice_reason"), request.reason.left(500));
    const HttpAnswer answer = post(QStringLiteral("/v1/refunds"), body, request.idempotencyKey);
    const QJsonObject json = jsonObject(answer.body);
    const ProviderError error = providerError(json);

    RefundOutcome outcome;
    outcome.detail = describe(answer);
    if (answer.status == 200) {
        const QString status = json.value(QStringLiteral("status")).toString();
        outcome.providerRefundId = json.value(QStringLiteral("id")).toString();
        if (outcome.providerRefundId.isEmpty()
            || json.value(QStringLiteral("object")).toString() != QLatin1String("refund"))
            outcome.status = ChargeStatus::Unknown;
        else if (status == QLatin1String("succeeded"))
            outcome.status = ChargeStatus::Succeeded;
        else if (status == QLatin1String("failed") || status == QLatin1String("canceled"))
            outcome.status = ChargeStatus::Declined;
        else
            outcome.status = ChargeStatus::Unknown; // pending: the provider will tell by webhook
    } else if (answer.status == 400 && error.type == QLatin1String("idempotency_error")) {
        qCWarning(lcPayments).noquote() << "refund" << request.idempotencyKey << "refused:" << outcome.detail;
        return refusedWith(ErrorCode::BadInput,
                           QStringLiteral("The payment provider refused the refund: its idempotency key was already "
                                          "used for a different request."),
                           outcome.detail);
    } else if (isResourceMissing(answer)) {
        qCWarning(lcPayments).noquote() << "refund" << request.idempotencyKey << "refused:" << outcome.detail;
        return refusedWith(ErrorCode::NotFound, QStringLiteral("The payment provider does not know this payment."),
                           outcome.detail);
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
        FormBody query;
        query.add(QStringLiteral("limit"), listPageSize)
            .add(QStringLiteral("created[gte]"), sinceSeconds)
            // The refunded amount lives on the charge, which a list only shows as an id unless expanded.
            .add(QStringLiteral("expand[]"), QStringLiteral("data.latest_charge"));
        if (!startingAfter.isEmpty())
            query.add(QStringLiteral("starting_after"), startingAfter);
        const Result<Page> listed = parsePage(get(QStringLiteral("/v1/payment_intents"), query), QStringLiteral("list"),
                                              QStringLiteral("list charges"));
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
        if (listed->objects.isEmpty())
            return unreadableList(QStringLiteral("an empty page that says there is more"));
        startingAfter = listed->objects.last().value(QStringLiteral("id")).toString();
    }
    return listFailed(
        ErrorCode::Internal,
        QStringLiteral("The payment provider's list of charges did not end after %1 pages.").arg(maxListPages),
        QStringLiteral("since %1, key prefix %2").arg(since.toUTC().toString(Qt::ISODate), keyPrefix));
}

Result<PaymentCard> HttpPaymentProvider::paymentMethod(const QString &id)
{
    static const QRegularExpression shape(QStringLiteral("^pm_[A-Za-z0-9_]{1,100}$"));
    if (!shape.match(id).hasMatch())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A payment method is the provider's id for a card, like \"pm_1a2b3c\"."));
    const HttpAnswer answer = get(QStringLiteral("/v1/payment_methods/") + id, FormBody());
    const QString detail = describe(answer);
    const QJsonObject json = jsonObject(answer.body);
    const auto failed = [&](ErrorCode code, const QString &message) {
        qCWarning(lcPayments).noquote() << "payment method" << id << "lookup failed:" << detail;
        return refusedWith(code, message, detail);
    };
    if (isResourceMissing(answer))
        return failed(ErrorCode::NotFound, QStringLiteral("The payment provider does not know this payment method."));
    const QJsonObject card = json.value(QStringLiteral("card")).toObject();
    PaymentCard found;
    found.paymentMethod = json.value(QStringLiteral("id")).toString();
    found.fingerprint = card.value(QStringLiteral("fingerprint")).toString();
    found.last4 = card.value(QStringLiteral("last4")).toString();
    found.brand = card.value(QStringLiteral("brand")).toString();
    // An answer about another id, or without a fingerprint, cannot vouch for this card.
    if (answer.status != 200 || found.paymentMethod != id || found.fingerprint.isEmpty())
        return failed(ErrorCode::Unavailable,
                      QStringLiteral("The payment provider could not tell which card this is."));
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

HttpAnswer HttpPaymentProvider::post(const QString &path, const FormBody &body, const QString &idempotencyKey) const
{
    HttpExchange exchange;
    exchange.method = "POST";
    exchange.url = endpoint(path);
    exchange.headers = {{"Authorization", "Bearer " + m_apiKey},
                        {"Idempotency-Key", idempotencyKey.toLatin1()},
                        {"Stripe-Version", apiVersion}};
    exchange.body = body.encoded();
    exchange.timeoutMs = m_timeoutMs;
    return exchangeWithRetries(exchange, maxAttempts);
}

HttpAnswer HttpPaymentProvider::get(const QString &path, const FormBody &query) const
{
    HttpExchange exchange;
    exchange.url = endpoint(path);
    // Already percent-encoded: tolerant mode keeps "%2B" a plus sign instead of decoding it.
    if (!query.isEmpty())
        exchange.url.setQuery(QString::fromLatin1(query.encoded()), QUrl::TolerantMode);
    exchange.headers = {{"Authorization", "Bearer " + m_apiKey}, {"Stripe-Version", apiVersion}};
    exchange.timeoutMs = m_timeoutMs;
    return exchangeWithRetries(exchange, maxAttempts);
}

} // namespace boxoffice
