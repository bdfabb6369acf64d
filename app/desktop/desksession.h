#pragma once

#include "storage/connectionsettings.h"
#include "storage/databasethread.h"
#include "ui/common/databasecalls.h"
#include "ui/desk/deskservices.h"

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include <memory>

namespace boxoffice {

class ConnectionProbe;
class DeskConnection;
ConnectionLimits counterConnectionLimits(); // deskconnection.h

// A signed-in clerk's session as the window sees it: a DeskConnection on a database thread of its own,
// whose services the window calls through `services().calls`, so that they run there while the
// window keeps painting. Opening, every call and closing wait that way, never freezing the caller's
// window. Rebuilt whole after a reconnect: a QPSQL connection that lost its server does not come back.
class DeskSession
{
public:
    // Opens a connection as `staff` (user and password set), with the counter's time limits, and
    // checks that the login is staff.
    static Result<std::unique_ptr<DeskSession>> open(const ConnectionSettings &staff);
    ~DeskSession(); // closes the connection on its thread, then ends the thread

    DeskServices services();
    StaffRole role() const { return m_role; }
    const ConnectionSettings &settings() const { return m_settings; }
    DatabaseCalls calls() const { return m_calls; }

    struct ClockReading
    {
        QDateTime serverNow;
        QDateTime sentAtUtc;
        QDateTime receivedAtUtc;
    };
    Result<ClockReading> readServerClock();

private:
    DeskSession(std::shared_ptr<DatabaseThread> thread, DatabaseCalls calls,
                std::unique_ptr<DeskConnection> connection);

    std::shared_ptr<DatabaseThread> m_thread;
    DatabaseCalls m_calls;
    std::unique_ptr<DeskConnection> m_connection;
    ConnectionSettings m_settings;
    StaffRole m_role = StaffRole::Clerk;
};

class DeskWindow;
class InventoryWatch;

// Keeps a desk window on a working connection. When the watch reports the connection lost, or a call
// of the window finds it gone, it probes the server off the GUI thread (ConnectionProbe) every few
// seconds, the window's banner showing each attempt; once the server answers it signs in again with
// the same login (on a new session's database thread), hands the window the new session's services (the window reloads
// and takes the banner down), and only then lets the old session go.
class SessionKeeper : public QObject
{
    Q_OBJECT
public:
    // `window` must outlive the keeper.
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
