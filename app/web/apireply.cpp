#include "apireply.h"

#include "domain/jsonvocabulary.h"

#include <QFile>
#include <QJsonDocument>

namespace boxoffice::web {

ApiReply ApiReply::json(int status, const QJsonObject &object)
{
    ApiReply reply;
    reply.status = status;
    reply.body = QJsonDocument(object).toJson(QJsonDocument::Compact);
    return reply;
}

ApiReply ApiReply::error(int status, const QString &code, const QString &message, const QJsonObject &extra)
{
    QJsonObject error{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        error.insert(it.key(), it.value());
    return json(status, {{QStringLiteral("error"), error}});
}

int httpStatusFor(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadInput:
        return 400;
    case ErrorCode::NotFound:
        return 404;
    case ErrorCode::Lost:
    case ErrorCode::Conflict:
        return 409;
    case ErrorCode::LimitReached:
        return 429;
    case ErrorCode::PermissionDenied:
        return 403;
    case ErrorCode::Busy:
    case ErrorCode::Unavailable:
        return 503;
    case ErrorCode::SchemaMismatch:
    case ErrorCode::Internal:
        break;
    }
    return 500;
}

ApiReply ApiReply::fromDomainError(const DomainError &error)
{
    const int status = httpStatusFor(error.code);
    QString message = error.message;
    if (status == 500)
        message = QStringLiteral("Something went wrong on our side; nothing was changed by this request.");
    else if (status == 503 && message.isEmpty())
        message = QStringLiteral("The service is busy; try again in a moment.");
    QJsonObject extra;
    if (error.code == ErrorCode::Lost && !error.units.isEmpty())
        extra.insert(QStringLiteral("seats"), QJsonArray::fromStringList(error.units));
    ApiReply reply = ApiReply::error(status, status == 500 ? QStringLiteral("internal") : errorCodeName(error.code),
                                     message, extra);
    if (status >= 500)
        reply.errorDetail = QStringLiteral("%1: %2 %3").arg(errorCodeName(error.code), error.message, error.detail);
    reply.connectionLost = error.code == ErrorCode::Unavailable;
    if (error.code == ErrorCode::LimitReached || status == 503)
        reply.addHeader("Retry-After", "1");
    return reply;
}

QJsonObject cartItemJson(const CartItem &item)
{
    QJsonObject object{{QStringLiteral("kind"), itemKindName(item.kind)},
                       {QStringLiteral("id"), item.id},
                       {QStringLiteral("label"), item.label},
                       {QStringLiteral("quantity"), item.quantity}};
    if (item.expiresAt.isValid())
        object.insert(QStringLiteral("expires_at"), jsonTime(item.expiresAt));
    return object;
}

QJsonObject orderLineJson(const OrderLine &line)
{
    return {{QStringLiteral("kind"), itemKindName(line.kind)},
            {QStringLiteral("id"), line.id},
            {QStringLiteral("label"), line.label},
            {QStringLiteral("quantity"), line.quantity},
            {QStringLiteral("amount"), line.amount.minor()},
            {QStringLiteral("state"), lineStateName(line.state)}};
}

QJsonObject orderJson(const OrderSummary &order)
{
    QJsonArray lines;
    for (const OrderLine &line : order.lines)
        lines.append(orderLineJson(line));
    return {{QStringLiteral("order"), order.id},
            {QStringLiteral("state"), orderStateName(order.state).toLower()},
            {QStringLiteral("amount"), order.amount.minor()},
            {QStringLiteral("currency"), order.currency},
            {QStringLiteral("lines"), lines}};
}

ApiReply compiledFile(const QString &resource, const QByteArray &contentType, const QByteArray &cacheControl)
{
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        return ApiReply::error(404, QStringLiteral("not_found"), QStringLiteral("No such page."));
    ApiReply reply;
    reply.contentType = contentType;
    reply.body = file.readAll();
    reply.addHeader("Cache-Control", cacheControl);
    return reply;
}

} // namespace boxoffice::web
