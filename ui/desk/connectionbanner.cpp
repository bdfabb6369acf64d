#include "ui/desk/connectionbanner.h"

namespace boxoffice {

ConnectionBanner::ConnectionBanner(QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("connectionBanner"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setStyleSheet(QStringLiteral("background:#b01c1c; color:white; padding:6px; font-weight:bold;"));
    setAccessibleName(tr("Connection to the server"));
    hide();
}

void ConnectionBanner::connectionLost(const QDateTime &at)
{
    if (!m_lostAt.isValid()) {
        m_lostAt = at;
        m_retry = Retry::Waiting;
        m_attempt = 0;
    }
    m_now = at;
    render();
    show();
}

void ConnectionBanner::setHolds(int items, const QDateTime &firstExpiry)
{
    m_items = items;
    m_firstExpiry = firstExpiry;
    if (lost())
        render();
}

void ConnectionBanner::attemptStarted(int attempt)
{
    m_retry = Retry::Trying;
    m_attempt = attempt;
    if (lost())
        render();
}

void ConnectionBanner::attemptFailed(int attempt, const QDateTime &nextTry)
{
    m_retry = Retry::Failed;
    m_attempt = attempt;
    m_nextTry = nextTry;
    if (lost())
        render();
}

void ConnectionBanner::serverAnswers()
{
    m_retry = Retry::Answers;
    if (lost())
        render();
}

void ConnectionBanner::connectionBack()
{
    m_lostAt = {};
    m_retry = Retry::Waiting;
    m_attempt = 0;
    hide();
}

void ConnectionBanner::tick(const QDateTime &now)
{
    m_now = now;
    if (lost())
        render();
}

void ConnectionBanner::render()
{
    const QString what = tr("The connection to the box-office server was lost at %1.")
                             .arg(m_lostAt.toLocalTime().toString(QStringLiteral("HH:mm")));
    QString holds;
    if (m_items > 0 && m_firstExpiry.isValid())
        holds = tr("Everything held for this sale stays held until at least %1; nothing sold or paid is lost.")
                    .arg(m_firstExpiry.toLocalTime().toString(QStringLiteral("HH:mm")));
    else
        holds = tr("Nothing sold or paid is lost.");
    const QString waits = tr("Holding, selling and front-desk bookings wait until the connection is back; the map "
                             "and the cart still show what you had.");
    QString retry;
    switch (m_retry) {
    case Retry::Waiting:
        retry = tr("Now reconnecting…");
        break;
    case Retry::Trying:
        retry = tr("Now reconnecting (attempt %1)…").arg(m_attempt);
        break;
    case Retry::Failed: {
        const qint64 seconds
            = m_now.isValid() && m_nextTry.isValid() ? qMax<qint64>(0, (m_now.msecsTo(m_nextTry) + 999) / 1000) : 0;
        retry = tr("Attempt %1 did not reach the server; reconnecting again in %n s.", nullptr, int(seconds))
                    .arg(m_attempt);
        break;
    }
    case Retry::Answers:
        retry = tr("The server answers again: reconnecting your session and reloading…");
        break;
    }
    const QString text = what + QLatin1Char(' ') + holds + QLatin1Char('\n') + waits + QLatin1Char(' ') + retry;
    if (text == QLabel::text())
        return;
    setText(text);
    setAccessibleDescription(text);
}

} // namespace boxoffice
