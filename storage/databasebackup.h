#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QString>

#include <functional>

namespace boxoffice {

struct BackupFile
{
    QString path;
    qint64 bytes = 0;
    int schemaVersion = 0; // of the database it was taken from
};

// Backups in pg_dump's custom format, taken and restored with PostgreSQL's own tools (the newest
// installed: a newer pg_dump reads every older server). The password goes to the tools in their
// environment, never on a command line another user can read.
class DatabaseBackup
{
public:
    using Progress = std::function<void(const QString &message)>;

    explicit DatabaseBackup(ConnectionSettings settings) : m_settings(std::move(settings)) { }

    // Writes the whole database to `file`, readable by its owner only (it holds buyers' names and mail
    // addresses). The file appears complete or not at all.
    Result<BackupFile> dump(const QString &file, const Progress &progress = {}) const;
    // The archive's schema version, read from its table of contents and data without touching a server;
    // an error when the file is not a readable pg_dump archive of this product.
    Result<int> archiveSchemaVersion(const QString &file) const;
    // Replaces everything in the database with the archive. Before that, the current contents go to
    // `safetyCopy` (when the database holds a schema), and if the restore fails they are put back.
    // Other connections must be gone: the emptying waits lockTimeoutSeconds for their locks at most.
    Status restore(const QString &file, const QString &safetyCopy, const Progress &progress = {}) const;

    int lockTimeoutSeconds = 15;

private:
    struct ToolRun
    {
        int exitCode = -1;
        QString output;
    };
    Result<ToolRun> runTool(const QString &name, const QStringList &arguments) const;
    QString conninfo() const;
    Status emptyDatabase() const;
    Status restoreInto(const QString &file) const;

    ConnectionSettings m_settings;
};

// For Migrator::setBeforeChange: backs the database up into `folder` before a migration changes it,
// keeping the newest `keep` of these automatic backups. A failed backup stops the migration.
std::function<Status(int fromVersion, int toVersion)> backupBeforeMigrating(ConnectionSettings settings, QString folder,
                                                                            int keep = 5);

// Where backups go by default: <folder>/boxoffice-<database>-<UTC time>-<label>.dump
QString timestampedBackupName(const QString &folder, const QString &label);

} // namespace boxoffice
