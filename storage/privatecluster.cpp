#include "storage/privatecluster.h"

#include "storage/databaseconnection.h"
#include "storage/logging.h"
#include "storage/postgrestools.h"
#include "storage/sqlerrors.h"

#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSettings>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QVersionNumber>

namespace boxoffice {

namespace {

constexpr int clusterPort = 5432; // only names the socket file: the cluster opens no TCP port
constexpr int maxSocketPath = 100; // sun_path is 108 bytes including ".s.PGSQL.5432"

QString randomPassword()
{
    static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    QString password;
    for (int i = 0; i < 32; ++i)
        password += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))]);
    return password;
}

} // namespace

PrivateCluster::PrivateCluster(PrivateClusterOptions options) : m_options(std::move(options)) { }

QString PrivateCluster::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/postgres");
}

QString PrivateCluster::serverDir() const
{
    return m_options.directory + QStringLiteral("/pg");
}
QString PrivateCluster::dataDir() const
{
    return serverDir() + QStringLiteral("/data");
}
QString PrivateCluster::socketDir() const
{
    return serverDir() + QStringLiteral("/run");
}
QString PrivateCluster::logFile() const
{
    return serverDir() + QStringLiteral("/server.log");
}
QString PrivateCluster::credentialsFile() const
{
    return m_options.directory + QStringLiteral("/credentials.ini");
}

bool PrivateCluster::exists() const
{
    return QFile::exists(credentialsFile());
}

Result<QString> PrivateCluster::binDir() const
{
    const QString configured = qEnvironmentVariable("BOXOFFICE_PG_BINDIR");
    if (!configured.isEmpty())
        return configured;
    // A data folder only runs under the major version that made it (a newer server refuses it, and an
    // upgrade is pg_upgrade's work, not a side effect of installing a newer package).
    QFile versionFile(dataDir() + QStringLiteral("/PG_VERSION"));
    if (versionFile.open(QIODevice::ReadOnly)) {
        const QString made = QString::fromLatin1(versionFile.readAll()).trimmed();
        const QString ownDir = postgresBinDir(made);
        if (ownDir.isEmpty())
            return makeError(ErrorCode::Unavailable,
                             QStringLiteral("The private database in %1 was made with PostgreSQL %2, which is not "
                                            "installed. Install it (Debian: apt-get install postgresql-%2), or set "
                                            "BOXOFFICE_PG_BINDIR.")
                                 .arg(m_options.directory, made));
        return ownDir;
    }
    const QString newest = postgresBinDir();
    if (!newest.isEmpty())
        return newest;
    return makeError(ErrorCode::Unavailable,
                     QStringLiteral("No PostgreSQL server programs were found. Install postgresql (Debian: apt-get "
                                    "install postgresql-15) or set BOXOFFICE_PG_BINDIR, or point the box office at "
                                    "an existing server with --db."));
}

Result<PrivateCluster::Tool> PrivateCluster::run(const QString &tool, const QStringList &arguments, int timeoutMs) const
{
    auto bin = binDir();
    if (!bin)
        return bin.error();
    auto account = ServerAccount::forCurrentUser();
    if (!account)
        return account.error();
    const auto [program, args] = account->command(bin.value() + QLatin1Char('/') + tool, arguments);
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setWorkingDirectory(QDir(serverDir()).exists() ? serverDir() : QDir::rootPath());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &key : environment.keys()) {
        if (key.startsWith(QLatin1String("PG")))
            environment.remove(key); // the user's PG* settings describe their server, not this one
    }
    process.setProcessEnvironment(environment);
    qCDebug(lcCluster).noquote() << program << args.join(QLatin1Char(' '));
    process.start(program, args);
    if (!process.waitForStarted(10000))
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Could not run %1: %2").arg(tool, process.errorString()));
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return makeError(ErrorCode::Unavailable, QStringLiteral("%1 did not finish in time.").arg(tool));
    }
    Tool result;
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.output = QString::fromLocal8Bit(process.readAll()).trimmed();
    return result;
}

