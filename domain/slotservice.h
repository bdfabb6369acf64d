#pragma once

#include "domain/slotstore.h"

namespace boxoffice {

class HoldCaps;

// A table held for a web buyer (SlotRequest::buyer, TableSearch::buyer) counts against its
// restaurant's caps: the web passes its HoldCaps, and a buyer's hold without them is refused.
class SlotService
{
public:
    explicit SlotService(SlotStore &store, HoldCaps *caps = nullptr);

    static constexpr int maxCandidates = 5; // tries before "no table": bounded, as a busy night needs
    static constexpr int maxMinutes = 12 * 60;

    Result<QVector<RestaurantSummary>> restaurants();
    Result<SlotHold> holdSlot(const SlotRequest &request);
    Result<int> releaseSlot(const CartId &cart, BookingId booking);
    // Candidates, then a claim on each in turn until one holds; a lost race moves on to the next.
    Result<SlotHold> findAndHold(const TableSearch &search);

private:
    Result<SlotHold> claimFirstFree(const TableSearch &search, const QDateTime &end);

    SlotStore &m_store;
    HoldCaps *m_caps = nullptr;
};

} // namespace boxoffice
