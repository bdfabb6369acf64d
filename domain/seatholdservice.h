#pragma once

#include "domain/seatinventorystore.h"

namespace boxoffice {
class HoldCaps;
}

namespace boxoffice {

// The seat-hold use-cases every channel calls: validate, then hand the one atomic operation to the
// store. Channels never talk to a store directly, so no channel can skip a rule. A hold for a web buyer
// (HoldRequest::buyer) is claimed within the event's caps: the channel that sells to buyers passes its
// HoldCaps, and a buyer's hold without them is refused rather than left uncapped.
class SeatHoldService
{
public:
    explicit SeatHoldService(SeatInventoryStore &store, HoldCaps *caps = nullptr);

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
    HoldCaps *m_caps = nullptr;
};

} // namespace boxoffice
