#pragma once

#include "domain/inventorywatch.h"
#include "storage/connectionsettings.h"

#include <QThread>

#include <memory>

class QTimer;

namespace boxoffice {

class DatabaseConnection;

// How often a watch looks, falls back, takes over and reconnects; tests shorten or lengthen these.
struct InventoryWatchTiming
{
    int relayMs = 250; // how often the relaying watcher looks for new audit lines
    int fallbackMs = 2000; // "changed" without a notification, in case one was lost
    int leadRetryMs = 2000; // how soon a follower takes over when the relaying watcher is gone
    int reconnectMs = 2000;
};

// InventoryWatch on PostgreSQL LISTEN/NOTIFY, on a connection and thread of its own (a QPSQL connection
// delivers notifications only to the thread that opened it, through that thread's event loop).
//
// Claims never NOTIFY: a notifying transaction holds a server-wide lock through its commit flush, and
// claims would then commit one at a time. Instead one watcher among all the terminals (whoever holds a
// session advisory lock; another takes over when its connection goes) follows the audit trail's
// newest id and sends one NOTIFY per batch of changes. Every watcher also says "changed" every few
// seconds, so a lost notification costs a short delay, never a stale map.
class PgInventoryWatch final : public InventoryWatch
{
    Q_OBJECT
public:
    static constexpr char channel[] = "inventory_changes";

    explicit PgInventoryWatch(ConnectionSettings settings, InventoryWatchTiming timing = {});
    ~PgInventoryWatch() override;

    // All three run in the watch's own thread (queued from elsewhere).
    void start();
    void stop();
    // Another clerk signed in at this terminal: listen on their login from now on.
    void restartAs(const ConnectionSettings &settings);

private:
    void connectToServer();
    void relay();
    void tryToLead();
    void lose(const QString &reason);
    void onNotification(const QString &name);

    ConnectionSettings m_settings;
    InventoryWatchTiming m_timing;
    std::unique_ptr<DatabaseConnection> m_connection;
    QTimer *m_relayTimer = nullptr;
    QTimer *m_fallbackTimer = nullptr;
    QTimer *m_leadTimer = nullptr;
    QTimer *m_reconnectTimer = nullptr;
    bool m_leader = false;
    bool m_lost = false;
    qint64 m_lastAnnounced = -1;
};

// Owns the thread a PgInventoryWatch lives in; signals of watch() arrive queued in the owner's thread.
class InventoryWatchThread
{
public:
    explicit InventoryWatchThread(ConnectionSettings settings, InventoryWatchTiming timing = {});
    ~InventoryWatchThread();

    InventoryWatch *watch() const { return m_watch; }
    void start();
    // Signing out closes the watch's connection too; the next sign-in opens it on the new login.
    void stop();
    void restartAs(const ConnectionSettings &settings);

private:
    QThread m_thread;
    PgInventoryWatch *m_watch;
};

} // namespace boxoffice
