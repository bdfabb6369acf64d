#include "domain/admissionmemorystore.h"

#include <QMutexLocker>

#include <algorithm>
#include <cmath>

namespace boxoffice {

Status MemoryWaitingRoomStore::join(EventId event, const QString &visitor, std::optional<double> drawScore)
{
    if (visitor.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A visitor needs an id."));
    if (drawScore && !(*drawScore >= 0 && *drawScore < 1))
        return makeError(ErrorCode::BadInput, QStringLiteral("A draw score lies in [0, 1)."));
    QMutexLocker lock(&m_mutex);
    Queue &queue = m_queues[event];
    if (queue.visitors.contains(visitor))
        return Done{}; // joining again keeps the first place
    const qint64 arrival = ++queue.arrivals;
    const Place place{drawScore ? *drawScore : 1.0 + double(arrival), arrival};
    queue.order.insert(std::upper_bound(queue.order.begin(), queue.order.end(), place), place);
    queue.visitors.insert(visitor, place);
    return Done{};
}

Result<qint64> MemoryWaitingRoomStore::position(EventId event, const QString &visitor)
{
    QMutexLocker lock(&m_mutex);
    const auto queue = m_queues.constFind(event);
    if (queue == m_queues.constEnd() || !queue->visitors.contains(visitor))
        return makeError(ErrorCode::NotFound, QStringLiteral("This visitor is not in the event's queue."));
    const Place place = queue->visitors.value(visitor);
    return qint64(std::lower_bound(queue->order.begin(), queue->order.end(), place) - queue->order.begin()) + 1;
}

Result<qint64> MemoryWaitingRoomStore::length(EventId event)
{
    QMutexLocker lock(&m_mutex);
    const auto queue = m_queues.constFind(event);
    return queue == m_queues.constEnd() ? 0 : qint64(queue->order.size());
}

Result<qint64> MemoryWaitingRoomStore::advance(EventId event, double perSecond, qint64 nowMs)
{
    if (!std::isfinite(perSecond) || perSecond < 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An admission rate is a number of at least 0."));
    QMutexLocker lock(&m_mutex);
    Queue &queue = m_queues[event];
    if (!queue.started) {
        // The first call only marks where time starts: nothing before it is counted.
        queue.started = true;
        queue.lastMs = nowMs;
    } else if (nowMs > queue.lastMs) {
        queue.admitted += double(nowMs - queue.lastMs) * perSecond / 1000.0;
        queue.admitted = std::min(queue.admitted, double(queue.order.size()));
        queue.lastMs = nowMs;
    }
    return qint64(std::floor(queue.admitted + 1e-9));
}

} // namespace boxoffice
