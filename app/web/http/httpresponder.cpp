#include "httpresponder.h"

#include "httpconnection.h"
#include "httperror.h"
#include "httplogging.h"

#include <QMetaObject>
#include <QMutexLocker>

#include <atomic>

namespace boxoffice::web::http {

void HttpResponseMailbox::post(quint64 sequence, const HttpResponse &response)
{
    const QMutexLocker lock(&m_mutex);
    if (!m_connection)
        return;
    HttpConnection *connection = m_connection;
    // Queued even on the connection's own thread: a handler answering at once must not re-enter the
    // connection while it is still parsing.
    QMetaObject::invokeMethod(
        connection, [connection, sequence, response] { connection->deliverResponse(sequence, response); },
        Qt::QueuedConnection);
}

void HttpResponseMailbox::close()
{
    const QMutexLocker lock(&m_mutex);
    m_connection = nullptr;
}

bool HttpResponseMailbox::isOpen() const
{
    const QMutexLocker lock(&m_mutex);
    return m_connection != nullptr;
}

struct HttpResponder::State
{
    State(std::shared_ptr<HttpResponseMailbox> mailbox, quint64 sequence)
        : mailbox(std::move(mailbox)), sequence(sequence)
    { }
    ~State()
    {
        if (!answered.exchange(true) && mailbox->isOpen()) {
            qCWarning(lcHttp) << "request" << sequence << "was dropped unanswered; answering 500";
            mailbox->post(sequence, HttpError::of(500, QStringLiteral("The server gave no answer.")).toResponse());
        }
    }
    Q_DISABLE_COPY_MOVE(State)

    const std::shared_ptr<HttpResponseMailbox> mailbox;
    const quint64 sequence;
    std::atomic<bool> answered{false};
};

HttpResponder::HttpResponder(std::shared_ptr<HttpResponseMailbox> mailbox, quint64 sequence)
    : m_state(std::make_shared<State>(std::move(mailbox), sequence))
{ }

void HttpResponder::respond(HttpResponse response) const
{
    if (!m_state)
        return;
    if (m_state->answered.exchange(true)) {
        qCWarning(lcHttp) << "request" << m_state->sequence << "was answered twice; the second answer is dropped";
        return;
    }
    m_state->mailbox->post(m_state->sequence, response);
}

bool HttpResponder::hasResponded() const
{
    return m_state && m_state->answered.load();
}

bool HttpResponder::isConnectionOpen() const
{
    return m_state && m_state->mailbox->isOpen();
}

quint64 HttpResponder::sequence() const
{
    return m_state ? m_state->sequence : 0;
}

} // namespace boxoffice::web::http
