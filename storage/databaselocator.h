#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QSqlDatabase>
#include <QString>

#include <functional>

namespace boxoffice {

struct DatabaseChoice
{
    ConnectionSettings settings;
    bool privateCluster = false;
    QString source; // "--db", "PG* environment", "settings", "private cluster"
    // For Migrator::setBeforeChange: the private cluster is backed up before its schema changes (an
    // administrator's server has its own backup routine); empty otherwise.
    std::function<Status(int fromVersion, int toVersion)> beforeMigrating;
};

// Which database to use, in the order an administrator expects: the --db option, then the usual PG*
// environment variables, then the saved setting (QSettings "database/url"), and when none of them
// names one, the user's private cluster, started on demand.
Result<DatabaseChoice> locateDatabase(const QString &urlOption,
                                      const std::function<void(const QString &)> &progress = {});

// The schema every program needs before it starts: the private cluster is migrated (backed up first),
// so is a shared server when `migrateSharedServer` (boxoffice-ctl migrate, --migrate); otherwise a
// shared server is only checked, since upgrading it is its administrator's step.
Status prepareSchema(const DatabaseChoice &choice, QSqlDatabase database, bool migrateSharedServer,
                     const std::function<void(const QString &)> &progress = {});

} // namespace boxoffice
