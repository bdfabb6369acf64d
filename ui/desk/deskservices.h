#pragma once

#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/door.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/houseseats.h"
#include "domain/orderlookup.h"
#include "domain/pricetypes.h"
#include "domain/seatholdservice.h"
#include "domain/seatmapstore.h"
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
    PriceTypeService *priceTypes = nullptr; // not in ready(): without it every seat sells at its band's price
    HouseSeatService *house = nullptr; // not in ready(): a manager's, the database refuses it to clerks

    bool ready() const { return holds && carts && sales && maps && hotels && frontDesk; }
};

struct StaffIdentity
{
    QString user;
    StaffRole role = StaffRole::Clerk;
    QString server; // a description safe to show: never the password
};

} // namespace boxoffice
