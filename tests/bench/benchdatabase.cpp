#include "benchdatabase.h"

#include "storage/databaseconnection.h"
#include "storage/migrator.h"
#include "storage/privatecluster.h"
#include "storage/serveraccount.h"
#include "storage/sqlerrors.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QSqlQuery>
#include <QTemporaryDir>

namespace boxoffice::bench {

namespace {

// 300 clients, the bench's own connection, the auditor and a margin for psql while it runs.
constexpr int clusterConnections = 400;

Status migrate(const ConnectionSettings &settings)
{
    auto connection = DatabaseConnection::open(settings, QStringLiteral("bench-migrate"));
    if (!connection)
        return connection.error();
    auto report = Migrator(connection.value()->database()).migrate();
    if (!report)
        return report.error();
    return Done{};
}

} // namespace

BenchDatabase::BenchDatabase(QString url, bool inPlace)
    : m_mode(url.isEmpty() ? Mode::PrivateCluster : (inPlace ? Mode::InPlace : Mode::OwnDatabase)),
      m_url(std::move(url))
{ }

BenchDatabase::~BenchDatabase() = default;

Result<ConnectionSettings> BenchDatabase::open(const Progress &progress)
{
    switch (m_mode) {
    case Mode::PrivateCluster:
        return openPrivateCluster(progress);
    case Mode::OwnDatabase:
        return openOwnDatabase();
    case Mode::InPlace:
        break;
    }
    return openInPlace();
}

Result<ConnectionSettings> BenchDatabase::openPrivateCluster(const Progress &progress)
{
    // Short on purpose: the server's unix socket lives below it and socket paths are limited.
    QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/boxoffice-bench-XXXXXX"));
    if (!folder.isValid())
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Could not create a folder under %1.").arg(QDir::tempPath()));
    folder.setAutoRemove(false);
    PrivateClusterOptions options;
    options.directory = folder.path();
    options.maxConnections = clusterConnections;
    // The figures must be those of a server that keeps an acknowledged hold through a power cut:
    // without fsync a commit costs a fraction of what it costs in production.
    options.durable = true;
    m_cluster = std::make_unique<PrivateCluster>(options);
    auto settings = m_cluster->start(progress);
    if (!settings)
        return settings.error();
    if (auto status = migrate(settings.value()); !status)
        return status.error();
    m_settings = settings.value();
    return m_settings;
}

Result<ConnectionSettings> BenchDatabase::openOwnDatabase()
{
    auto server = ConnectionSettings::fromUrl(m_url);
    if (!server)
        return server.error();
    m_server = server.value();
    const QString name = QStringLiteral("boxoffice_bench_%1").arg(QCoreApplication::applicationPid());
    {
        auto connection = DatabaseConnection::open(m_server, QStringLiteral("bench-admin"));
        if (!connection)
            return connection.error();
        // CREATE DATABASE takes no parameters; the name is a constant and this process's id.
        QSqlQuery query(connection.value()->database());
        if (!query.exec(QStringLiteral("CREATE DATABASE %1").arg(name)))
            return fromSqlError(query.lastError(), QStringLiteral("creating the benchmark database %1").arg(name));
    }
    m_createdDatabase = name;
    m_settings = m_server;
    m_settings.database = name;
    if (auto status = migrate(m_settings); !status)
        return status.error();
    return m_settings;
}

Result<ConnectionSettings> BenchDatabase::openInPlace()
{
    auto settings = ConnectionSettings::fromUrl(m_url);
    if (!settings)
        return settings.error();
    auto connection = DatabaseConnection::open(settings.value(), QStringLiteral("bench-check"));
    if (!connection)
        return connection.error();
    // A shared server's schema changes through `boxoffice-ctl migrate` only.
    if (auto status = Migrator(connection.value()->database()).checkCurrent(); !status)
        return status.error();
    m_settings = settings.value();
    return m_settings;
}

Status BenchDatabase::close(bool keep, const Progress &progress)
{
    switch (m_mode) {
    case Mode::PrivateCluster:
        if (!m_cluster)
            return Done{};
        if (keep) {
            // The server may run as another account (root cannot run PostgreSQL): say how to stop it.
            auto account = ServerAccount::forCurrentUser();
            const QString as = account && account->switchesUser()
                ? QStringLiteral("runuser -u %1 -- ").arg(account->name())
                : QString();
            if (progress)
                progress(QStringLiteral("Kept the benchmark cluster in %1 (login in credentials.ini there); remove it "
                                        "with: %2pg_ctl stop -D %1/pg/data && rm -rf %1")
                             .arg(m_cluster->directory(), as));
            return Done{};
        }
        if (progress)
            progress(QStringLiteral("Removing the benchmark cluster in %1").arg(m_cluster->directory()));
        return m_cluster->destroy();
    case Mode::OwnDatabase: {
        if (m_createdDatabase.isEmpty())
            return Done{};
        if (keep) {
            if (progress)
                progress(QStringLiteral("Kept database %1 on %2").arg(m_createdDatabase, m_server.describe()));
            return Done{};
        }
        auto connection = DatabaseConnection::open(m_server, QStringLiteral("bench-admin"));
        if (!connection)
            return connection.error();
        QSqlQuery query(connection.value()->database());
        if (!query.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_createdDatabase)))
            return fromSqlError(query.lastError(), QStringLiteral("dropping the benchmark database"));
        m_createdDatabase.clear();
        return Done{};
    }
    case Mode::InPlace:
        break;
    }
    return Done{};
}

QString BenchDatabase::venueSuffix() const
{
    if (m_mode != Mode::InPlace)
        return {};
    return QStringLiteral(" (boxoffice-bench %1 %2)")
        .arg(QCoreApplication::applicationPid())
        .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
}

QString BenchDatabase::description() const
{
    switch (m_mode) {
    case Mode::PrivateCluster:
        return QStringLiteral("throwaway private cluster in %1 (durable: fsync on)")
            .arg(m_cluster ? m_cluster->directory() : QString());
    case Mode::OwnDatabase:
        return QStringLiteral("database %1 created on %2").arg(m_createdDatabase, m_server.describe());
    case Mode::InPlace:
        break;
    }
    return QStringLiteral("in place, %1").arg(m_settings.describe());
}

} // namespace boxoffice::bench
