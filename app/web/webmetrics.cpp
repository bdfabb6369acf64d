#include "webmetrics.h"

#include "storage/pgworkerfigures.h"

#include <QMutexLocker>

#include <functional>

namespace boxoffice::web {

namespace {
QString escapeLabel(QString value)
{
    value.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    value.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    value.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return value;
}
} // namespace

void WebMetrics::countRequest(const QString &route, const QString &method, int status, double seconds)
{
    QMutexLocker lock(&m_mutex);
    ++m_requests[Key{route, method, status}];
    for (size_t i = 0; i < bucketBounds.size(); ++i) {
        if (seconds <= bucketBounds[i]) {
            ++m_buckets[i];
            break;
        }
    }
    ++m_latencyCount;
    m_latencySum += seconds;
}

void WebMetrics::countHold(HoldOutcome outcome)
{
    switch (outcome) {
    case HoldOutcome::Granted:
        ++m_holdsGranted;
        break;
    case HoldOutcome::Lost:
        ++m_holdsLost;
        break;
    case HoldOutcome::Refused:
        ++m_holdsRefused;
        break;
    }
}

QByteArray WebMetrics::render(const QVector<LaneGauge> &lanes, const AuthCacheGauge &auth,
                              const QVector<BatchGauge> &batches) const
{
    QString out;
    QMutexLocker lock(&m_mutex);
    out += QStringLiteral("# HELP boxoffice_web_requests_total HTTP requests answered, by route, method and status.\n"
                          "# TYPE boxoffice_web_requests_total counter\n");
    for (auto it = m_requests.begin(); it != m_requests.end(); ++it)
        out += QStringLiteral("boxoffice_web_requests_total{route=\"%1\",method=\"%2\",status=\"%3\"} %4\n")
                   .arg(escapeLabel(it.key().route), escapeLabel(it.key().method))
                   .arg(it.key().status)
                   .arg(it.value());
    out += QStringLiteral("# HELP boxoffice_web_request_duration_seconds Time from request to answer.\n"
                          "# TYPE boxoffice_web_request_duration_seconds histogram\n");
    quint64 cumulative = 0;
    for (size_t i = 0; i < bucketBounds.size(); ++i) {
        cumulative += m_buckets[i];
        out += QStringLiteral("boxoffice_web_request_duration_seconds_bucket{le=\"%1\"} %2\n")
                   .arg(bucketBounds[i])
                   .arg(cumulative);
    }
    out += QStringLiteral("boxoffice_web_request_duration_seconds_bucket{le=\"+Inf\"} %1\n").arg(m_latencyCount);
    out += QStringLiteral("boxoffice_web_request_duration_seconds_sum %1\n").arg(m_latencySum, 0, 'f', 6);
    out += QStringLiteral("boxoffice_web_request_duration_seconds_count %1\n").arg(m_latencyCount);
    lock.unlock();
    out += QStringLiteral("# HELP boxoffice_web_holds_total Seat hold requests by outcome: granted, lost (taken by "
                          "another buyer) or refused (the buyer's cap or bad input).\n"
                          "# TYPE boxoffice_web_holds_total counter\n");
    out += QStringLiteral("boxoffice_web_holds_total{outcome=\"granted\"} %1\n").arg(m_holdsGranted.load());
    out += QStringLiteral("boxoffice_web_holds_total{outcome=\"lost\"} %1\n").arg(m_holdsLost.load());
    out += QStringLiteral("boxoffice_web_holds_total{outcome=\"refused\"} %1\n").arg(m_holdsRefused.load());
    out += QStringLiteral("# HELP boxoffice_web_http_thread_answers_total Answers written by each HTTP thread (the "
                          "threads share the port; the kernel spreads connections over them).\n"
                          "# TYPE boxoffice_web_http_thread_answers_total counter\n");
    for (int thread = 0; thread < m_httpThreads.load(); ++thread)
        out += QStringLiteral("boxoffice_web_http_thread_answers_total{thread=\"%1\"} %2\n")
                   .arg(thread)
                   .arg(m_threadAnswers[size_t(thread)].load());
    const auto gauge
        = [&out, &lanes](const char *name, const char *help, const std::function<qint64(const LaneGauge &)> &value) {
              out += QStringLiteral("# HELP boxoffice_web_lane_%1 %2\n# TYPE boxoffice_web_lane_%1 %3\n")
                         .arg(QLatin1String(name), QLatin1String(help),
                              QLatin1String(QByteArray(name).endsWith("_total") ? "counter" : "gauge"));
              for (const LaneGauge &lane : lanes)
                  out += QStringLiteral("boxoffice_web_lane_%1{lane=\"%2\"} %3\n")
                             .arg(QLatin1String(name), lane.name)
                             .arg(value(lane));
          };
    gauge("threads", "Threads of each lane (claim and read: one database connection each; provider: none).",
          [](const LaneGauge &lane) { return qint64(lane.threads); });
    gauge("busy", "Lane threads running a request now.", [](const LaneGauge &lane) { return qint64(lane.busy); });
    gauge("queued", "Requests waiting for a lane thread.", [](const LaneGauge &lane) { return qint64(lane.queued); });
    gauge("queue_limit", "Requests a lane lets wait before it answers 503.",
          [](const LaneGauge &lane) { return qint64(lane.queueLimit); });
    gauge("refused_total", "Requests answered 503 at once because their lane's queue was full.",
          [](const LaneGauge &lane) { return qint64(lane.refused); });
    out += QStringLiteral("# HELP boxoffice_web_auth_cache_total Bearer token checks by where the answer came from: "
                          "the cache (hit) or the database (miss).\n"
                          "# TYPE boxoffice_web_auth_cache_total counter\n"
                          "boxoffice_web_auth_cache_total{result=\"hit\"} %1\n"
                          "boxoffice_web_auth_cache_total{result=\"miss\"} %2\n"
                          "# HELP boxoffice_web_auth_cache_entries Accepted tokens remembered now.\n"
                          "# TYPE boxoffice_web_auth_cache_entries gauge\n"
                          "boxoffice_web_auth_cache_entries %3\n")
               .arg(auth.hits)
               .arg(auth.misses)
               .arg(auth.entries);
    const auto batchFigure
        = [&out, &batches](const char *name, const char *help, const std::function<qint64(const BatchGauge &)> &value) {
              out += QStringLiteral("# HELP boxoffice_web_%1 %2\n# TYPE boxoffice_web_%1 %3\n")
                         .arg(QLatin1String(name), QLatin1String(help),
                              QLatin1String(QByteArray(name).endsWith("_total") ? "counter" : "gauge"));
              for (const BatchGauge &batch : batches)
                  out += QStringLiteral("boxoffice_web_%1{kind=\"%2\"} %3\n")
                             .arg(QLatin1String(name), batch.kind)
                             .arg(value(batch));
          };
    batchFigure("batches_total", "Batched claims sent (one call and one commit each), by what they claim.",
                [](const BatchGauge &batch) { return batch.batches; });
    batchFigure("batched_asks_total", "Holds claimed in batches.", [](const BatchGauge &batch) { return batch.asks; });
    batchFigure("batch_largest", "The most holds one batch claimed.",
                [](const BatchGauge &batch) { return qint64(batch.largest); });
    batchFigure("batch_pending", "Holds waiting for a batch, or in one being sent.",
                [](const BatchGauge &batch) { return qint64(batch.pending); });
    batchFigure("batch_refused_total",
                "Holds answered 503 because as many waited for batches as the claim lane lets wait.",
                [](const BatchGauge &batch) { return batch.refused; });
    return out.toUtf8();
}

Result<OutboxBacklog> OutboxBacklogGauge::read(const std::function<Result<OutboxBacklog>()> &measure, int maxAgeMs)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_last && m_measured.isValid() && m_measured.elapsed() < maxAgeMs)
            return *m_last;
    }
    auto measured = measure();
    if (!measured)
        return measured.error();
    QMutexLocker lock(&m_mutex);
    m_last = measured.value();
    m_measured.start();
    return measured;
}

QByteArray OutboxBacklogGauge::render(const OutboxBacklog &backlog)
{
    return outboxMetricsText(backlog);
}

} // namespace boxoffice::web
