#pragma once

#include "domain/result.h"

#include <QDialog>

#include <functional>

class QLabel;
class QLineEdit;
class QPushButton;

namespace boxoffice {

// A manager approves a refund or an exchange at the clerk's desk: they type their own login and
// password, and the action runs on a connection signed in as them (the database checks the role); or
// the clerk sends it to the managers' queue instead. The clerk stays signed in throughout.
class ManagerApprovalDialog : public QDialog
{
    Q_OBJECT
public:
    // Signs the manager in and carries the action out; an error is shown in the dialog and the
    // manager may try again. Done closes the dialog.
    using Approve = std::function<Status(const QString &login, const QString &password)>;
    enum class Choice { None, Approved, Queued };

    // `what`: the action, as the clerk and the manager read it. `canQueue`: offer the queue.
    ManagerApprovalDialog(const QString &what, Approve approve, bool canQueue, QWidget *parent = nullptr);

    Choice choice() const { return m_choice; }
    QLineEdit *loginEdit() const { return m_login; }
    QLineEdit *passwordEdit() const { return m_password; }
    QPushButton *approveButton() const { return m_approveButton; }
    QPushButton *queueButton() const { return m_queueButton; }
    QString lastError() const;

    // What the approve button does (the tests click it or call this).
    void tryApprove();

private:
    Approve m_approve;
    Choice m_choice = Choice::None;
    QLineEdit *m_login = nullptr;
    QLineEdit *m_password = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_approveButton = nullptr;
    QPushButton *m_queueButton = nullptr;
};

} // namespace boxoffice
