#pragma once

#include "domain/ratecounters.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMutex>

#include <array>
#include <functional>

namespace boxoffice::web {

// RateCounters in this process's memory, for a web server that shares its limits with no other.
// Thread-safe: keys are spread over shards, each behind its own mutex, so threads counting different
// keys rarely wait for each other. Ended windows are swept out at most once a second per shard, so a
// flood of one-off keys (addresses) costs memory for one window, not for ever.
class MemoryRateCounters final : public RateCounters
{
public:
    // Milliseconds on a clock that never goes back; a test passes its own to step through windows.
    using Clock = std::function<qint64()>;

    explicit MemoryRateCounters(Clock clock = {});

    // BadInput when windowSeconds is not positive.
    Result<qint64> hit(const QString &key, int windowSeconds, int by = 1) override;
    Result<qint64> peek(const QString &key) override;

    // Counters held, including ended ones not yet swept.
    qsizetype size() const;

private:
    struct Window
    {
        qint64 count = 0;
        qint64 endsAtMs = 0; // the counter is gone from this moment on
    };
    struct Shard
    {
        mutable QMutex mutex;
        QHash<QString, Window> windows;
        qint64 nextSweepMs = 0;
    };

    qint64 now() const;
    Shard &shardFor(const QString &key);

    QElapsedTimer m_started;
    const Clock m_clock;
    std::array<Shard, 16> m_shards;
};

} // namespace boxoffice::web
