#include "rabbitmqserver.h"

#include "amqp/amqpconnection.h"
#include "freeport.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace boxoffice::test {

namespace {

const QString rabbitBin = QStringLiteral("/usr/lib/rabbitmq/bin");

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(content) == content.size();
}

} // namespace

RabbitMqServer::RabbitMqServer()
{
    static int servers = 0;
    m_node = QStringLiteral("boxoffice-test-%1-%2@localhost").arg(QCoreApplication::applicationPid()).arg(++servers);
}

RabbitMqServer::~RabbitMqServer()
{
    kill();
    killEpmd();
}

QString RabbitMqServer::serverScript()
{
    const QString script = rabbitBin + QStringLiteral("/rabbitmq-server");
    return QFileInfo(script).isExecutable() ? script : QString();
}

QString RabbitMqServer::url() const
{
    return QStringLiteral("amqp://guest:guest@127.0.0.1:%1/").arg(m_port);
}

QProcessEnvironment RabbitMqServer::environment() const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString dir = m_dir.path();
    // HOME holds the Erlang cookie the node makes on its first start and rabbitmqctl then reads.
    environment.insert(QStringLiteral("HOME"), dir + QStringLiteral("/home"));
    environment.insert(QStringLiteral("RABBITMQ_NODENAME"), m_node);
    environment.insert(QStringLiteral("RABBITMQ_NODE_IP_ADDRESS"), QStringLiteral("127.0.0.1"));
    environment.insert(QStringLiteral("RABBITMQ_NODE_PORT"), QString::number(m_port));
    environment.insert(QStringLiteral("RABBITMQ_DIST_PORT"), QString::number(m_distributionPort));
    environment.insert(QStringLiteral("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS"),
                       QStringLiteral("-kernel inet_dist_use_interface {127,0,0,1}"));
    // An epmd of our own on a port of our own, so the machine's (and other tests') nodes never meet ours.
    environment.insert(QStringLiteral("ERL_EPMD_PORT"), QString::number(m_epmdPort));
    environment.insert(QStringLiteral("ERL_EPMD_ADDRESS"), QStringLiteral("127.0.0.1"));
    environment.insert(QStringLiteral("RABBITMQ_MNESIA_BASE"), dir + QStringLiteral("/mnesia"));
    environment.insert(QStringLiteral("RABBITMQ_LOG_BASE"), dir + QStringLiteral("/log"));
    environment.insert(QStringLiteral("RABBITMQ_PID_FILE"), dir + QStringLiteral("/rabbitmq.pid"));
    environment.insert(QStringLiteral("RABBITMQ_CONFIG_FILE"), dir + QStringLiteral("/rabbitmq"));
    environment.insert(QStringLiteral("RABBITMQ_ADVANCED_CONFIG_FILE"), dir + QStringLiteral("/advanced.config"));
    environment.insert(QStringLiteral("RABBITMQ_ENABLED_PLUGINS_FILE"), dir + QStringLiteral("/enabled_plugins"));
    // Not /etc/rabbitmq/rabbitmq-env.conf: the machine's settings are not ours.
    environment.insert(QStringLiteral("RABBITMQ_CONF_ENV_FILE"), dir + QStringLiteral("/rabbitmq-env.conf"));
    return environment;
}

