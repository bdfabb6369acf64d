#pragma once

#include "domain/result.h"
#include "domain/seatmapstore.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QMutex>

#include <memory>

namespace boxoffice::web {

struct SeatMapSnapshot
{
    QByteArray body; // the JSON document served as is
    QByteArray etag; // "\"<hash of body>\""
    // The same read as the domain sees it, for best available: where the free blocks are, and how
    // good each seat is (seatQuality, computed once per read). Null when rendered without the cache.
    std::shared_ptr<const SeatMap> map;
    std::shared_ptr<const QVector<double>> quality;
    QDateTime serverNow;
};

// One JSON snapshot per event, re-read from the database at most once per `maxAgeMs` however many
// buyers ask: readers of one event wait for one refresh instead of each reading 50,000 seats.
// The JSON never says who holds a seat.
class SeatMapCache
{
public:
    explicit SeatMapCache(int maxAgeMs) : m_maxAgeMs(maxAgeMs) { }

    Result<SeatMapSnapshot> snapshot(EventId event, SeatMapStore &store);

    static Result<SeatMapSnapshot> render(const SeatMap &map, const QDateTime &serverNow);

private:
    struct Entry
    {
        QMutex mutex;
        QElapsedTimer age;
        SeatMapSnapshot snapshot;
    };

    const int m_maxAgeMs;
    QMutex m_mutex;
    QHash<EventId, std::shared_ptr<Entry>> m_entries;
};

} // namespace boxoffice::web
