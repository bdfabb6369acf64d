#pragma once

#include "ui/desk/deskservices.h"

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace boxoffice {

class ManagerApprovalDialog;

// Runs what only a manager may do: on the desk's own connection when a manager is signed in here;
// otherwise on a connection a manager signs in to on the spot (ManagerApprovalDialog), closed again
// as soon as the action returns, or (when offered) sent to the managers' queue. The database decides
// either way: a clerk's connection is refused whatever this class believes about the role.
class ManagerGate
{
public:
    enum class Outcome { Done, Failed, Queued, Cancelled, Unavailable };
    struct Run
    {
        Outcome outcome = Outcome::Cancelled;
        std::optional<DomainError> error; // Failed: the action's own refusal
        QString approvedBy; // the manager's login (empty: the signed-in manager)
    };
    using Action = std::function<Status(const AfterSalesServices &services)>;

    void setServices(const AfterSalesServices &own, ManagerSignIn signIn)
    {
        m_own = own;
        m_signIn = std::move(signIn);
    }
    void setRole(StaffRole role) { m_role = role; }
    StaffRole role() const { return m_role; }
    const AfterSalesServices &own() const { return m_own; }

    Run run(QWidget *parent, const QString &what, const Action &action, bool canQueue);

    // For tests: called with the dialog instead of exec(); returns "accepted".
    std::function<bool(ManagerApprovalDialog &)> hook;

private:
    AfterSalesServices m_own;
    ManagerSignIn m_signIn;
    StaffRole m_role = StaffRole::Clerk;
};

// A refusal worded for a clerk: no order or cart ids, no SQL.
QString clerkWords(const DomainError &error);

} // namespace boxoffice
