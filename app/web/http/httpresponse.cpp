#include "httpresponse.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::web::http {

HttpResponse::HttpResponse(int status, QByteArray body, QByteArray contentType)
    : status(status), contentType(std::move(contentType)), body(std::move(body))
{ }

HttpResponse HttpResponse::json(int status, QByteArray json)
{
    return HttpResponse(status, std::move(json), QByteArrayLiteral("application/json"));
}

HttpResponse HttpResponse::error(int status, QByteArrayView code, const QString &message)
{
    const QJsonObject error{{QStringLiteral("code"), QString::fromLatin1(code)}, {QStringLiteral("message"), message}};
    const QJsonObject root{{QStringLiteral("error"), error}};
    return json(status, QJsonDocument(root).toJson(QJsonDocument::Compact));
}

void HttpResponse::addHeader(QByteArray name, QByteArray value)
{
    headers.append({std::move(name), std::move(value)});
}

} // namespace boxoffice::web::http
