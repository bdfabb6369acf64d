#pragma once

#include "domain/result.h"

#include <QSqlDatabase>
#include <QString>
#include <QVector>

namespace boxoffice {

// Whether an acknowledged sale is on more than one server: what the operator checks after a standby
// went away (pg_auto_failover then lets the primary sell alone rather than stop the box office).
struct ReplicationStatus
{
    struct Standby
    {
        QString name; // application_name: pg_auto_failover's pgautofailover_standby_N
        QString state; // streaming, catchup, ...
        QString syncState; // sync, quorum, potential, async
        double replayLagSeconds = -1; // -1: not known (no traffic yet, or no right to see it)
    };
    bool standbyServer = false; // this server is itself a standby (read-only)
    QString synchronousCommit;
    QString synchronousStandbyNames;
    QVector<Standby> standbys;

    // True when a commit here waits for at least one standby that is connected and streaming.
    bool acknowledgedTwice() const;
    QString verdict() const;
};

// Reads it on the server `database` is connected to. The standbys' details need pg_monitor (or a
// superuser); without it the list is empty and the verdict says so.
Result<ReplicationStatus> readReplicationStatus(QSqlDatabase database);

} // namespace boxoffice