QString RabbitMqServer::start()
{
    if (isRunning())
        return {};
    const QString script = serverScript();
    if (script.isEmpty())
        return QStringLiteral("rabbitmq-server is not installed");
    if (!m_dir.isValid())
        return QStringLiteral("no scratch folder for rabbitmq-server");
    const QString dir = m_dir.path();
    if (m_port == 0) {
        m_port = freeLoopbackPort();
        m_distributionPort = freeLoopbackPort();
        m_epmdPort = freeLoopbackPort();
        if (m_port == 0 || m_distributionPort == 0 || m_epmdPort == 0)
            return QStringLiteral("no free ports on loopback");
        QDir().mkpath(dir + QStringLiteral("/home"));
        const bool written
            = writeFile(dir + QStringLiteral("/rabbitmq.conf"), "log.console = false\nlog.file.level = info\n")
            && writeFile(dir + QStringLiteral("/enabled_plugins"), "[].\n")
            && writeFile(dir + QStringLiteral("/rabbitmq-env.conf"), "");
        if (!written)
            return QStringLiteral("could not write the node's configuration in %1").arg(dir);
    }
    m_process = std::make_unique<QProcess>();
    m_process->setProcessEnvironment(environment());
    m_process->setWorkingDirectory(dir);
    m_process->setStandardOutputFile(dir + QStringLiteral("/console.log"), QIODevice::Append);
    m_process->setStandardErrorFile(dir + QStringLiteral("/console.log"), QIODevice::Append);
    // A process group of its own: kill() reaches the Erlang VM and its helpers, not only the script.
    // And a test that dies (a crash, a timeout) takes its broker along: the script traps SIGTERM and
    // stops the node.
    m_process->setChildProcessModifier([] {
        ::setsid();
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    });
    m_process->start(script, {});
    if (!m_process->waitForStarted(10000))
        return QStringLiteral("could not start %1: %2").arg(script, m_process->errorString());
    if (!acceptsSignIn(90000)) {
        kill();
        return QStringLiteral("RabbitMQ on port %1 never accepted a sign-in (see %2/log and %2/console.log)")
            .arg(m_port)
            .arg(dir);
    }
    return {};
}

bool RabbitMqServer::acceptsSignIn(int waitMs) const
{
    auto url = AmqpUrl::parse(this->url() + QStringLiteral("?connection_timeout=1000"));
    if (!url)
        return false;
    QDeadlineTimer deadline(waitMs);
    while (!deadline.hasExpired()) {
        if (!isRunning())
            return false;
        if (AmqpConnection::open(url.value(), QStringLiteral("boxoffice test probe")))
            return true;
        QThread::msleep(200);
    }
    return false;
}

void RabbitMqServer::stop()
{
    if (!isRunning())
        return;
    m_process->terminate();
    if (!m_process->waitForFinished(60000))
        kill();
    m_process.reset();
}

void RabbitMqServer::kill()
{
    if (!m_process)
        return;
    if (isRunning()) {
        ::kill(-pid_t(m_process->processId()), SIGKILL);
        m_process->waitForFinished(15000);
    }
    m_process.reset();
}

void RabbitMqServer::killEpmd()
{
    if (m_epmdPort == 0)
        return;
    const QString epmd = QStandardPaths::findExecutable(QStringLiteral("epmd"));
    if (epmd.isEmpty())
        return;
    // epmd refuses while it still lists the node, which it forgets a moment after the node died.
    for (int attempt = 0; attempt < 50; ++attempt) {
        QProcess stop;
        stop.setProcessEnvironment(environment());
        stop.start(epmd, {QStringLiteral("-port"), QString::number(m_epmdPort), QStringLiteral("-kill")});
        stop.waitForFinished(10000);
        const QByteArray said = stop.readAllStandardOutput() + stop.readAllStandardError();
        if (said.contains("Killed") || said.contains("Cannot connect"))
            return;
        QThread::msleep(100);
    }
}

QString RabbitMqServer::ctl(const QStringList &arguments, int *exitCode) const
{
    QProcess ctl;
    ctl.setProcessEnvironment(environment());
    ctl.start(rabbitBin + QStringLiteral("/rabbitmqctl"),
              QStringList{QStringLiteral("-q"), QStringLiteral("-n"), m_node} + arguments);
    const bool finished = ctl.waitForFinished(30000);
    if (exitCode)
        *exitCode = finished && ctl.exitStatus() == QProcess::NormalExit ? ctl.exitCode() : -1;
    return finished ? QString::fromUtf8(ctl.readAllStandardOutput()) : QString();
}

} // namespace boxoffice::test
