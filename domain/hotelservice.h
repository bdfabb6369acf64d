#pragma once

#include "domain/hotelstore.h"

namespace boxoffice {

class HoldCaps;

// A stay held for a web buyer (StayRequest::buyer) counts against its hotel's caps: the web passes
// its HoldCaps, and a buyer's hold without them is refused. The desk's stays are uncapped.
class HotelService
{
public:
    explicit HotelService(HotelStore &store, HoldCaps *caps = nullptr);

    static constexpr int maxNights = 60;

    Result<QVector<HotelSummary>> hotels();
    Result<StayHold> holdStay(const StayRequest &request);
    Result<int> releaseStay(const CartId &cart, StayId stay);
    Result<int> cancelStay(StayId stay);
    Result<QVector<RangeAvailability>> availability(HotelId hotel, const QDate &from, const QDate &until,
                                                    const QStringList &roomTypeCodes = {});
    Result<int> changeCapacity(const CapacityChange &change);

    // The words a front-desk clerk sees for a bad range; empty when the range is fine.
    static Status checkRange(const QDate &checkIn, const QDate &checkOut);

private:
    HotelStore &m_store;
    HoldCaps *m_caps = nullptr;
};

} // namespace boxoffice
