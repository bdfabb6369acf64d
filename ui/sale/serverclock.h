#pragma once

#include <QDateTime>
#include <QObject>
#include <QTimer>

namespace boxoffice {

// The one clock every countdown reads: the database's time, estimated as the local clock plus the
// offset measured at sign-in, ticking once a second. Holds expire by the server's clock, so the
// screen must count towards the server's expiry, not the PC's idea of it.
class ServerClock : public QObject
{
    Q_OBJECT
public:
    explicit ServerClock(QObject *parent = nullptr);

    // `serverNow` was read from the server between `sentAtUtc` and `receivedAtUtc` (local clock).
    void calibrate(const QDateTime &serverNow, const QDateTime &sentAtUtc, const QDateTime &receivedAtUtc);
    qint64 offsetMs() const { return m_offsetMs; }
    QDateTime now() const;
    void start();
    void stop();

signals:
    void ticked(const QDateTime &serverNow);

private:
    QTimer m_timer;
    qint64 m_offsetMs = 0;
};

} // namespace boxoffice
