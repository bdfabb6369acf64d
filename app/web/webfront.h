#pragma once

#include "routes.h"

#include "app/web/http/httplistener.h"
#include "domain/result.h"

#include <QHostAddress>
#include <QObject>
#include <QRegularExpression>

#include <memory>
#include <vector>

namespace boxoffice::web {

class WebLanes;
struct WebServices;

// One HTTP front: a strict HTTP/1.1 listener (app/web/http) with every route, on a listening socket of
// its own, parsing requests on the thread it lives on. The server runs several on one port
// (SO_REUSEPORT), so at a rush's thousand keep-alive connections no single thread parses, polls and
// answers them all; the lanes and services behind them are shared and safe from any thread, and an
// answer may be given from any of them (the connection writes answers in request order).
class WebFront : public QObject
{
public:
    // `index`: this front's number among the server's (0: the first), for the metrics.
    WebFront(WebServices &services, WebLanes &lanes, const QVector<Route> &routes, int index);

    // On this front's thread. `port` 0: a free port (the first front; the others take its port).
    // `first`: the port must be free (see openSharedListener).
    Status listen(const QHostAddress &address, quint16 port, bool first);
    quint16 port() const;
    QHostAddress address() const;

private:
    struct CompiledRoute
    {
        std::shared_ptr<const Route> route;
        QRegularExpression pattern; // the route's template with each <arg> one path segment
    };

    void onRequest(const http::HttpRequest &request, const http::HttpResponder &responder);
    void dispatch(const std::shared_ptr<const Route> &route, const QStringList &args, const http::HttpRequest &request,
                  const http::HttpResponder &responder);

    WebServices &m_services;
    WebLanes &m_lanes;
    const int m_index;
    std::vector<CompiledRoute> m_routes;
    http::HttpListener *m_listener; // a child: it moves with the front to the front's thread
};

} // namespace boxoffice::web
