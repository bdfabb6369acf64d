#pragma once

// A pg_auto_failover formation of the test's own on loopback: a monitor, a primary and a synchronous
// standby, each a `pg_autoctl run` keeper in a process group of its own (as the `postgres` account
// when the test runs as root), so a test can kill a whole node as a machine dies (SIGKILL), freeze it
// as a network split would cut it off (SIGSTOP), and bring it back. Everything lives in a scratch
// folder that is removed with the formation.

#include "storage/connectionsettings.h"

#include <QDir>
#include <QHash>
#include <QProcess>
#include <QString>
#include <QVector>

#include <array>
#include <memory>

namespace boxoffice::test {

class AutoFailoverFormation
{
public:
    struct NodeState
    {
        QString reported;
        QString goal;
        bool operator==(const NodeState &other) const { return reported == other.reported && goal == other.goal; }
    };
    static constexpr int nodeCount = 2; // nodes 1 and 2; 0 is the monitor

    AutoFailoverFormation() = default;
    ~AutoFailoverFormation();
    AutoFailoverFormation(const AutoFailoverFormation &) = delete;
    AutoFailoverFormation &operator=(const AutoFailoverFormation &) = delete;

    // pg_autoctl on PATH, or empty when pg_auto_failover is not installed.
    static QString program();

    // Creates the monitor and both nodes with a database `database`, tunes the monitor to notice a lost
    // node within seconds, and waits until node 1 is primary and node 2 its synchronous secondary.
    // Empty on success, else why not.
    QString start(const QString &database);

    // The formation as every program connects to it: the URL `pg_autoctl show uri` prints (both hosts,
    // target_session_attrs=read-write).
    ConnectionSettings settings() const { return m_formation; }
    // One node directly (1 or 2), whatever its role.
    ConnectionSettings nodeSettings(int node) const;

    // Node name -> (reported state, goal state), read from the monitor.
    QHash<QString, NodeState> states() const;
    QString describeStates() const;
    // The node (1 or 2) whose reported and goal states are primary or wait_primary, 0 when none is.
    int writableNode() const;
    // Waits until `node` has reported and been assigned `state`. False after timeoutMs.
    bool waitForState(int node, const QString &state, int timeoutMs) const;

    void kill(int node); // SIGKILL to the node's keeper, its postgres and every backend
    void freeze(int node); // SIGSTOP: the processes and sockets stay, nothing answers
    void thaw(int node); // SIGCONT
    QString restart(int node); // `pg_autoctl run` again after kill(); empty on success

    QString monitorLog() const;

private:
    QString nodeName(int node) const
    {
        return node == 0 ? QStringLiteral("monitor") : QStringLiteral("node%1").arg(node);
    }
    QString dataDir(int node) const { return m_dir + QLatin1Char('/') + nodeName(node); }
    QString runTool(const QStringList &arguments, int timeoutMs) const;
    QString startKeeper(int node);
    QString tuneMonitor() const;
    QProcessEnvironment environment() const;
    void signalNode(int node, int signal);
    QVector<qint64> postgresProcesses(int node) const; // the postmaster and its children

    QString m_dir;
    std::array<quint16, nodeCount + 1> m_ports{};
    std::array<std::unique_ptr<QProcess>, nodeCount + 1> m_keepers;
    ConnectionSettings m_formation;
};

} // namespace boxoffice::test
