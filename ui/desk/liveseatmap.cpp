#include "ui/desk/liveseatmap.h"

#include "ui/seatmap/seatmapscene.h"

namespace boxoffice {

LiveSeatMap::LiveSeatMap(SeatMapScene &scene, QObject *parent) : QObject(parent), m_scene(scene)
{
    m_monotonic.start();
}

void LiveSeatMap::setStore(SeatMapStore *store, DatabaseCalls calls)
{
    m_store = store;
    m_calls = std::move(calls);
}

const SeatMap &LiveSeatMap::map() const
{
    return m_scene.seatMap();
}

Status LiveSeatMap::load(const EventSummary &event)
{
    if (!m_store)
        return makeError(ErrorCode::Unavailable, QStringLiteral("Not connected to the server."));
    auto map = m_calls([&] { return m_store->seatMap(event.id); });
    if (!map)
        return map.error();
    SeatMap loaded = std::move(map).value();
    loaded.event = event;
    m_event = event;
    m_cursor = AuditCursor(loaded.auditCursor);
    m_scene.setSeatMap(loaded);
    m_loaded = true;
    return Done{};
}

Status LiveSeatMap::refresh()
{
    if (!m_store || !m_loaded)
        return Done{};
    for (;;) {
        const EventId event = m_event.id;
        const qint64 since = m_cursor.position();
        auto batch = m_calls([&] { return m_store->seatChangesSince(event, since, batchLimit); });
        if (!batch)
            return batch.error();
        for (const SeatChange &change : std::as_const(batch->changes)) {
            m_scene.applyChange(change);
            emit seatChanged(change);
        }
        const qint64 before = m_cursor.position();
        m_cursor.advance(batch->auditIds, m_monotonic.elapsed());
        // A full batch means more is waiting; stop when the cursor cannot move (a gap being waited for).
        if (batch->auditIds.size() < batchLimit || m_cursor.position() == before)
            return Done{};
    }
}

} // namespace boxoffice
