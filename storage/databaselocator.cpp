#include "storage/databaselocator.h"

#include "storage/databasebackup.h"
#include "storage/migrator.h"
#include "storage/privatecluster.h"

#include <QSettings>

namespace boxoffice {

Result<DatabaseChoice> locateDatabase(const QString &urlOption, const std::function<void(const QString &)> &progress)
{
    DatabaseChoice choice;
    if (!urlOption.isEmpty()) {
        auto settings = ConnectionSettings::fromUrl(urlOption);
        if (!settings)
            return settings.error();
        choice.settings = settings.value();
        choice.source = QStringLiteral("--db");
        return choice;
    }
    if (environmentNamesDatabase()) {
        // Leave every field empty: libpq reads PGHOST, PGPORT, PGUSER, PGPASSWORD, PGSERVICE... itself.
        choice.source = QStringLiteral("PG* environment");
        return choice;
    }
    const QString saved = QSettings().value(QStringLiteral("database/url")).toString();
    if (!saved.isEmpty()) {
        auto settings = ConnectionSettings::fromUrl(saved);
        if (!settings)
            return settings.error();
        choice.settings = settings.value();
        choice.source = QStringLiteral("settings");
        return choice;
    }
    PrivateCluster cluster({PrivateCluster::defaultDirectory()});
    auto settings = cluster.start(progress);
    if (!settings)
        return settings.error();
    choice.settings = settings.value();
    choice.privateCluster = true;
    choice.beforeMigrating = backupBeforeMigrating(choice.settings, cluster.directory() + QStringLiteral("/backups"));
    choice.source = QStringLiteral("private cluster");
    return choice;
}

Status prepareSchema(const DatabaseChoice &choice, QSqlDatabase database, bool migrateSharedServer,
                     const std::function<void(const QString &)> &progress)
{
    Migrator migrator(std::move(database));
    if (!choice.privateCluster && !migrateSharedServer)
        return migrator.checkCurrent();
    migrator.setBeforeChange(choice.beforeMigrating);
    auto report = migrator.migrate(progress);
    if (!report)
        return report.error();
    return Done{};
}

} // namespace boxoffice
