#include "ui/desk/databasewaitindicator.h"

#include "ui/common/databasecalls.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

namespace boxoffice {

DatabaseWaitIndicator::DatabaseWaitIndicator(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("databaseWait"));
    setAccessibleName(tr("Waiting for the server"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_bar = new QProgressBar;
    m_bar->setRange(0, 0); // no end known: it moves to show the window is alive
    m_bar->setMaximumWidth(90);
    m_bar->setMaximumHeight(14);
    m_bar->setTextVisible(false);
    m_label = new QLabel;
    layout->addWidget(m_bar);
    layout->addWidget(m_label);
    hide();
    DatabaseWaits &waits = DatabaseWaits::instance();
    connect(&waits, &DatabaseWaits::longWaitStarted, this, &DatabaseWaitIndicator::started);
    connect(&waits, &DatabaseWaits::stillWaiting, this, &DatabaseWaitIndicator::update);
    connect(&waits, &DatabaseWaits::waitEnded, this, &DatabaseWaitIndicator::ended);
}

DatabaseWaitIndicator::~DatabaseWaitIndicator()
{
    if (m_cursorSet)
        QApplication::restoreOverrideCursor();
}

QString DatabaseWaitIndicator::text() const
{
    return isVisible() ? m_label->text() : QString();
}

void DatabaseWaitIndicator::started()
{
    update(DatabaseWaits::showAfterMs);
    show();
    if (!m_cursorSet) {
        QApplication::setOverrideCursor(Qt::BusyCursor);
        m_cursorSet = true;
    }
}

void DatabaseWaitIndicator::update(int elapsedMs)
{
    const int seconds = elapsedMs / 1000;
    m_label->setText(seconds < 1 ? tr("Waiting for the server…")
                                 : tr("Waiting for the server… %n s", nullptr, seconds));
    setAccessibleDescription(m_label->text());
}

void DatabaseWaitIndicator::ended()
{
    hide();
    if (m_cursorSet) {
        QApplication::restoreOverrideCursor();
        m_cursorSet = false;
    }
}

} // namespace boxoffice
