#pragma once

#include "routes.h"
#include "webconfig.h"
#include "webservices.h"

#include "domain/result.h"

#include <QObject>
#include <QUrl>

#include <memory>
#include <vector>

class QThread;

namespace boxoffice::web {

class WebFront;
class WebLanes;

// The web channel's HTTP server: one or more HTTP fronts (webfront.h) on one port, the first on the
// thread that owns this object, each other on a thread of its own (`WebConfig::httpThreads`).
// Handlers run on their route's lane (claim, read or provider: weblanes.h), and a lane whose queue
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

    int httpThreads() const { return int(m_fronts.size()); }

private:
    std::unique_ptr<WebServices> m_services;
    std::unique_ptr<WebLanes> m_lanes;
    QVector<Route> m_routes;
    std::vector<WebFront *> m_fronts; // [0] on this thread; the others each on m_frontThreads[i - 1]
    std::vector<QThread *> m_frontThreads;
};

} // namespace boxoffice::web
