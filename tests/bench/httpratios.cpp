#include "httpratios.h"

#include "roundratio.h"

#include <QLocale>

#include <algorithm>
#include <optional>

namespace boxoffice::bench {

namespace {

QString rate(double value)
{
    return QLocale(QLocale::English).toString(value, 'f', value < 100 ? 2 : 0);
}

// One line "<what>: a/s / b/s = ratio (target >= t: met)", or nothing when either side is missing.
// With several rounds the rates are each side's median and the ratio the median of the rounds' ratios.
void printRatio(QTextStream &out, const QString &what, const QVector<CellResult> &results, const QString &ours,
                int oursClients, const QString &theirs, int theirsClients, double target)
{
    const std::optional<RoundRatio> ratio = roundRatio(results, ours, oursClients, theirs, theirsClients);
    if (!ratio)
        return;
    out << "  " << what << ": " << rate(ratio->oursRate) << "/s / " << rate(ratio->theirsRate)
        << "/s = " << describeRatio(*ratio);
    if (target > 0)
        out << "  (target >= " << QString::number(target, 'f', 1)
            << (ratio->median >= target ? ": met)" : ": not met)");
    out << "; p99 " << rate(ratio->oursP99Ms) << " ms vs " << rate(ratio->theirsP99Ms) << " ms"
        << (ratio->disturbed ? "  [disturbed by other load: run again]" : "") << '\n';
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
        printRatio(out, QStringLiteral("http-seats-spread / seats-spread at %1 clients").arg(clients), results,
                   QStringLiteral("http-seats-spread"), clients, QStringLiteral("seats-spread"), clients,
                   clients <= 64 ? 0.7 : 0);
    for (const QString &scenario :
         {QStringLiteral("http-seats-spread"), QStringLiteral("http-pool-hot"), QStringLiteral("http-pool-batched")}) {
        for (const int clients : {300, 1000})
            printRatio(out, QStringLiteral("%1 at %2 clients / at 16").arg(scenario).arg(clients), results, scenario,
                       clients, scenario, 16, scenario == QLatin1String("http-seats-spread") ? 0.8 : 0);
    }
    for (const int clients : counts)
        printRatio(out, QStringLiteral("http-pool-hot / pool-hot at %1 clients").arg(clients), results,
                   QStringLiteral("http-pool-hot"), clients, QStringLiteral("pool-hot"), clients, 0);
    // What HTTP costs a batched pool: the batches gather across the server's worker threads instead.
    for (const int clients : counts)
        printRatio(out, QStringLiteral("http-pool-batched / pool-batched at %1 clients").arg(clients), results,
                   QStringLiteral("http-pool-batched"), clients, QStringLiteral("pool-batched"), clients, 0);
    printRatio(out, QStringLiteral("http-pool-batched / pool-hot at 300 clients"), results,
               QStringLiteral("http-pool-batched"), 300, QStringLiteral("pool-hot"), 300, 10);
    out.flush();
}

void printPoolRatios(QTextStream &out, const QVector<CellResult> &results)
{
    const bool batched = std::any_of(results.cbegin(), results.cend(), [](const CellResult &result) {
        return result.scenario == QLatin1String("pool-batched");
    });
    if (!batched)
        return;
    out << "\nThe batched hot pool (issue 15), same run, same database; attempts per second:\n";
    printRatio(out, QStringLiteral("pool-batched / pool-hot at 300 clients"), results, QStringLiteral("pool-batched"),
               300, QStringLiteral("pool-hot"), 300, 10);
    printRatio(out, QStringLiteral("pool-batched / pool-hot-k8 at 16 clients"), results, QStringLiteral("pool-batched"),
               16, QStringLiteral("pool-hot-k8"), 16, 1.0);
    out.flush();
}

} // namespace boxoffice::bench
