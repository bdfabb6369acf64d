#include "pgbouncerserver.h"

#include "freeport.h"
#include "testdatabase.h"

#include "storage/databaseconnection.h"
#include "storage/postgrestools.h"
#include "storage/serveraccount.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QHostAddress>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

namespace boxoffice::test {

namespace {

// The login's SCRAM verifier as the server keeps it: pgbouncer checks clients against it and, the
// salt and iterations being the server's, can sign in to the server with the client's proof.
Result<QString> scramVerifier(const ConnectionSettings &cluster)
{
    auto connection = DatabaseConnection::open(cluster, QStringLiteral("test-pgbouncer"));
    if (!connection)
        return connection.error();
    QSqlQuery query(connection.value()->database());
    query.prepare(QStringLiteral("SELECT rolpassword FROM pg_authid WHERE rolname = :login"));
    query.bindValue(QStringLiteral(":login"), cluster.user);
    if (!query.exec() || !query.next())
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("no verifier for %1: %2").arg(cluster.user, query.lastError().text()));
    const QString verifier = query.value(0).toString();
    if (!verifier.startsWith(QLatin1String("SCRAM-SHA-256$")))
        return makeError(ErrorCode::Unavailable, QStringLiteral("%1 has no SCRAM verifier").arg(cluster.user));
    return verifier;
}

bool writeFile(const QString &path, const QByteArray &text, QFile::Permissions permissions)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    file.setPermissions(permissions);
    return file.write(text) == text.size();
}

} // namespace

PgBouncerServer::~PgBouncerServer()
{
    stop();
}

QString PgBouncerServer::program()
{
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("pgbouncer"));
    if (!onPath.isEmpty())
        return onPath;
    return QStandardPaths::findExecutable(QStringLiteral("pgbouncer"),
                                          {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/local/sbin")});
}

QString PgBouncerServer::start(const QVector<Pool> &pools)
{
    const QString executable = program();
    if (executable.isEmpty())
        return QStringLiteral("pgbouncer is not installed");
    if (!m_dir.isValid())
        return QStringLiteral("no scratch folder for pgbouncer");
    auto cluster = TestDatabase::clusterSettings(QStringLiteral("postgres"));
    if (!cluster)
        return cluster.error().message;
    m_cluster = cluster.value();
    auto verifier = scramVerifier(m_cluster);
    if (!verifier)
        return verifier.error().message;
    auto account = ServerAccount::forCurrentUser();
    if (!account)
        return account.error().message;
    m_port = freeLoopbackPort();
    if (m_port == 0)
        return QStringLiteral("no free port on loopback");

    QStringList databases{QStringLiteral("[databases]")};
    for (const Pool &pool : pools)
        databases << QStringLiteral("%1 = host=%2 port=%3 dbname=%4 pool_mode=%5 pool_size=%6")
                         .arg(pool.alias, m_cluster.host)
                         .arg(m_cluster.port)
                         .arg(pool.database, pool.mode)
                         .arg(pool.size);
    QStringList settings{
        QStringLiteral("[pgbouncer]"),
        QStringLiteral("listen_addr = 127.0.0.1"),
        QStringLiteral("listen_port = %1").arg(m_port),
        QStringLiteral("unix_socket_dir ="), // loopback TCP only; no socket file left in /tmp
        QStringLiteral("auth_type = scram-sha-256"),
        QStringLiteral("auth_file = %1").arg(m_dir.filePath(QStringLiteral("userlist.txt"))),
        QStringLiteral("admin_users = %1").arg(m_cluster.user),
        QStringLiteral("pool_mode = session"),
        QStringLiteral("max_client_conn = 400"),
        QStringLiteral("default_pool_size = 20"),
        QStringLiteral("logfile = %1").arg(logFile()),
        QStringLiteral("pidfile = %1").arg(m_dir.filePath(QStringLiteral("pgbouncer.pid"))),
    };
    // Started as root it drops to the cluster's account itself, which may use the cluster's socket.
    if (account->switchesUser())
        settings << QStringLiteral("user = %1").arg(account->name());
    const QString ini = m_dir.filePath(QStringLiteral("pgbouncer.ini"));
    const QString users = m_dir.filePath(QStringLiteral("userlist.txt"));
    if (!writeFile(ini,
                   (databases.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + settings.join(QLatin1Char('\n'))
                    + QLatin1Char('\n'))
                       .toUtf8(),
                   QFile::ReadOwner | QFile::WriteOwner)
        || !writeFile(users, QStringLiteral("\"%1\" \"%2\"\n").arg(m_cluster.user, verifier.value()).toUtf8(),
                      QFile::ReadOwner | QFile::WriteOwner))
        return QStringLiteral("could not write pgbouncer's files in %1").arg(m_dir.path());
    for (const QString &path : {m_dir.path(), ini, users}) {
        if (auto adopted = account->adopt(path); !adopted)
            return adopted.error().message;
    }

    m_process.setWorkingDirectory(m_dir.path());
    m_process.setStandardOutputFile(QProcess::nullDevice());
    m_process.setStandardErrorFile(QProcess::nullDevice()); // its log file has it all
    m_process.start(executable, {QStringLiteral("-q"), ini});
    if (!m_process.waitForStarted(10000))
        return QStringLiteral("could not start %1: %2").arg(executable, m_process.errorString());
    QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired() && m_process.state() == QProcess::Running) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, m_port);
        if (socket.waitForConnected(500))
            return {};
        QThread::msleep(50);
    }
    QFile log(logFile());
    const QString said = log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll().right(2000)) : QString();
    stop();
    return QStringLiteral("pgbouncer did not listen on port %1: %2").arg(m_port).arg(said);
}

void PgBouncerServer::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

ConnectionSettings PgBouncerServer::settings(const QString &alias) const
{
    ConnectionSettings client;
    client.host = QStringLiteral("127.0.0.1");
    client.port = m_port;
    client.database = alias;
    client.user = m_cluster.user;
    client.password = m_cluster.password;
    return client;
}

Result<QVector<QHash<QString, QString>>> PgBouncerServer::show(const QString &what) const
{
    // The console speaks only the simple query protocol and knows no SET: psql, not QPSQL.
    const QString psql = postgresClientProgram(QStringLiteral("psql"));
    if (psql.isEmpty())
        return makeError(ErrorCode::Unavailable, QStringLiteral("psql is not installed"));
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PGPASSWORD"), m_cluster.password);
    process.setProcessEnvironment(environment);
    const QChar separator(0x1f);
    process.start(psql,
                  {QStringLiteral("-X"), QStringLiteral("-A"), QStringLiteral("-F"), QString(separator),
                   QStringLiteral("-P"), QStringLiteral("footer=off"), QStringLiteral("-h"),
                   QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(m_port), QStringLiteral("-U"),
                   m_cluster.user, QStringLiteral("-d"), QStringLiteral("pgbouncer"), QStringLiteral("-c"),
                   QStringLiteral("SHOW %1").arg(what)});
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return makeError(
            ErrorCode::Unavailable,
            QStringLiteral("SHOW %1 failed: %2").arg(what, QString::fromUtf8(process.readAllStandardError())));
    const QStringList lines
        = QString::fromUtf8(process.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVector<QHash<QString, QString>> rows;
    if (lines.isEmpty())
        return rows;
    const QStringList columns = lines.first().split(separator);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList values = lines.at(i).split(separator);
        QHash<QString, QString> row;
        for (qsizetype c = 0; c < columns.size() && c < values.size(); ++c)
            row.insert(columns.at(c), values.at(c));
        rows << row;
    }
    return rows;
}

} // namespace boxoffice::test
