#include "ui/till/tillrunner.h"

namespace boxoffice {

Result<TillService *> TillThreadContext::service()
{
    if (!m_session) {
        if (!m_opener)
            return makeError(ErrorCode::Unavailable, QStringLiteral("Not connected to the server."));
        auto opened = m_opener();
        if (!opened)
            return opened.error(); // the next job tries again
        m_session = std::move(opened.value());
    }
    return &m_session->service();
}

TillRunner::TillRunner(TillSessionOpener opener, QObject *parent)
    : QObject(parent), m_context(new TillThreadContext(std::move(opener)))
{
    m_thread.setObjectName(QStringLiteral("till"));
    m_context->moveToThread(&m_thread);
    m_thread.start();
}

TillRunner::~TillRunner()
{
    // After the jobs already queued: the connection closes in its own thread, then the thread ends.
    TillThreadContext *context = m_context;
    QMetaObject::invokeMethod(
        context,
        [context]() {
            context->close();
            QThread::currentThread()->quit();
        },
        Qt::QueuedConnection);
    m_thread.wait();
    delete m_context;
}

void TillRunner::started()
{
    if (m_pending++ == 0)
        emit busyChanged(true);
}

void TillRunner::finished()
{
    if (--m_pending == 0)
        emit busyChanged(false);
}

} // namespace boxoffice
