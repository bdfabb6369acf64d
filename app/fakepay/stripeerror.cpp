#include "stripeerror.h"

#include <QJsonDocument>

namespace boxoffice::fakepay {

HttpResponse jsonResponse(int status, const QJsonObject &body)
{
    HttpResponse response;
    response.status = status;
    response.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return response;
}

HttpResponse StripeError::response() const
{
    QJsonObject error = extra;
    error.insert(QStringLiteral("type"), type);
    error.insert(QStringLiteral("message"), message);
    if (!code.isEmpty()) {
        error.insert(QStringLiteral("code"), code);
        error.insert(QStringLiteral("doc_url"),
                     QStringLiteral("https://stripe.com/docs/error-codes/%1")
                         .arg(QString(code).replace(QLatin1Char('_'), QLatin1Char('-'))));
    }
    if (!declineCode.isEmpty())
        error.insert(QStringLiteral("decline_code"), declineCode);
    if (!param.isEmpty())
        error.insert(QStringLiteral("param"), param);
    HttpResponse answer = jsonResponse(status, {{QStringLiteral("error"), error}});
    if (!shouldRetry.isEmpty())
        answer.headers.append(qMakePair(QByteArray("Stripe-Should-Retry"), shouldRetry));
    return answer;
}

StripeError StripeError::invalid(const QString &message, const QString &param, const QString &code)
{
    StripeError error;
    error.message = message;
    error.param = param;
    error.code = code;
    return error;
}

StripeError StripeError::unknownParameter(const QString &param)
{
    return invalid(QStringLiteral("Received unknown parameter: %1").arg(param), param,
                   QStringLiteral("parameter_unknown"));
}

StripeError StripeError::missingParameter(const QString &param)
{
    return invalid(QStringLiteral("Missing required param: %1.").arg(param), param,
                   QStringLiteral("parameter_missing"));
}

StripeError StripeError::invalidInteger(const QString &param, const QString &value)
{
    return invalid(QStringLiteral("Invalid integer: %1").arg(value.left(100)), param,
                   QStringLiteral("parameter_invalid_integer"));
}

StripeError StripeError::emptyValue(const QString &param)
{
    return invalid(
        QStringLiteral("You passed an empty string for '%1'. We assume empty values are an attempt to unset a "
                       "parameter; however '%1' cannot be unset. You should remove '%1' from your request or "
                       "supply a non-empty value.")
            .arg(param),
        param, QStringLiteral("parameter_invalid_empty"));
}

StripeError StripeError::notFound(const QString &what, const QString &id, const QString &param)
{
    StripeError error = invalid(QStringLiteral("No such %1: '%2'").arg(what, id.left(200)), param,
                                QStringLiteral("resource_missing"));
    error.status = 404;
    return error;
}

StripeError StripeError::unrecognizedUrl(const QByteArray &method, const QString &path)
{
    // No code: a client tells a wrong URL from an unknown object by resource_missing being absent.
    StripeError error = invalid(QStringLiteral("Unrecognized request URL (%1: %2). Please see https://stripe.com/docs "
                                               "or we can help at https://support.stripe.com/.")
                                    .arg(QString::fromLatin1(method), path.left(200)));
    error.status = 404;
    return error;
}

} // namespace boxoffice::fakepay
