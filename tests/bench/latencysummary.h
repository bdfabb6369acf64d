#pragma once

#include <QtGlobal>

#include <vector>

namespace boxoffice::bench {

struct LatencySummary
{
    double p50Ms = 0;
    double p95Ms = 0;
    double p99Ms = 0;

    // Nearest-rank percentiles of claim latencies in microseconds (the vector is reordered).
    static LatencySummary fromMicroseconds(std::vector<quint32> &samples);
};

} // namespace boxoffice::bench
