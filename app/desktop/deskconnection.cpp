#include "deskconnection.h"

#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"

#include <QSettings>

namespace boxoffice {

ConnectionLimits counterConnectionLimits()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("connection"));
    const auto value = [&](const char *key, int fallback) {
        bool ok = false;
        const int read = settings.value(QLatin1String(key), fallback).toInt(&ok);
        return ok && read >= 0 ? read : fallback;
    };
    ConnectionLimits limits;
    limits.connectTimeoutSeconds = value("connectTimeoutSeconds", 5);
    limits.statementTimeoutMs = value("statementTimeoutMs", 5000);
    limits.lockTimeoutMs = value("lockTimeoutMs", 3000);
    limits.keepalivesIdleSeconds = value("keepalivesIdleSeconds", 5);
    limits.keepalivesIntervalSeconds = value("keepalivesIntervalSeconds", 2);
    limits.keepalivesCount = value("keepalivesCount", 3);
    limits.tcpUserTimeoutMs = value("tcpUserTimeoutMs", 10000);
    return limits;
}

Result<std::unique_ptr<DeskConnection>> DeskConnection::open(const ConnectionSettings &staff)
{
    ConnectionSettings limited = staff;
    limited.limits = counterConnectionLimits();
    auto connection = DatabaseConnection::open(limited, QStringLiteral("desk"));
    if (!connection) {
        DomainError error = connection.error();
        // 28P01 (wrong password) and 28000 (no such role, or not allowed in): one answer, so a
        // stranger learns nothing about which logins exist.
        if (error.code == ErrorCode::PermissionDenied || error.sqlState.startsWith(QLatin1String("28")))
            return withReason(
                makeError(ErrorCode::PermissionDenied, QStringLiteral("The user name or password is not right.")),
                ErrorReason::SignInRefused);
        return error;
    }
    // Every counter payment and refund on this connection records this terminal (migration 020).
    if (auto named = PgTillStore::setTerminal(connection.value()->database(), DeskWindow::terminalName()); !named)
        return named.error();
    auto role = StaffAdmin(connection.value()->database()).currentRole();
    if (!role)
        return role.error();
    std::unique_ptr<DeskConnection> session(new DeskConnection(std::move(connection.value())));
    session->m_role = role.value();
    return session;
}

DeskConnection::DeskConnection(std::unique_ptr<DatabaseConnection> connection)
    : m_connection(std::move(connection)), m_inventory(m_connection->database()), m_maps(m_connection->database()),
      m_counter(m_connection->database(), m_inventory.carts), m_frontDeskStore(m_connection->database()),
      m_unit(m_connection->database()), m_holds(m_inventory.seats), m_hotels(m_inventory.hotels),
      m_carts(m_inventory.carts), m_sales(m_counter), m_frontDesk(m_frontDeskStore, m_counter, m_unit),
      m_doorStore(m_connection->database()), m_door(m_doorStore), m_orderStore(m_connection->database()),
      m_orders(m_orderStore), m_pools(m_inventory.pools), m_slots(m_inventory.timeSlots)
{
    m_afterSales = std::make_unique<AfterSalesWiring>(m_connection->database(), m_inventory.carts, m_counter,
                                                      m_orderStore, m_unit);
}

DeskServices DeskConnection::services()
{
    DeskServices services;
    services.holds = &m_holds;
    services.carts = &m_carts;
    services.sales = &m_sales;
    services.maps = &m_maps;
    services.hotels = &m_hotels;
    services.frontDesk = &m_frontDesk;
    services.door = &m_door;
    services.orders = &m_orders;
    services.till = [staff = m_connection->settings(), terminal = DeskWindow::terminalName()]() {
        return PgTillSession::open(staff, terminal);
    };
    services.reprints = &m_reprints;
    services.afterSales = m_afterSales->services();
    // The same server as this session; only who signs in differs.
    services.managerSignIn = [server = m_connection->settings()](const QString &login, const QString &password) {
        return ManagerConnection::openOnOwnThread(server, login, password);
    };
    services.pools = &m_pools;
    services.tables = &m_slots;
    services.priceTypes = &m_priceTypes;
    services.house = &m_house;
    services.guests = &m_guests;
    services.folio = &m_folio;
    services.blocks = &m_blocks;
    services.rates = &m_rates;
    services.hotelLists = &m_hotelLists;
    services.rooms = &m_rooms;
    services.nightAudit = &m_nightAudit;
    return services;
}

} // namespace boxoffice
