#pragma once

#include "domain/seatinventorystore.h"

namespace boxoffice {

// The seat-hold use-cases every channel calls: validate, then hand the one atomic operation to the
// store. Channels never talk to a store directly, so no channel can skip a rule.
class SeatHoldService
{
public:
    explicit SeatHoldService(SeatInventoryStore &store);

    Result<QVector<EventSummary>> events();
    Result<EventSummary> event(EventId event);
    Result<QVector<SeatRef>> resolveSeats(EventId event, const QStringList &labels);

    Result<HoldGrant> hold(const HoldRequest &request);
    Result<HoldGrant> holdByLabels(EventId event, const CartId &cart, const QStringList &labels,
                                   std::optional<int> ttlSeconds = {});
    Result<ReleaseOutcome> release(const CartId &cart, const QVector<UnitId> &units);

    Result<EventAvailability> availability(EventId event);
    Result<int> sweepExpiredHolds();

private:
    SeatInventoryStore &m_store;
};

} // namespace boxoffice
