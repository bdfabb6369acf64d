#pragma once

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QString>

#include <optional>

namespace boxoffice {

// When to try a lost connection again, and what to say about it: attempts wait from half a second,
// doubling up to five; the loss is logged once per reason and the return once, so a server away for an
// hour writes a few lines, not thousands. `role` names the user in the log ("outbox relay"),
// `meanwhile` says what that means for the orders ("Paid orders' events wait in the outbox.").
class ReconnectBackoff
{
public:
    explicit ReconnectBackoff(QString role, QString meanwhile = {})
        : m_role(std::move(role)), m_meanwhile(std::move(meanwhile))
    { }

    bool due() const { return m_retryAt.hasExpired(); }
    int msUntilDue() const { return int(qMax<qint64>(0, m_retryAt.remainingTime())); }
    // `what` is the server ("RabbitMQ", "the database"), `reason` the error's message.
    void failed(const QString &what, const QString &reason);
    void succeeded(const QString &what);

private:
    QString m_role;
    QString m_meanwhile;
    QDeadlineTimer m_retryAt{0};
    int m_backoffMs = 0;
    std::optional<QString> m_downReason;
    QElapsedTimer m_downSince;
};

} // namespace boxoffice
