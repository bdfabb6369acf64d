#pragma once

#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/door.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/orderlookup.h"
#include "domain/seatholdservice.h"
#include "domain/seatmapstore.h"
#include "domain/staff.h"
#include "domain/till.h"
#include "domain/ticketreprints.h"

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
    // Opens the till's own connection in the thread that calls it (reports run off the GUI thread);
    // empty when signed out. Not in ready(): selling does not wait for the till.
    TillSessionOpener till;
    // Not in ready(): without it a reprint reads the tickets through `sales`, unrecorded.
    TicketReprintService *reprints = nullptr;

    bool ready() const { return holds && carts && sales && maps && hotels && frontDesk; }
};

struct StaffIdentity
{
    QString user;
    StaffRole role = StaffRole::Clerk;
    QString server; // a description safe to show: never the password
};

} // namespace boxoffice
