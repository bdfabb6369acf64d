#include "storage/connectionsettings.h"

#include "domain/textrules.h"

#include <QUrl>
#include <QUrlQuery>

namespace boxoffice {

namespace {
// What libpq takes as host: names, addresses or socket directories (from '/'), comma-separated. A
// name or address is what a URL can carry as its host, so toUrl() writes back what was read.
bool isHostList(const QString &hosts)
{
    if (hosts.isEmpty())
        return true;
    for (const QString &host : hosts.split(QLatin1Char(','))) {
        if (host.startsWith(QLatin1Char('/'))) {
            if (hasUnshowableCharacters(host))
                return false;
            continue;
        }
        QUrl url;
        url.setHost(host, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty())
            return false;
    }
    return true;
}
} // namespace

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
    // "postgresql:x/db" has no "//": its path is not a database name, and guessing one would connect
    // to a database nobody named. A '/' inside the name only comes through ?dbname=.
    const QString path = url.path(QUrl::FullyDecoded);
    if (!path.isEmpty() && (!path.startsWith(QLatin1Char('/')) || path.indexOf(QLatin1Char('/'), 1) >= 0))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The database URL's path must be one database name after the host."));
    settings.database = path.mid(1);
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
    if (!isHostList(settings.host))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The database URL's host must be a host name, an address or a socket "
                                        "directory (several separated by commas)."));
    if (settings.port != -1 && (settings.port < 1 || settings.port > 65535))
        return makeError(ErrorCode::BadInput, QStringLiteral("The database URL has an invalid port."));
    return settings;
}

QString ConnectionSettings::toUrl(bool withPassword) const
{
    QUrl url;
    url.setScheme(QStringLiteral("postgresql"));
    QUrlQuery query;
    if (host.startsWith(QLatin1Char('/')) || host.contains(QLatin1Char(',')))
        query.addQueryItem(QStringLiteral("host"), host);
    else
        url.setHost(host);
    if (port > 0) {
        if (host.startsWith(QLatin1Char('/')) || host.contains(QLatin1Char(',')))
            query.addQueryItem(QStringLiteral("port"), QString::number(port));
        else
            url.setPort(port);
    }
    url.setUserName(user);
    if (withPassword)
        url.setPassword(password);
    if (database.contains(QLatin1Char('/')))
        query.addQueryItem(QStringLiteral("dbname"), database);
    else
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
