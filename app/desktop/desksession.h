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
#include "storage/pghouseseatstore.h"
#include "storage/pgpricetypestore.h"
#include "storage/pgorderlookup.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgseatmapstore.h"
#include "storage/pgtillstore.h"
#include "storage/pgticketreprints.h"
#include "storage/pgunitofwork.h"
#include "ui/desk/deskservices.h"

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include <memory>

namespace boxoffice {

class ConnectionProbe;

// The time limits of every desk connection, from QSettings group "connection" (statementTimeoutMs,
// lockTimeoutMs, connectTimeoutSeconds, keepalivesIdleSeconds, keepalivesIntervalSeconds,
// keepalivesCount, tcpUserTimeoutMs), with a counter's defaults: a statement waits at most 5 s, a
// lock 3 s, and a server that vanished is noticed within about 10 s.
ConnectionLimits counterConnectionLimits();

// One signed-in clerk's connection and everything built on it. Rebuilt whole after a reconnect: a
// QPSQL connection that lost its server does not come back.
class DeskSession
{
public:
    // Opens a connection as `staff` (user and password set), with the counter's time limits, and
    // checks that the login is staff.
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
};

class DeskWindow;
class InventoryWatch;

// Keeps a desk window on a working connection. When the watch reports the connection lost, or a call
// of the window finds it gone, it probes the server off the GUI thread (ConnectionProbe) every few
// seconds, the window's banner showing each attempt; once the server answers it signs in again with
// the same login on the GUI thread, hands the window the new session's services (the window reloads
// and takes the banner down), and only then lets the old session go.
class SessionKeeper : public QObject
{
    Q_OBJECT
public:
    SessionKeeper(ConnectionSettings staff, std::unique_ptr<DeskSession> session, DeskWindow &window,
                  InventoryWatch *watch, QObject *parent = nullptr);
    ~SessionKeeper() override;

    // How soon the first probe runs after a loss, and how long between failed attempts.
    void setRetryIntervals(int firstMs, int everyMs);
    bool reconnecting() const { return m_needsSession; }

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
    void connectionTrouble();
    void probe();
    void onProbeFinished(bool reached, const QString &reason);
    void reopen();
    void retryLater();

    ConnectionSettings m_staff;
    std::unique_ptr<DeskSession> m_session;
    DeskWindow &m_window;
    ConnectionProbe *m_probe = nullptr;
    QTimer m_retry;
    int m_firstRetryMs = 500;
    int m_retryMs = 2000;
    int m_attempt = 0;
    bool m_needsSession = false;
};

} // namespace boxoffice
