#pragma once

#include <QDateTime>
#include <QLabel>

namespace boxoffice {

// The one banner above every tab (box office, front desk, door, orders) while the server is out of
// reach: when the connection was lost, what still holds and what waits, and where reconnecting is.
// It is told, it never asks: the desk window feeds it the loss, the cart's holds and each attempt.
class ConnectionBanner : public QLabel
{
    Q_OBJECT
public:
    explicit ConnectionBanner(QWidget *parent = nullptr);

    // The first loss is the one the banner names; later reports of the same outage keep its time.
    void connectionLost(const QDateTime &at);
    // What this sale holds: how many items and when the first hold runs out (server time, corrected).
    void setHolds(int items, const QDateTime &firstExpiry);
    void attemptStarted(int attempt);
    void attemptFailed(int attempt, const QDateTime &nextTry);
    void serverAnswers(); // the server is reachable again: signing in again, reloading
    void connectionBack();
    // Refreshes the countdowns ("next try in 2 s") from the shared clock's tick.
    void tick(const QDateTime &now);

    bool lost() const { return m_lostAt.isValid(); }

private:
    enum class Retry { Waiting, Trying, Failed, Answers };
    void render();

    QDateTime m_lostAt;
    QDateTime m_now;
    int m_items = 0;
    QDateTime m_firstExpiry;
    Retry m_retry = Retry::Waiting;
    int m_attempt = 0;
    QDateTime m_nextTry;
};

} // namespace boxoffice
