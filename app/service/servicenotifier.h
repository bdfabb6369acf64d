#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

namespace boxoffice {

// Tells systemd how a Type=notify service is doing: READY once it serves, STATUS lines an operator
// sees in `systemctl status`, STOPPING on the way out, and the watchdog's keep-alive. The keep-alive
// is sent from the event loop of the thread that owns this object, and only while `healthy` says so:
// a loop that hangs, or a service that cannot do its work, stops the pings and systemd restarts it.
// Outside systemd (no NOTIFY_SOCKET) every call does nothing.
class ServiceNotifier : public QObject
{
public:
    explicit ServiceNotifier(QObject *parent = nullptr);

    void ready(const QString &status);
    void status(const QString &status);
    void stopping();
    // A keep-alive now (a long job between event-loop turns calls this at safe points).
    void alive();
    // Starts the keep-alive timer at half the unit's WatchdogSec; does nothing without a watchdog.
    void startWatchdog(std::function<bool()> healthy = {});

    bool underSystemd() const;
    int watchdogIntervalMs() const { return m_watchdogMs; }

private:
    void send(const QByteArray &state);

    QTimer m_watchdog;
    std::function<bool()> m_healthy;
    int m_watchdogMs = 0;
};

} // namespace boxoffice
