#include "standbyserver.h"

#include "testdatabase.h"

#include "storage/databaseconnection.h"
#include "storage/postgrestools.h"
#include "storage/serveraccount.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

namespace boxoffice::test {

namespace {

// One value from `settings`' server, on a connection of its own (closed again at once, so a standby
// stopped later has nobody of ours to cut off).
QVariant queryOne(const ConnectionSettings &settings, const QString &sql, const QVariantMap &bindings, QString *error)
{
    auto connection = DatabaseConnection::open(settings, QStringLiteral("test-standby"));
    if (!connection) {
        *error = connection.error().message + QLatin1Char(' ') + connection.error().detail;
        return {};
    }
    QVariant value;
    {
        QSqlQuery query(connection.value()->database());
        bool ran = false;
        if (bindings.isEmpty()) {
            ran = query.exec(sql);
        } else {
            query.prepare(sql);
            for (auto it = bindings.begin(); it != bindings.end(); ++it)
                query.bindValue(QLatin1Char(':') + it.key(), it.value());
            ran = query.exec();
        }
        if (!ran || !query.next())
            *error = sql + QStringLiteral(": ") + query.lastError().text();
        else
            value = query.value(0);
    }
    return value;
}

} // namespace

StandbyServer::~StandbyServer()
{
    stop();
}

Result<StandbyServer::Ran> StandbyServer::runAsServerAccount(const QString &tool, const QStringList &arguments,
                                                             int timeoutMs) const
{
    auto account = ServerAccount::forCurrentUser();
    if (!account)
        return account.error();
    const auto [program, args] = account->command(m_binDir + QLatin1Char('/') + tool, arguments);
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setWorkingDirectory(m_dir.path());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &key : environment.keys()) {
        if (key.startsWith(QLatin1String("PG")))
            environment.remove(key);
    }
    // pg_basebackup's login; runuser keeps the environment, and -R writes it into primary_conninfo
    // (in the standby's own 0600 file) so the standby can log in again after a restart.
    environment.insert(QStringLiteral("PGPASSWORD"), m_primary.password);
    process.setProcessEnvironment(environment);
    process.start(program, args);
    if (!process.waitForStarted(10000))
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("could not run %1: %2").arg(tool, process.errorString()));
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        return makeError(ErrorCode::Unavailable, QStringLiteral("%1 did not finish in time").arg(tool));
    }
    return Ran{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
               QString::fromLocal8Bit(process.readAll()).trimmed()};
}

QString StandbyServer::start()
{
    if (m_running)
        return {};
    if (!m_dir.isValid())
        return QStringLiteral("no scratch folder for the standby");
    auto primary = TestDatabase::clusterSettings(QStringLiteral("postgres"));
    if (!primary)
        return primary.error().message;
    m_primary = primary.value();
    QString error;
    const int version = queryOne(m_primary, QStringLiteral("SHOW server_version_num"), {}, &error).toInt();
    if (!error.isEmpty())
        return error;
    // The standby must run the primary's major version.
    m_binDir = postgresBinDir(QString::number(version / 10000));
    if (m_binDir.isEmpty() && !QFile::exists(QStringLiteral("/usr/lib/postgresql")))
        m_binDir = postgresBinDir(); // not Debian's layout: the programs on the PATH
    if (m_binDir.isEmpty())
        return QStringLiteral("the programs of PostgreSQL %1 are not installed").arg(version / 10000);

    auto account = ServerAccount::forCurrentUser();
    if (!account)
        return account.error().message;
    const QString runDir = m_dir.filePath(QStringLiteral("run"));
    if (!QDir().mkpath(runDir))
        return QStringLiteral("could not create %1").arg(runDir);
    for (const QString &folder : {m_dir.path(), runDir}) {
        if (auto adopted = account->adopt(folder); !adopted)
            return adopted.error().message;
    }

    const QString dataDir = m_dir.filePath(QStringLiteral("data"));
    auto copied = runAsServerAccount(QStringLiteral("pg_basebackup"),
                                     {QStringLiteral("-D"), dataDir, QStringLiteral("-R"), QStringLiteral("-X"),
                                      QStringLiteral("stream"), QStringLiteral("-c"), QStringLiteral("fast"),
                                      QStringLiteral("-w"), QStringLiteral("-h"), m_primary.host, QStringLiteral("-p"),
                                      QString::number(m_primary.port), QStringLiteral("-U"), m_primary.user},
                                     180000);
    if (!copied)
        return copied.error().message;
    if (copied->exitCode != 0)
        return QStringLiteral("pg_basebackup failed: %1").arg(copied->output.right(1500));

    // The copy carries the primary's configuration, socket folder included: the standby listens in a
    // folder of its own (postgresql.auto.conf is read last, so this wins).
    QFile autoConf(dataDir + QStringLiteral("/postgresql.auto.conf"));
    if (!autoConf.open(QIODevice::Append | QIODevice::Text))
        return QStringLiteral("could not configure the standby: %1").arg(autoConf.errorString());
    autoConf.write(QStringLiteral("\nunix_socket_directories = '%1'\nhot_standby = on\n").arg(runDir).toUtf8());
    autoConf.close();

    auto started
        = runAsServerAccount(QStringLiteral("pg_ctl"),
                             {QStringLiteral("start"), QStringLiteral("-D"), dataDir, QStringLiteral("-l"), logFile(),
                              QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("120"), QStringLiteral("-s")},
                             150000);
    if (!started)
        return started.error().message;
    if (started->exitCode != 0)
        return QStringLiteral("the standby did not start (%1); see %2").arg(started->output.right(500), logFile());
    m_running = true;
    const QVariant recovering = scalar(QStringLiteral("postgres"), QStringLiteral("SELECT pg_is_in_recovery()"));
    if (!recovering.toBool()) {
        stop();
        return QStringLiteral("the copy did not start as a standby (see %1)").arg(logFile());
    }
    return {};
}

