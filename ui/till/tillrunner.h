#pragma once

#include "domain/till.h"

#include <QObject>
#include <QThread>

#include <functional>
#include <memory>

namespace boxoffice {

// Lives in the runner's thread and owns the till's connection there: opened on first use, and
// destroyed in that thread, as a QSqlDatabase must be.
class TillThreadContext : public QObject
{
public:
    explicit TillThreadContext(TillSessionOpener opener) : m_opener(std::move(opener)) { }
    Result<TillService *> service();
    void close() { m_session.reset(); }

private:
    TillSessionOpener m_opener;
    std::unique_ptr<TillSession> m_session;
};

// Runs the till's database work off the GUI thread, one job after another on a connection of its own,
// and hands each answer back on the thread that asked. The window stays responsive while a report is
// computed; busyChanged drives the progress shown. Destroying the runner finishes the jobs already
// asked for, closes the connection and stops the thread, waiting for it; retire() does the same
// without waiting (a reconnect must not wait on a connection that lost its server).
class TillRunner : public QObject
{
    Q_OBJECT
public:
    explicit TillRunner(TillSessionOpener opener, QObject *parent = nullptr);
    ~TillRunner() override;

    bool busy() const { return m_pending > 0; }

    // Stops delivering answers, lets the jobs already asked for end on their own, closes the connection
    // and deletes this runner once its thread has stopped. The caller lets go of it.
    void retire();

    template<typename T>
    void run(std::function<Result<T>(TillService &)> job, std::function<void(const Result<T> &)> done)
    {
        started();
        TillThreadContext *context = m_context;
        QMetaObject::invokeMethod(
            context,
            [this, context, job = std::move(job), done = std::move(done)]() {
                auto service = context->service();
                Result<T> answer = service ? job(*service.value()) : Result<T>(service.error());
                // A connection that lost its server does not come back: the next job opens a new one.
                if (!answer && answer.error().code == ErrorCode::Unavailable)
                    context->close();
                // Safe: the runner's destructor waits for this thread before the runner is gone.
                QMetaObject::invokeMethod(
                    this,
                    [this, answer = std::move(answer), done]() {
                        finished();
                        if (!m_retired)
                            done(answer);
                    },
                    Qt::QueuedConnection);
            },
            Qt::QueuedConnection);
    }

signals:
    void busyChanged(bool busy);

private:
    void started();
    void finished();

    QThread m_thread;
    TillThreadContext *m_context = nullptr;
    int m_pending = 0;
    bool m_retired = false;
};

} // namespace boxoffice
