#pragma once

#include "storage/pgoutboxbacklog.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QMap>
#include <QMutex>
#include <QPair>
#include <QString>
#include <QVector>
#include <QtGlobal>

#include <array>
#include <atomic>
#include <functional>
#include <optional>

namespace boxoffice::web {

enum class HoldOutcome { Granted, Lost, Refused };

// A lane's figures at one moment (see weblanes.h).
struct LaneGauge
{
    QString name;
    int threads = 0;
    int busy = 0;
    int queued = 0;
    int queueLimit = 0;
    quint64 refused = 0; // answered 503 because the queue was full
};

// A batcher's figures: claims gathered into batches (one call and one commit each).
struct BatchGauge
{
    QString kind; // "pool" or "seats"
    qint64 batches = 0;
    qint64 asks = 0;
    int largest = 0;
    int pending = 0; // holds waiting for a batch now, or in one being sent
    qint64 refused = 0; // holds answered 503 because as many waited already
};

struct AuthCacheGauge
{
    quint64 hits = 0;
    quint64 misses = 0;
    int entries = 0;
};

// The outbox backlog as last measured (migration 048): a burst of scrapes, or several Prometheus
// servers, cost one query a second, not one each. Safe from any thread; the query runs unlocked, so a
// slow database holds up only the scrape that measures.
class OutboxBacklogGauge
{
public:
    Result<OutboxBacklog> read(const std::function<Result<OutboxBacklog>()> &measure, int maxAgeMs = 1000);
    // The gauges in Prometheus' text format.
    static QByteArray render(const OutboxBacklog &backlog);

private:
    QMutex m_mutex;
    std::optional<OutboxBacklog> m_last;
    QElapsedTimer m_measured;
};

// Counters for GET /metrics, in Prometheus' text format. Safe to update from any thread.
class WebMetrics
{
public:
    void countRequest(const QString &route, const QString &method, int status, double seconds);
    void countHold(HoldOutcome outcome);
    // Answers written by each HTTP thread (webfront.h): how evenly the kernel spreads connections.
    static constexpr int maxHttpThreads = 64;
    void setHttpThreads(int threads) { m_httpThreads.store(qBound(1, threads, maxHttpThreads)); }
    void countAnswerOnThread(int front)
    {
        if (front >= 0 && front < maxHttpThreads)
            ++m_threadAnswers[size_t(front)];
    }
    QByteArray render(const QVector<LaneGauge> &lanes, const AuthCacheGauge &auth,
                      const QVector<BatchGauge> &batches = {}) const;
    quint64 holdsGranted() const { return m_holdsGranted.load(); }
    OutboxBacklogGauge outbox;

    static constexpr std::array<double, 11> bucketBounds{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0};

private:
    struct Key
    {
        QString route;
        QString method;
        int status = 0;
        bool operator<(const Key &other) const
        {
            return std::tie(route, method, status) < std::tie(other.route, other.method, other.status);
        }
    };

    mutable QMutex m_mutex;
    QMap<Key, quint64> m_requests;
    std::array<quint64, bucketBounds.size()> m_buckets{}; // not cumulative; summed when rendered
    quint64 m_latencyCount = 0;
    double m_latencySum = 0;
    std::atomic<quint64> m_holdsGranted{0};
    std::atomic<quint64> m_holdsLost{0};
    std::atomic<quint64> m_holdsRefused{0};
    std::atomic<int> m_httpThreads{1};
    std::array<std::atomic<quint64>, maxHttpThreads> m_threadAnswers{};
};

} // namespace boxoffice::web
