#pragma once

#include "routes.h"
#include "webconfig.h"
#include "webservices.h"

#include "domain/result.h"

#include <QHttpServer>
#include <QObject>
#include <QUrl>

#include <memory>

class QTcpServer;

namespace boxoffice::web {

class WebLanes;

// The web channel's HTTP server. Requests are parsed and answered on the thread that owns this object;
// handlers run on their route's lane (claim, read or provider: weblanes.h), and a lane whose queue
// is full answers 503 at once.
// Every answer is JSON (but /metrics), carries X-Request-Id, and is logged once with it.
class WebServer : public QObject
{
public:
    explicit WebServer(WebConfig config, SharedState shared = {}, QObject *parent = nullptr);
    ~WebServer() override;

    // Listens on config.listen:config.port (0: a free port).
    Status listen();
    quint16 port() const;
    QUrl baseUrl() const;
    WebServices &services() { return *m_services; }

private:
    void addRoute(const Route &route);
    void dispatch(const std::shared_ptr<const Route> &route, const QStringList &args,
                  const QHttpServerRequest &request, QHttpServerResponder &&responder);

    std::unique_ptr<WebServices> m_services;
    QHttpServer m_http;
    QTcpServer *m_tcp = nullptr; // owned by m_http once bound
    std::unique_ptr<WebLanes> m_lanes; // last: destroyed first, so no job outlives what it uses
};

} // namespace boxoffice::web
