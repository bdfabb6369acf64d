#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QHostAddress>
#include <QThread>

#include <atomic>
#include <memory>

namespace boxoffice::ctl {

// What only the running worker knows (the rest is measured in the database at each scrape).
struct WorkerProcessFigures
{
    std::atomic<qint64> passes{0};
    std::atomic<qint64> failedPasses{0};
    std::atomic<qint64> orderFailures{0}; // single payments or orders a pass skipped
    std::atomic<qint64> reconnects{0};
    std::atomic<qint64> lastPassMsSinceEpoch{0};
    std::atomic<bool> connected{false};

    void recordPass(bool ok, int failedOrders);
};

// GET /metrics (Prometheus text) and GET /healthz for the worker, on a thread and a database
// connection of their own: a scrape is answered while a pass is busy, and measures the database
// afresh. Meant for loopback or a monitoring network; it shows counts, never buyers' data.
class WorkerMetricsServer
{
public:
    WorkerMetricsServer(ConnectionSettings database, const WorkerProcessFigures &figures, int intervalSeconds);
    ~WorkerMetricsServer();

    // The port it listens on (the one asked for, or any free one for 0).
    Result<quint16> listen(const QHostAddress &address, quint16 port);

private:
    QThread m_thread;
    class Listener;
    Listener *m_listener = nullptr; // lives in m_thread
};

} // namespace boxoffice::ctl
