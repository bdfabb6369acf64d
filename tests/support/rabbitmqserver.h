#pragma once

// A private RabbitMQ node on loopback for the tests (Debian's rabbitmq-server): its own node name, data
// and log folders, Erlang cookie and HOME under a scratch folder, its own AMQP, distribution and epmd
// ports, so it never meets the machine's own broker or another test's. It can be stopped (cleanly),
// killed (SIGKILL, mid-sentence) and started again on the same ports and data, which is what the
// ticket queue's fault tests do to it.

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace boxoffice::test {

class RabbitMqServer
{
public:
    RabbitMqServer();
    ~RabbitMqServer();
    RabbitMqServer(const RabbitMqServer &) = delete;
    RabbitMqServer &operator=(const RabbitMqServer &) = delete;

    // The server script, run directly (Debian's /usr/sbin wrapper would switch to the rabbitmq user);
    // empty when rabbitmq-server is not installed.
    static QString serverScript();

    // Starts the node and waits until it accepts an AMQP sign-in. Empty on success, else why not (and
    // where its log is).
    QString start();
    // A clean shutdown (SIGTERM: the broker closes its connections, telling clients why).
    void stop();
    // SIGKILL to the node's whole process group: sockets just die, nothing is flushed.
    void kill();
    bool isRunning() const { return m_process && m_process->state() == QProcess::Running; }

    quint16 port() const { return m_port; }
    // amqp://guest:guest@127.0.0.1:PORT/ (guest may sign in on loopback only, which is all this is).
    QString url() const;
    // rabbitmqctl against this node ("list_queues", "purge_queue", ...): its output, or empty on failure.
    QString ctl(const QStringList &arguments, int *exitCode = nullptr) const;

private:
    QProcessEnvironment environment() const;
    bool acceptsSignIn(int waitMs) const;
    void killEpmd();

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    QString m_node;
    quint16 m_port = 0;
    quint16 m_distributionPort = 0;
    quint16 m_epmdPort = 0;
};

} // namespace boxoffice::test