Status PrivateCluster::initialise(const Progress &progress)
{
    auto account = ServerAccount::forCurrentUser();
    if (!account)
        return account.error();
    if (!QDir().mkpath(m_options.directory))
        return makeError(ErrorCode::Unavailable, QStringLiteral("Could not create %1.").arg(m_options.directory));
    QFile::setPermissions(m_options.directory, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    if ((socketDir() + QStringLiteral("/.s.PGSQL.5432")).toLocal8Bit().size() > maxSocketPath)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("The data folder %1 is too deep for a unix socket path; set XDG_DATA_HOME to a "
                                        "shorter folder.")
                             .arg(m_options.directory));
    if (auto status = account->allowTraverse(m_options.directory); !status)
        return status;

    const bool fresh = !QFile::exists(dataDir() + QStringLiteral("/PG_VERSION"));
    if (fresh && QFile::exists(credentialsFile()))
        return makeError(
            ErrorCode::Unavailable,
            QStringLiteral("%1 has credentials but no database files; move the folder away to start afresh.")
                .arg(m_options.directory));
    if (!fresh && !QFile::exists(credentialsFile()))
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("%1 has database files but lost its credentials.ini; move the folder away to "
                                        "start afresh.")
                             .arg(m_options.directory));
    if (!fresh)
        return Done{};

    if (progress)
        progress(QStringLiteral("Creating the private PostgreSQL cluster in %1").arg(m_options.directory));
    for (const QString &folder : {serverDir(), socketDir()}) {
        if (!QDir().mkpath(folder))
            return makeError(ErrorCode::Unavailable, QStringLiteral("Could not create %1.").arg(folder));
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        if (auto status = account->adopt(folder); !status)
            return status;
    }

    // The password is written down before initdb so it can never be lost with the cluster made.
    const QString password = randomPassword();
    {
        QSettings credentials(credentialsFile(), QSettings::IniFormat);
        credentials.setValue(QStringLiteral("user"), QStringLiteral("boxoffice"));
        credentials.setValue(QStringLiteral("password"), password);
        credentials.setValue(QStringLiteral("socket"), socketDir());
        credentials.setValue(QStringLiteral("port"), clusterPort);
        credentials.sync();
        if (credentials.status() != QSettings::NoError)
            return makeError(ErrorCode::Unavailable, QStringLiteral("Could not write %1.").arg(credentialsFile()));
    }
    QFile::setPermissions(credentialsFile(), QFile::ReadOwner | QFile::WriteOwner);

    const QString passwordFile = serverDir() + QStringLiteral("/initdb.pw");
    {
        QFile file(passwordFile);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return makeError(ErrorCode::Unavailable, QStringLiteral("Could not write %1.").arg(passwordFile));
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        file.write(password.toUtf8() + '\n');
    }
    if (auto status = account->adopt(passwordFile); !status)
        return status;
    auto initdb = run(QStringLiteral("initdb"),
                      {QStringLiteral("-D"), dataDir(), QStringLiteral("-U"), QStringLiteral("boxoffice"),
                       QStringLiteral("--auth=scram-sha-256"), QStringLiteral("--pwfile=") + passwordFile,
                       QStringLiteral("-E"), QStringLiteral("UTF8"), QStringLiteral("--no-locale")});
    QFile::remove(passwordFile);
    if (!initdb)
        return initdb.error();
    if (initdb->exitCode != 0) {
        QFile::remove(credentialsFile());
        return makeError(ErrorCode::Unavailable, QStringLiteral("initdb failed: %1").arg(initdb->output.right(2000)));
    }

    QFile config(dataDir() + QStringLiteral("/postgresql.conf"));
    if (!config.open(QIODevice::Append | QIODevice::Text))
        return makeError(ErrorCode::Unavailable, QStringLiteral("Could not configure %1.").arg(config.fileName()));
    QStringList lines{
        QStringLiteral("# box office private cluster: unix socket only"),
        QStringLiteral("listen_addresses = ''"),
        QStringLiteral("unix_socket_directories = '%1'").arg(socketDir()),
        QStringLiteral("unix_socket_permissions = 0700"),
        QStringLiteral("port = %1").arg(clusterPort),
        QStringLiteral("max_connections = %1").arg(m_options.maxConnections),
        QStringLiteral("timezone = 'UTC'"),
    };
    if (!m_options.durable)
        lines << QStringLiteral("fsync = off") << QStringLiteral("synchronous_commit = off")
              << QStringLiteral("full_page_writes = off");
    config.write((QLatin1Char('\n') + lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
    return Done{};
}

Result<ConnectionSettings> PrivateCluster::connectionSettings(const QString &database) const
{
    if (!exists())
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("There is no private database in %1.").arg(m_options.directory));
    QSettings credentials(credentialsFile(), QSettings::IniFormat);
    ConnectionSettings settings;
    settings.host = credentials.value(QStringLiteral("socket")).toString();
    settings.port = credentials.value(QStringLiteral("port"), clusterPort).toInt();
    settings.user = credentials.value(QStringLiteral("user")).toString();
    settings.password = credentials.value(QStringLiteral("password")).toString();
    settings.database = database;
    if (settings.host.isEmpty() || settings.user.isEmpty() || settings.password.isEmpty())
        return makeError(ErrorCode::Unavailable, QStringLiteral("%1 is incomplete.").arg(credentialsFile()));
    return settings;
}

