#include "storage/databasethread.h"

#include <QSemaphore>

namespace boxoffice {

DatabaseThread::DatabaseThread(const QString &name) : m_context(new QObject)
{
    m_thread.setObjectName(name);
    m_context->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

DatabaseThread::~DatabaseThread()
{
    // quit() is queued behind the jobs already posted, so each of them still runs (a connection's
    // close among them) before the thread ends.
    QMetaObject::invokeMethod(
        m_context, [] { QThread::currentThread()->quit(); }, Qt::QueuedConnection);
    m_thread.wait();
}

void DatabaseThread::post(std::function<void()> job)
{
    QMetaObject::invokeMethod(m_context, std::move(job), Qt::QueuedConnection);
}

void DatabaseThread::runBlocking(const std::function<void()> &job)
{
    if (isCurrent()) {
        job();
        return;
    }
    QSemaphore done;
    post([&job, &done] {
        job();
        done.release();
    });
    done.acquire();
}

} // namespace boxoffice
