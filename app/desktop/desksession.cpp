#include "desksession.h"

#include "domain/inventorywatch.h"
#include "storage/connectionprobe.h"
#include "storage/logging.h"
#include "storage/staffadmin.h"
#include "ui/desk/connectionbanner.h"
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

Result<std::unique_ptr<DeskSession>> DeskSession::open(const ConnectionSettings &staff)
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
      m_orders(m_orderStore), m_pools(m_inventory.pools), m_slots(m_inventory.timeSlots)
{
    m_afterSales = std::make_unique<AfterSalesWiring>(m_connection->database(), m_inventory.carts, m_counter,
                                                      m_orderStore, m_unit);
}

DeskServices DeskSession::services()
{
    DeskServices services{&m_holds, &m_carts, &m_sales, &m_maps, &m_hotels, &m_frontDesk, &m_door, &m_orders};
    services.till = [staff = m_connection->settings(), terminal = DeskWindow::terminalName()]() {
        return PgTillSession::open(staff, terminal);
    };
    services.reprints = &m_reprints;
    services.afterSales = m_afterSales->services();
    // The same server as this session; only who signs in differs.
    services.managerSignIn = [server = m_connection->settings()](const QString &login, const QString &password) {
        return ManagerConnection::open(server, login, password);
    };
    services.pools = &m_pools;
    services.tables = &m_slots;
    services.priceTypes = &m_priceTypes;
    services.house = &m_house;
    return services;
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
    : QObject(parent), m_staff(std::move(staff)), m_session(std::move(session)), m_window(window),
      m_probe(new ConnectionProbe(this))
{
    m_window.setServices(m_session->services());
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &SessionKeeper::probe);
    connect(m_probe, &ConnectionProbe::finished, this, &SessionKeeper::onProbeFinished);
    connect(&m_window, &DeskWindow::connectionTroubled, this, &SessionKeeper::connectionTrouble);
    if (watch) {
        connect(watch, &InventoryWatch::connectionLost, this, &SessionKeeper::connectionTrouble);
        // The watch's own reconnect is a probe too: try at once rather than at the next tick.
        connect(watch, &InventoryWatch::connectionRestored, this, [this] {
            if (m_session && m_needsSession && !m_probe->running())
                m_retry.start(0);
        });
    }
}

SessionKeeper::~SessionKeeper() = default;

void SessionKeeper::setRetryIntervals(int firstMs, int everyMs)
{
    m_firstRetryMs = firstMs;
    m_retryMs = everyMs;
}

void SessionKeeper::connectionTrouble()
{
    if (!m_session || m_needsSession)
        return;
    m_needsSession = true;
    m_attempt = 0;
    m_retry.start(m_firstRetryMs);
}

void SessionKeeper::probe()
{
    if (!m_session || !m_needsSession || m_probe->running())
        return;
    ++m_attempt;
    m_window.connectionBanner()->attemptStarted(m_attempt);
    ConnectionSettings settings = m_staff;
    settings.limits = counterConnectionLimits();
    m_probe->start(settings);
}

void SessionKeeper::onProbeFinished(bool reached, const QString &reason)
{
    if (!m_session || !m_needsSession)
        return;
    if (!reached) {
        qCInfo(lcStorage) << "desk: reconnect attempt" << m_attempt << "failed:" << reason;
        retryLater();
        return;
    }
    m_window.connectionBanner()->serverAnswers();
    reopen();
}

void SessionKeeper::retryLater()
{
    m_window.connectionBanner()->attemptFailed(m_attempt, QDateTime::currentDateTimeUtc().addMSecs(m_retryMs));
    m_retry.start(m_retryMs);
}

void SessionKeeper::reopen()
{
    // The probe just reached the server, so this connect (on the GUI thread, where the window's
    // stores must live) does not wait on a dead network; connect_timeout bounds it if it does.
    auto reopened = DeskSession::open(m_staff);
    if (!reopened) {
        qCWarning(lcStorage) << "desk: signing in again failed:" << reopened.error().message;
        retryLater();
        return;
    }
    adopt(std::move(reopened.value()), m_staff);
}

void SessionKeeper::close()
{
    m_needsSession = false;
    m_retry.stop();
    m_window.setServices({});
    m_session.reset();
    m_staff.password.clear();
}

void SessionKeeper::adopt(std::unique_ptr<DeskSession> session, ConnectionSettings staff)
{
    m_window.setServices({});
    m_needsSession = false;
    m_retry.stop();
    m_staff = std::move(staff);
    m_session = std::move(session);
    m_window.setServices(m_session->services());
    emit sessionReplaced();
}

} // namespace boxoffice
