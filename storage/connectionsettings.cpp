#include "storage/connectionsettings.h"

#include <QUrl>
#include <QUrlQuery>

namespace boxoffice {

Result<ConnectionSettings> ConnectionSettings::fromUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != QLatin1String("postgresql") && url.scheme() != QLatin1String("postgres")))
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("\"%1\" is not a database URL; expected postgresql://user:password@host:port/database")
                .arg(QUrl(text).toDisplayString(QUrl::RemovePassword)));
    ConnectionSettings settings;
    settings.host = url.host();
    settings.port = url.port(-1);
    settings.user = url.userName(QUrl::FullyDecoded);
    settings.password = url.password(QUrl::FullyDecoded);
    settings.database = url.path(QUrl::FullyDecoded).mid(1);
    QStringList options;
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("host"))
            settings.host = value;
        else if (key == QLatin1String("port"))
            settings.port = value.toInt();
        else if (key == QLatin1String("user"))
            settings.user = value;
        else if (key == QLatin1String("password"))
            settings.password = value;
        else if (key == QLatin1String("dbname"))
            settings.database = value;
        else if (!key.isEmpty() && !key.contains(QLatin1Char('=')) && !key.contains(QLatin1Char(';'))
                 && !value.contains(QLatin1Char(';')))
            options << key + QLatin1Char('=') + value;
        else
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("The database URL has a malformed option \"%1\".").arg(key));
    }
    settings.options = options.join(QLatin1Char(';'));
    if (settings.port == 0 || settings.port > 65535)
        return makeError(ErrorCode::BadInput, QStringLiteral("The database URL has an invalid port."));
    return settings;
}

QString ConnectionSettings::toUrl(bool withPassword) const
{
    QUrl url;
    url.setScheme(QStringLiteral("postgresql"));
    QUrlQuery query;
    if (host.startsWith(QLatin1Char('/')))
        query.addQueryItem(QStringLiteral("host"), host);
    else
        url.setHost(host);
    if (port > 0) {
        if (host.startsWith(QLatin1Char('/')))
            query.addQueryItem(QStringLiteral("port"), QString::number(port));
        else
            url.setPort(port);
    }
    url.setUserName(user);
    if (withPassword)
        url.setPassword(password);
    url.setPath(QLatin1Char('/') + database);
    for (const QString &option : options.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype equals = option.indexOf(QLatin1Char('='));
        query.addQueryItem(option.left(equals), option.mid(equals + 1));
    }
    url.setQuery(query);
    return url.toString();
}

QString ConnectionLimits::libpqOptions() const
{
    QStringList keywords;
    if (connectTimeoutSeconds > 0)
        keywords << QStringLiteral("connect_timeout=%1").arg(connectTimeoutSeconds);
    if (keepalivesIdleSeconds > 0) {
        keywords << QStringLiteral("keepalives=1") << QStringLiteral("keepalives_idle=%1").arg(keepalivesIdleSeconds);
        if (keepalivesIntervalSeconds > 0)
            keywords << QStringLiteral("keepalives_interval=%1").arg(keepalivesIntervalSeconds);
        if (keepalivesCount > 0)
            keywords << QStringLiteral("keepalives_count=%1").arg(keepalivesCount);
    }
    if (tcpUserTimeoutMs > 0)
        keywords << QStringLiteral("tcp_user_timeout=%1").arg(tcpUserTimeoutMs);
    return keywords.join(QLatin1Char(';'));
}

QString ConnectionSettings::connectOptions() const
{
    QStringList all;
    const QString own = limits.libpqOptions();
    if (!own.isEmpty())
        all << own;
    if (!options.isEmpty())
        all << options;
    return all.join(QLatin1Char(';'));
}

QString ConnectionSettings::describe() const
{
    return toUrl(false);
}

bool environmentNamesDatabase()
{
    for (const char *name : {"PGHOST", "PGHOSTADDR", "PGDATABASE", "PGUSER", "PGSERVICE", "PGPORT"}) {
        if (!qEnvironmentVariableIsEmpty(name))
            return true;
    }
    return false;
}

} // namespace boxoffice
