#include "httpratios.h"

#include <QLocale>

#include <algorithm>
#include <optional>

namespace boxoffice::bench {

namespace {

std::optional<CellResult> find(const QVector<CellResult> &results, const QString &scenario, int clients)
{
    for (const CellResult &result : results) {
        if (result.scenario == scenario && result.clients == clients)
            return result;
    }
    return std::nullopt;
}

QString rate(double value)
{
    return QLocale(QLocale::English).toString(value, 'f', value < 100 ? 2 : 0);
}

// One line "<what>: a/s / b/s = ratio (target >= t: met)", or nothing when either cell is missing.
void printRatio(QTextStream &out, const QString &what, const std::optional<CellResult> &ours,
                const std::optional<CellResult> &theirs, double target)
{
    if (!ours || !theirs || theirs->attemptsPerSecond() <= 0)
        return;
    const double ratio = ours->attemptsPerSecond() / theirs->attemptsPerSecond();
    out << "  " << what << ": " << rate(ours->attemptsPerSecond()) << "/s / " << rate(theirs->attemptsPerSecond())
        << "/s = " << QString::number(ratio, 'f', 2);
    if (target > 0)
        out << "  (target >= " << QString::number(target, 'f', 1)
            << (ratio >= target ? ": met)" : ": not met)");
    out << "; p99 " << rate(ours->latency.p99Ms) << " ms vs " << rate(theirs->latency.p99Ms) << " ms"
        << (ours->disturbed() || theirs->disturbed() ? "  [disturbed by other load: run again]" : "") << '\n';
}

} // namespace

void printHttpRatios(QTextStream &out, const QVector<CellResult> &results)
{
    QVector<int> counts;
    bool anyHttp = false;
    for (const CellResult &result : results) {
        anyHttp = anyHttp || result.scenario.startsWith(QLatin1String("http-"));
        if (!counts.contains(result.clients))
            counts << result.clients;
    }
    if (!anyHttp)
        return;
    std::sort(counts.begin(), counts.end());
    out << "\nThe web channel (issue 15), same run, same database; attempts per second:\n";
    for (const int clients : counts)
        printRatio(out, QStringLiteral("http-seats-spread / seats-spread at %1 clients").arg(clients),
                   find(results, QStringLiteral("http-seats-spread"), clients),
                   find(results, QStringLiteral("seats-spread"), clients), clients <= 64 ? 0.7 : 0);
    for (const QString &scenario : {QStringLiteral("http-seats-spread"), QStringLiteral("http-pool-hot"),
                                    QStringLiteral("http-pool-batched")}) {
        for (const int clients : {300, 1000})
            printRatio(out, QStringLiteral("%1 at %2 clients / at 16").arg(scenario).arg(clients),
                       find(results, scenario, clients), find(results, scenario, 16),
                       scenario == QLatin1String("http-seats-spread") ? 0.8 : 0);
    }
    for (const int clients : counts)
        printRatio(out, QStringLiteral("http-pool-hot / pool-hot at %1 clients").arg(clients),
                   find(results, QStringLiteral("http-pool-hot"), clients),
                   find(results, QStringLiteral("pool-hot"), clients), 0);
    // What HTTP costs a batched pool: the batches gather across the server's worker threads instead.
    for (const int clients : counts)
        printRatio(out, QStringLiteral("http-pool-batched / pool-batched at %1 clients").arg(clients),
                   find(results, QStringLiteral("http-pool-batched"), clients),
                   find(results, QStringLiteral("pool-batched"), clients), 0);
    printRatio(out, QStringLiteral("http-pool-batched / pool-hot at 300 clients"),
               find(results, QStringLiteral("http-pool-batched"), 300), find(results, QStringLiteral("pool-hot"), 300),
               10);
    out.flush();
}

void printPoolRatios(QTextStream &out, const QVector<CellResult> &results)
{
    if (!find(results, QStringLiteral("pool-batched"), 16) && !find(results, QStringLiteral("pool-batched"), 300))
        return;
    out << "\nThe batched hot pool (issue 15), same run, same database; attempts per second:\n";
    printRatio(out, QStringLiteral("pool-batched / pool-hot at 300 clients"),
               find(results, QStringLiteral("pool-batched"), 300), find(results, QStringLiteral("pool-hot"), 300), 10);
    printRatio(out, QStringLiteral("pool-batched / pool-hot-k8 at 16 clients"),
               find(results, QStringLiteral("pool-batched"), 16), find(results, QStringLiteral("pool-hot-k8"), 16), 1.0);
    out.flush();
}

} // namespace boxoffice::bench
