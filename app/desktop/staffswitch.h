#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace boxoffice {

class DeskWindow;
class InventoryWatchThread;
class SessionKeeper;
class SignInDialog;

// Hands the desk to whoever signs in next, without restarting: when the window has signed out, the
// old connection closes, the sign-in dialog asks, and the new clerk's session and identity replace
// the old. Cancelled, the window stays locked until someone signs in.
class StaffSwitch : public QObject
{
    Q_OBJECT
public:
    // `where`: the server, as the sign-in dialog describes it to the clerk.
    // `watch`, when there is one, follows the signed-in login too.
    StaffSwitch(SessionKeeper &keeper, DeskWindow &window, QString where, InventoryWatchThread *watch = nullptr,
                QObject *parent = nullptr);

    // For tests: called with the sign-in dialog instead of exec(); returns "accepted".
    std::function<bool(SignInDialog &)> signInHook;

private:
    void signInAgain();

    SessionKeeper &m_keeper;
    DeskWindow &m_window;
    QString m_where;
    InventoryWatchThread *m_watch;
};

} // namespace boxoffice
