#pragma once

#include <QObject>
#include <QThread>

#include <functional>

namespace boxoffice {

// A thread of its own for one database connection and the stores built on it. A QSqlDatabase belongs
// to the thread that opened it (Qt 6.4 cannot move it), so whoever owns a connection that a window
// uses opens it here, runs every call here, and closes it here. The window's thread stays free to
// paint while the server thinks, waits on a lock, or does not answer.
class DatabaseThread
{
public:
    explicit DatabaseThread(const QString &name);
    // Runs what was posted before, then stops the thread and waits for it.
    ~DatabaseThread();
    DatabaseThread(const DatabaseThread &) = delete;
    DatabaseThread &operator=(const DatabaseThread &) = delete;

    // Queues `job` to run on this thread, in the order posted. Returns at once.
    void post(std::function<void()> job);
    // Runs `job` on this thread after what was posted before, and blocks until it is done, without
    // running the caller's event loop meanwhile (in place when called on this thread). For tearing
    // down what lives here: nothing of the caller's may run while that happens.
    void runBlocking(const std::function<void()> &job);
    bool isCurrent() const { return QThread::currentThread() == &m_thread; }

private:
    QThread m_thread;
    QObject *m_context = nullptr; // lives on m_thread: queued jobs run in its event loop
};

} // namespace boxoffice
