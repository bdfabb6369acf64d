#include "amqp/reconnectbackoff.h"

#include "amqp/amqplogging.h"

namespace boxoffice {

void ReconnectBackoff::failed(const QString &what, const QString &reason)
{
    m_backoffMs = m_backoffMs == 0 ? 500 : qMin(m_backoffMs * 2, 5000);
    m_retryAt.setRemainingTime(m_backoffMs);
    if (!m_downReason)
        m_downSince.start();
    // The same reason again is only worth a debug line; a new one (the broker answers, but refuses
    // our password now) is worth a warning.
    if (m_downReason == reason) {
        qCDebug(lcAmqp).noquote() << m_role << "still cannot use" << what << reason;
        return;
    }
    m_downReason = reason;
    qCWarning(lcAmqp).noquote() << QStringLiteral("%1: %2 cannot be used: %3 %4Trying again every few seconds.")
                                       .arg(m_role, what, reason,
                                            m_meanwhile.isEmpty() ? QString() : m_meanwhile + QLatin1Char(' '));
}

void ReconnectBackoff::succeeded(const QString &what)
{
    if (m_downReason)
        qCInfo(lcAmqp).noquote() << QStringLiteral("%1: %2 is back (away %3 s).")
                                        .arg(m_role, what, QString::number(m_downSince.elapsed() / 1000));
    m_downReason.reset();
    m_backoffMs = 0;
    m_retryAt.setRemainingTime(0);
}

} // namespace boxoffice