void StandbyServer::stop()
{
    if (!m_running)
        return;
    m_running = false;
    auto stopped
        = runAsServerAccount(QStringLiteral("pg_ctl"),
                             {QStringLiteral("stop"), QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")),
                              QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("-s")},
                             120000);
    if (!stopped || stopped->exitCode != 0)
        qWarning("the standby did not stop: %s", qPrintable(stopped ? stopped->output : stopped.error().message));
}

ConnectionSettings StandbyServer::settings(const QString &database) const
{
    ConnectionSettings standby = m_primary;
    standby.host = m_dir.filePath(QStringLiteral("run"));
    standby.database = database;
    return standby;
}

QVariant StandbyServer::scalar(const QString &database, const QString &sql, const QVariantMap &bindings) const
{
    QString error;
    const QVariant value = queryOne(settings(database), sql, bindings, &error);
    if (!error.isEmpty())
        qWarning("standby query failed: %s", qPrintable(error));
    return value;
}

QString StandbyServer::waitForReplay(int timeoutMs) const
{
    QString error;
    const QString written
        = queryOne(m_primary, QStringLiteral("SELECT CAST(pg_current_wal_lsn() AS text)"), {}, &error).toString();
    if (!error.isEmpty())
        return error;
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        const QVariant replayed = queryOne(settings(QStringLiteral("postgres")),
                                           QStringLiteral("SELECT pg_last_wal_replay_lsn() >= CAST(:lsn AS pg_lsn)"),
                                           {{QStringLiteral("lsn"), written}}, &error);
        if (error.isEmpty() && replayed.toBool())
            return {};
        error.clear();
        QThread::msleep(50);
    }
    return QStringLiteral("the standby did not replay up to %1 in time").arg(written);
}

QString StandbyServer::pauseReplay() const
{
    QString error;
    queryOne(settings(QStringLiteral("postgres")), QStringLiteral("SELECT pg_wal_replay_pause()"), {}, &error);
    if (!error.isEmpty())
        return error;
    // pg_wal_replay_pause only asks; the record being replayed finishes first.
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        const QString state = queryOne(settings(QStringLiteral("postgres")),
                                       QStringLiteral("SELECT pg_get_wal_replay_pause_state()"), {}, &error)
                                  .toString();
        if (state == QLatin1String("paused"))
            return {};
        QThread::msleep(20);
    }
    return QStringLiteral("the standby's replay did not pause: %1").arg(error);
}

QString StandbyServer::resumeReplay() const
{
    QString error;
    queryOne(settings(QStringLiteral("postgres")), QStringLiteral("SELECT pg_wal_replay_resume()"), {}, &error);
    return error;
}

} // namespace boxoffice::test
