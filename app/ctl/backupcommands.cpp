#include "commands.h"

#include "storage/databasebackup.h"
#include "storage/databaselocator.h"
#include "storage/migrator.h"
#include "storage/privatecluster.h"
#include "terminalprogress.h"

#include <QFile>
#include <QStandardPaths>

namespace boxoffice::ctl {

namespace {

// The private cluster keeps its backups beside its data; a configured server's go to the user's data
// folder, unless the operator names a file.
QString backupFolder(const DatabaseChoice &choice)
{
    if (choice.privateCluster)
        return PrivateCluster::defaultDirectory() + QStringLiteral("/backups");
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/backups");
}

} // namespace

int runDbBackup(CtlContext &context)
{
    const QString file = context.parser().positionalArguments().value(2);
    const auto note = [&context](const QString &message) {
        if (!context.json())
            TerminalProgress::note(message);
    };
    auto choice = locateDatabase(context.parser().value(QStringLiteral("db")), note);
    if (!choice)
        return context.fail(choice.error());
    const QString target
        = file.isEmpty() ? timestampedBackupName(backupFolder(choice.value()), QStringLiteral("manual")) : file;
    auto written = DatabaseBackup(choice->settings).dump(target, note);
    if (!written)
        return context.fail(written.error());
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("file"), written->path},
                            {QStringLiteral("bytes"), written->bytes},
                            {QStringLiteral("schema_version"), written->schemaVersion}},
                           QStringLiteral("Backup written: %1 (%2 KiB, schema version %3).\n"
                                          "  restore with: boxoffice-ctl db restore %1")
                               .arg(written->path)
                               .arg((written->bytes + 1023) / 1024)
                               .arg(written->schemaVersion));
}

int runDbRestore(CtlContext &context)
{
    const QString file = context.parser().positionalArguments().value(2);
    if (file.isEmpty())
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl db restore FILE [--replace]"));
    const auto note = [&context](const QString &message) {
        if (!context.json())
            TerminalProgress::note(message);
    };
    const DatabaseBackup probe{ConnectionSettings{}};
    auto archived = probe.archiveSchemaVersion(file);
    if (!archived)
        return archived.error().code == ErrorCode::NotFound || archived.error().code == ErrorCode::BadInput
            ? context.failUsage(archived.error().message)
            : context.fail(archived.error());
    const int known = Migrator(QSqlDatabase()).latestVersion();
    if (archived.value() > known)
        return context.failUsage(QStringLiteral("%1 holds schema version %2, newer than this release knows (%3); "
                                                "restore it with the release that wrote it.")
                                     .arg(file)
                                     .arg(archived.value())
                                     .arg(known));

    auto choice = locateDatabase(context.parser().value(QStringLiteral("db")), note);
    if (!choice)
        return context.fail(choice.error());
    {
        auto connection = DatabaseConnection::open(choice->settings, QStringLiteral("ctl"));
        if (!connection)
            return context.fail(connection.error());
        auto current = Migrator(connection.value()->database()).appliedVersion();
        if (!current)
            return context.fail(current.error());
        if (current.value() > 0 && !context.parser().isSet(QStringLiteral("replace")))
            return context.failUsage(QStringLiteral("The database (%1) already holds a box office (schema version %2). "
                                                    "Restoring replaces all of it, sales included; add --replace to "
                                                    "go ahead (its current contents are saved first).")
                                         .arg(choice->settings.describe())
                                         .arg(current.value()));
    }
    const QString safetyCopy = timestampedBackupName(backupFolder(choice.value()), QStringLiteral("before-restore"));
    if (auto restored = DatabaseBackup(choice->settings).restore(file, safetyCopy, note); !restored)
        return context.fail(restored.error());
    // An older backup comes back at its own schema: bring it to this release's.
    auto connection = DatabaseConnection::open(choice->settings, QStringLiteral("ctl"));
    if (!connection)
        return context.fail(connection.error());
    if (auto schema = prepareSchema(choice.value(), connection.value()->database(), true, note); !schema)
        return context.fail(schema.error());
    auto version = Migrator(connection.value()->database()).appliedVersion();
    if (!version)
        return context.fail(version.error());
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("restored"), file},
                            {QStringLiteral("schema_version"), version.value()},
                            {QStringLiteral("previous_contents"), QFile::exists(safetyCopy) ? safetyCopy : QString()}},
                           QStringLiteral("Restored %1 (schema version %2).%3")
                               .arg(file)
                               .arg(version.value())
                               .arg(QFile::exists(safetyCopy)
                                        ? QStringLiteral("\n  the contents before: %1").arg(safetyCopy)
                                        : QString()));
}

} // namespace boxoffice::ctl
