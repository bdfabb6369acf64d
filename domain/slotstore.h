#pragma once

#include "domain/result.h"
#include "domain/timeslots.h"

namespace boxoffice {

class SlotStore
{
public:
    virtual ~SlotStore() = default;

    virtual Result<QVector<RestaurantSummary>> restaurants() = 0;
    // The database's exclusion constraint decides: an overlapping live booking makes this Lost.
    virtual Result<SlotHold> holdSlot(const SlotRequest &request) = 0;
    virtual Result<int> releaseSlot(const CartId &cart, BookingId booking) = 0;
    // Tables that fit the party and looked free a moment ago, best fit first (a read: may be stale).
    virtual Result<QVector<TableSummary>> candidates(RestaurantId restaurant, int partySize, const QDateTime &start,
                                                     const QDateTime &end, int limit)
        = 0;
};

} // namespace boxoffice
