#include "autofailover.h"

#include "freeport.h"
#include "storage/databaseconnection.h"
#include "storage/postgrestools.h"
#include "storage/serveraccount.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace boxoffice::test {

namespace {

const QString loopback = QStringLiteral("127.0.0.1");

} // namespace

AutoFailoverFormation::~AutoFailoverFormation()
{
    // Keepers stop their postgres on SIGTERM; whatever does not stop in time is killed, so no server
    // outlives the test.
    for (int node = nodeCount; node >= 0; --node) {
        if (!m_keepers[node] || m_keepers[node]->state() == QProcess::NotRunning)
            continue;
        signalNode(node, SIGCONT);
        signalNode(node, SIGTERM);
    }
    for (int node = nodeCount; node >= 0; --node) {
        if (!m_keepers[node] || m_keepers[node]->state() == QProcess::NotRunning)
            continue;
        if (!m_keepers[node]->waitForFinished(20000)) {
            signalNode(node, SIGKILL);
            m_keepers[node]->waitForFinished(5000);
        }
    }
    // BOXOFFICE_KEEP_FAILOVER=1 leaves the nodes' data and keeper logs for a post-mortem.
    if (!m_dir.isEmpty() && qEnvironmentVariableIsEmpty("BOXOFFICE_KEEP_FAILOVER"))
        QDir(m_dir).removeRecursively();
}

QString AutoFailoverFormation::program()
{
    return QStandardPaths::findExecutable(QStringLiteral("pg_autoctl"));
}

QProcessEnvironment AutoFailoverFormation::environment() const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &key : environment.keys()) {
        if (key.startsWith(QLatin1String("PG")))
            environment.remove(key); // the test's PG* variables name another server
    }
    return environment;
}

// `pg_autoctl arguments...` as the server account, with the variables it needs spelled out through
// env(1): runuser resets part of the environment.
static QPair<QString, QStringList> keeperCommand(const QString &dir, const QStringList &arguments)
{
    const QStringList variables{QStringLiteral("PATH=%1:/usr/local/bin:/usr/bin:/bin").arg(postgresBinDir()),
                                QStringLiteral("XDG_CONFIG_HOME=%1/config").arg(dir),
                                QStringLiteral("XDG_DATA_HOME=%1/share").arg(dir), QStringLiteral("HOME=%1").arg(dir)};
    auto account = ServerAccount::forCurrentUser();
    const QStringList all = variables + QStringList{AutoFailoverFormation::program()} + arguments;
    if (!account)
        return {QStringLiteral("env"), all};
    return account->command(QStringLiteral("/usr/bin/env"), all);
}

QString AutoFailoverFormation::runTool(const QStringList &arguments, int timeoutMs) const
{
    const auto [command, args] = keeperCommand(m_dir, arguments);
    QProcess process;
    process.setProcessEnvironment(environment());
    process.setWorkingDirectory(m_dir);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(command, args);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("pg_autoctl %1 did not finish in time").arg(arguments.join(QLatin1Char(' ')));
    }
    const QString output = QString::fromLocal8Bit(process.readAll());
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("pg_autoctl %1 failed: %2").arg(arguments.join(QLatin1Char(' ')), output);
    return {};
}

QString AutoFailoverFormation::startKeeper(int node)
{
    auto [command, args] = keeperCommand(m_dir, {QStringLiteral("run"), QStringLiteral("--pgdata"), dataDir(node)});
    // A process group of its own (setsid), so one signal reaches the keeper, its postgres and every
    // backend, as a machine's death or a cut cable does.
    args.prepend(command);
    auto keeper = std::make_unique<QProcess>();
    keeper->setProcessEnvironment(environment());
    keeper->setWorkingDirectory(m_dir);
    keeper->setStandardOutputFile(m_dir + QStringLiteral("/%1.log").arg(nodeName(node)), QIODevice::Append);
    keeper->setStandardErrorFile(m_dir + QStringLiteral("/%1.log").arg(nodeName(node)), QIODevice::Append);
    keeper->start(QStringLiteral("setsid"), args);
    if (!keeper->waitForStarted(10000))
        return QStringLiteral("could not start the keeper of %1: %2").arg(nodeName(node), keeper->errorString());
    m_keepers[node] = std::move(keeper);
    return {};
}

