#pragma once

#include "domain/rooms.h"

namespace boxoffice {

// The front desk's and housekeeping's use-cases on rooms, the same for the desk and any other channel.
// What can be told from the request alone is refused here; the rest (a room taken, a stay not in
// house) the database decides under its locks.
class RoomService
{
public:
    explicit RoomService(RoomStore &store);

    Result<RoomRack> rack(HotelId hotel, const QDate &from, const QDate &until);
    Status assign(StayId stay, RoomId room);
    Status move(StayId stay, RoomId room);
    Status setHousekeeping(RoomId room, Housekeeping state);
    Status outOfOrder(const OutOfOrderRequest &request);
    Status backInService(RoomId room);

    static Status checkChoice(StayId stay, RoomId room);
    static Status checkOutOfOrder(const OutOfOrderRequest &request);

private:
    RoomStore &m_store;
};

} // namespace boxoffice
