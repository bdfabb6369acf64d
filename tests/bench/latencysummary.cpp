#include "latencysummary.h"

#include <algorithm>
#include <cmath>

namespace boxoffice::bench {

namespace {

double percentileMs(std::vector<quint32> &samples, double fraction)
{
    const auto rank = std::size_t(std::ceil(fraction * double(samples.size())));
    const auto index = std::min(samples.size() - 1, rank > 0 ? rank - 1 : 0);
    std::nth_element(samples.begin(), samples.begin() + std::ptrdiff_t(index), samples.end());
    return samples[index] / 1000.0;
}

} // namespace

LatencySummary LatencySummary::fromMicroseconds(std::vector<quint32> &samples)
{
    LatencySummary summary;
    if (samples.empty())
        return summary;
    summary.p50Ms = percentileMs(samples, 0.50);
    summary.p95Ms = percentileMs(samples, 0.95);
    summary.p99Ms = percentileMs(samples, 0.99);
    return summary;
}

} // namespace boxoffice::bench
