#include "app/redis/redisconfig.h"

#include <QUrlQuery>

namespace boxoffice::redis {

namespace {

DomainError badUrl(const QString &why)
{
    return makeError(ErrorCode::BadInput, QStringLiteral("The Redis URL is not usable: %1.").arg(why));
}

bool readMs(const QUrlQuery &query, const QString &name, int &into, int least = 1)
{
    if (!query.hasQueryItem(name))
        return true;
    bool ok = false;
    const int value = query.queryItemValue(name).toInt(&ok);
    if (!ok || value < least || value > 60000)
        return false;
    into = value;
    return true;
}

} // namespace

Result<RedisConfig> parseRedisUrl(const QUrl &url)
{
    if (!url.isValid() || url.scheme() != QLatin1String("redis"))
        return badUrl(QStringLiteral("it must look like redis://host:port/db"));
    RedisConfig config;
    if (!url.host().isEmpty())
        config.host = url.host();
    config.port = url.port(6379);
    const QString path = url.path().mid(1);
    if (!path.isEmpty()) {
        bool ok = false;
        config.database = path.toInt(&ok);
        if (!ok || config.database < 0)
            return badUrl(QStringLiteral("the database after the slash must be a number"));
    }
    config.user = url.userName(QUrl::FullyDecoded);
    config.password = url.password(QUrl::FullyDecoded).toUtf8();
    const QByteArray fromEnvironment = qgetenv("BOXOFFICE_REDIS_PASSWORD");
    if (!fromEnvironment.isEmpty())
        config.password = fromEnvironment;
    const QUrlQuery query(url);
    if (!readMs(query, QStringLiteral("connect_timeout_ms"), config.connectTimeoutMs)
        || !readMs(query, QStringLiteral("timeout_ms"), config.commandTimeoutMs)
        || !readMs(query, QStringLiteral("retry_after_ms"), config.retryAfterMs, 0))
        return badUrl(QStringLiteral("a timeout must be 1 to 60000 milliseconds (a retry 0 to 60000)"));
    if (query.hasQueryItem(QStringLiteral("prefix")))
        config.keyPrefix = query.queryItemValue(QStringLiteral("prefix"), QUrl::FullyDecoded).toUtf8();
    return config;
}

} // namespace boxoffice::redis
