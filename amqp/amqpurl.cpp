#include "amqp/amqpurl.h"

#include <QUrl>
#include <QUrlQuery>

namespace boxoffice {

namespace {

DomainError badUrl(const QString &why)
{
    // The URL itself is not repeated: it may carry a password.
    return makeError(ErrorCode::BadInput,
                     QStringLiteral("The RabbitMQ URL is not usable: %1. Write it as "
                                    "amqp://USER:PASSWORD@HOST:PORT/VHOST.")
                         .arg(why));
}

Result<int> number(const QUrlQuery &query, const QString &name, int fallback, int minimum, int maximum)
{
    if (!query.hasQueryItem(name))
        return fallback;
    bool ok = false;
    const int value = query.queryItemValue(name).toInt(&ok);
    if (!ok || value < minimum || value > maximum)
        return badUrl(QStringLiteral("%1 must be a number from %2 to %3").arg(name).arg(minimum).arg(maximum));
    return value;
}

} // namespace

Result<AmqpUrl> AmqpUrl::parse(const QString &text)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return badUrl(QStringLiteral("it needs a host"));
    if (url.scheme() == QLatin1String("amqps"))
        return badUrl(QStringLiteral("TLS (amqps) is not supported yet; reach the broker over a trusted network or "
                                     "a local TLS tunnel"));
    if (url.scheme() != QLatin1String("amqp"))
        return badUrl(QStringLiteral("the scheme must be amqp"));
    AmqpUrl parsed;
    parsed.host = url.host();
    const int port = url.port(5672);
    if (port <= 0 || port > 65535)
        return badUrl(QStringLiteral("the port is out of range"));
    parsed.port = quint16(port);
    if (!url.userName().isEmpty()) {
        parsed.user = url.userName(QUrl::FullyDecoded);
        parsed.password = url.password(QUrl::FullyDecoded);
        parsed.passwordGiven = !url.password().isEmpty();
    } else if (!url.password().isEmpty()) {
        return badUrl(QStringLiteral("a password needs a user name"));
    }
    // The vhost is the one path segment, percent-encoded ("/%2F" is "/"). No path, or an empty one,
    // means RabbitMQ's default vhost "/": an empty vhost name is never what anyone meant.
    QString path = url.path(QUrl::FullyEncoded);
    if (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    if (path.contains(QLatin1Char('/')))
        return badUrl(QStringLiteral("the vhost is one path segment (write \"/\" as %2F)"));
    if (!path.isEmpty())
        parsed.vhost = QUrl::fromPercentEncoding(path.toUtf8());

    const QUrlQuery query(url);
    for (const auto &item : query.queryItems()) {
        if (item.first != QLatin1String("heartbeat") && item.first != QLatin1String("connection_timeout"))
            return badUrl(
                QStringLiteral("unknown parameter \"%1\" (known: heartbeat, connection_timeout)").arg(item.first));
    }
    auto heartbeat = number(query, QStringLiteral("heartbeat"), parsed.heartbeatSeconds, 0, 3600);
    if (!heartbeat)
        return heartbeat.error();
    parsed.heartbeatSeconds = heartbeat.value();
    auto timeout = number(query, QStringLiteral("connection_timeout"), parsed.timeoutMs, 100, 600000);
    if (!timeout)
        return timeout.error();
    parsed.timeoutMs = timeout.value();
    return parsed;
}

QString AmqpUrl::redacted() const
{
    QUrl url;
    url.setScheme(QStringLiteral("amqp"));
    url.setHost(host);
    url.setPort(port);
    url.setUserName(user);
    url.setPath(QLatin1Char('/') + QString::fromUtf8(QUrl::toPercentEncoding(vhost)), QUrl::StrictMode);
    return url.toString();
}

} // namespace boxoffice
