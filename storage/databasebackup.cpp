#include "storage/databasebackup.h"

#include "storage/databaseconnection.h"
#include "storage/logging.h"
#include "storage/migrator.h"
#include "storage/postgrestools.h"
#include "storage/transactionguard.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlQuery>

namespace boxoffice {

namespace {

// libpq's conninfo quoting: a value in single quotes, with backslash and quote escaped.
QString conninfoValue(const QString &value)
{
    QString escaped = value;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    escaped.replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

// pg_restore prints a table's data as COPY text: the schema_migrations rows say which schema the
// archive holds, without any server.
int newestVersionInCopyText(const QString &text)
{
    int newest = 0;
    bool inData = false;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("COPY ")) && line.contains(QLatin1String("schema_migrations"))) {
            inData = true;
            continue;
        }
        if (!inData)
            continue;
        if (line == QLatin1String("\\."))
            break;
        newest = std::max(newest, line.section(QLatin1Char('\t'), 0, 0).toInt());
    }
    return newest;
}

} // namespace

QString timestampedBackupName(const QString &folder, const QString &label)
{
    return QDir(folder).filePath(
        QStringLiteral("boxoffice-%1-%2.dump")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")), label));
}

std::function<Status(int, int)> backupBeforeMigrating(ConnectionSettings settings, QString folder, int keep)
{
    return
        [settings = std::move(settings), folder = std::move(folder), keep](int fromVersion, int toVersion) -> Status {
            const QString label = QStringLiteral("before-schema-%1-to-%2").arg(fromVersion).arg(toVersion);
            auto written = DatabaseBackup(settings).dump(timestampedBackupName(folder, label));
            if (!written)
                return makeError(written.error().code,
                                 QStringLiteral("The schema was not changed because the backup before it failed: %1")
                                     .arg(written.error().message));
            // The names sort by time: the oldest automatic ones go.
            QDir directory(folder);
            QStringList automatic
                = directory.entryList({QStringLiteral("boxoffice-*-before-schema-*.dump")}, QDir::Files, QDir::Name);
            while (automatic.size() > keep)
                directory.remove(automatic.takeFirst());
            return Done{};
        };
}

QString DatabaseBackup::conninfo() const
{
    QStringList parts;
    if (!m_settings.host.isEmpty())
        parts << QStringLiteral("host=") + conninfoValue(m_settings.host);
    if (m_settings.port > 0)
        parts << QStringLiteral("port=%1").arg(m_settings.port);
    if (!m_settings.database.isEmpty())
        parts << QStringLiteral("dbname=") + conninfoValue(m_settings.database);
    if (!m_settings.user.isEmpty())
        parts << QStringLiteral("user=") + conninfoValue(m_settings.user);
    for (const QString &option : m_settings.options.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        parts << option.section(QLatin1Char('='), 0, 0) + QLatin1Char('=')
                + conninfoValue(option.section(QLatin1Char('='), 1));
    parts << QStringLiteral("application_name='boxoffice backup'");
    return parts.join(QLatin1Char(' '));
}

Result<DatabaseBackup::ToolRun> DatabaseBackup::runTool(const QString &name, const QStringList &arguments) const
{
    const QString program = postgresClientProgram(name);
    if (program.isEmpty())
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("%1 was not found. Install the PostgreSQL client programs (Debian: apt-get "
                                        "install postgresql-client).")
                             .arg(name));
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (!m_settings.password.isEmpty())
        environment.insert(QStringLiteral("PGPASSWORD"), m_settings.password);
    process.setProcessEnvironment(environment);
    qCDebug(lcBackup).noquote() << program << arguments.join(QLatin1Char(' '));
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Could not run %1: %2").arg(name, process.errorString()));
    // A large database takes as long as it takes; what matters is that it ends.
    process.waitForFinished(-1);
    ToolRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.output = QString::fromUtf8(process.readAllStandardOutput());
    const QString errors = QString::fromLocal8Bit(process.readAllStandardError()).trimmed();
    if (run.exitCode != 0)
        run.output = errors.isEmpty() ? QStringLiteral("%1 failed").arg(name) : errors.right(2000);
    return run;
}

Result<BackupFile> DatabaseBackup::dump(const QString &file, const Progress &progress) const
{
    const QFileInfo target(file);
    if (!QDir().mkpath(target.absolutePath()))
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Could not create the folder %1.").arg(target.absolutePath()));
    const QString partial = target.absoluteFilePath() + QStringLiteral(".partial");
    {
        // pg_dump keeps the mode of a file that exists: create it private before anything is written.
        QFile placeholder(partial);
        if (!placeholder.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return makeError(ErrorCode::Unavailable,
                             QStringLiteral("Could not write %1: %2").arg(partial, placeholder.errorString()));
        placeholder.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    }
    if (progress)
        progress(QStringLiteral("Writing a backup to %1").arg(target.absoluteFilePath()));
    auto run = runTool(QStringLiteral("pg_dump"),
                       {QStringLiteral("--format=custom"), QStringLiteral("--file=") + partial,
                        QStringLiteral("--dbname=") + conninfo()});
    if (!run || run->exitCode != 0) {
        QFile::remove(partial);
        if (!run)
            return run.error();
        return makeError(ErrorCode::Unavailable, QStringLiteral("The backup failed: %1").arg(run->output));
    }
    auto version = archiveSchemaVersion(partial);
    if (!version) {
        QFile::remove(partial);
        return version.error();
    }
    QFile::remove(target.absoluteFilePath());
    if (!QFile::rename(partial, target.absoluteFilePath()))
        return makeError(ErrorCode::Unavailable, QStringLiteral("Could not move the backup to %1.").arg(file));
    BackupFile written;
    written.path = target.absoluteFilePath();
    written.bytes = QFileInfo(written.path).size();
    written.schemaVersion = version.value();
    qCInfo(lcBackup).noquote() << "backup written to" << written.path << written.bytes << "bytes";
    return written;
}

Result<int> DatabaseBackup::archiveSchemaVersion(const QString &file) const
{
    if (!QFileInfo(file).isFile())
        return makeError(ErrorCode::NotFound, QStringLiteral("There is no backup file %1.").arg(file));
    auto run = runTool(
        QStringLiteral("pg_restore"),
        {QStringLiteral("--data-only"), QStringLiteral("--table=schema_migrations"), QStringLiteral("--file=-"), file});
    if (!run)
        return run.error();
    if (run->exitCode != 0)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("%1 is not a backup this program can read (%2).").arg(file, run->output));
    const int version = newestVersionInCopyText(run->output);
    if (version == 0)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("%1 is not a box-office backup: it has no schema history.").arg(file));
    return version;
}