QString AutoFailoverFormation::start(const QString &database)
{
    if (program().isEmpty())
        return QStringLiteral(
            "pg_autoctl is not installed (Debian: pg-auto-failover-cli, postgresql-15-auto-failover)");
    m_dir = QStringLiteral("/tmp/boxoffice-failover-%1").arg(QCoreApplication::applicationPid());
    QDir(m_dir).removeRecursively();
    if (!QDir().mkpath(m_dir))
        return QStringLiteral("could not create %1").arg(m_dir);
    if (auto account = ServerAccount::forCurrentUser(); account) {
        if (auto adopted = account->adopt(m_dir); !adopted)
            return adopted.error().message;
    }
    for (quint16 &port : m_ports)
        port = freeLoopbackPort();

    const QStringList common{QStringLiteral("--hostname"), loopback,
                             QStringLiteral("--listen"),   loopback,
                             QStringLiteral("--auth"),     QStringLiteral("trust"),
                             QStringLiteral("--no-ssl")};
    QString failure
        = runTool(QStringList{QStringLiteral("create"), QStringLiteral("monitor"), QStringLiteral("--pgdata"),
                              dataDir(0), QStringLiteral("--pgport"), QString::number(m_ports[0])}
                      + common,
                  120000);
    if (failure.isEmpty())
        failure = startKeeper(0);
    if (!failure.isEmpty())
        return failure;
    // The monitor answers once its keeper has started postgres.
    QDeadlineTimer monitorUp(60000);
    while (!(failure = tuneMonitor()).isEmpty() && !monitorUp.hasExpired())
        QThread::msleep(250);
    if (!failure.isEmpty())
        return QStringLiteral("the monitor did not come up: %1").arg(failure);

    const QString monitorUrl = QStringLiteral("postgres://autoctl_node@%1:%2/pg_auto_failover?sslmode=disable")
                                   .arg(loopback)
                                   .arg(m_ports[0]);
    for (int node = 1; node <= nodeCount; ++node) {
        failure = runTool(QStringList{QStringLiteral("create"), QStringLiteral("postgres"), QStringLiteral("--pgdata"),
                                      dataDir(node), QStringLiteral("--pgport"), QString::number(m_ports[node]),
                                      QStringLiteral("--name"), nodeName(node), QStringLiteral("--monitor"), monitorUrl,
                                      QStringLiteral("--dbname"), database}
                              + common,
                          180000);
        if (failure.isEmpty())
            failure = startKeeper(node);
        if (!failure.isEmpty())
            return failure;
        // The first node runs alone ("single") until the second has copied it and caught up.
        if (node == 1 && !waitForState(1, QStringLiteral("single"), 120000))
            return QStringLiteral("node1 never became a single primary: %1").arg(describeStates());
    }
    if (!waitForState(1, QStringLiteral("primary"), 180000) || !waitForState(2, QStringLiteral("secondary"), 60000))
        return QStringLiteral("the formation did not settle: %1").arg(describeStates());

    const auto [command, args]
        = keeperCommand(m_dir,
                        {QStringLiteral("show"), QStringLiteral("uri"), QStringLiteral("--pgdata"), dataDir(0),
                         QStringLiteral("--formation"), QStringLiteral("default")});
    QProcess show;
    show.setProcessEnvironment(environment());
    show.start(command, args);
    show.waitForFinished(30000);
    const QString uri = QString::fromLocal8Bit(show.readAllStandardOutput()).trimmed();
    auto formation = ConnectionSettings::fromUrl(uri);
    if (!formation)
        return QStringLiteral("pg_autoctl show uri printed \"%1\": %2").arg(uri, formation.error().message);
    m_formation = formation.value();
    m_formation.user = QStringLiteral("postgres");
    return {};
}

QString AutoFailoverFormation::tuneMonitor() const
{
    ConnectionSettings monitor = nodeSettings(0);
    monitor.database = QStringLiteral("pg_auto_failover");
    auto connection = DatabaseConnection::open(monitor, QStringLiteral("failover-monitor"));
    if (!connection)
        return connection.error().message;
    // The defaults notice a dead primary after about 20 s and wait 30 s more for it to demote itself;
    // a test cannot wait that long per case. These still give a node that answers slowly on a busy
    // test machine, with other suites beside it, seconds before it counts as lost. docs/FAILOVER.md
    // gives the settings with the figures. With synchronous replication the old primary cannot
    // acknowledge a commit alone, so a shorter demote timeout costs no acknowledged sale.
    const QStringList settings{
        QStringLiteral("pgautofailover.health_check_period=1000"),
        QStringLiteral("pgautofailover.health_check_timeout=2000"),
        QStringLiteral("pgautofailover.health_check_max_retries=1"),
        QStringLiteral("pgautofailover.health_check_retry_delay=500"),
        QStringLiteral("pgautofailover.node_considered_unhealthy_timeout=5000"),
        QStringLiteral("pgautofailover.primary_demote_timeout=5000"),
    };
    for (const QString &setting : settings) {
        const QStringList parts = setting.split(QLatin1Char('='));
        // ALTER SYSTEM takes no bound values; these names and numbers are the constants above.
        if (auto done = execStatement(connection.value()->database(),
                                      QStringLiteral("ALTER SYSTEM SET %1 = %2").arg(parts[0], parts[1]),
                                      QStringLiteral("tuning the monitor"));
            !done)
            return done.error().message;
    }
    if (auto done = execStatement(connection.value()->database(), QStringLiteral("SELECT pg_reload_conf()"),
                                  QStringLiteral("tuning the monitor"));
        !done)
        return done.error().message;
    return {};
}

