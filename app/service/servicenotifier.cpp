#include "servicenotifier.h"

#include <QLoggingCategory>

#ifdef BOXOFFICE_HAVE_SYSTEMD
#include <systemd/sd-daemon.h>
#endif

Q_LOGGING_CATEGORY(lcService, "boxoffice.service", QtInfoMsg)

namespace boxoffice {

ServiceNotifier::ServiceNotifier(QObject *parent) : QObject(parent)
{
#ifdef BOXOFFICE_HAVE_SYSTEMD
    uint64_t usec = 0;
    if (sd_watchdog_enabled(0, &usec) > 0 && usec > 0)
        m_watchdogMs = int(std::max<uint64_t>(usec / 1000 / 2, 1));
#endif
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        if (!m_healthy || m_healthy())
            alive();
        else
            qCWarning(lcService) << "unhealthy: withholding the watchdog keep-alive";
    });
}

bool ServiceNotifier::underSystemd() const
{
    return !qEnvironmentVariableIsEmpty("NOTIFY_SOCKET");
}

void ServiceNotifier::send(const QByteArray &state)
{
#ifdef BOXOFFICE_HAVE_SYSTEMD
    if (underSystemd() && sd_notify(0, state.constData()) < 0)
        qCWarning(lcService) << "could not notify systemd:" << state;
#else
    Q_UNUSED(state);
#endif
}

void ServiceNotifier::ready(const QString &status)
{
    send("READY=1\nSTATUS=" + status.toUtf8());
}

void ServiceNotifier::status(const QString &status)
{
    send("STATUS=" + status.toUtf8());
}

void ServiceNotifier::stopping()
{
    send("STOPPING=1");
}

void ServiceNotifier::alive()
{
    send("WATCHDOG=1");
}

void ServiceNotifier::startWatchdog(std::function<bool()> healthy)
{
    if (m_watchdogMs <= 0)
        return;
    m_healthy = std::move(healthy);
    m_watchdog.start(m_watchdogMs);
    qCInfo(lcService) << "watchdog keep-alive every" << m_watchdogMs << "ms";
}

} // namespace boxoffice
