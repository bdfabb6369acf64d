#include "desksession.h"

#include "domain/inventorywatch.h"
#include "storage/logging.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"

namespace boxoffice {

Result<std::unique_ptr<DeskSession>> DeskSession::open(const ConnectionSettings &staff)
{
    auto connection = DatabaseConnection::open(staff, QStringLiteral("desk"));
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
    auto role = StaffAdmin(connection.value()->database()).currentRole();
    if (!role)
        return role.error();
    std::unique_ptr<DeskSession> session(new DeskSession(std::move(connection.value())));
    session->m_role = role.value();
    return session;
}

DeskSession::DeskSession(std::unique_ptr<DatabaseConnection> connection)
    : m_connection(std::move(connection)), m_inventory(m_connection->database()), m_maps(m_connection->database()),
      m_counter(m_connection->database(), m_inventory.carts), m_frontDeskStore(m_connection->database()),
      m_unit(m_connection->database()), m_holds(m_inventory.seats), m_hotels(m_inventory.hotels),
      m_carts(m_inventory.carts), m_sales(m_counter), m_frontDesk(m_frontDeskStore, m_counter, m_unit),
      m_doorStore(m_connection->database()), m_door(m_doorStore), m_orderStore(m_connection->database()),
      m_orders(m_orderStore)
{ }

DeskServices DeskSession::services()
{
    return DeskServices{&m_holds, &m_carts, &m_sales, &m_maps, &m_hotels, &m_frontDesk, &m_door, &m_orders};
}

Result<DeskSession::ClockReading> DeskSession::readServerClock()
{
    ClockReading reading;
    reading.sentAtUtc = QDateTime::currentDateTimeUtc();
    auto now = m_maps.serverNow();
    reading.receivedAtUtc = QDateTime::currentDateTimeUtc();
    if (!now)
        return now.error();
    reading.serverNow = now.value();
    return reading;
}

SessionKeeper::SessionKeeper(ConnectionSettings staff, std::unique_ptr<DeskSession> session, DeskWindow &window,
                             InventoryWatch *watch, QObject *parent)
    : QObject(parent), m_staff(std::move(staff)), m_session(std::move(session)), m_window(window)
{
    m_window.setServices(m_session->services());
    if (watch)
        connect(watch, &InventoryWatch::connectionRestored, this, &SessionKeeper::reopen);
}

SessionKeeper::~SessionKeeper() = default;

void SessionKeeper::reopen()
{
    if (!m_session)
        return;
    auto reopened = DeskSession::open(m_staff);
    if (!reopened) {
        // The watch reconnected, so the next loss and return will try again.
        qCWarning(lcStorage) << "desk: signing in again failed:" << reopened.error().message;
        return;
    }
    adopt(std::move(reopened.value()), m_staff);
}

void SessionKeeper::close()
{
    m_window.setServices({});
    m_session.reset();
    m_staff.password.clear();
}

void SessionKeeper::adopt(std::unique_ptr<DeskSession> session, ConnectionSettings staff)
{
    m_window.setServices({});
    m_staff = std::move(staff);
    m_session = std::move(session);
    m_window.setServices(m_session->services());
    emit sessionReplaced();
}

} // namespace boxoffice
