#pragma once

#include "httpresponse.h"

#include <QMutex>

#include <memory>

namespace boxoffice::web::http {

class HttpConnection;

// Where answers for one connection go: onto the connection's thread while it lives, nowhere once it
// is gone. The lock makes "still open?" and the post one step, so no answer is posted to a
// connection being destroyed on another thread (a posted one dies with the connection's events).
class HttpResponseMailbox
{
public:
    explicit HttpResponseMailbox(HttpConnection *connection) : m_connection(connection) { }
    void post(quint64 sequence, const HttpResponse &response);
    void close();
    bool isOpen() const;

private:
    mutable QMutex m_mutex;
    HttpConnection *m_connection;
};

// The one answer a request is owed. Cheap to copy and safe to use from any thread, so a handler can
// hand it to a worker's job; the first respond() counts, later ones are ignored. If every copy is
// dropped unanswered, a 500 is sent in its place: the connection answers in order, and one lost
// answer would otherwise stall every later one.
class HttpResponder
{
public:
    HttpResponder() = default; // answers nowhere

    void respond(HttpResponse response) const;
    bool hasResponded() const;
    // False once the client is gone: a handler may then skip work nobody will see.
    bool isConnectionOpen() const;
    quint64 sequence() const;

private:
    friend class HttpConnection;
    struct State;
    HttpResponder(std::shared_ptr<HttpResponseMailbox> mailbox, quint64 sequence);

    std::shared_ptr<State> m_state;
};

} // namespace boxoffice::web::http
