#pragma once

#include "domain/staff.h"

#include <QSqlDatabase>

namespace boxoffice {

// Creates staff logins. The password is hashed here, with libpq's SCRAM routine on this connection,
// so it never travels or gets logged in clear.
class StaffAdmin
{
public:
    explicit StaffAdmin(QSqlDatabase database);

    Status addStaff(const QString &login, const QString &password, StaffRole role);
    // The role of the signed-in user: Manager if a member of boxoffice_manager, else Clerk; NotFound
    // if the login is no staff member (an administrator, for instance).
    Result<StaffRole> currentRole();

private:
    QSqlDatabase m_database;
};

} // namespace boxoffice
