#include "commands.h"

#include "storage/databasebackup.h"
#include "storage/migrator.h"
#include "storage/privatecluster.h"
#include "terminalprogress.h"

namespace boxoffice::ctl {

int runDb(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    const QString action = args.value(1);
    if (action == QLatin1String("backup"))
        return runDbBackup(context);
    if (action == QLatin1String("restore"))
        return runDbRestore(context);
    PrivateCluster cluster({PrivateCluster::defaultDirectory()});
    const auto note = [&context](const QString &message) {
        if (!context.json())
            TerminalProgress::note(message);
    };

    if (action == QLatin1String("start")) {
        auto settings = cluster.start(note);
        if (!settings)
            return context.fail(settings.error());
        auto connection = DatabaseConnection::open(settings.value(), QStringLiteral("ctl"));
        if (!connection)
            return context.fail(connection.error());
        Migrator migrator(connection.value()->database());
        migrator.setBeforeChange(
            backupBeforeMigrating(settings.value(), cluster.directory() + QStringLiteral("/backups")));
        auto report = migrator.migrate(note);
        if (!report)
            return context.fail(report.error());
        return context.succeed(
            {{QStringLiteral("ok"), true},
             {QStringLiteral("running"), true},
             {QStringLiteral("url"), settings->describe()},
             {QStringLiteral("directory"), cluster.directory()},
             {QStringLiteral("schema_version"), report->toVersion}},
            QStringLiteral("Private database running (schema version %1).\n  connect: %2\n  folder:  %3\n"
                           "  password: in %3/credentials.ini")
                .arg(report->toVersion)
                .arg(settings->describe(), cluster.directory()));
    }
    if (action == QLatin1String("stop")) {
        if (auto status = cluster.stop(note); !status)
            return context.fail(status.error());
        return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("running"), false}},
                               QStringLiteral("Private database stopped."));
    }
    if (action == QLatin1String("status")) {
        auto running = cluster.isRunning();
        if (!running)
            return context.fail(running.error());
        const QString state = !cluster.exists() ? QStringLiteral("not created yet")
            : running.value()                   ? QStringLiteral("running")
                                                : QStringLiteral("stopped");
        return context.succeed({{QStringLiteral("ok"), true},
                                {QStringLiteral("exists"), cluster.exists()},
                                {QStringLiteral("running"), running.value()},
                                {QStringLiteral("directory"), cluster.directory()},
                                {QStringLiteral("log"), cluster.logFile()}},
                               QStringLiteral("Private database: %1\n  folder: %2\n  log:    %3")
                                   .arg(state, cluster.directory(), cluster.logFile()));
    }
    if (action == QLatin1String("url")) {
        auto settings = cluster.connectionSettings();
        if (!settings)
            return context.fail(settings.error());
        return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("url"), settings->describe()}},
                               settings->describe());
    }
    return context.failUsage(
        QStringLiteral("Use: boxoffice-ctl db start|stop|status|url|backup [FILE]|restore FILE [--replace]"));
}

} // namespace boxoffice::ctl
