#pragma once

#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/seatholdservice.h"
#include "storage/connectionsettings.h"
#include "storage/databaseconnection.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/pgseatmapstore.h"
#include "ui/desk/deskservices.h"

#include <QDateTime>

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
    SeatHoldService m_holds;
    CartService m_carts;
    CounterSaleService m_sales;
    StaffRole m_role = StaffRole::Clerk;
};

} // namespace boxoffice
