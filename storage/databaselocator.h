#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QString>

#include <functional>

namespace boxoffice {

struct DatabaseChoice
{
    ConnectionSettings settings;
    bool privateCluster = false;
    QString source; // "--db", "PG* environment", "settings", "private cluster"
};

// Which database to use, in the order an administrator expects: the --db option, then the usual PG*
// environment variables, then the saved setting (QSettings "database/url"), and when none of them
// names one, the user's private cluster, started on demand.
Result<DatabaseChoice> locateDatabase(const QString &urlOption,
                                      const std::function<void(const QString &)> &progress = {});

} // namespace boxoffice
