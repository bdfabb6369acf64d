#pragma once

// A streaming hot standby of the ctest fixture's cluster, for the tests of reads that may lag: made
// with pg_basebackup -R over the primary's unix socket (the fixture's pg_hba lets its login replicate
// there), run by the same account as the primary (PostgreSQL refuses root) in a scratch folder, on a
// unix socket of its own. Its replay can be paused and resumed, and it can be stopped under a client.

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QStringList>
#include <QTemporaryDir>
#include <QVariantMap>

namespace boxoffice::test {

class StandbyServer
{
public:
    StandbyServer() = default;
    ~StandbyServer();
    StandbyServer(const StandbyServer &) = delete;
    StandbyServer &operator=(const StandbyServer &) = delete;

    // Copies the running primary (everything it committed so far) and starts the copy as its standby.
    // Empty on success, else why not.
    QString start();
    void stop();
    bool isRunning() const { return m_running; }

    // The standby's `database`, with the primary's login (a physical copy has the same roles).
    ConnectionSettings settings(const QString &database) const;
    // Waits until the standby has replayed all the primary had written when this was called.
    QString waitForReplay(int timeoutMs = 60000) const;
    QString pauseReplay() const;
    QString resumeReplay() const;
    // One value from the standby, as its superuser; invalid when the query fails.
    QVariant scalar(const QString &database, const QString &sql, const QVariantMap &bindings = {}) const;

    QString logFile() const { return m_dir.filePath(QStringLiteral("server.log")); }

private:
    struct Ran
    {
        int exitCode = -1;
        QString output;
    };
    Result<Ran> runAsServerAccount(const QString &tool, const QStringList &arguments, int timeoutMs) const;

    QTemporaryDir m_dir{QStringLiteral("/tmp/bo-standby-XXXXXX")}; // short: a socket path has ~100 bytes
    ConnectionSettings m_primary; // the fixture cluster's superuser
    QString m_binDir;
    bool m_running = false;
};

} // namespace boxoffice::test
