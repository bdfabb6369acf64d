#include "domain/staff.h"

#include <QRegularExpression>

namespace boxoffice {

QString staffRoleName(StaffRole role)
{
    return role == StaffRole::Manager ? QStringLiteral("manager") : QStringLiteral("clerk");
}

Status StaffRules::checkLogin(const QString &login)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z][a-z0-9_]{1,30}$"));
    if (!pattern.match(login).hasMatch())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("A staff login is 2 to 31 lower-case letters, digits or '_', starting with a letter."));
    if (login.startsWith(QLatin1String("pg_")) || login.startsWith(QLatin1String("boxoffice")))
        return makeError(ErrorCode::BadInput, QStringLiteral("Logins starting with pg_ or boxoffice are reserved."));
    return Done{};
}

Status StaffRules::checkPassword(const QString &password)
{
    if (password.size() < 8)
        return makeError(ErrorCode::BadInput, QStringLiteral("A password needs at least 8 characters."));
    return Done{};
}

} // namespace boxoffice
