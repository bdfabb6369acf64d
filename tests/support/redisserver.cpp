#include "redisserver.h"

#include "freeport.h"

#include <QDeadlineTimer>
#include <QHostAddress>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <csignal>

namespace boxoffice::test {

namespace { } // namespace

RedisServer::~RedisServer()
{
    resume();
    stop();
}

QString RedisServer::program()
{
    return QStandardPaths::findExecutable(QStringLiteral("redis-server"));
}

QUrl RedisServer::url() const
{
    return QUrl(QStringLiteral("redis://127.0.0.1:%1").arg(m_port));
}

QString RedisServer::start(const QByteArray &password)
{
    if (isRunning())
        return {};
    const QString executable = program();
    if (executable.isEmpty())
        return QStringLiteral("redis-server is not installed");
    if (!m_dir.isValid())
        return QStringLiteral("no scratch folder for redis-server");
    if (m_port == 0)
        m_port = freeLoopbackPort();
    if (m_port == 0)
        return QStringLiteral("no free port on loopback");
    QStringList arguments{QStringLiteral("--bind"),       QStringLiteral("127.0.0.1"),
                          QStringLiteral("--port"),       QString::number(m_port),
                          QStringLiteral("--save"),       QString(),
                          QStringLiteral("--appendonly"), QStringLiteral("no"),
                          QStringLiteral("--dir"),        m_dir.path(),
                          QStringLiteral("--logfile"),    m_dir.filePath(QStringLiteral("redis.log")),
                          QStringLiteral("--daemonize"),  QStringLiteral("no")};
    if (!password.isEmpty())
        arguments << QStringLiteral("--requirepass") << QString::fromUtf8(password);
    m_process.setWorkingDirectory(m_dir.path());
    m_process.setProcessChannelMode(QProcess::ForwardedChannels);
    m_process.start(executable, arguments);
    if (!m_process.waitForStarted(10000))
        return QStringLiteral("could not start %1: %2").arg(executable, m_process.errorString());
    if (!answersPing(15000)) {
        stop();
        return QStringLiteral("redis-server on port %1 did not answer PING (see %2)")
            .arg(m_port)
            .arg(m_dir.filePath(QStringLiteral("redis.log")));
    }
    return {};
}

void RedisServer::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void RedisServer::pause()
{
    if (isRunning())
        ::kill(pid_t(m_process.processId()), SIGSTOP);
}

void RedisServer::resume()
{
    if (isRunning())
        ::kill(pid_t(m_process.processId()), SIGCONT);
}

bool RedisServer::answersPing(int waitMs) const
{
    QDeadlineTimer deadline(waitMs);
    while (!deadline.hasExpired()) {
        if (m_process.state() != QProcess::Running)
            return false;
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, m_port);
        if (socket.waitForConnected(500)) {
            socket.write("PING\r\n");
            socket.waitForBytesWritten(500);
            QByteArray answer;
            while (!answer.contains("\r\n") && socket.waitForReadyRead(500))
                answer += socket.readAll();
            // A server that wants a password is up all the same.
            if (answer.startsWith("+PONG") || answer.startsWith("-NOAUTH"))
                return true;
        }
        QThread::msleep(50);
    }
    return false;
}

} // namespace boxoffice::test
