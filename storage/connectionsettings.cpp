#include "storage/connectionsettings.h"

#include "domain/textrules.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <optional>

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

// libpq's port list: one entry per host, an empty entry meaning the default port.
bool isPortList(const QString &ports)
{
    for (const QString &port : ports.split(QLatin1Char(','))) {
        // Digits only: QString::toInt reads "5433<NUL>junk" as 5433, and libpq would get the junk too.
        const bool digits = std::all_of(port.begin(), port.end(), [](QChar c) { return c.isDigit(); });
        bool number = false;
        const int value = port.toInt(&number);
        if (!port.isEmpty() && (!digits || !number || value < 1 || value > 65535))
            return false;
    }
    return true;
}

struct HostList
{
    QString url; // the URL with its authority down to the first host, which QUrl can read
    QStringList hosts;
    QStringList ports;
};

// pg_auto_failover and libpq write a formation as postgres://h1:p1,h2:p2/db: several hosts in the
// authority, which is no URL QUrl reads. Only the part after '@' can hold the list.
std::optional<HostList> splitHostList(const QString &text)
{
    static const QRegularExpression shape(QStringLiteral("^(postgres(?:ql)?://)([^/?#]*)(.*)$"),
                                          QRegularExpression::DotMatchesEverythingOption);
    const auto match = shape.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const QString authority = match.captured(2);
    const qsizetype at = authority.lastIndexOf(QLatin1Char('@'));
    const QString userInfo = at >= 0 ? authority.left(at + 1) : QString();
    const QString hostPart = authority.mid(at + 1);
    if (!hostPart.contains(QLatin1Char(',')))
        return std::nullopt;
    HostList list;
    for (const QString &entry : hostPart.split(QLatin1Char(','))) {
        // "[::1]:5432", "db1:5432", "db1"
        const qsizetype bracket = entry.lastIndexOf(QLatin1Char(']'));
        const qsizetype colon = entry.lastIndexOf(QLatin1Char(':'));
        const bool hasPort = colon > bracket && (bracket >= 0 || entry.count(QLatin1Char(':')) == 1);
        QString host = hasPort ? entry.left(colon) : entry;
        if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
            host = host.mid(1, host.size() - 2);
        list.hosts << host;
        list.ports << (hasPort ? entry.mid(colon + 1) : QString());
    }
    list.url = match.captured(1) + userInfo + QStringLiteral("localhost") + match.captured(3);
    return list;
}
} // namespace

Result<ConnectionSettings> ConnectionSettings::fromUrl(const QString &text)
{
    // A URL is typed or pasted text: a control character in it is a mistake, and past this point it
    // would reach libpq's keyword string (where a NUL ends it early).
    if (std::any_of(text.begin(), text.end(), [](QChar c) { return c.category() == QChar::Other_Control; }))
        return makeError(ErrorCode::BadInput, QStringLiteral("The database URL contains control characters."));
    const std::optional<HostList> hostList = splitHostList(text);
    const QUrl url(hostList ? hostList->url : text, QUrl::StrictMode);
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
    QString portList = settings.port > 0 ? QString::number(settings.port) : QString();
    if (hostList) {
        settings.host = hostList->hosts.join(QLatin1Char(','));
        portList = hostList->ports.join(QLatin1Char(','));
    }
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("host"))
            settings.host = value;
        else if (key == QLatin1String("port"))
            portList = value;
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
    if (!isPortList(portList))
        return makeError(ErrorCode::BadInput, QStringLiteral("The database URL has an invalid port."));
    const QStringList ports = portList.split(QLatin1Char(','));
    if (ports.size() > 1 && ports.size() != settings.host.split(QLatin1Char(',')).size())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The database URL names %1 ports for %2 hosts; give one port, or one per host.")
                             .arg(ports.size())
                             .arg(settings.host.split(QLatin1Char(',')).size()));
    // One port for every host fits the port field; a port per host only fits libpq's own keyword.
    if (ports.size() == 1 || ports.count(ports.first()) == ports.size())
        settings.port = ports.first().isEmpty() ? -1 : ports.first().toInt();
    else
        options << QStringLiteral("port=") + portList;
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
