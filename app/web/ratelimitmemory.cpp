#include "ratelimitmemory.h"

#include <QMutexLocker>

namespace boxoffice::web {

namespace {

constexpr qint64 sweepEveryMs = 1000;

} // namespace

MemoryRateCounters::MemoryRateCounters(Clock clock) : m_clock(std::move(clock))
{
    m_started.start();
}

qint64 MemoryRateCounters::now() const
{
    return m_clock ? m_clock() : m_started.elapsed();
}

MemoryRateCounters::Shard &MemoryRateCounters::shardFor(const QString &key)
{
    return m_shards[qHash(key) % m_shards.size()];
}

Result<qint64> MemoryRateCounters::hit(const QString &key, int windowSeconds, int by)
{
    if (windowSeconds <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("A rate window lasts at least a second."));
    const qint64 at = now();
    Shard &shard = shardFor(key);
    const QMutexLocker lock(&shard.mutex);
    if (at >= shard.nextSweepMs) {
        shard.windows.removeIf([at](const auto &entry) { return entry.value().endsAtMs <= at; });
        shard.nextSweepMs = at + sweepEveryMs;
    }
    Window &window = shard.windows[key];
    if (window.endsAtMs <= at) {
        // A new key, or one whose window ended: the window starts with this hit.
        window.count = 0;
        window.endsAtMs = at + qint64(windowSeconds) * 1000;
    }
    window.count += by;
    return window.count;
}

Result<qint64> MemoryRateCounters::peek(const QString &key)
{
    const qint64 at = now();
    Shard &shard = shardFor(key);
    const QMutexLocker lock(&shard.mutex);
    const auto found = shard.windows.constFind(key);
    if (found == shard.windows.cend() || found->endsAtMs <= at)
        return qint64(0);
    return found->count;
}

qsizetype MemoryRateCounters::size() const
{
    qsizetype total = 0;
    for (const Shard &shard : m_shards) {
        const QMutexLocker lock(&shard.mutex);
        total += shard.windows.size();
    }
    return total;
}

} // namespace boxoffice::web
