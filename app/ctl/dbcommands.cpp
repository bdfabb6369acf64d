#include "commands.h"

#include "storage/databasebackup.h"
#include "storage/migrator.h"
#include "storage/privatecluster.h"
#include "storage/replicationstatus.h"
#include "terminalprogress.h"

#include <QJsonArray>

namespace boxoffice::ctl {

namespace {

// Whether a sale acknowledged by the database in use is on a second server: after a standby died,
// pg_auto_failover lets the primary sell alone, and this is where the operator sees it.
int runDbReplication(CtlContext &context)
{
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    auto status = readReplicationStatus(connection.value()->database());
    if (!status)
        return context.fail(status.error());
    QJsonArray standbys;
    QStringList lines;
    for (const ReplicationStatus::Standby &standby : std::as_const(status->standbys)) {
        standbys.append(QJsonObject{{QStringLiteral("name"), standby.name},
                                    {QStringLiteral("state"), standby.state},
                                    {QStringLiteral("sync_state"), standby.syncState},
                                    {QStringLiteral("replay_lag_seconds"), standby.replayLagSeconds}});
        lines << QStringLiteral("  standby %1: %2, %3%4")
                     .arg(standby.name, standby.state, standby.syncState,
                          standby.replayLagSeconds >= 0
                              ? QStringLiteral(", replay lag %1 s").arg(standby.replayLagSeconds, 0, 'f', 3)
                              : QString());
    }
    if (lines.isEmpty())
        lines << QStringLiteral("  no standby is connected (or this login may not see them: grant pg_monitor)");
    return context.succeed(
        {{QStringLiteral("ok"), true},
         {QStringLiteral("standby_server"), status->standbyServer},
         {QStringLiteral("synchronous_commit"), status->synchronousCommit},
         {QStringLiteral("synchronous_standby_names"), status->synchronousStandbyNames},
         {QStringLiteral("acknowledged_twice"), status->acknowledgedTwice()},
         {QStringLiteral("standbys"), standbys},
         {QStringLiteral("verdict"), status->verdict()}},
        QStringLiteral("%1\n  synchronous_commit: %2\n  synchronous_standby_names: %3\n%4")
            .arg(status->verdict(), status->synchronousCommit,
                 status->synchronousStandbyNames.isEmpty() ? QStringLiteral("(none)") : status->synchronousStandbyNames,
                 lines.join(QLatin1Char('\n'))));
}

} // namespace

int runDb(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    const QString action = args.value(1);
    if (action == QLatin1String("backup"))
        return runDbBackup(context);
    if (action == QLatin1String("restore"))
        return runDbRestore(context);
    if (action == QLatin1String("replication"))
        return runDbReplication(context);
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
    return context.failUsage(QStringLiteral(
        "Use: boxoffice-ctl db start|stop|status|url|replication|backup [FILE]|restore FILE [--replace]"));
}

} // namespace boxoffice::ctl
