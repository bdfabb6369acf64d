#include "ui/sale/serverclock.h"

namespace boxoffice {

ServerClock::ServerClock(QObject *parent) : QObject(parent)
{
    m_timer.setInterval(1000);
    m_timer.setTimerType(Qt::CoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] { emit ticked(now()); });
}

void ServerClock::calibrate(const QDateTime &serverNow, const QDateTime &sentAtUtc, const QDateTime &receivedAtUtc)
{
    // The server read its clock somewhere in the round trip: assume the middle.
    const qint64 localMiddle = (sentAtUtc.toMSecsSinceEpoch() + receivedAtUtc.toMSecsSinceEpoch()) / 2;
    m_offsetMs = serverNow.toMSecsSinceEpoch() - localMiddle;
}

QDateTime ServerClock::now() const
{
    return QDateTime::currentDateTimeUtc().addMSecs(m_offsetMs);
}

void ServerClock::start()
{
    m_timer.start();
    emit ticked(now());
}

void ServerClock::stop()
{
    m_timer.stop();
}

} // namespace boxoffice
