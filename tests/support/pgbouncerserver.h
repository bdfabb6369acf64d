#pragma once

// A real pgbouncer on loopback in front of the ctest fixture's cluster: a free port, its files in a
// scratch folder, stopped with the test. Clients sign in with SCRAM against an auth_file that holds
// the cluster login's SCRAM verifier (read from pg_authid, never the password), and pgbouncer signs
// in to the server with the client's own proof. Run as the cluster's account when the test is root
// (pgbouncer refuses root, like PostgreSQL).

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QHash>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QVector>

namespace boxoffice::test {

class PgBouncerServer
{
public:
    // One [databases] entry: clients ask for `alias`, pgbouncer serves it from the fixture cluster's
    // `database` in `mode` ("session", "transaction") with at most `size` server connections.
    struct Pool
    {
        QString alias;
        QString database;
        QString mode;
        int size = 10;
    };

    PgBouncerServer() = default;
    ~PgBouncerServer();
    PgBouncerServer(const PgBouncerServer &) = delete;
    PgBouncerServer &operator=(const PgBouncerServer &) = delete;

    // pgbouncer's path (Debian puts it in /usr/sbin), or empty when it is not installed.
    static QString program();

    // Empty on success, else why it did not start.
    QString start(const QVector<Pool> &pools);
    void stop();

    // How a client reaches `alias` through pgbouncer: 127.0.0.1, its port, the fixture's login.
    ConnectionSettings settings(const QString &alias) const;
    // SHOW `what` (POOLS, CLIENTS, SERVERS...) on pgbouncer's admin console, one row per entry, each
    // keyed by column name.
    Result<QVector<QHash<QString, QString>>> show(const QString &what) const;

    QString logFile() const { return m_dir.filePath(QStringLiteral("pgbouncer.log")); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    ConnectionSettings m_cluster; // the fixture's superuser, on the cluster's unix socket
    quint16 m_port = 0;
};

} // namespace boxoffice::test