ConnectionSettings AutoFailoverFormation::nodeSettings(int node) const
{
    ConnectionSettings settings;
    settings.host = loopback;
    settings.port = m_ports[node];
    settings.user = QStringLiteral("postgres");
    settings.database = node == 0 ? QStringLiteral("pg_auto_failover") : m_formation.database;
    settings.limits.connectTimeoutSeconds = 2;
    return settings;
}

QHash<QString, AutoFailoverFormation::NodeState> AutoFailoverFormation::states() const
{
    QHash<QString, NodeState> states;
    auto connection = DatabaseConnection::open(nodeSettings(0), QStringLiteral("failover-states"));
    if (!connection)
        return states;
    QSqlQuery query(connection.value()->database());
    if (!query.exec(QStringLiteral("SELECT nodename, reportedstate::text, goalstate::text FROM pgautofailover.node")))
        return states;
    while (query.next())
        states.insert(query.value(0).toString(), {query.value(1).toString(), query.value(2).toString()});
    return states;
}

QString AutoFailoverFormation::describeStates() const
{
    const auto all = states();
    QStringList parts;
    for (int node = 1; node <= nodeCount; ++node) {
        const NodeState state = all.value(nodeName(node));
        parts << QStringLiteral("%1 %2/%3").arg(nodeName(node), state.reported, state.goal);
    }
    return parts.join(QStringLiteral(", "));
}

int AutoFailoverFormation::writableNode() const
{
    const auto all = states();
    for (int node = 1; node <= nodeCount; ++node) {
        const NodeState state = all.value(nodeName(node));
        for (const QLatin1String writable : {QLatin1String("primary"), QLatin1String("wait_primary")}) {
            if (state.reported == writable && state.goal == writable)
                return node;
        }
    }
    return 0;
}

bool AutoFailoverFormation::waitForState(int node, const QString &state, int timeoutMs) const
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (states().value(nodeName(node)) == NodeState{state, state})
            return true;
        QThread::msleep(200);
    }
    return false;
}

void AutoFailoverFormation::signalNode(int node, int signal)
{
    // PostgreSQL puts every backend, the walsender and the background workers in a session of its own
    // (setsid), so the keeper's process group holds the keeper and the postmaster only: the children
    // get the signal one by one, or a "frozen" primary would go on committing on the connections it
    // has. The postmaster first, so it forks no one new meanwhile.
    const QVector<qint64> processes = postgresProcesses(node);
    for (qint64 pid : processes)
        ::kill(pid_t(pid), signal);
    if (m_keepers[node] && m_keepers[node]->processId() > 0)
        ::kill(-pid_t(m_keepers[node]->processId()), signal);
}

QVector<qint64> AutoFailoverFormation::postgresProcesses(int node) const
{
    QFile pidFile(dataDir(node) + QStringLiteral("/postmaster.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return {};
    const qint64 postmaster = pidFile.readLine().trimmed().toLongLong();
    if (postmaster <= 0)
        return {};
    QVector<qint64> processes{postmaster};
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields.at(1).toLongLong() == postmaster)
            processes.append(pid);
    }
    return processes;
}

void AutoFailoverFormation::kill(int node)
{
    signalNode(node, SIGKILL);
    if (m_keepers[node])
        m_keepers[node]->waitForFinished(10000);
}

void AutoFailoverFormation::freeze(int node)
{
    signalNode(node, SIGSTOP);
}

void AutoFailoverFormation::thaw(int node)
{
    signalNode(node, SIGCONT);
}

QString AutoFailoverFormation::restart(int node)
{
    if (m_keepers[node] && m_keepers[node]->state() != QProcess::NotRunning)
        return QStringLiteral("%1 still runs").arg(nodeName(node));
    return startKeeper(node);
}

QString AutoFailoverFormation::monitorLog() const
{
    QFile log(m_dir + QStringLiteral("/monitor.log"));
    if (!log.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLocal8Bit(log.readAll().right(4000));
}

} // namespace boxoffice::test
