#include "storage/staffadmin.h"

#include "storage/sqlerrors.h"

#include <QSqlDriver>
#include <QSqlQuery>
#include <QVariant>

#include <libpq-fe.h>

namespace boxoffice {

StaffAdmin::StaffAdmin(QSqlDatabase database) : m_database(std::move(database)) { }

Status StaffAdmin::addStaff(const QString &login, const QString &password, StaffRole role)
{
    if (auto status = StaffRules::checkLogin(login); !status)
        return status;
    if (auto status = StaffRules::checkPassword(password); !status)
        return status;
    const QVariant handle = m_database.driver()->handle();
    // QPSQL hands out its PGconn; the metatype is named after the struct behind the typedef.
    if (!handle.isValid()
        || (qstrcmp(handle.typeName(), "PGconn*") != 0 && qstrcmp(handle.typeName(), "pg_conn*") != 0))
        return makeError(
            ErrorCode::Internal,
            QStringLiteral("The database driver is not PostgreSQL's (%1).").arg(QLatin1String(handle.typeName())));
    PGconn *connection = *static_cast<PGconn *const *>(handle.constData());
    char *verifier
        = PQencryptPasswordConn(connection, password.toUtf8().constData(), login.toUtf8().constData(), "scram-sha-256");
    if (!verifier)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("Could not hash the password: %1")
                             .arg(QString::fromLocal8Bit(PQerrorMessage(connection)).trimmed()));
    const QString hashed = QString::fromLatin1(verifier);
    PQfreemem(verifier);

    QSqlQuery query(m_database);
    query.prepare(QStringLiteral("SELECT boxoffice_create_staff(:login, :verifier, :role)"));
    query.bindValue(QStringLiteral(":login"), login);
    query.bindValue(QStringLiteral(":verifier"), hashed);
    query.bindValue(QStringLiteral(":role"),
                    role == StaffRole::Manager ? QStringLiteral("boxoffice_manager")
                                               : QStringLiteral("boxoffice_clerk"));
    if (!query.exec()) {
        const QString state = sqlState(query.lastError());
        DomainError error = fromSqlError(query.lastError(), QStringLiteral("creating a staff login"));
        if (state == QLatin1String("42710"))
            return makeError(ErrorCode::Conflict, QStringLiteral("A login named %1 exists already.").arg(login));
        if (error.code == ErrorCode::PermissionDenied)
            error.message = QStringLiteral("Creating staff logins needs an administrator's sign-in (CREATEROLE).");
        return error;
    }
    return Done{};
}

Result<StaffRole> StaffAdmin::currentRole()
{
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SELECT pg_has_role(current_user, 'boxoffice_manager', 'MEMBER'), "
                                   "pg_has_role(current_user, 'boxoffice_clerk', 'MEMBER')"))
        || !query.next())
        return fromSqlError(query.lastError(), QStringLiteral("reading the signed-in role"));
    if (query.value(0).toBool())
        return StaffRole::Manager;
    if (query.value(1).toBool())
        return StaffRole::Clerk;
    return makeError(ErrorCode::NotFound, QStringLiteral("This login is not a box-office staff member."));
}

} // namespace boxoffice
