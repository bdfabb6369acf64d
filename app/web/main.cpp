// boxoffice-web: the web channel's JSON API (see openapi.yaml next to this file).

#include "webconfig.h"
#include "weblogging.h"
#include "webserver.h"

#include "storage/databaseconnection.h"
#include "storage/databaselocator.h"

#include "app/redis/redisstores.h"
#include "app/service/journallog.h"
#include "app/service/programversion.h"
#include "app/service/servicenotifier.h"
#include "app/service/stopsignals.h"
#include "config/servicesettings.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>
#include <QTextStream>

#include <initializer_list>
#include <optional>
#include <tuple>

using namespace boxoffice;
using namespace boxoffice::web;

namespace {

int fail(const QString &message)
{
    QTextStream(stderr) << journalPriority(QtCriticalMsg) << "boxoffice-web: " << message << '\n';
    return 1;
}

// --browse-db, else BOXOFFICE_BROWSE_DB (the environment is this user's own, so only there may the URL
// carry a password); none: browsing uses the main database.
Result<std::optional<ConnectionSettings>> browseDatabase(const QString &option, const ConnectionSettings &main)
{
    const QString url = option.isEmpty() ? qEnvironmentVariable("BOXOFFICE_BROWSE_DB") : option;
    if (url.isEmpty())
        return std::optional<ConnectionSettings>();
    auto parsed = ConnectionSettings::fromUrl(url);
    if (!parsed)
        return makeError(ErrorCode::BadInput, QStringLiteral("The browse database: %1").arg(parsed.error().message));
    ConnectionSettings settings = parsed.value();
    if (!option.isEmpty() && !settings.password.isEmpty())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("--browse-db must not carry a password: the command line is readable by every "
                                        "user of this machine. Put the password in the pgpass file (PGPASSFILE), or "
                                        "the whole URL in BOXOFFICE_BROWSE_DB."));
    // The same database and login on another server, unless the URL says otherwise; the password is
    // never handed to another host (libpq finds it in PGPASSWORD or the pgpass file).
    if (settings.user.isEmpty())
        settings.user = main.user;
    if (settings.database.isEmpty())
        settings.database = main.database;
    // A standby that is down must cost a browse thread a moment, not the main database's whole
    // connect timeout, before it reads from the main database instead (the URL's connect_timeout wins).
    ConnectionLimits &limits = settings.limits;
    limits = main.limits;
    limits.connectTimeoutSeconds = limits.connectTimeoutSeconds > 0 ? qMin(limits.connectTimeoutSeconds, 3) : 3;
    // One cut off in the middle of a read must not keep the thread (and every reader of that event's
    // map, waiting for the one refresh) for ever: TCP notices the peer is gone, the read fails and is
    // asked again on the main database.
    if (limits.keepalivesIdleSeconds <= 0) {
        limits.keepalivesIdleSeconds = 5;
        limits.keepalivesIntervalSeconds = 2;
        limits.keepalivesCount = 3;
    }
    if (limits.tcpUserTimeoutMs <= 0)
        limits.tcpUserTimeoutMs = 10000;
    return std::optional<ConnectionSettings>(settings);
}

