#include "stripeapi.h"

#include "apicall.h"
#include "fakepaylogging.h"
#include "formparams.h"
#include "idempotency.h"
#include "webhookdispatcher.h"

namespace boxoffice::fakepay {

namespace {

constexpr qsizetype maxIdLength = 255;

StripeError unauthorized(const QString &message)
{
    StripeError error = StripeError::invalid(message);
    error.status = 401;
    return error;
}

HttpResponse withAuthenticateHeader(HttpResponse response)
{
    response.headers.append(qMakePair(QByteArray("WWW-Authenticate"), QByteArray("Basic realm=\"Stripe\"")));
    return response;
}

// "sk_test_****wxyz", as Stripe shows a wrong key back.
QString masked(const QByteArray &key)
{
    const QString text = QString::fromUtf8(key.left(200));
    const qsizetype prefix = text.indexOf(QLatin1Char('_'), 3);
    return (prefix > 0 && prefix < 10 ? text.left(prefix + 1) : QString()) + QStringLiteral("****") + text.right(4);
}

bool isFormEncoded(const QByteArray &contentType)
{
    return contentType.split(';').first().trimmed().toLower() == "application/x-www-form-urlencoded";
}

} // namespace

QByteArray apiKeyOf(const HttpRequest &request)
{
    const QByteArray authorization = request.header("authorization").trimmed();
    const qsizetype space = authorization.indexOf(' ');
    const QByteArray scheme = authorization.left(space).toLower();
    const QByteArray value = space < 0 ? QByteArray() : authorization.mid(space + 1).trimmed();
    if (scheme == "bearer")
        return value;
    if (scheme == "basic") {
        const QByteArray decoded = QByteArray::fromBase64(value);
        return decoded.left(decoded.indexOf(':') < 0 ? decoded.size() : decoded.indexOf(':'));
    }
    return {};
}

StripeApi::StripeApi(QByteArray secretKey, IdempotencyStore *idempotency)
    : m_secretKey(std::move(secretKey)), m_idempotency(idempotency)
{ }

void StripeApi::route(const QByteArray &method, const QString &path, const ParamSchema *schema, Handler handler,
                      bool publishableKeyAllowed)
{
    m_routes.append(Route{method, path.split(QLatin1Char('/'), Qt::SkipEmptyParts), schema, std::move(handler),
                          publishableKeyAllowed});
}

const StripeApi::Route *StripeApi::match(const QByteArray &method, const QString &path, QString *id) const
{
    const QStringList segments = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    // Literal routes first, so that /v1/payment_intents/search is never read as an intent's id.
    for (const bool literalPass : {true, false}) {
        for (const Route &route : m_routes) {
            if (route.method != method || route.segments.size() != segments.size()
                || route.segments.contains(QLatin1String("{id}")) == literalPass)
                continue;
            bool same = true;
            for (qsizetype i = 0; i < segments.size() && same; ++i) {
                if (route.segments.at(i) == QLatin1String("{id}"))
                    *id = segments.at(i);
                else
                    same = route.segments.at(i) == segments.at(i);
            }
            if (same)
                return &route;
        }
    }
    return nullptr;
}

void StripeApi::handle(const HttpRequest &request, const HttpResponder &incoming, const QString &requestId,
                       const QByteArray &publishableKey)
{
    // The version a request asks for is the one its answer is said to be in, as with Stripe; the fake
    // renders every version alike.
    QByteArray version = request.header("stripe-version").left(64);
    if (version.isEmpty() || version.contains('\r') || version.contains('\n'))
        version = WebhookDispatcher::apiVersion;
    HttpResponder responder = incoming.withHeader("Stripe-Version", version);
    const QByteArray key = apiKeyOf(request);
    QString id;
    const Route *route = match(request.method, request.path, &id);

    if (key.isEmpty())
        return responder.send(withAuthenticateHeader(
            unauthorized(
                QStringLiteral("You did not provide an API key. You need to provide your API key in the "
                               "Authorization header, using Bearer auth (e.g. 'Authorization: Bearer "
                               "YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, "
                               "or we can help at https://support.stripe.com/."))
                .response()));
    const bool publishable = !publishableKey.isEmpty() && key == publishableKey;
    if (key != m_secretKey && !publishable)
        return responder.send(withAuthenticateHeader(
            unauthorized(QStringLiteral("Invalid API Key provided: %1").arg(masked(key))).response()));
    if (!route)
        return responder.send(StripeError::unrecognizedUrl(request.method, request.path).response());
    if (publishable && !route->publishableKeyAllowed)
        return responder.send(unauthorized(QStringLiteral("This API call cannot be made with a publishable API key. "
                                                          "Please use a secret API key."))
                                  .response());
    if (id.size() > maxIdLength)
        return responder.send(StripeError::notFound(QStringLiteral("object"), id).response());

    QByteArray encoded = request.rawQuery;
    if (request.method == "POST" && !request.body.isEmpty()) {
        if (!isFormEncoded(request.header("content-type")))
            return responder.send(
                StripeError::invalid(QStringLiteral("Invalid request (check that your POST content type is "
                                                    "application/x-www-form-urlencoded). If you have any questions, we "
                                                    "can help at https://support.stripe.com/."))
                    .response());
        encoded += '&' + request.body;
    }
    QJsonObject params;
    if (auto refused = FormParams::parse(encoded, &params))
        return responder.send(refused->response());

    // Stripe ignores an Idempotency-Key on GET; on POST it guards everything after this point.
    QString idempotencyKey;
    if (request.method == "POST")
        idempotencyKey = QString::fromUtf8(request.header("idempotency-key"));
    if (idempotencyKey.size() > IdempotencyStore::maxKeyLength)
        return responder.send(StripeError::invalid(QStringLiteral("Idempotency keys can be at most %1 characters long.")
                                                       .arg(IdempotencyStore::maxKeyLength))
                                  .response());
    if (!idempotencyKey.isEmpty()) {
        responder = responder.withHeader("Idempotency-Key", idempotencyKey.toUtf8());
        const QString routeName = QString::fromLatin1(request.method) + QLatin1Char(' ') + request.path;
        const IdempotencyStore::Lookup seen = m_idempotency->check(idempotencyKey, routeName, params);
        switch (seen.verdict) {
        case IdempotencyStore::Verdict::Replay:
            qCInfo(lcFakepay).noquote() << "replay for key" << idempotencyKey;
            return responder.send(seen.saved);
        case IdempotencyStore::Verdict::InUse: {
            StripeError busy = StripeError::invalid(
                QStringLiteral("There is currently another in-progress request using this Idempotent Key (that "
                               "probably means you submitted twice, and the other request is still going through): "
                               "%1. Please try again later.")
                    .arg(idempotencyKey),
                {}, QStringLiteral("idempotency_key_in_use"));
            busy.status = 409;
            busy.type = QStringLiteral("idempotency_error");
            return responder.send(busy.response());
        }
        case IdempotencyStore::Verdict::Mismatch: {
            StripeError reused = StripeError::invalid(
                QStringLiteral(
                    "Keys for idempotent requests can only be used with the same parameters they were first "
                    "used with. Try using a key other than '%1' if you meant to execute a different request.")
                    .arg(idempotencyKey));
            reused.type = QStringLiteral("idempotency_error");
            return responder.send(reused.response());
        }
        case IdempotencyStore::Verdict::Fresh:
            break;
        }
        m_idempotency->begin(idempotencyKey, routeName, params);
    }

    const ApiCall call(responder, params, requestId, idempotencyKey, m_idempotency);
    if (auto refused = checkParams(params, *route->schema))
        return call.refuse(*refused);
    route->handler(call, id);
}

} // namespace boxoffice::fakepay
