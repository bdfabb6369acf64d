#include "ui/signin/signindialog.h"
#include "ui/common/errortext.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice {

SignInDialog::SignInDialog(const QString &serverDescription, SignIn signIn, QWidget *parent)
    : QDialog(parent), m_signIn(std::move(signIn))
{
    setWindowTitle(tr("Box office: sign in"));
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(tr("<h2>Box office</h2>Sign in with your staff login."));
    layout->addWidget(title);
    auto *form = new QFormLayout;
    m_user = new QLineEdit;
    m_user->setObjectName(QStringLiteral("user"));
    m_password = new QLineEdit;
    m_password->setObjectName(QStringLiteral("password"));
    m_password->setEchoMode(QLineEdit::Password);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("&Password:"), m_password);
    layout->addLayout(form);
    auto *server = new QLabel(tr("Server: %1").arg(serverDescription.toHtmlEscaped()));
    server->setStyleSheet(QStringLiteral("color: palette(mid);"));
    server->setWordWrap(true);
    layout->addWidget(server);
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("error"));
    m_error->setStyleSheet(QStringLiteral("color: #b01c1c;"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_signInButton = buttons->button(QDialogButtonBox::Ok);
    m_signInButton->setText(tr("&Sign in"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &SignInDialog::trySignIn);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_user->setFocus();
}

QString SignInDialog::user() const
{
    return m_user->text().trimmed();
}

void SignInDialog::setUser(const QString &user)
{
    m_user->setText(user);
    if (!user.isEmpty())
        m_password->setFocus();
}

QString SignInDialog::lastError() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

void SignInDialog::trySignIn()
{
    if (user().isEmpty() || m_password->text().isEmpty()) {
        m_error->setText(tr("Type your user name and password."));
        m_error->show();
        return;
    }
    m_signInButton->setEnabled(false);
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const Status status = m_signIn(user(), m_password->text());
    QGuiApplication::restoreOverrideCursor();
    m_signInButton->setEnabled(true);
    if (status) {
        accept();
        return;
    }
    m_error->setText(errorText(status.error()));
    m_error->show();
    m_password->selectAll();
    m_password->setFocus();
}

} // namespace boxoffice
