#include "staffswitch.h"

#include "desksession.h"
#include "storage/pginventorywatch.h"
#include "ui/desk/deskwindow.h"
#include "ui/signin/signindialog.h"

namespace boxoffice {

StaffSwitch::StaffSwitch(SessionKeeper &keeper, DeskWindow &window, QString where, InventoryWatchThread *watch,
                         QObject *parent)
    : QObject(parent), m_keeper(keeper), m_window(window), m_where(std::move(where)), m_watch(watch)
{
    connect(&m_window, &DeskWindow::signInRequested, this, &StaffSwitch::signInAgain);
}

void StaffSwitch::signInAgain()
{
    // The server, port and database stay; only who signs in changes.
    ConnectionSettings next = m_keeper.staff();
    next.user.clear();
    next.password.clear();
    m_keeper.close();
    if (m_watch)
        m_watch->stop();
    const QString server = m_window.staff().server;
    SignInDialog dialog(
        m_where,
        [&](const QString &user, const QString &password) -> Status {
            ConnectionSettings staff = next;
            staff.user = user;
            staff.password = password;
            auto opened = DeskSession::open(staff);
            if (!opened)
                return opened.error();
            // Identity first, so the front desk is built for the new role before it loads.
            m_window.setStaff(StaffIdentity{user, opened.value()->role(), server});
            if (m_watch)
                m_watch->restartAs(staff);
            m_keeper.adopt(std::move(opened.value()), std::move(staff));
            return Done{};
        },
        &m_window);
    dialog.setWindowTitle(tr("Box office: sign in at %1").arg(DeskWindow::terminalName()));
    if (signInHook)
        signInHook(dialog);
    else
        dialog.exec();
}

} // namespace boxoffice
