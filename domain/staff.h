#pragma once

#include "domain/result.h"

#include <QString>

namespace boxoffice {

// Staff sign in with their own database login; the role decides what the server lets them do.
enum class StaffRole {
    Clerk, // hold, sell, release, print
    Manager // also refunds, capacity and hold-policy changes
};

QString staffRoleName(StaffRole role); // "clerk", "manager"

namespace StaffRules {
Status checkLogin(const QString &login);
Status checkPassword(const QString &password);
} // namespace StaffRules

} // namespace boxoffice