Result<bool> PrivateCluster::isRunning() const
{
    if (!QFile::exists(dataDir() + QStringLiteral("/PG_VERSION")))
        return false;
    auto status = run(QStringLiteral("pg_ctl"), {QStringLiteral("status"), QStringLiteral("-D"), dataDir()}, 30000);
    if (!status)
        return status.error();
    // pg_ctl status: 0 running, 3 not running, 4 no usable data directory.
    return status->exitCode == 0;
}

namespace {

// Two programs starting at once (a desktop and a script) must not both run initdb or pg_ctl start.
std::unique_ptr<QLockFile> lockClusterFolder(const QString &directory, DomainError *error)
{
    QDir().mkpath(directory);
    auto lock = std::make_unique<QLockFile>(directory + QStringLiteral("/cluster.lock"));
    lock->setStaleLockTime(5 * 60 * 1000); // a dead holder's lock is taken over sooner (by its PID)
    if (!lock->tryLock(3 * 60 * 1000)) {
        *error = makeError(ErrorCode::Unavailable,
                           QStringLiteral("Another box-office program is setting up the private database in %1; "
                                          "try again in a moment.")
                               .arg(directory));
        return nullptr;
    }
    return lock;
}

} // namespace

Result<ConnectionSettings> PrivateCluster::start(const Progress &progress)
{
    DomainError lockError;
    const auto lock = lockClusterFolder(m_options.directory, &lockError);
    if (!lock)
        return lockError;
    if (auto status = initialise(progress); !status)
        return status.error();
    auto running = isRunning();
    if (!running)
        return running.error();
    if (running.value()) {
        qCInfo(lcCluster).noquote() << "reusing the running private cluster in" << m_options.directory;
    } else {
        if (progress)
            progress(QStringLiteral("Starting the private PostgreSQL server"));
        auto started = run(QStringLiteral("pg_ctl"),
                           {QStringLiteral("start"), QStringLiteral("-D"), dataDir(), QStringLiteral("-l"), logFile(),
                            QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("120"), QStringLiteral("-s")});
        if (!started)
            return started.error();
        if (started->exitCode != 0) {
            // Another process may have started it between our check and our start.
            auto again = isRunning();
            if (!again || !again.value())
                return makeError(ErrorCode::Unavailable,
                                 QStringLiteral("The private PostgreSQL server did not start (%1). See %2.")
                                     .arg(started->output.right(500), logFile()));
        }
    }
    if (auto status = createProductDatabase(); !status)
        return status.error();
    return connectionSettings();
}

Status PrivateCluster::createProductDatabase()
{
    auto settings = connectionSettings(QStringLiteral("postgres"));
    if (!settings)
        return settings.error();
    auto connection = DatabaseConnection::open(settings.value(), QStringLiteral("cluster-setup"));
    if (!connection)
        return connection.error();
    QSqlQuery query(connection.value()->database());
    query.prepare(QStringLiteral("SELECT 1 FROM pg_database WHERE datname = :name"));
    query.bindValue(QStringLiteral(":name"), databaseName());
    if (!query.exec())
        return fromSqlError(query.lastError(), QStringLiteral("looking for the box-office database"));
    if (query.next())
        return Done{};
    query.finish();
    // CREATE DATABASE takes no parameters; the name is this program's constant, never user input.
    if (!query.exec(QStringLiteral("CREATE DATABASE boxoffice"))
        && query.lastError().nativeErrorCode() != QLatin1String("42P04"))
        return fromSqlError(query.lastError(), QStringLiteral("creating the box-office database"));
    return Done{};
}

Status PrivateCluster::stop(const Progress &progress)
{
    if (!QDir(m_options.directory).exists())
        return Done{};
    DomainError lockError;
    const auto lock = lockClusterFolder(m_options.directory, &lockError);
    if (!lock)
        return lockError;
    auto running = isRunning();
    if (!running)
        return running.error();
    if (!running.value())
        return Done{};
    if (progress)
        progress(QStringLiteral("Stopping the private PostgreSQL server"));
    auto stopped = run(QStringLiteral("pg_ctl"),
                       {QStringLiteral("stop"), QStringLiteral("-D"), dataDir(), QStringLiteral("-m"),
                        QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("-s")});
    if (!stopped)
        return stopped.error();
    if (stopped->exitCode != 0)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("The private PostgreSQL server did not stop: %1").arg(stopped->output));
    return Done{};
}

Status PrivateCluster::destroy()
{
    if (auto status = stop(); !status)
        return status;
    if (QDir(m_options.directory).exists() && !QDir(m_options.directory).removeRecursively())
        return makeError(ErrorCode::Internal, QStringLiteral("Could not remove %1.").arg(m_options.directory));
    return Done{};
}

} // namespace boxoffice
