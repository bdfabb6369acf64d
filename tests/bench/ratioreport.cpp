#include "ratioreport.h"

#include <QLocale>

#include <optional>

namespace boxoffice::bench {

namespace {

const QString product = QStringLiteral("seats-spread");
const QString baseline = QStringLiteral("baseline");
const QString bareUpdate = QStringLiteral("bare-update");

std::optional<CellResult> find(const QVector<CellResult> &results, const QString &scenario, int clients)
{
    for (const CellResult &result : results) {
        if (result.scenario == scenario && result.clients == clients)
            return result;
    }
    return std::nullopt;
}

QString number(double value)
{
    return QLocale(QLocale::English).toString(value, 'f', value < 100 ? 2 : 0);
}

void printThroughput(QTextStream &out, const QVector<CellResult> &results, int clients)
{
    const auto ours = find(results, product, clients);
    const auto theirs = find(results, baseline, clients);
    if (!ours || !theirs || theirs->attemptsPerSecond() <= 0) {
        out << "  throughput at " << clients << " clients: not measured in this run\n";
        return;
    }
    const double ratio = ours->attemptsPerSecond() / theirs->attemptsPerSecond();
    const double grantedRatio
        = theirs->grantedPerSecond() > 0 ? ours->grantedPerSecond() / theirs->grantedPerSecond() : 0;
    out << "  attempts/s at " << clients << " clients: " << number(ours->attemptsPerSecond()) << " / "
        << number(theirs->attemptsPerSecond()) << " = " << QString::number(ratio, 'f', 2)
        << (ratio >= 0.9 ? "  (target >= 0.90: met)" : "  (target >= 0.90: not met)") << "; granted/s ratio "
        << QString::number(grantedRatio, 'f', 2)
        << (ours->disturbed() || theirs->disturbed() ? "  [disturbed by other load: run again]" : "") << '\n';
}

} // namespace

void printRatios(QTextStream &out, const QVector<CellResult> &results)
{
    out << "\nProduct (" << product << ") over " << baseline << ", same run, same database:\n";
    printThroughput(out, results, 16);
    printThroughput(out, results, 64);
    const auto ours = find(results, product, 300);
    const auto theirs = find(results, baseline, 300);
    if (!ours || !theirs || theirs->latency.p99Ms <= 0) {
        out << "  p99 at 300 clients: not measured in this run\n";
    } else {
        const double ratio = ours->latency.p99Ms / theirs->latency.p99Ms;
        out << "  p99 at 300 clients: " << number(ours->latency.p99Ms) << " ms / " << number(theirs->latency.p99Ms)
            << " ms = " << QString::number(ratio, 'f', 2)
            << (ratio <= 1.2 ? "  (target <= 1.20: met)" : "  (target <= 1.20: not met)")
            << (ours->disturbed() || theirs->disturbed() ? "  [disturbed by other load: run again]" : "") << '\n';
    }
    // Not a target: how much the product's statement (lease policy, idempotent re-hold, the label in the
    // answer) costs over the smallest correct claim, so a reader sees where the rest of the time goes.
    for (const int clients : {16, 64}) {
        const auto ours = find(results, baseline, clients);
        const auto floor = find(results, bareUpdate, clients);
        if (!ours || !floor || floor->attemptsPerSecond() <= 0)
            continue;
        out << "  for reference, " << baseline << " over " << bareUpdate << " at " << clients
            << " clients (the statement's own cost): "
            << QString::number(ours->attemptsPerSecond() / floor->attemptsPerSecond(), 'f', 2) << '\n';
    }
    out.flush();
}

void printCorrectness(QTextStream &out, const QVector<CellResult> &results)
{
    out << "\nCorrectness after each run:\n";
    bool allCorrect = true;
    for (const CellResult &result : results) {
        if (!result.expectsCorrectness) {
            out << "  " << result.scenario << " x" << result.clients << " (wrong on purpose): " << result.doubleSold
                << " units sold twice, audit " << (result.auditOk ? "ok" : "FAILED") << '\n';
        } else if (!result.correct()) {
            allCorrect = false;
            out << "  " << result.scenario << " x" << result.clients << ": " << result.doubleSold
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
