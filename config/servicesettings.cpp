#include "config/servicesettings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

namespace boxoffice {

namespace {

DomainError badSettings(const QString &where, const QString &message)
{
    return makeError(ErrorCode::BadInput,
                     where.isEmpty() ? message
                                     : QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(where), message));
}

// Values that travel in HTTP headers: a line break would forge a header of its own.
bool isPrintableAscii(const QByteArray &value)
{
    return std::all_of(value.cbegin(), value.cend(), [](char c) { return c > 0x20 && c < 0x7f; });
}

bool isLoopback(const QUrl &url)
{
    // QUrl has already checked the host's shape; 127.0.0.0/8 and ::1 are this machine.
    const QString host = url.host();
    // A name like "127.example.org" is not: only the four numbers count.
    static const QRegularExpression loopbackV4(QStringLiteral("^127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}$"));
    return host == QLatin1String("localhost") || host == QLatin1String("::1") || loopbackV4.match(host).hasMatch();
}

// Cards and keys cross the network to the provider: in clear text only to this machine (the fake
// provider in tests and the demo).
Status checkProviderUrl(const QUrl &url, const QString &name, const QString &where)
{
    if (url.isEmpty())
        return Done{};
    if (!url.isValid() || url.host().isEmpty()
        || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
        return badSettings(where, QStringLiteral("%1 must be an https URL, like https://api.stripe.com.").arg(name));
    if (url.scheme() == QLatin1String("http") && !isLoopback(url))
        return badSettings(where,
                           QStringLiteral("%1 must use https unless it is on this machine (127.0.0.1).").arg(name));
    if (!url.userInfo().isEmpty())
        return badSettings(
            where, QStringLiteral("%1 must not carry a user or password; the key goes in secret_key.").arg(name));
    return Done{};
}

Status checkSecret(const QByteArray &value, const QString &name, const QString &where)
{
    if (!value.isEmpty() && !isPrintableAscii(value))
        return badSettings(where, QStringLiteral("%1 may only hold printable characters, no spaces.").arg(name));
    return Done{};
}

Status checkOnlyOwnerReads(const QString &path, bool holdsSecrets)
{
    const QFileInfo info(path);
    if (!info.exists())
        return badSettings(path, QStringLiteral("no such settings file."));
    if (!info.isFile())
        return badSettings(path, QStringLiteral("is not a file."));
    if (!info.isReadable())
        return badSettings(path, QStringLiteral("cannot be read by this user."));
    const QFileDevice::Permissions others
        = QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ReadOther | QFileDevice::WriteOther;
    if (holdsSecrets && (info.permissions() & others))
        return badSettings(path,
                           QStringLiteral("holds secrets but others may read or change it; run: chmod 600 %1")
                               .arg(QDir::toNativeSeparators(path)));
    return Done{};
}

QByteArray fromEnvironment(const char *name, const QByteArray &fallback)
{
    return qEnvironmentVariableIsSet(name) ? qgetenv(name) : fallback;
}

} // namespace

QStringList ServiceSettings::defaultPaths()
{
    return {QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
                + QStringLiteral("/boxoffice/service.conf"),
            QStringLiteral("/etc/boxoffice/service.conf")};
}

Result<ServiceSettings> ServiceSettings::load(const QString &path)
{
    QString file = path.isEmpty() ? qEnvironmentVariable("BOXOFFICE_SETTINGS") : path;
    if (file.isEmpty()) {
        for (const QString &candidate : defaultPaths()) {
            if (QFileInfo::exists(candidate)) {
                file = candidate;
                break;
            }
        }
    }

    ServiceSettings settings;
    if (!file.isEmpty()) {
        if (!QFileInfo::exists(file))
            return badSettings(file, QStringLiteral("no such settings file."));
        QSettings ini(file, QSettings::IniFormat);
        if (ini.status() != QSettings::NoError)
            return badSettings(file, QStringLiteral("is not a settings file of [sections] and name=value lines."));
        settings.file = file;
        settings.providerUrl = QUrl(ini.value(QStringLiteral("provider/url")).toString(), QUrl::StrictMode);
        settings.providerSecretKey = ini.value(QStringLiteral("provider/secret_key")).toString().toUtf8();
        settings.providerPublishableKey = ini.value(QStringLiteral("provider/publishable_key")).toString().toUtf8();
        settings.webhookSecret = ini.value(QStringLiteral("provider/webhook_secret")).toString().toUtf8();
        settings.providerPublicUrl
            = QUrl(ini.value(QStringLiteral("provider/public_url")).toString(), QUrl::StrictMode);
        settings.amqpUrl = QUrl(ini.value(QStringLiteral("amqp/url")).toString(), QUrl::StrictMode);
        const QVariant timeout = ini.value(QStringLiteral("provider/timeout_ms"));
        if (timeout.isValid()) {
            bool ok = false;
            settings.providerTimeoutMs = timeout.toString().toInt(&ok);
            if (!ok || settings.providerTimeoutMs < 100 || settings.providerTimeoutMs > 120000)
                return badSettings(file,
                                   QStringLiteral("provider/timeout_ms must be a number of milliseconds from 100 "
                                                  "to 120000."));
        }
        const bool holdsSecrets = !settings.providerSecretKey.isEmpty() || !settings.webhookSecret.isEmpty()
            || !settings.amqpUrl.password().isEmpty();
        if (const Status owned = checkOnlyOwnerReads(file, holdsSecrets); !owned)
            return owned.error();
    }

    if (qEnvironmentVariableIsSet("BOXOFFICE_PAYMENT_URL"))
        settings.providerUrl = QUrl(qEnvironmentVariable("BOXOFFICE_PAYMENT_URL"), QUrl::StrictMode);
    settings.providerSecretKey = fromEnvironment("BOXOFFICE_PAYMENT_KEY", settings.providerSecretKey);
    settings.providerPublishableKey
        = fromEnvironment("BOXOFFICE_PAYMENT_PUBLISHABLE_KEY", settings.providerPublishableKey);
    settings.webhookSecret = fromEnvironment("BOXOFFICE_WEBHOOK_SECRET", settings.webhookSecret);
    if (qEnvironmentVariableIsSet("BOXOFFICE_AMQP_URL"))
        settings.amqpUrl = QUrl(qEnvironmentVariable("BOXOFFICE_AMQP_URL"), QUrl::StrictMode);

    const QString where = settings.file;
    if (const Status url = checkProviderUrl(settings.providerUrl, QStringLiteral("The provider's url"), where); !url)
        return url.error();
    if (const Status url
        = checkProviderUrl(settings.providerPublicUrl, QStringLiteral("The provider's public_url"), where);
        !url)
        return url.error();
    for (const auto &[value, name] :
         {std::pair{settings.providerSecretKey, QStringLiteral("The provider's secret_key")},
          std::pair{settings.providerPublishableKey, QStringLiteral("publishable_key")},
          std::pair{settings.webhookSecret, QStringLiteral("webhook_secret")}}) {
        if (const Status checked = checkSecret(value, name, where); !checked)
            return checked.error();
    }
    if (settings.providerSecretKey.startsWith("pk_"))
        return badSettings(
            where, QStringLiteral("secret_key holds a publishable key (pk_...); the secret one starts sk_ or rk_."));
    if (!settings.providerPublishableKey.isEmpty() && !settings.providerPublishableKey.startsWith("pk_"))
        return badSettings(where,
                           QStringLiteral("publishable_key must be the provider's public key, like pk_live_...; "
                                          "never the secret one."));
    if (!settings.providerPublishableKey.isEmpty() && settings.providerUrl.isEmpty())
        return badSettings(where, QStringLiteral("a publishable_key needs the provider's url."));
    if (!settings.amqpUrl.isEmpty()
        && (!settings.amqpUrl.isValid()
            || (settings.amqpUrl.scheme() != QLatin1String("amqp")
                && settings.amqpUrl.scheme() != QLatin1String("amqps"))
            || settings.amqpUrl.host().isEmpty()))
        return badSettings(where,
                           QStringLiteral("The broker's url must be like amqp://user:password@host:5672/vhost."));
    return settings;
}

} // namespace boxoffice
