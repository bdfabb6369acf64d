#include "ui/orders/managerapprovaldialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice {

ManagerApprovalDialog::ManagerApprovalDialog(const QString &what, Approve approve, bool canQueue, QWidget *parent)
    : QDialog(parent), m_approve(std::move(approve))
{
    setWindowTitle(tr("A manager's approval"));
    auto *layout = new QVBoxLayout(this);
    auto *text
        = new QLabel(tr("%1\n\nA manager approves this here by signing in below. You stay signed in.").arg(what));
    text->setWordWrap(true);
    layout->addWidget(text);
    auto *form = new QFormLayout;
    m_login = new QLineEdit;
    m_login->setObjectName(QStringLiteral("managerLogin"));
    m_password = new QLineEdit;
    m_password->setObjectName(QStringLiteral("managerPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    form->addRow(tr("Manager's &user:"), m_login);
    form->addRow(tr("&Password:"), m_password);
    layout->addLayout(form);
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("managerError"));
    m_error->setStyleSheet(QStringLiteral("color: #b01c1c;"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_approveButton = buttons->addButton(tr("&Approve now"), QDialogButtonBox::AcceptRole);
    m_approveButton->setDefault(true);
    if (canQueue) {
        m_queueButton = buttons->addButton(tr("Send to a manager's &queue"), QDialogButtonBox::ActionRole);
        connect(m_queueButton, &QPushButton::clicked, this, [this] {
            m_choice = Choice::Queued;
            accept();
        });
    }
    layout->addWidget(buttons);
    connect(m_approveButton, &QPushButton::clicked, this, &ManagerApprovalDialog::tryApprove);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_login->setFocus();
}

QString ManagerApprovalDialog::lastError() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void ManagerApprovalDialog::tryApprove()
{
    if (m_login->text().trimmed().isEmpty() || m_password->text().isEmpty()) {
        m_error->setText(tr("The manager types their user name and password."));
        m_error->show();
        return;
    }
    m_approveButton->setEnabled(false);
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const Status status = m_approve(m_login->text().trimmed(), m_password->text());
    QGuiApplication::restoreOverrideCursor();
    m_approveButton->setEnabled(true);
    // The password is never kept beyond the attempt.
    m_password->clear();
    if (status) {
        m_choice = Choice::Approved;
        accept();
        return;
    }
    m_error->setText(status.error().code == ErrorCode::PermissionDenied
                         ? tr("That is not a manager's user name and password.")
                         : tr("The manager could not be signed in: the server did not answer. Try again."));
    m_error->show();
    m_password->setFocus();
}

} // namespace boxoffice
