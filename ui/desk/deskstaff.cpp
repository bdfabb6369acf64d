// Who works at the desk window: the signed-in clerk and this terminal on screen at all times, and
// signing out (or handing the desk to someone else) without closing the program.

#include "ui/desk/deskwindow.h"
#include "ui/orders/orderlookuppanel.h"

#include "ui/common/clerkerror.h"
#include "ui/common/statewords.h"
#include "ui/desk/databasewaitindicator.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/sale/cartmodel.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/till/tillpanel.h"

#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QSysInfo>
#include <QTabWidget>
#include <QToolButton>

namespace boxoffice {

QString DeskWindow::terminalName()
{
    const QString configured = QSettings().value(QStringLiteral("desk/terminal")).toString().trimmed();
    return configured.isEmpty() ? QSysInfo::machineHostName() : configured;
}

void DeskWindow::buildStaffBar()
{
    m_staffLabel = new QLabel;
    m_staffLabel->setObjectName(QStringLiteral("staffLabel"));
    m_staffLabel->setStyleSheet(QStringLiteral("padding:0 8px; font-weight:bold;"));
    m_databaseWait = new DatabaseWaitIndicator;
    statusBar()->addPermanentWidget(m_databaseWait);
    statusBar()->addPermanentWidget(m_staffLabel);

    // A window shortcut like the sale keys, but kept enabled while locked: it is how the next clerk gets in.
    m_signOutAction = new QAction(tr("Sign out / s&witch user…"), this);
    m_signOutAction->setObjectName(QStringLiteral("signOutAction"));
    m_signOutAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_signOutAction->setShortcutContext(Qt::WindowShortcut);
    m_signOutAction->setToolTip(tr("Give back what this sale holds and let someone else sign in (Ctrl+L)"));
    connect(m_signOutAction, &QAction::triggered, this, [this] { signOut(); });
    addAction(m_signOutAction);
    auto *button = new QToolButton;
    button->setObjectName(QStringLiteral("signOutButton"));
    button->setDefaultAction(m_signOutAction);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    statusBar()->addPermanentWidget(button);
}

QString DeskWindow::staffText() const
{
    return m_staffLabel->text();
}

void DeskWindow::showStaff()
{
    if (m_locked) {
        m_staffLabel->setText(tr("Signed out · terminal %1 · press Ctrl+L to sign in").arg(terminalName()));
        m_signOutAction->setText(tr("&Sign in…"));
        return;
    }
    // The server's description can be a long socket path: it would crowd out the desk's messages.
    m_staffLabel->setText(
        tr("Signed in: %1 (%2) · terminal %3").arg(m_staff.user, staffRoleWords(m_staff.role), terminalName()));
    m_staffLabel->setToolTip(tr("Server: %1").arg(m_staff.server));
    m_signOutAction->setText(tr("Sign out / s&witch user…"));
}

bool DeskWindow::signOut()
{
    if (!m_locked) {
        const int seats = m_cart->rowCount();
        const bool stay = m_frontDesk->heldStay() != 0;
        if (seats > 0 || stay) {
            const bool onlySeats = m_cart->count(ItemKind::Seat) == seats;
            QString question = seats > 0
                ? (onlySeats ? tr("This sale holds %n seat(s). Signing out gives them back for sale.", nullptr, seats)
                             : tr("This sale holds %n item(s) (seats, standing places or tables). Signing out gives "
                                  "them back for sale.",
                                  nullptr, seats))
                : tr("A room is held for this booking. Signing out gives it back for sale.");
            if (seats > 0 && stay)
                question += QLatin1Char(' ') + tr("The room held at the front desk is given back too.");
            question += QLatin1Char(' ') + tr("Nothing already sold or paid changes. Sign out?");
            const bool agreed = confirmSignOutHook
                ? confirmSignOutHook(question)
                : QMessageBox::question(this, tr("Sign out"), question) == QMessageBox::Yes;
            if (!agreed)
                return false;
        }
        if (seats > 0 && m_connected) {
            const CartId cart = m_cartId;
            const auto released = m_services.calls([&] { return m_services.carts->releaseCart(cart); });
            if (!released) {
                showMessage(tr("What this sale holds could not be given back, so you are still signed in: %1")
                                .arg(ClerkError::text(released.error())),
                            true);
                return false;
            }
            for (const UnitId unit : m_cart->units())
                m_scene->applyChange(SeatChange{unit, SeatState::Available, {}, {}});
        }
        // Without a connection the holds cannot be given back now; they run out by themselves.
        if (stay && m_connected)
            m_frontDesk->releaseHeldStay();
        m_cart->clear();
        setLocked(true);
        showMessage(seats > 0 ? tr("Signed out; what the sale held is on sale again.") : tr("Signed out."));
    }
    emit signInRequested();
    return true;
}

void DeskWindow::setStaff(const StaffIdentity &staff)
{
    m_staff = staff;
    // The front desk is built for a role (a manager's buttons, a clerk's explanations), and the last
    // clerk's searches are not the next one's business: a fresh panel for whoever signed in.
    const int index = m_pages->indexOf(m_frontDesk);
    const bool current = m_pages->currentIndex() == index;
    const QString title = m_pages->tabText(index);
    auto *panel = new FrontDeskPanel(m_staff, m_clock);
    m_pages->removeTab(index);
    m_frontDesk->deleteLater();
    m_frontDesk = panel;
    m_pages->insertTab(index, panel, title);
    if (current)
        m_pages->setCurrentIndex(index);
    m_frontDesk->setServices(m_services);
    m_till->setStaff(m_staff);
    connectFrontDeskReceipts();
    m_orders->setStaffRole(m_staff.role);
    setLocked(false);
    startNewCart(); // named after the clerk who sells from it
    updateTitle();
}

void DeskWindow::setLocked(bool locked)
{
    m_locked = locked;
    // Nothing is sold without a signed-in clerk: every page and key is off, except signing in.
    m_pages->setEnabled(!locked);
    for (QAction *action : actions())
        action->setEnabled(!locked || action == m_signOutAction);
    showStaff();
}

} // namespace boxoffice
