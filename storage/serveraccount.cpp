#include "storage/serveraccount.h"

#include "storage/logging.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace boxoffice {

Result<ServerAccount> ServerAccount::forCurrentUser()
{
    ServerAccount account;
    if (geteuid() != 0) {
        const passwd *self = getpwuid(geteuid());
        account.m_name = self ? QString::fromLocal8Bit(self->pw_name) : QString();
        account.m_uid = geteuid();
        account.m_gid = getegid();
        return account;
    }
    account.m_switchesUser = true;
    account.m_name = qEnvironmentVariable("BOXOFFICE_PG_USER", QStringLiteral("postgres"));
    const passwd *entry = getpwnam(account.m_name.toLocal8Bit().constData());
    if (!entry)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Running as root, the private database needs an unprivileged account to run "
                                        "PostgreSQL, but account \"%1\" does not exist. Install postgresql (it creates "
                                        "\"postgres\"), set BOXOFFICE_PG_USER, or run as a normal user.")
                             .arg(account.m_name));
    account.m_uid = entry->pw_uid;
    account.m_gid = entry->pw_gid;
    if (QStandardPaths::findExecutable(QStringLiteral("runuser")).isEmpty())
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Running as root needs \"runuser\" (package util-linux)."));
    return account;
}

QPair<QString, QStringList> ServerAccount::command(const QString &program, const QStringList &arguments) const
{
    if (!m_switchesUser)
        return {program, arguments};
    return {QStringLiteral("runuser"),
            QStringList{QStringLiteral("-u"), m_name, QStringLiteral("--"), program} + arguments};
}

Status ServerAccount::adopt(const QString &path) const
{
    if (!m_switchesUser)
        return Done{};
    if (::chown(QFile::encodeName(path).constData(), m_uid, m_gid) != 0)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Could not hand %1 to account %2: %3")
                             .arg(path, m_name, QString::fromLocal8Bit(strerror(errno))));
    return Done{};
}

Status ServerAccount::allowTraverse(const QString &path) const
{
    if (!m_switchesUser)
        return Done{};
    // Already reachable (granted on an earlier start, or a world-traversable path): nothing to change.
    const auto [probe, probeArgs] = command(QStringLiteral("test"), {QStringLiteral("-x"), path});
    if (QProcess::execute(probe, probeArgs) == 0)
        return Done{};
    QStringList needGrant;
    QString current = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    while (!current.isEmpty()) {
        struct stat info;
        if (::stat(QFile::encodeName(current).constData(), &info) == 0 && info.st_uid != m_uid
            && (info.st_mode & S_IXOTH) == 0)
            needGrant << current;
        if (current == QLatin1String("/"))
            break;
        current = QFileInfo(current).path();
    }
    if (needGrant.isEmpty())
        return Done{};
    const QString setfacl = QStandardPaths::findExecutable(QStringLiteral("setfacl"));
    if (setfacl.isEmpty())
        return makeError(
            ErrorCode::Unavailable,
            QStringLiteral("Running as root, the private database runs as \"%1\", which must be able to reach "
                           "%2. Install the \"acl\" package (setfacl) so that can be granted, or run as a "
                           "normal user.")
                .arg(m_name, path));
    for (const QString &folder : needGrant) {
        qCInfo(lcCluster).noquote() << "granting" << m_name << "traverse-only access to" << folder;
        const int code
            = QProcess::execute(setfacl, {QStringLiteral("-m"), QStringLiteral("u:%1:x").arg(m_name), folder});
        if (code != 0)
            return makeError(ErrorCode::Unavailable,
                             QStringLiteral("Could not let account %1 reach %2 (setfacl failed).").arg(m_name, folder));
    }
    return Done{};
}

} // namespace boxoffice
