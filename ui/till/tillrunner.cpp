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

namespace {

// After the jobs already queued: the connection closes in its own thread, then the thread ends.
void closeAndQuit(TillThreadContext *context)
{
    QMetaObject::invokeMethod(
        context,
        [context]() {
            context->close();
            QThread::currentThread()->quit();
        },
        Qt::QueuedConnection);
}

} // namespace

TillRunner::~TillRunner()
{
    if (!m_retired)
        closeAndQuit(m_context);
    m_thread.wait();
    delete m_context;
}

void TillRunner::retire()
{
    if (m_retired)
        return;
    m_retired = true;
    closeAndQuit(m_context);
    // finished is emitted by the ending thread and delivered here, on the runner's own thread, so the
    // runner is never deleted from inside its worker.
    connect(&m_thread, &QThread::finished, this, &QObject::deleteLater);
    if (m_thread.isFinished())
        deleteLater();
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
