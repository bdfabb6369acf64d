#include "roundratio.h"

#include <QStringList>

#include <algorithm>

namespace boxoffice::bench {

namespace {

const CellResult *cellOf(const QVector<CellResult> &results, const QString &scenario, int clients, int round)
{
    for (const CellResult &result : results) {
        if (result.scenario == scenario && result.clients == clients && result.round == round)
            return &result;
    }
    return nullptr;
}

} // namespace

double median(QVector<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

std::optional<RoundRatio> roundRatio(const QVector<CellResult> &results, const QString &ours, int oursClients,
                                     const QString &theirs, int theirsClients, RatioOf of)
{
    QVector<int> rounds;
    for (const CellResult &result : results) {
        if (!rounds.contains(result.round))
            rounds << result.round;
    }
    std::sort(rounds.begin(), rounds.end());
    RoundRatio ratio;
    QVector<double> oursRates, theirsRates, oursP99, theirsP99;
    for (const int round : std::as_const(rounds)) {
        const CellResult *mine = cellOf(results, ours, oursClients, round);
        const CellResult *other = cellOf(results, theirs, theirsClients, round);
        if (!mine || !other)
            continue;
        const double denominator = of == RatioOf::P99 ? other->latency.p99Ms : other->attemptsPerSecond();
        if (denominator <= 0)
            continue;
        ratio.perRound << (of == RatioOf::P99 ? mine->latency.p99Ms : mine->attemptsPerSecond()) / denominator;
        oursRates << mine->attemptsPerSecond();
        theirsRates << other->attemptsPerSecond();
        oursP99 << mine->latency.p99Ms;
        theirsP99 << other->latency.p99Ms;
        ratio.disturbed = ratio.disturbed || mine->disturbed() || other->disturbed();
    }
    if (ratio.perRound.isEmpty())
        return std::nullopt;
    ratio.median = median(ratio.perRound);
    ratio.oursRate = median(oursRates);
    ratio.theirsRate = median(theirsRates);
    ratio.oursP99Ms = median(oursP99);
    ratio.theirsP99Ms = median(theirsP99);
    return ratio;
}

QString describeRatio(const RoundRatio &ratio)
{
    const QString figure = QString::number(ratio.median, 'f', 2);
    if (ratio.perRound.size() < 2)
        return figure;
    QStringList each;
    for (const double value : ratio.perRound)
        each << QString::number(value, 'f', 2);
    return QStringLiteral("%1 (median of %2 rounds: %3)")
        .arg(figure)
        .arg(ratio.perRound.size())
        .arg(each.join(QLatin1Char(' ')));
}

} // namespace boxoffice::bench
