#pragma once

#include "domain/slotstore.h"

namespace boxoffice {

class SlotService
{
public:
    explicit SlotService(SlotStore &store);

    static constexpr int maxCandidates = 5; // tries before "no table": bounded, as a busy night needs
    static constexpr int maxMinutes = 12 * 60;

    Result<QVector<RestaurantSummary>> restaurants();
    Result<SlotHold> holdSlot(const SlotRequest &request);
    Result<int> releaseSlot(const CartId &cart, BookingId booking);
    // Candidates, then a claim on each in turn until one holds; a lost race moves on to the next.
    Result<SlotHold> findAndHold(const TableSearch &search);

private:
    SlotStore &m_store;
};

} // namespace boxoffice
