#pragma once

#include "domain/seatinventorystore.h"

namespace boxoffice {
class HoldCaps;
}

namespace boxoffice {

// The seat-hold use-cases every channel calls: validate, then hand the one atomic operation to the
// store. Channels never talk to a store directly, so no channel can skip a rule. A hold for a web buyer
// (HoldRequest::buyer) is claimed within the event's caps: the channel that sells to buyers passes its
// HoldCaps, and a buyer's hold without them is refused rather than left uncapped. The staff's claim
// (buyer 0) is the store's one statement, untouched by the caps.
class SeatHoldService
{
public:
    explicit SeatHoldService(SeatInventoryStore &store, HoldCaps *caps = nullptr);

    Result<QVector<EventSummary>> events();
    Result<EventSummary> event(EventId event);
    Result<QVector<SeatRef>> resolveSeats(EventId event, const QStringList &labels);

    Result<HoldGrant> hold(const HoldRequest &request);
    // A web buyer's hold by seat ids (`labels` empty) or by labels. Where the caps' store can, it is ONE
    // database call: the cart checked to be the buyer's (NotFound otherwise), the labels resolved,
    // every cap counted under its lock, the seats claimed. Staff (buyer 0) hold as in hold().
    Result<HoldGrant> holdForBuyer(const HoldRequest &request, const QStringList &labels);
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
