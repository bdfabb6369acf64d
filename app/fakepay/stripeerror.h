#pragma once

#include "httpserver.h"

#include <QJsonObject>
#include <QString>

namespace boxoffice::fakepay {

// Stripe's error object, {"error": {type, code, decline_code, message, param, payment_intent, doc_url}},
// with only the fields that apply: clients branch on which ones are there.
struct StripeError
{
    int status = 400;
    QString type = QStringLiteral("invalid_request_error");
    QString code;
    QString declineCode;
    QString message;
    QString param;
    QJsonObject extra; // payment_intent, charge, payment_method: objects the error is about
    // Stripe-Should-Retry, when the answer says: true for a 429 or a failure before anything ran,
    // false for a 500 after the work was done (a retry would only replay it).
    QByteArray shouldRetry;

    HttpResponse response() const;

    static StripeError invalid(const QString &message, const QString &param = {}, const QString &code = {});
    static StripeError unknownParameter(const QString &param);
    static StripeError missingParameter(const QString &param);
    static StripeError invalidInteger(const QString &param, const QString &value);
    static StripeError emptyValue(const QString &param);
    static StripeError notFound(const QString &what, const QString &id, const QString &param = {});
    static StripeError unrecognizedUrl(const QByteArray &method, const QString &path);
};

HttpResponse jsonResponse(int status, const QJsonObject &body);

} // namespace boxoffice::fakepay
