#pragma once

// A real redis-server on loopback for the tests: a free port, no persistence, its files in a
// scratch folder; stopped with the test. It can be stopped and started again on the same port, to
// test what clients do while Redis is away.

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QUrl>

namespace boxoffice::test {

class RedisServer
{
public:
    RedisServer() = default;
    ~RedisServer();
    RedisServer(const RedisServer &) = delete;
    RedisServer &operator=(const RedisServer &) = delete;

    // The redis-server on PATH, or empty when it is not installed.
    static QString program();

    // Starts the server (on the port of the previous start, if any) and waits until it answers PING.
    // `password`: the server requires it (requirepass). Empty on success, else why it did not start.
    QString start(const QByteArray &password = {});
    void stop();
    // Freezes the server (SIGSTOP) so it accepts connections but answers nothing, and thaws it.
    void pause();
    void resume();

    bool isRunning() const { return m_process.state() == QProcess::Running; }
    quint16 port() const { return m_port; }
    QUrl url() const;

private:
    bool answersPing(int waitMs) const;

    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace boxoffice::test
