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

    Result<MigrationReport> migrate(const Progress &progress = {});
    // The schema this program can work with: exactly the latest version, else a clear refusal.
    Status checkCurrent();
    Result<int> appliedVersion();

private:
    Status checkHistory(const QVector<QPair<int, QString>> &applied) const;
    Result<QVector<QPair<int, QString>>> readHistory();

    QSqlDatabase m_database;
    QVector<Migration> m_migrations;
};

} // namespace boxoffice
