#pragma once

#include "domain/hotel.h"
#include "domain/result.h"

namespace boxoffice {

class HotelStore
{
public:
    virtual ~HotelStore() = default;

    virtual Result<QVector<HotelSummary>> hotels() = 0;
    // One unit on every night of the stay, all or nothing; expired holds on those nights are returned
    // in the same claim. The same cart asking again for the same stay refreshes its lease.
    virtual Result<StayHold> holdStay(const StayRequest &request) = 0;
    virtual Result<int> releaseStay(const CartId &cart, StayId stay) = 0; // nights returned
    // A held stay, or a booked one nobody has paid for, cancelled: its nights go back. A paid stay is a
    // manager's to cancel with a refund or a fee (FrontDeskStore::cancelStay); refused here.
    virtual Result<int> cancelStay(StayId stay) = 0;
    // Read path, no locks: may be a moment stale, the claim is the exact check.
    virtual Result<QVector<RangeAvailability>> availability(HotelId hotel, const QDate &from, const QDate &until,
                                                            const QStringList &roomTypeCodes)
        = 0;
    // Refused as a whole when any night would end with more booked than sellable.
    virtual Result<int> changeCapacity(const CapacityChange &change) = 0; // nights changed
};

} // namespace boxoffice
