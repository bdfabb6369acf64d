#include "desksession.h"

#include "deskconnection.h"
#include "domain/inventorywatch.h"
#include "sessionthread.h"
#include "storage/connectionprobe.h"
#include "storage/logging.h"
#include "storage/staffadmin.h"
#include "ui/desk/connectionbanner.h"
#include "ui/desk/deskwindow.h"

#include <QSettings>

namespace boxoffice {

Result<std::unique_ptr<DeskSession>> DeskSession::open(const ConnectionSettings &staff)
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("desk database"));
    const DatabaseCalls calls = callsOn(thread);
    auto connection = calls([&] { return DeskConnection::open(staff); });
    if (!connection)
        return connection.error();
    return std::unique_ptr<DeskSession>(new DeskSession(std::move(thread), calls, std::move(connection.value())));
}

DeskSession::DeskSession(std::shared_ptr<DatabaseThread> thread, DatabaseCalls calls,
                         std::unique_ptr<DeskConnection> connection)
    : m_thread(std::move(thread)), m_calls(std::move(calls)), m_connection(std::move(connection)),
      m_settings(m_connection->settings()), m_role(m_connection->role())
{ }

DeskSession::~DeskSession()
{
    // The connection and every store's prepared statements belong to the database thread. Blocking on
    // purpose: a wait that ran the event loop would let a timer of the window call into the stores
    // being destroyed.
    m_thread->runBlocking([this] { m_connection.reset(); });
}

DeskServices DeskSession::services()
{
    DeskServices services = m_connection->services();
    services.calls = m_calls;
    services.afterSales.calls = m_calls;
    return services;
}

Result<DeskSession::ClockReading> DeskSession::readServerClock()
{
    ClockReading reading;
    reading.sentAtUtc = QDateTime::currentDateTimeUtc();
    auto now = m_calls([this] { return m_connection->serverNow(); });
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

SessionKeeper::~SessionKeeper()
{
    // The window outlives its keeper (the desktop's main and the tests declare it first): it must not
    // keep pointers into the session that goes now.
    if (m_session)
        m_window.setServices({});
}

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
    // A call of the window is still out on the old session (it ends within its time limits): the
    // session is replaced once it is back, never under it.
    if (DatabaseWaits::instance().waiting()) {
        m_retry.start(200);
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
    // The probe just reached the server; the sign-in runs on the new session's database thread, the
    // window painting meanwhile, and connect_timeout bounds it should the network go again.
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
