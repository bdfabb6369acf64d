#pragma once

#include "domain/till.h"

#include <optional>

namespace boxoffice {

// The database side of the till (storage/pgtillstore). Every call is one statement or a read-only
// snapshot; the figures are always the database's sums of the recorded money.
class TillStore
{
public:
    virtual ~TillStore() = default;
    // Opens the signed-in user's shift at this session's terminal; Conflict when one is open there.
    virtual Result<TillShift> open(const Money &float_) = 0;
    // The signed-in user's open shift at this session's terminal, if any.
    virtual Result<std::optional<TillShift>> openHere() = 0;
    // A shift with its figures (as closed, or running) and card totals, read in one snapshot.
    virtual Result<TillReport> report(ShiftId shift) = 0;
    // PermissionDenied for another user's shift; Conflict when closed already.
    virtual Result<TillShift> close(ShiftId shift, const Money &counted, const QString &note) = 0;
    // PermissionDenied for a clerk or for one's own shift; Conflict when open or countersigned already.
    virtual Result<TillShift> countersign(ShiftId shift, const QString &note) = 0;
    virtual Result<QVector<TillShift>> awaitingCountersign() = 0;
    // Money moved and shifts opened in [from, to).
    virtual Result<DayLedger> day(const QDateTime &from, const QDateTime &to) = 0;
};

} // namespace boxoffice
