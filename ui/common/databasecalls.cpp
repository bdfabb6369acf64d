#include "ui/common/databasecalls.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSemaphore>
#include <QThread>
#include <QTimer>

#include <memory>

namespace boxoffice {

namespace {

// What the connection's thread and the waiting caller share. The job wakes the caller's event
// dispatcher (thread-safe, and it lives as long as the caller's thread), never an object on the
// caller's stack.
struct CallState
{
    QSemaphore finished;
    QAbstractEventDispatcher *caller = nullptr;
};

} // namespace

// Announces a long wait once it passed DatabaseWaits::showAfterMs, and then every half second.
class WaitAnnouncer
{
public:
    explicit WaitAnnouncer(DatabaseWaits &waits) : m_waits(waits)
    {
        m_clock.start();
        m_timer.setInterval(DatabaseWaits::showAfterMs);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
        m_timer.start();
    }

private:
    void tick()
    {
        if (!m_waits.m_announced) {
            m_waits.m_announced = true;
            emit m_waits.longWaitStarted();
            m_timer.setInterval(500);
        }
        emit m_waits.stillWaiting(int(m_clock.elapsed()));
    }

    DatabaseWaits &m_waits;
    QElapsedTimer m_clock;
    QTimer m_timer;
};

DatabaseWaits &DatabaseWaits::instance()
{
    // It belongs to the application's thread, whichever thread asks first: that is the thread whose
    // waits it counts and whose window shows them.
    static DatabaseWaits *const waits = [] {
        auto *created = new DatabaseWaits;
        if (const QCoreApplication *app = QCoreApplication::instance())
            created->moveToThread(app->thread());
        return created;
    }();
    return *waits;
}

void DatabaseWaits::leave()
{
    if (--m_depth > 0)
        return;
    if (m_announced) {
        m_announced = false;
        emit waitEnded();
    }
    emit idle();
}

void DatabaseCalls::runAndWait(const std::function<void()> &call) const
{
    if (!m_post) {
        call();
        return;
    }
    DatabaseWaits &waits = DatabaseWaits::instance();
    // Only the window's thread keeps its event loop going while it waits. Any other thread (the
    // database thread calling in place, a worker) just waits for the answer.
    QAbstractEventDispatcher *dispatcher
        = QThread::currentThread() == waits.thread() ? QAbstractEventDispatcher::instance() : nullptr;
    auto state = std::make_shared<CallState>();
    state->caller = dispatcher;
    // `call` outlives the job: this function returns only after `finished` is released.
    m_post([state, &call] {
        call();
        state->finished.release();
        if (state->caller)
            state->caller->wakeUp();
    });
    if (!dispatcher) {
        state->finished.acquire();
        return;
    }
    waits.enter();
    {
        WaitAnnouncer announcer(waits);
        // Paints, timers and the connection banner go on; clicks and keys stay queued until the
        // answer is in, so what the clerk acts on next is the screen after the call.
        while (!state->finished.tryAcquire())
            dispatcher->processEvents(QEventLoop::WaitForMoreEvents | QEventLoop::ExcludeUserInputEvents);
    }
    waits.leave();
}

} // namespace boxoffice
