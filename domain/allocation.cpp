#include "domain/allocation.h"

namespace boxoffice {

namespace {
// GCC's and Clang's 128-bit integer; __extension__ because ISO C++ has none.
__extension__ typedef __int128 WideInteger;
} // namespace

QVector<qint64> allocateByWeight(qint64 amount, int parts, const QVector<qint64> &weights)
{
    QVector<qint64> result;
    if (parts <= 0)
        return result;
    qint64 total = 0;
    bool usable = weights.size() == parts;
    for (const qint64 weight : weights) {
        usable = usable && weight >= 0;
        total += weight;
    }
    const auto weightOf = [&](int i) -> qint64 { return usable && total > 0 ? weights.at(i) : 1; };
    const qint64 sum = usable && total > 0 ? total : parts;
    // 128 bits: a price in cents times a sum of rates overflows 64 bits long before either does alone.
    const auto runningShare = [&](qint64 upTo) -> qint64 {
        const WideInteger scaled = static_cast<WideInteger>(amount) * upTo;
        return static_cast<qint64>((scaled + sum - 1) / sum); // rounded up, amount >= 0
    };
    qint64 upTo = 0;
    qint64 given = 0;
    for (int i = 0; i < parts; ++i) {
        upTo += weightOf(i);
        const qint64 through = runningShare(upTo);
        result << through - given;
        given = through;
    }
    return result;
}

} // namespace boxoffice