QStringList refusedSecretFlags()
{
    return {QStringLiteral("provider-url"), QStringLiteral("provider-key"), QStringLiteral("provider-publishable-key"),
            QStringLiteral("webhook-secret")};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    routeLogsToJournalWhenItListens();
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The box office's web channel: a JSON API for buyers."));
    parser.addHelpOption();
    const QCommandLineOption version = versionOption();
    parser.addOption(version);
    parser.addOptions({
        {QStringLiteral("db"),
         QStringLiteral("Database URL (default: PG* variables, the saved setting, or the private database)."),
         QStringLiteral("url")},
        {QStringLiteral("port"), QStringLiteral("Port to listen on (default 8080; 0: any free port)."),
         QStringLiteral("n"), QStringLiteral("8080")},
        {QStringLiteral("listen"), QStringLiteral("Address to listen on (default 127.0.0.1)."),
         QStringLiteral("address"), QStringLiteral("127.0.0.1")},
        {QStringLiteral("claim-connections"),
         QStringLiteral("Database connections for claims and other writes (default: twice the cores)."),
         QStringLiteral("n")},
        {QStringLiteral("threads"), QStringLiteral("The older name of --claim-connections."), QStringLiteral("n")},
        {QStringLiteral("http-threads"),
         QStringLiteral(
             "Threads that parse requests and write answers, sharing the port (default: the cores, at most 4)."),
         QStringLiteral("n")},
        {QStringLiteral("read-connections"), QStringLiteral("Database connections for reads and /healthz (default 2)."),
         QStringLiteral("n"), QStringLiteral("2")},
        {QStringLiteral("browse-db"),
         QStringLiteral("A read-only server for what buyers browse (seat maps, event lists, pools, hotel and table "
                        "listings), e.g. a streaming standby: postgresql://HOST:PORT/DATABASE, no password (that goes "
                        "in the pgpass file, or the whole URL in BOXOFFICE_BROWSE_DB). Default, and while it cannot "
                        "be reached: the main database."),
         QStringLiteral("url")},
        {QStringLiteral("browse-connections"),
         QStringLiteral("Read-only database connections for browsing (default 2)."), QStringLiteral("n"),
         QStringLiteral("2")},
        {QStringLiteral("provider-threads"),
         QStringLiteral("Threads for payment provider calls, no database connection (default 32)."),
         QStringLiteral("n"), QStringLiteral("32")},
        {QStringLiteral("claim-queue"),
         QStringLiteral("Requests that may wait for a claim connection before the server answers 503 (default 1000)."),
         QStringLiteral("n"), QStringLiteral("1000")},
        {QStringLiteral("auth-cache-seconds"),
         QStringLiteral("Trust an accepted buyer token this long without asking the database (default 5; 0: off)."),
         QStringLiteral("n"), QStringLiteral("5")},
        {QStringLiteral("settings"),
         QStringLiteral(
             "The settings file with the payment provider's url, keys and webhook secret, readable by this user only "
             "(default: BOXOFFICE_SETTINGS, ~/.config/boxoffice/service.conf, /etc/boxoffice/service.conf)."),
         QStringLiteral("file")},
        {QStringLiteral("provider-public-url"),
         QStringLiteral("The provider as buyers' browsers reach it (default: the settings' public_url, else its url)."),
         QStringLiteral("url")},
        {QStringLiteral("redis"),
         QStringLiteral(
             "Redis shared by several web servers, redis://host:port[/db] (password: BOXOFFICE_REDIS_PASSWORD)."),
         QStringLiteral("url")},
        {QStringLiteral("max-carts-per-minute"),
         QStringLiteral("Carts one buyer may create a minute (default 30; 0: no limit)."), QStringLiteral("n"),
         QStringLiteral("30")},
        {QStringLiteral("max-failed-sign-ins-per-minute"),
         QStringLiteral("Failed sign-ins (401s) from one address a minute before even a right token gets 429 (default "
                        "20; 0: no limit)."),
         QStringLiteral("n"), QStringLiteral("20")},
        {QStringLiteral("hold-filter-ms"),
         QStringLiteral("With --redis: how long a seat claim's mark answers other carts \"taken\" without the database "
                        "(default 3000)."),
         QStringLiteral("ms"), QStringLiteral("3000")},
        {QStringLiteral("max-queue-joins-per-minute"),
         QStringLiteral("Waiting-room joins from one address a minute (default 600; 0: no limit)."),
         QStringLiteral("n"), QStringLiteral("600")},
        {QStringLiteral("trusted-proxy"),
         QStringLiteral("A proxy (address or subnet, repeatable) whose X-Forwarded-For names the client."),
         QStringLiteral("address")},
        {QStringLiteral("public-url"),
         QStringLiteral("The shop's address as buyers reach it, e.g. https://tickets.example.org: the base of links in "
                        "account mails (default: this server's own)."),
         QStringLiteral("url")},
        {QStringLiteral("shop-name"), QStringLiteral("How account mails name the shop (default \"Box office\")."),
         QStringLiteral("name")},
        {QStringLiteral("no-seat-batching"),
         QStringLiteral(
             "Claim every web seat hold on its own instead of gathering the holds sent together into one claim.")},
    });
    // Taken on the command line once; now refused with the way to do it, not as an unknown option.
    for (const QString &secretFlag : refusedSecretFlags()) {
        QCommandLineOption option(secretFlag, QString(), QStringLiteral("value"));
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    }
    parser.process(app);
    if (parser.isSet(version)) {
        printVersion(QStringLiteral("boxoffice-web"));
        return 0;
    }
    for (const QString &secretFlag : refusedSecretFlags()) {
        if (parser.isSet(secretFlag))
            return fail(QStringLiteral("--%1 is no longer taken: the command line is readable by every user of this "
                                       "machine. Put the payment provider's url, keys and webhook secret in the "
                                       "settings file (--settings FILE, mode 600) or the BOXOFFICE_PAYMENT_* and "
                                       "BOXOFFICE_WEBHOOK_SECRET variables; see the README.")
                            .arg(secretFlag));
    }

    WebConfig config;
    bool ok = false;
    const int port = parser.value(QStringLiteral("port")).toInt(&ok);
    if (!ok || port < 0 || port > 65535)
        return fail(QStringLiteral("--port must be a number from 0 to 65535."));
    config.port = quint16(port);
    if (!config.listen.setAddress(parser.value(QStringLiteral("listen"))))
        return fail(
            QStringLiteral("--listen must be an IP address, not \"%1\".").arg(parser.value(QStringLiteral("listen"))));
    const auto number = [&parser](const QString &name, int low, int high, int *into) {
        if (!parser.isSet(name) && parser.value(name).isEmpty())
            return true;
        bool valid = false;
        const int value = parser.value(name).toInt(&valid);
        if (!valid || value < low || value > high)
            return false;
        *into = value;
        return true;
    };
    for (const auto &[name, low, high, into] : std::initializer_list<std::tuple<QString, int, int, int *>>{
             {QStringLiteral("claim-connections"), 1, 256, &config.claimConnections},
             {QStringLiteral("threads"), 1, 256, &config.threads},
             {QStringLiteral("http-threads"), 1, 64, &config.httpThreads},
             {QStringLiteral("read-connections"), 1, 64, &config.readConnections},
             {QStringLiteral("browse-connections"), 1, 64, &config.browseConnections},
             {QStringLiteral("provider-threads"), 1, 1024, &config.providerThreads},
             {QStringLiteral("claim-queue"), 0, 1000000, &config.claimQueueLimit},
             {QStringLiteral("auth-cache-seconds"), 0, 3600, &config.authCacheSeconds}}) {
        if (!number(name, low, high, into))
            return fail(QStringLiteral("--%1 must be a number from %2 to %3.").arg(name).arg(low).arg(high));
    }
    const Result<ServiceSettings> services = ServiceSettings::load(parser.value(QStringLiteral("settings")));
    if (!services)
        return fail(services.error().message);
    config.providerUrl = services->providerUrl;
    config.providerKey = services->providerSecretKey;
    config.providerPublishableKey = services->providerPublishableKey;
    config.webhookSecret = services->webhookSecret;
    if (services->providerTimeoutMs > 0)
        config.providerTimeoutMs = services->providerTimeoutMs;
    config.providerPublicUrl = services->providerPublicUrl;
    if (parser.isSet(QStringLiteral("provider-public-url"))) {
        config.providerPublicUrl = QUrl(parser.value(QStringLiteral("provider-public-url")), QUrl::StrictMode);
        if (!config.providerPublicUrl.isValid() || !config.providerPublicUrl.scheme().startsWith(QLatin1String("http"))
            || config.providerPublicUrl.host().isEmpty())
            return fail(QStringLiteral("--provider-public-url must be an http(s) URL."));
    }
    config.admissionSecret = qEnvironmentVariable("BOXOFFICE_ADMISSION_SECRET").toUtf8();
    config.maxCartsPerMinute = parser.value(QStringLiteral("max-carts-per-minute")).toInt(&ok);
    if (!ok || config.maxCartsPerMinute < 0)
        return fail(QStringLiteral("--max-carts-per-minute must be a whole number, 0 or more."));
    config.holdFilterMs = parser.value(QStringLiteral("hold-filter-ms")).toInt(&ok);
    if (!ok || config.holdFilterMs < 100 || config.holdFilterMs > 600000)
        return fail(QStringLiteral("--hold-filter-ms must be a number of milliseconds from 100 to 600000."));
    config.maxQueueJoinsPerMinute = parser.value(QStringLiteral("max-queue-joins-per-minute")).toInt(&ok);
    if (!ok || config.maxQueueJoinsPerMinute < 0)
        return fail(QStringLiteral("--max-queue-joins-per-minute must be a whole number, 0 or more."));
    config.maxFailedSignInsPerMinute = parser.value(QStringLiteral("max-failed-sign-ins-per-minute")).toInt(&ok);
    if (!ok || config.maxFailedSignInsPerMinute < 0)
        return fail(QStringLiteral("--max-failed-sign-ins-per-minute must be a whole number, 0 or more."));
    for (const QString &proxy : parser.values(QStringLiteral("trusted-proxy"))) {
        const auto trusted = parseTrustedProxy(proxy);
        if (!trusted)
            return fail(QStringLiteral("--trusted-proxy must be an IP address or a subnet, not \"%1\".").arg(proxy));
        config.trustedProxies.append(*trusted);
    }

    config.seatBatching = !parser.isSet(QStringLiteral("no-seat-batching"));

    if (parser.isSet(QStringLiteral("public-url"))) {
        config.publicUrl = QUrl(parser.value(QStringLiteral("public-url")), QUrl::StrictMode);
        if (!config.publicUrl.isValid() || !config.publicUrl.scheme().startsWith(QLatin1String("http"))
            || config.publicUrl.host().isEmpty() || config.publicUrl.hasQuery() || config.publicUrl.hasFragment())
            return fail(QStringLiteral("--public-url must be an http(s) address like https://tickets.example.org."));
    }
    if (parser.isSet(QStringLiteral("shop-name"))) {
        config.shopName = parser.value(QStringLiteral("shop-name")).simplified();
        if (config.shopName.isEmpty() || config.shopName.size() > 100)
            return fail(QStringLiteral("--shop-name must be 1 to 100 characters."));
    }

    if (parser.isSet(QStringLiteral("redis")))
        config.redis = QUrl(parser.value(QStringLiteral("redis")));
    // Opened first, so a wrong URL or password stops the start instead of the first buyer.
    std::optional<redis::RedisStores> redisStores;
    if (!config.redis.isEmpty()) {
        if (!config.redis.password().isEmpty())
            qCWarning(lcWeb)
                << "a password in --redis is visible to every user of this machine: use BOXOFFICE_REDIS_PASSWORD";
        auto opened = redis::openRedisStores(config.redis);
        if (!opened)
            return fail(QStringLiteral("--redis: %1 %2").arg(opened.error().message, opened.error().detail));
        redisStores = std::move(opened.value());
    }

    auto choice = locateDatabase(parser.value(QStringLiteral("db")),
                                 [](const QString &message) { qCInfo(lcWeb).noquote() << message; });
    if (!choice)
        return fail(choice.error().message);
    config.database = choice->settings;
    const auto browse = browseDatabase(parser.value(QStringLiteral("browse-db")), config.database);
    if (!browse)
        return fail(browse.error().message);
    config.browseDatabase = browse.value();
    {
        // The schema: migrated on the private database, only checked on a shared server.
        auto connection = DatabaseConnection::open(config.database, QStringLiteral("web-setup"));
        if (!connection)
            return fail(connection.error().message);
        if (auto schema = prepareSchema(choice.value(), connection.value()->database(), false); !schema)
            return fail(schema.error().message);
    }

    // SIGINT / SIGTERM end the event loop; running requests finish first.
    stopOnSignals([&app] { app.quit(); });
    SharedState shared;
    if (redisStores)
        shared = {redisStores->waitingRoom, redisStores->rateCounters, redisStores->holdFilter};
    WebServer server(config, std::move(shared));
    if (auto listening = server.listen(); !listening)
        return fail(listening.error().message);
    QTextStream(stdout) << "boxoffice-web listening on " << server.baseUrl().toString() << Qt::endl;
    if (config.browseDatabase)
        qCInfo(lcWeb).noquote() << "browsing reads from" << config.browseDatabase->describe();
    // Under systemd (Type=notify): ready once it listens; the watchdog's keep-alive comes from this
    // event loop, so a loop that stops turning is restarted.
    ServiceNotifier service;
    service.ready(QStringLiteral("Serving %1").arg(server.baseUrl().toString()));
    service.startWatchdog();
    QObject::connect(&app, &QCoreApplication::aboutToQuit, &service, &ServiceNotifier::stopping);
    if (config.providerUrl.isEmpty())
        qCWarning(lcWeb) << "no payment provider configured: checkout answers 503";
    if (config.webhookSecret.isEmpty())
        qCWarning(lcWeb) << "no webhook secret configured: the webhook answers 503";
    return app.exec();
}
