#pragma once

#include "domain/result.h"

#include <QString>
#include <QStringList>

namespace boxoffice {

// The operating-system account the private PostgreSQL server runs as. PostgreSQL refuses to run as
// root, so when the product runs as root the server runs as an unprivileged account ("postgres", or
// BOXOFFICE_PG_USER) and every server command goes through runuser.
class ServerAccount
{
public:
    static Result<ServerAccount> forCurrentUser();

    bool switchesUser() const { return m_switchesUser; }
    QString name() const { return m_name; }

    // The program and arguments that run `program args...` as this account.
    QPair<QString, QStringList> command(const QString &program, const QStringList &arguments) const;
    // Hands a file or folder we created to the account (no-op when we are the account).
    Status adopt(const QString &path) const;
    // Lets the account reach `path` by granting traverse-only access on every folder above it that
    // others cannot already traverse (a POSIX ACL entry, nothing wider).
    Status allowTraverse(const QString &path) const;

private:
    bool m_switchesUser = false;
    QString m_name;
    uint m_uid = 0;
    uint m_gid = 0;
};

} // namespace boxoffice
