#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"
#include "storage/serveraccount.h"

#include <QString>

#include <functional>

namespace boxoffice {

struct PrivateClusterOptions
{
    QString directory; // everything lives below it; see PrivateCluster::defaultDirectory()
    int maxConnections = 100;
    // Throwaway test clusters turn off fsync; the product's own cluster never does: an acknowledged
    // sale must survive a power cut.
    bool durable = true;
};

// A PostgreSQL cluster owned by this user, used when no database is configured. It listens on a unix
// socket only (no TCP port at all), authenticates with scram-sha-256 and outlives the process that
// started it; the next start finds it running and reuses it.
//
// Layout: <directory>/credentials.ini (0600, the product's login), <directory>/pg/{data,run,server.log}
// (owned by the server account).
class PrivateCluster
{
public:
    using Progress = std::function<void(const QString &message)>;

    explicit PrivateCluster(PrivateClusterOptions options);

    static QString defaultDirectory();
    static QString databaseName() { return QStringLiteral("boxoffice"); }

    // Creates the cluster if needed, starts it unless it already runs, and makes sure the product's
    // database exists. Returns how to connect.
    Result<ConnectionSettings> start(const Progress &progress = {});
    Status stop(const Progress &progress = {});
    Result<bool> isRunning() const;
    bool exists() const;
    // How to connect to an existing cluster (reads credentials.ini; does not start anything).
    Result<ConnectionSettings> connectionSettings(const QString &database = databaseName()) const;
    // Stops the cluster and deletes its directory: for throwaway test clusters.
    Status destroy();

    QString directory() const { return m_options.directory; }
    QString logFile() const;

private:
    struct Tool
    {
        int exitCode = -1;
        QString output;
    };
    Result<Tool> run(const QString &tool, const QStringList &arguments, int timeoutMs = 120000) const;
    Result<QString> binDir() const;
    Status initialise(const Progress &progress);
    Status createProductDatabase();
    QString serverDir() const;
    QString dataDir() const;
    QString socketDir() const;
    QString credentialsFile() const;

    PrivateClusterOptions m_options;
};

} // namespace boxoffice
