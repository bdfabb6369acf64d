#include "workermetrics.h"

#include "databaselink.h"

#include "storage/pgworkerfigures.h"

#include <QDateTime>
#include <QHash>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace boxoffice::ctl {

void WorkerProcessFigures::recordPass(bool ok, int failedOrders)
{
    ++passes;
    if (!ok)
        ++failedPasses;
    orderFailures += failedOrders;
    lastPassMsSinceEpoch = QDateTime::currentMSecsSinceEpoch();
}

namespace {

constexpr int maxRequestBytes = 8192;

QByteArray response(int status, const QByteArray &reason, const QByteArray &contentType, const QByteArray &body)
{
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: " + contentType
        + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

QByteArray processMetrics(const WorkerProcessFigures &figures)
{
    const qint64 last = figures.lastPassMsSinceEpoch;
    return QStringLiteral(
               "# HELP boxoffice_worker_passes_total Passes since the worker started.\n"
               "# TYPE boxoffice_worker_passes_total counter\n"
               "boxoffice_worker_passes_total %1\n"
               "# HELP boxoffice_worker_failed_passes_total Passes in which a whole step failed.\n"
               "# TYPE boxoffice_worker_failed_passes_total counter\n"
               "boxoffice_worker_failed_passes_total %2\n"
               "# HELP boxoffice_worker_order_failures_total Single payments or orders a pass skipped "
               "(tried again next pass).\n"
               "# TYPE boxoffice_worker_order_failures_total counter\n"
               "boxoffice_worker_order_failures_total %3\n"
               "# HELP boxoffice_worker_reconnects_total Times the worker reconnected to the database.\n"
               "# TYPE boxoffice_worker_reconnects_total counter\n"
               "boxoffice_worker_reconnects_total %4\n"
               "# HELP boxoffice_worker_database_up Whether the worker's own connection is open.\n"
               "# TYPE boxoffice_worker_database_up gauge\n"
               "boxoffice_worker_database_up %5\n"
               "# HELP boxoffice_worker_last_pass_timestamp_seconds When the last pass ended (0: none yet).\n"
               "# TYPE boxoffice_worker_last_pass_timestamp_seconds gauge\n"
               "boxoffice_worker_last_pass_timestamp_seconds %6\n")
        .arg(figures.passes.load())
        .arg(figures.failedPasses.load())
        .arg(figures.orderFailures.load())
        .arg(figures.reconnects.load())
        .arg(figures.connected ? 1 : 0)
        .arg(double(last) / 1000.0, 0, 'f', 3)
        .toUtf8();
}

} // namespace

class WorkerMetricsServer::Listener : public QObject
{
public:
    Listener(ConnectionSettings database, const WorkerProcessFigures &figures, int intervalSeconds)
        : m_link(std::move(database), QStringLiteral("worker metrics")), m_figures(figures),
          m_intervalSeconds(intervalSeconds)
    {
        // A child, so it moves to the metrics thread with its listener.
        m_server = new QTcpServer(this);
        connect(m_server, &QTcpServer::newConnection, this, &Listener::accept);
    }

    Result<quint16> listen(const QHostAddress &address, quint16 port)
    {
        if (!m_server->listen(address.isNull() ? QHostAddress(QHostAddress::LocalHost) : address, port))
            return makeError(ErrorCode::Unavailable,
                             QStringLiteral("The worker's metrics cannot listen on %1:%2: %3")
                                 .arg(address.toString())
                                 .arg(port)
                                 .arg(m_server->errorString()));
        return m_server->serverPort();
    }

private:
    void accept()
    {
        while (QTcpSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            connect(socket, &QObject::destroyed, this, [this, socket] { m_pending.remove(socket); });
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
            // A client that never finishes its request is not kept.
            QTimer::singleShot(10000, socket, [socket] { socket->abort(); });
        }
    }

    void read(QTcpSocket *socket)
    {
        QByteArray &request = m_pending[socket];
        request += socket->readAll();
        if (request.size() > maxRequestBytes) {
            answer(socket, response(431, "Request Header Fields Too Large", "text/plain", "too large\n"));
            return;
        }
        if (!request.contains("\r\n\r\n"))
            return;
        const QList<QByteArray> line = request.left(request.indexOf("\r\n")).split(' ');
        const QByteArray method = line.value(0);
        const QByteArray path = line.value(1);
        if (path != "/metrics" && path != "/healthz")
            answer(socket, response(404, "Not Found", "text/plain", "GET /metrics or /healthz\n"));
        else if (method != "GET" && method != "HEAD")
            answer(socket, response(405, "Method Not Allowed", "text/plain", "GET only\n"));
        else if (path == "/metrics")
            answer(socket, metrics());
        else
            answer(socket, health());
    }

    void answer(QTcpSocket *socket, const QByteArray &bytes)
    {
        m_pending.remove(socket);
        socket->write(bytes);
        socket->disconnectFromHost();
    }

    QByteArray metrics()
    {
        QByteArray body = processMetrics(m_figures);
        DatabaseConnection *connection = m_link.get();
        if (!connection)
            return response(503, "Service Unavailable", "text/plain", body + "# the database cannot be reached\n");
        auto measured = measureWorkerFigures(connection->database());
        if (!measured) {
            m_link.drop(measured.error());
            return response(503, "Service Unavailable", "text/plain", body + "# the database cannot be reached\n");
        }
        return response(200, "OK", "text/plain; version=0.0.4", body + workerMetricsText(measured.value()));
    }

    // Healthy: a pass ended within three intervals (plus slack for a slow provider) and the worker
    // holds its database connection.
    QByteArray health()
    {
        const qint64 last = m_figures.lastPassMsSinceEpoch;
        const qint64 age = last == 0 ? -1 : QDateTime::currentMSecsSinceEpoch() - last;
        const bool fresh = age >= 0 && age < (qint64(m_intervalSeconds) * 3 + 120) * 1000;
        const QByteArray body = QByteArray("{\"connected\":") + (m_figures.connected ? "true" : "false")
            + ",\"last_pass_seconds_ago\":" + (age < 0 ? QByteArray("null") : QByteArray::number(age / 1000)) + "}\n";
        if (fresh && m_figures.connected)
            return response(200, "OK", "application/json", body);
        return response(503, "Service Unavailable", "application/json", body);
    }

    QTcpServer *m_server = nullptr;
    DatabaseLink m_link;
    const WorkerProcessFigures &m_figures;
    int m_intervalSeconds;
    QHash<QTcpSocket *, QByteArray> m_pending;
};

WorkerMetricsServer::WorkerMetricsServer(ConnectionSettings database, const WorkerProcessFigures &figures,
                                         int intervalSeconds)
{
    m_listener = new Listener(std::move(database), figures, intervalSeconds);
    m_listener->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_listener, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("worker-metrics"));
    m_thread.start();
}

WorkerMetricsServer::~WorkerMetricsServer()
{
    m_thread.quit();
    m_thread.wait();
}

Result<quint16> WorkerMetricsServer::listen(const QHostAddress &address, quint16 port)
{
    Result<quint16> result = makeError(ErrorCode::Internal, QStringLiteral("the metrics thread did not answer"));
    QMetaObject::invokeMethod(
        m_listener, [&] { result = m_listener->listen(address, port); }, Qt::BlockingQueuedConnection);
    return result;
}

} // namespace boxoffice::ctl
