#include "storage/replicationstatus.h"

#include "storage/sqlerrors.h"

#include <QSqlQuery>

namespace boxoffice {

bool ReplicationStatus::acknowledgedTwice() const
{
    if (standbyServer || synchronousStandbyNames.isEmpty() || synchronousCommit == QLatin1String("off")
        || synchronousCommit == QLatin1String("local"))
        return false;
    for (const Standby &standby : standbys) {
        if (standby.state == QLatin1String("streaming")
            && (standby.syncState == QLatin1String("sync") || standby.syncState == QLatin1String("quorum")))
            return true;
    }
    return false;
}

QString ReplicationStatus::verdict() const
{
    if (standbyServer)
        return QStringLiteral("This server is a standby: it takes no sales.");
    if (acknowledgedTwice())
        return QStringLiteral("Every acknowledged sale is on this server and on a synchronous standby.");
    if (synchronousStandbyNames.isEmpty())
        return QStringLiteral("No synchronous standby: an acknowledged sale is on this server only until a standby "
                              "catches up. Bring the standby back (pg_autoctl show state tells which).");
    return QStringLiteral("A synchronous standby is named but none is streaming: commits wait for it, so sales stall "
                          "until it returns or the failover monitor lets this server sell alone.");
}

Result<ReplicationStatus> readReplicationStatus(QSqlDatabase database)
{
    ReplicationStatus status;
    QSqlQuery settings(database);
    if (!settings.exec(QStringLiteral("SELECT pg_is_in_recovery(), current_setting('synchronous_commit'), "
                                      "current_setting('synchronous_standby_names')"))
        || !settings.next())
        return fromSqlError(settings.lastError(), QStringLiteral("reading the replication settings"));
    status.standbyServer = settings.value(0).toBool();
    status.synchronousCommit = settings.value(1).toString();
    status.synchronousStandbyNames = settings.value(2).toString();

    QSqlQuery standbys(database);
    if (!standbys.exec(QStringLiteral("SELECT application_name, coalesce(state, ''), coalesce(sync_state, ''), "
                                      "coalesce(extract(epoch FROM replay_lag), -1) FROM pg_stat_replication "
                                      "ORDER BY application_name")))
        return fromSqlError(standbys.lastError(), QStringLiteral("reading the standbys"));
    while (standbys.next())
        status.standbys.append({standbys.value(0).toString(), standbys.value(1).toString(),
                                standbys.value(2).toString(), standbys.value(3).toDouble()});
    return status;
}

} // namespace boxoffice
