#pragma once

#include "cellresult.h"

#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice::bench {

// One scenario's figure over another's, taken round by round (--rounds): a round's two cells ran
// seconds apart, so their ratio is what the machine's passing load distorts least. With several
// rounds the median is the figure to quote, and the spread says how far one round can be trusted.
struct RoundRatio
{
    QVector<double> perRound; // in round order
    double median = 0;
    double oursRate = 0; // median attempts per second of each side
    double theirsRate = 0;
    double oursP99Ms = 0; // median p99 of each side
    double theirsP99Ms = 0;
    bool disturbed = false; // some round's cell was disturbed by other load
};

// The middle value (the mean of the two middle ones for an even count); 0 for none.
double median(QVector<double> values);

enum class RatioOf { Throughput, P99 };

// Nothing when no round has both cells (or the other side measured nothing).
std::optional<RoundRatio> roundRatio(const QVector<CellResult> &results, const QString &ours, int oursClients,
                                     const QString &theirs, int theirsClients, RatioOf of = RatioOf::Throughput);

// "0.85" for one round; "0.85 (median of 5 rounds: 0.63 0.85 0.85 0.96 0.97)" for several.
QString describeRatio(const RoundRatio &ratio);

} // namespace boxoffice::bench
