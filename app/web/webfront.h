#pragma once

#include "routes.h"

#include "domain/result.h"

#include <QHostAddress>
#include <QMutex>
#include <QHttpServer>
#include <QObject>

#include <functional>
#include <memory>

class QTcpServer;

namespace boxoffice::web {

class WebLanes;
struct WebServices;

// Where a lane's job sends its answer: onto the front's thread while the front lives, nowhere once it
// is closed. The lock makes "still open?" and the post one step, so no answer is posted to a front
// being destroyed on another thread.
class AnswerMailbox
{
public:
    explicit AnswerMailbox(QObject *front) : m_front(front) { }
    void post(std::function<void()> deliver);
    void close();

private:
    QMutex m_mutex;
    QObject *m_front;
};

// One HTTP front: a QHttpServer with every route on a listening socket of its own, parsing requests
// and writing answers on the thread it lives on. The server runs several on one port (SO_REUSEPORT),
// so at a rush's thousand keep-alive connections no single thread parses, polls and answers them all;
// the lanes and services behind them are shared and safe from any thread.
class WebFront : public QObject
{
public:
    // `index`: this front's number among the server's (0: the first), for the metrics.
    WebFront(WebServices &services, WebLanes &lanes, const QVector<Route> &routes, int index);
    ~WebFront() override; // on its own thread

    // On this front's thread. `port` 0: a free port (the first front; the others take its port).
    // `first`: the port must be free (see openSharedListener).
    Status listen(const QHostAddress &address, quint16 port, bool first);
    quint16 port() const;
    QHostAddress address() const;

private:
    void addRoute(const Route &route);
    void dispatch(const std::shared_ptr<const Route> &route, const QStringList &args,
                  const QHttpServerRequest &request, QHttpServerResponder &&responder);

    WebServices &m_services;
    WebLanes &m_lanes;
    const int m_index;
    QHttpServer m_http;
    QTcpServer *m_tcp = nullptr; // owned by m_http once bound
    std::shared_ptr<AnswerMailbox> m_mailbox;
};

} // namespace boxoffice::web
