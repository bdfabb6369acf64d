#pragma once

#include "domain/result.h"
#include "domain/seatholds.h"

#include <QStringList>

namespace boxoffice {

// What the domain needs from the inventory's single source of truth. Every write is one atomic
// statement or one short transaction locking rows in unit order; implementations never read a state
// in application code and then write it.
class SeatInventoryStore
{
public:
    virtual ~SeatInventoryStore() = default;

    virtual Result<QVector<EventSummary>> events() = 0;
    virtual Result<EventSummary> event(EventId event) = 0;
    // Labels ("A-1-5") to units of one event; unknown labels are a BadInput error naming them.
    virtual Result<QVector<SeatRef>> resolveSeats(EventId event, const QStringList &labels) = 0;

    // All or nothing. Lost names every unit that was not claimable.
    virtual Result<HoldGrant> hold(const HoldRequest &request) = 0;
    virtual Result<ReleaseOutcome> release(const CartId &cart, const QVector<UnitId> &units) = 0;
    // Releasing, extending and checking out a whole cart (all shapes) is CartStore's.

    virtual Result<EventAvailability> availability(EventId event) = 0;
    // Display tidying only: correctness never depends on it, claims treat expired holds as free.
    virtual Result<int> sweepExpiredHolds() = 0;
};

} // namespace boxoffice
