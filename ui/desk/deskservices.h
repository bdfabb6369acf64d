#pragma once

#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/door.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/orderlookup.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/seatmapstore.h"
#include "domain/slotservice.h"
#include "domain/staff.h"

namespace boxoffice {

// What the desk window works through: domain services only. The desktop executable builds them on a
// signed-in connection, and builds them again after a reconnect.
struct DeskServices
{
    SeatHoldService *holds = nullptr;
    CartService *carts = nullptr;
    CounterSaleService *sales = nullptr;
    SeatMapStore *maps = nullptr;
    HotelService *hotels = nullptr;
    FrontDeskService *frontDesk = nullptr;
    DoorService *door = nullptr; // not in ready(): the box office works without the door
    OrderLookupService *orders = nullptr; // not in ready() either: read only
    PoolService *pools = nullptr; // standing places; not in ready(): seats sell without them
    SlotService *tables = nullptr; // restaurant tables; likewise

    bool ready() const { return holds && carts && sales && maps && hotels && frontDesk; }
};

struct StaffIdentity
{
    QString user;
    StaffRole role = StaffRole::Clerk;
    QString server; // a description safe to show: never the password
};

} // namespace boxoffice
