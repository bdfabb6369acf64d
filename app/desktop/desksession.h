#pragma once

#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/seatholdservice.h"
#include "storage/connectionsettings.h"
#include "storage/databaseconnection.h"
#include "storage/pgcountersales.h"
#include "storage/pgdoorstore.h"
#include "storage/pghouseseatstore.h"
#include "storage/pgpricetypestore.h"
#include "storage/pgorderlookup.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgseatmapstore.h"
#include "storage/pgunitofwork.h"
#include "ui/desk/deskservices.h"

#include <QDateTime>
#include <QObject>

#include <memory>

namespace boxoffice {

// One signed-in clerk's connection and everything built on it. Rebuilt whole after a reconnect: a
// QPSQL connection that lost its server does not come back.
class DeskSession
{
public:
    // Opens a connection as `staff` (user and password set) and checks that the login is staff.
    static Result<std::unique_ptr<DeskSession>> open(const ConnectionSettings &staff);

    DeskServices services();
    StaffRole role() const { return m_role; }
    const ConnectionSettings &settings() const { return m_connection->settings(); }

    struct ClockReading
    {
        QDateTime serverNow;
        QDateTime sentAtUtc;
        QDateTime receivedAtUtc;
    };
    Result<ClockReading> readServerClock();

private:
    explicit DeskSession(std::unique_ptr<DatabaseConnection> connection);

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
    StaffRole m_role = StaffRole::Clerk;
    // Price types and house seats (migrations 022, 023), on the same connection.
    PgPriceTypeStore m_priceTypeStore{m_connection->database()};
    PriceTypeService m_priceTypes{m_priceTypeStore};
    PgHouseSeatStore m_houseStore{m_connection->database()};
    HouseSeatService m_house{m_houseStore};
};

class DeskWindow;
class InventoryWatch;

// Keeps a desk window on a working connection: when the watch reports the server back, it signs in
// again with the same login, hands the window the new session's services (the window reloads), and
// only then lets the old session go.
class SessionKeeper : public QObject
{
    Q_OBJECT
public:
    SessionKeeper(ConnectionSettings staff, std::unique_ptr<DeskSession> session, DeskWindow &window,
                  InventoryWatch *watch, QObject *parent = nullptr);
    ~SessionKeeper() override;

    DeskSession &session() const { return *m_session; }
    bool signedIn() const { return bool(m_session); }
    const ConnectionSettings &staff() const { return m_staff; }

    // Signing out: the window loses its services and the connection closes. Until adopt(), a server
    // coming back opens nothing (there is nobody to sign in as).
    void close();
    // A session someone just signed in to (the same login after a reconnect, or the next clerk).
    void adopt(std::unique_ptr<DeskSession> session, ConnectionSettings staff);

signals:
    void sessionReplaced();

private:
    void reopen();

    ConnectionSettings m_staff;
    std::unique_ptr<DeskSession> m_session;
    DeskWindow &m_window;
};

} // namespace boxoffice
