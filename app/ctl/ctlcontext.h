#pragma once

#include "domain/result.h"
#include "storage/databaseconnection.h"
#include "storage/databaselocator.h"
#include "storage/pginventory.h"

#include <QCommandLineParser>
#include <QDate>
#include <QDateTime>
#include <QJsonObject>

#include <memory>

namespace boxoffice::ctl {

// Exit statuses scripts can rely on (documented in the README).
enum ExitCode { ExitDone = 0, ExitFailure = 1, ExitBadInput = 2, ExitLost = 3 };

int exitCodeFor(const DomainError &error);

// A connection and every store on it; the stores go first when it ends.
struct InventorySession
{
    std::unique_ptr<DatabaseConnection> connection;
    std::unique_ptr<PgInventory> inventory;
    PgInventory *operator->() const { return inventory.get(); }
};

// What every command shares: the parsed command line, the output format and the way to the database.
class CtlContext
{
public:
    explicit CtlContext(const QCommandLineParser &parser);

    const QCommandLineParser &parser() const { return m_parser; }
    bool json() const;

    // Finds the database (starting the private cluster if that is the one), connects, and makes sure
    // the schema is the one this program knows: migrated automatically on the private cluster, checked
    // (never silently changed) on a shared server unless `migrate` is true.
    Result<std::unique_ptr<DatabaseConnection>> connect(bool migrate = false);
    Result<InventorySession> openInventory();
    // After connect(): whether the database is the user's private cluster (not a shared server).
    bool usesPrivateCluster() const { return m_privateCluster; }

    // Prints a command's result: JSON on stdout with --json, else the human text.
    int succeed(const QJsonObject &json, const QString &text) const;
    // Prints an error (JSON on stdout with --json, text on stderr) and returns its exit status.
    int fail(const DomainError &error) const;
    int fail(const DomainError &error, const QJsonObject &extra) const;
    int failUsage(const QString &message) const;

    // Required option helpers: missing or malformed values become a clear usage error.
    Result<qint64> requireId(const QString &option) const;
    Result<QString> requireText(const QString &option) const;
    Result<int> requireNumber(const QString &option, int minimum) const;
    Result<QDate> requireDate(const QString &option) const;
    Result<QDateTime> requireTime(const QString &option) const;
    std::optional<int> optionalNumber(const QString &option, bool *ok) const;

private:
    const QCommandLineParser &m_parser;
    bool m_privateCluster = false;
};

} // namespace boxoffice::ctl
