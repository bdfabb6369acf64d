#pragma once

#include "domain/result.h"

#include <QDialog>

#include <functional>

class QLabel;
class QLineEdit;
class QPushButton;

namespace boxoffice {

// Staff sign in with their own database login: the server checks the password and the role, so the
// dialog only collects them and shows why a sign-in was refused.
class SignInDialog : public QDialog
{
    Q_OBJECT
public:
    using SignIn = std::function<Status(const QString &user, const QString &password)>;

    SignInDialog(const QString &serverDescription, SignIn signIn, QWidget *parent = nullptr);

    QString user() const;
    void setUser(const QString &user);
    QLineEdit *userEdit() const { return m_user; }
    QLineEdit *passwordEdit() const { return m_password; }
    QString lastError() const;

private:
    void trySignIn();

    SignIn m_signIn;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QLabel *m_error;
    QPushButton *m_signInButton;
};

} // namespace boxoffice
