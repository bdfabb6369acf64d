#pragma once

#include "aftersaleswiring.h"
#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"
#include "storage/connectionsettings.h"
#include "storage/databaseconnection.h"
#include "storage/pgcountersales.h"
#include "storage/pgdoorstore.h"
#include "storage/pgfoliostore.h"
#include "storage/pgfrontdesk.h"
#include "storage/pggroupblockstore.h"
#include "storage/pgguestsstore.h"
#include "storage/pghotellists.h"
#include "storage/pghouseseatstore.h"
#include "storage/pginventory.h"
#include "storage/pgnightaudit.h"
#include "storage/pgorderlookup.h"
#include "storage/pgpricetypestore.h"
#include "storage/pgratestore.h"
#include "storage/pgroomstore.h"
#include "storage/pgseatmapstore.h"
#include "storage/pgticketreprints.h"
#include "storage/pgtillstore.h"
#include "storage/pgunitofwork.h"
#include "ui/desk/deskservices.h"

#include <memory>

namespace boxoffice {

// The time limits of every desk connection, from QSettings group "connection" (statementTimeoutMs,
// lockTimeoutMs, connectTimeoutSeconds, keepalivesIdleSeconds, keepalivesIntervalSeconds,
// keepalivesCount, tcpUserTimeoutMs), with a counter's defaults: a statement waits at most 5 s, a
// lock 3 s, and a server that vanished is noticed within about 10 s.
ConnectionLimits counterConnectionLimits();

// A signed-in clerk's connection and the stores and services built on it. Opened, used and
// destroyed on one thread (the DeskSession's database thread).
class DeskConnection
{
public:
    static Result<std::unique_ptr<DeskConnection>> open(const ConnectionSettings &staff);

    // The services, their calls still to be routed (DeskSession adds the handle).
    DeskServices services();
    StaffRole role() const { return m_role; }
    const ConnectionSettings &settings() const { return m_connection->settings(); }
    Result<QDateTime> serverNow() { return m_maps.serverNow(); }

private:
    explicit DeskConnection(std::unique_ptr<DatabaseConnection> connection);

    std::unique_ptr<DatabaseConnection> m_connection;
    PgInventory m_inventory;
    PgSeatMapStore m_maps;
    PgCounterSales m_counter;
    PgFrontDesk m_frontDeskStore;
    PgUnitOfWork m_unit; // on the same connection, so the stores above join what it runs
    SeatHoldService m_holds;
    HotelService m_hotels;
    CartService m_carts;
    CounterSaleService m_sales;
    FrontDeskService m_frontDesk;
    PgDoorStore m_doorStore;
    DoorService m_door;
    PgOrderLookup m_orderStore;
    OrderLookupService m_orders;
    PoolService m_pools;
    SlotService m_slots;
    StaffRole m_role = StaffRole::Clerk;
    PgTicketReprints m_reprintStore{m_connection->database()};
    TicketReprintService m_reprints{m_reprintStore, m_counter};
    std::unique_ptr<AfterSalesWiring> m_afterSales; // built last, over the stores above
    // Price types and house seats (migrations 022, 023), on the same connection.
    PgPriceTypeStore m_priceTypeStore{m_connection->database()};
    PriceTypeService m_priceTypes{m_priceTypeStore};
    PgHouseSeatStore m_houseStore{m_connection->database()};
    HouseSeatService m_house{m_houseStore};
    // Guest profiles (migration 030), on the same connection.
    PgGuestsStore m_guestStore{m_connection->database()};
    GuestService m_guests{m_guestStore};
    // A stay's folio (migration 032), on the same connection.
    PgFolioStore m_folioStore{m_connection->database()};
    FolioService m_folio{m_folioStore};
    // Group blocks (migration 034), on the same connection.
    PgGroupBlockStore m_blockStore{m_connection->database()};
    GroupBlockService m_blocks{m_blockStore};
    PgRateStore m_rateStore{m_connection->database()};
    RateService m_rates{m_rateStore};
    // The front desk's lists, occupancy and partner properties (migration 035), on the same connection.
    PgHotelLists m_hotelListStore{m_connection->database()};
    HotelListService m_hotelLists{m_hotelListStore};
    // Rooms and housekeeping (migration 029), on the same connection.
    PgRoomStore m_roomStore{m_connection->database()};
    RoomService m_rooms{m_roomStore};
    // The night audit and its report (migration 033).
    PgNightAudit m_nightAuditStore{m_connection->database()};
    NightAuditService m_nightAudit{m_nightAuditStore};
};

} // namespace boxoffice
