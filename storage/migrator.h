#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QString>
#include <QVector>

#include <functional>

namespace boxoffice {

struct Migration
{
    int version = 0;
    QString name;
    QByteArray sql;
    QString checksum; // sha256 of the file, so an edited migration that already ran is noticed
    // The oldest schema a program may have been built for and still work once this migration ran.
    // Upgrades go one terminal at a time, so a migration says so on its first line:
    //   "-- boxoffice:expand"                 it only adds: every older program keeps working (0);
    //   "-- boxoffice:compatible-from NNN"    it removes what programs built for NNN on no longer use;
    //   no marker                             only programs that know this migration may use the schema.
    int compatibleFrom = 0;

    static Migration fromSql(int version, const QString &name, const QByteArray &sql);
};

struct MigrationReport
{
    int fromVersion = 0;
    int toVersion = 0;
    QStringList applied;
};

// Applies the SQL files compiled into the binary (":/migrations/NNN_name.sql") in version order, each
// in its own transaction together with its row in schema_migrations. Concurrent migrators serialise on
// an advisory lock, so two terminals starting at once cannot apply a file twice.
class Migrator
{
public:
    using Progress = std::function<void(const QString &message)>;

    explicit Migrator(QSqlDatabase database, QVector<Migration> migrations = bundledMigrations());

    static QVector<Migration> bundledMigrations();
    int latestVersion() const;

    // Runs under the migration lock before the first migration that changes an existing schema: the
    // private cluster takes a backup there. An error stops the migration before anything changed.
    using BeforeChange = std::function<Status(int fromVersion, int toVersion)>;
    void setBeforeChange(BeforeChange beforeChange) { m_beforeChange = std::move(beforeChange); }

    Result<MigrationReport> migrate(const Progress &progress = {});
    // The schema this program can work with: the latest version it knows, or a newer one whose every
    // newer migration declares it compatible (see Migration::compatibleFrom); else a clear refusal.
    Status checkCurrent();
    Result<int> appliedVersion();

private:
    struct Applied
    {
        int version = 0;
        QString checksum;
        int compatibleFrom = 0;
    };
    struct History
    {
        QVector<Applied> applied;
        bool tableExists = false;
        bool recordsCompatibility = false; // schema_migrations has compatible_from (older releases lack it)
        int newest() const { return applied.isEmpty() ? 0 : applied.last().version; }
    };
    Status checkHistory(const History &history) const;
    Result<History> readHistory();

    QSqlDatabase m_database;
    QVector<Migration> m_migrations;
    BeforeChange m_beforeChange;
};

} // namespace boxoffice
