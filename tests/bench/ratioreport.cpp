#include "ratioreport.h"

#include "roundratio.h"

#include <QLocale>

#include <optional>

namespace boxoffice::bench {

namespace {

const QString product = QStringLiteral("seats-spread");
const QString baseline = QStringLiteral("baseline");
const QString bareUpdate = QStringLiteral("bare-update");

QString number(double value)
{
    return QLocale(QLocale::English).toString(value, 'f', value < 100 ? 2 : 0);
}

void printThroughput(QTextStream &out, const QVector<CellResult> &results, int clients)
{
    const auto ratio = roundRatio(results, product, clients, baseline, clients);
    if (!ratio) {
        out << "  throughput at " << clients << " clients: not measured in this run\n";
        return;
    }
    out << "  attempts/s at " << clients << " clients: " << number(ratio->oursRate) << " / "
        << number(ratio->theirsRate) << " = " << describeRatio(*ratio)
        << (ratio->median >= 0.9 ? "  (target >= 0.90: met)" : "  (target >= 0.90: not met)")
        << (ratio->disturbed ? "  [disturbed by other load: run again]" : "") << '\n';
}

QString roundSuffix(const CellResult &result)
{
    return result.round > 1 ? QStringLiteral(" (round %1)").arg(result.round) : QString();
}

} // namespace

void printRatios(QTextStream &out, const QVector<CellResult> &results)
{
    out << "\nProduct (" << product << ") over " << baseline << ", same run, same database:\n";
    printThroughput(out, results, 16);
    printThroughput(out, results, 64);
    if (const auto p99 = roundRatio(results, product, 300, baseline, 300, RatioOf::P99); !p99) {
        out << "  p99 at 300 clients: not measured in this run\n";
    } else {
        out << "  p99 at 300 clients: " << number(p99->oursP99Ms) << " ms / " << number(p99->theirsP99Ms)
            << " ms = " << describeRatio(*p99)
            << (p99->median <= 1.2 ? "  (target <= 1.20: met)" : "  (target <= 1.20: not met)")
            << (p99->disturbed ? "  [disturbed by other load: run again]" : "") << '\n';
    }
    // Not a target: how much the product's statement (lease policy, idempotent re-hold, the label in the
    // answer) costs over the smallest correct claim, so a reader sees where the rest of the time goes.
    for (const int clients : {16, 64}) {
        const auto cost = roundRatio(results, baseline, clients, bareUpdate, clients);
        if (!cost)
            continue;
        out << "  for reference, " << baseline << " over " << bareUpdate << " at " << clients
            << " clients (the statement's own cost): " << describeRatio(*cost) << '\n';
    }
    out.flush();
}

void printCorrectness(QTextStream &out, const QVector<CellResult> &results)
{
    out << "\nCorrectness after each run:\n";
    bool allCorrect = true;
    for (const CellResult &result : results) {
        if (!result.expectsCorrectness) {
            out << "  " << result.scenario << " x" << result.clients << roundSuffix(result)
                << " (wrong on purpose): " << result.doubleSold << " units sold twice, audit "
                << (result.auditOk ? "ok" : "FAILED") << '\n';
        } else if (!result.correct()) {
            allCorrect = false;
            out << "  " << result.scenario << " x" << result.clients << roundSuffix(result) << ": " << result.doubleSold
                << " units sold twice, " << result.databaseMismatches << " differences with the database, audit "
                << (result.auditOk ? "ok" : "FAILED") << '\n';
        }
    }
    if (allCorrect)
        out << "  every other scenario: nothing sold twice, the database agrees with what clients were told, audit "
               "ok\n";
    out.flush();
}

} // namespace boxoffice::bench