Status DatabaseBackup::emptyDatabase() const
{
    auto connection = DatabaseConnection::open(m_settings, QStringLiteral("restore"));
    if (!connection)
        return connection.error();
    QSqlDatabase database = connection.value()->database();
    TransactionGuard transaction(database);
    const QString context = QStringLiteral("emptying the database before the restore");
    if (auto status = transaction.begin(context); !status)
        return status;
    // A program still connected holds locks the DROP would wait for without end.
    if (auto status
        = execStatement(database, QStringLiteral("SET LOCAL lock_timeout = '%1s'").arg(lockTimeoutSeconds), context);
        !status)
        return status;
    if (auto status = execStatement(database, QStringLiteral("DROP SCHEMA IF EXISTS public CASCADE"), context);
        !status) {
        if (status.error().sqlState == QLatin1String("55P03"))
            return makeError(
                ErrorCode::Unavailable,
                QStringLiteral("Other programs are still using the database; stop the web shop, the worker "
                               "and every desk before restoring."));
        return status;
    }
    if (auto status = execStatement(database, QStringLiteral("CREATE SCHEMA public"), context); !status)
        return status;
    return transaction.commit(context);
}

Status DatabaseBackup::restoreInto(const QString &file) const
{
    auto run = runTool(QStringLiteral("pg_restore"),
                       {QStringLiteral("--single-transaction"), QStringLiteral("--exit-on-error"),
                        QStringLiteral("--no-owner"), QStringLiteral("--dbname=") + conninfo(), file});
    if (!run)
        return run.error();
    if (run->exitCode != 0)
        return makeError(ErrorCode::Unavailable, QStringLiteral("The restore failed: %1").arg(run->output));
    return Done{};
}

Status DatabaseBackup::restore(const QString &file, const QString &safetyCopy, const Progress &progress) const
{
    if (auto version = archiveSchemaVersion(file); !version)
        return version.error();
    int current = 0;
    {
        auto connection = DatabaseConnection::open(m_settings, QStringLiteral("restore"));
        if (!connection)
            return connection.error();
        Migrator migrator(connection.value()->database());
        auto applied = migrator.appliedVersion();
        if (!applied)
            return applied.error();
        current = applied.value();
        // The archive's grants name the staff and service roles, which belong to the server, not to the
        // database: a fresh server gets them from the migrations before the archive goes in.
        if (current == 0) {
            if (progress)
                progress(QStringLiteral("Creating the box-office roles on this server"));
            if (auto report = migrator.migrate(); !report)
                return report.error();
        }
    }
    bool haveSafetyCopy = false;
    if (current > 0) {
        auto copy = dump(safetyCopy, progress);
        if (!copy)
            return makeError(copy.error().code,
                             QStringLiteral("Could not save the current contents first, so nothing was restored: %1")
                                 .arg(copy.error().message));
        haveSafetyCopy = true;
    }
    if (progress)
        progress(QStringLiteral("Restoring %1").arg(file));
    if (auto status = emptyDatabase(); !status)
        return status;
    auto restored = restoreInto(file);
    if (restored || !haveSafetyCopy)
        return restored;
    qCWarning(lcBackup).noquote() << "restore failed, putting the previous contents back:" << restored.error().message;
    if (auto back = emptyDatabase(); back) {
        if (auto again = restoreInto(safetyCopy); again)
            return makeError(restored.error().code,
                             QStringLiteral("%1\nThe database is as it was before (from %2).")
                                 .arg(restored.error().message, safetyCopy));
    }
    return makeError(restored.error().code,
                     QStringLiteral("%1\nPutting the previous contents back failed too; restore %2 by hand.")
                         .arg(restored.error().message, safetyCopy));
}

} // namespace boxoffice
