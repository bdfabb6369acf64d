#pragma once

#include "domain/result.h"
#include "domain/seatmap.h"

#include <QDateTime>

namespace boxoffice {

// The audit trail read forward: every audit id after the cursor (so the reader can tell a gap from
// silence), and the current state of the seats of one event that those lines touched.
struct SeatChangeBatch
{
    QVector<qint64> auditIds; // ascending
    QVector<SeatChange> changes; // current state of each touched seat of the event, once per seat
};

// What a seat map reads. Writes go through SeatHoldService and the cart, never through here.
class SeatMapStore
{
public:
    virtual ~SeatMapStore() = default;
    virtual Result<SeatMap> seatMap(EventId event) = 0;
    virtual Result<SeatChangeBatch> seatChangesSince(EventId event, qint64 auditCursor, int limit) = 0;
    // The database's clock: countdowns are drawn from it, corrected for the local clock's offset.
    virtual Result<QDateTime> serverNow() = 0;
};

} // namespace boxoffice
