#include "ui/orders/managergate.h"

#include "ui/orders/managerapprovaldialog.h"

#include <QCoreApplication>

namespace boxoffice {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("boxoffice", text); // the context lupdate gives a free tr() here
}

} // namespace

ManagerGate::Run ManagerGate::run(QWidget *parent, const QString &what, const Action &action, bool canQueue)
{
    Run run;
    if (m_role == StaffRole::Manager && m_own.ready()) {
        const Status status = action(m_own);
        run.outcome = status ? Outcome::Done : Outcome::Failed;
        if (!status)
            run.error = status.error();
        return run;
    }
    if (!m_signIn && !canQueue) {
        run.outcome = Outcome::Unavailable;
        return run;
    }
    Status actionStatus = Done{};
    ManagerApprovalDialog dialog(
        what,
        [&](const QString &login, const QString &password) -> Status {
            if (!m_signIn)
                return makeError(ErrorCode::Unavailable, QStringLiteral("No server to sign in to."));
            auto session = m_signIn(login, password);
            if (!session)
                return session.error();
            actionStatus = action(session.value()->services());
            run.approvedBy = session.value()->login();
            return Done{}; // the manager's connection closes here, whatever the action did
        },
        canQueue, parent);
    const bool accepted = hook ? hook(dialog) : dialog.exec() == QDialog::Accepted;
    if (!accepted || dialog.choice() == ManagerApprovalDialog::Choice::None)
        return run;
    if (dialog.choice() == ManagerApprovalDialog::Choice::Queued) {
        run.outcome = Outcome::Queued;
        return run;
    }
    run.outcome = actionStatus ? Outcome::Done : Outcome::Failed;
    if (!actionStatus)
        run.error = actionStatus.error();
    return run;
}

QString clerkWords(const DomainError &error)
{
    switch (error.code) {
    case ErrorCode::PermissionDenied:
        return tr("Only a manager may do this. Ask a manager to approve it here, or send it to a manager's queue.");
    case ErrorCode::Lost:
        return error.units.isEmpty()
            ? tr("The new seats are no longer held for this sale. Nothing was changed; hold them again.")
            : tr("%1 went to another buyer meanwhile. Nothing was changed; hold other seats and try again.")
                  .arg(error.units.join(QStringLiteral(", ")));
    case ErrorCode::Conflict:
        return tr("The order or the held seats changed meanwhile. Nothing was changed; look at the order again.");
    case ErrorCode::NotFound:
        return tr("That order or request does not exist any more.");
    case ErrorCode::Busy:
    case ErrorCode::Unavailable:
        return tr("The server is busy or cannot be reached. Nothing was changed; try again.");
    case ErrorCode::BadInput:
        return error.message; // the domain's own words about what was typed
    case ErrorCode::LimitReached:
    case ErrorCode::SchemaMismatch:
    case ErrorCode::Internal:
        break;
    }
    return tr("This could not be done. Nothing was changed.");
}

} // namespace boxoffice
