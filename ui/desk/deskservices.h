#pragma once

#include "domain/approvals.h"
#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/door.h"
#include "domain/folio.h"
#include "domain/frontdeskservice.h"
#include "domain/groupblocks.h"
#include "domain/guests.h"
#include "domain/hotellists.h"
#include "domain/hotelservice.h"
#include "domain/houseseats.h"
#include "domain/nightaudit.h"
#include "domain/orderlookup.h"
#include "domain/poolservice.h"
#include "domain/pricetypes.h"
#include "domain/rates.h"
#include "domain/roomservice.h"
#include "domain/seatholdservice.h"
#include "domain/seatmapstore.h"
#include "domain/slotservice.h"
#include "domain/staff.h"
#include "domain/ticketreprints.h"
#include "domain/till.h"
#include "ui/common/databasecalls.h"

#include <functional>
#include <memory>

namespace boxoffice {

// Refunds, exchanges and the approval queue on one connection. Refunds and exchanges succeed only on
// a manager's connection (the database refuses a clerk's); anyone may file a request for approval.
struct AfterSalesServices
{
    CounterRefundService *refunds = nullptr;
    ExchangeService *exchanges = nullptr;
    ApprovalService *approvals = nullptr;
    DatabaseCalls calls; // every call of the three above goes through it

    bool ready() const { return refunds && exchanges && approvals; }
};

// A manager signed in on the spot: a connection of its own, signed in as that manager, for one action.
// Destroying it closes the connection; the clerk's own session is never touched.
class ManagerSession
{
public:
    virtual ~ManagerSession() = default;
    virtual QString login() const = 0;
    virtual AfterSalesServices services() = 0;
};
// PermissionDenied, worded for a clerk, for a wrong password or a login that is not a manager's.
using ManagerSignIn
    = std::function<Result<std::unique_ptr<ManagerSession>>(const QString &login, const QString &password)>;

// What the desk window works through: domain services only. The desktop executable builds them on a
// signed-in connection, and builds them again after a reconnect.
struct DeskServices
{
    // Every call of a service below goes through it: it runs on the session's database thread while
    // the window keeps painting (e.g. `calls([&] { return holds->hold(request); })`).
    DatabaseCalls calls;
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
    AfterSalesServices afterSales; // not in ready(): the Orders tab offers refunds only when set
    ManagerSignIn managerSignIn; // opens a manager's connection on the spot
    PoolService *pools = nullptr; // standing places; not in ready(): seats sell without them
    SlotService *tables = nullptr; // restaurant tables; likewise
    PriceTypeService *priceTypes = nullptr; // not in ready(): without it every seat sells at its band's price
    HouseSeatService *house = nullptr; // not in ready(): a manager's, the database refuses it to clerks
    GuestService *guests = nullptr; // not in ready(): without it a stay keeps the name given at hold, no profile
    FolioService *folio = nullptr; // not in ready(): without it check-out settles a guarantee only
    GroupBlockService *blocks = nullptr; // not in ready(): the front desk's Groups tab works only with it
    RateService *rates = nullptr; // room rates; not in ready(): the nights keep their prices without it
    HotelListService *hotelLists = nullptr; // the front desk's lists and partners; not in ready(): read only
    RoomService *rooms = nullptr; // rooms and housekeeping; not in ready(): the Rooms tab waits for it
    NightAuditService *nightAudit = nullptr; // not in ready(): a manager runs it, anyone reads its report

    bool ready() const { return holds && carts && sales && maps && hotels && frontDesk; }
};

struct StaffIdentity
{
    QString user;
    StaffRole role = StaffRole::Clerk;
    QString server; // a description safe to show: never the password
};

} // namespace boxoffice
