#pragma once

#include "domain/auditcursor.h"
#include "domain/seatmapstore.h"
#include "ui/common/databasecalls.h"

#include <QElapsedTimer>
#include <QObject>

namespace boxoffice {

class SeatMapScene;

// Keeps a scene equal to the database: loads an event's map whole, then applies only what the audit
// trail says changed since. A gap in the trail (a transaction still committing) is read again later,
// so no change is lost to commit order.
class LiveSeatMap : public QObject
{
    Q_OBJECT
public:
    LiveSeatMap(SeatMapScene &scene, QObject *parent = nullptr);

    void setStore(SeatMapStore *store, DatabaseCalls calls);
    Status load(const EventSummary &event);
    // Reads and applies what changed since the last call; cheap when nothing did.
    Status refresh();
    bool loaded() const { return m_loaded; }
    EventId event() const { return m_event.id; }
    const SeatMap &map() const;

signals:
    void seatChanged(const boxoffice::SeatChange &change);

private:
    static constexpr int batchLimit = 5000;

    SeatMapScene &m_scene;
    SeatMapStore *m_store = nullptr;
    DatabaseCalls m_calls;
    EventSummary m_event;
    AuditCursor m_cursor;
    QElapsedTimer m_monotonic;
    bool m_loaded = false;
};

} // namespace boxoffice
