#include "storage/migrator.h"

#include "storage/logging.h"
#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QSqlRecord>

#include <algorithm>

namespace boxoffice {

namespace {

// Any constant works as long as every build uses the same one.
constexpr qint64 migrationLockKey = 0x626f786f6d6967; // "boxomig"

const QString historyTable = QStringLiteral("CREATE TABLE IF NOT EXISTS schema_migrations ("
                                            " version integer PRIMARY KEY,"
                                            " name text NOT NULL,"
                                            " checksum text NOT NULL,"
                                            " applied_at timestamptz NOT NULL DEFAULT now(),"
                                            " compatible_from integer)");
// Databases made before the column existed get it on their next migration; programs of those
// releases insert without it, and a NULL reads as "only programs that know this migration".
const QString compatibilityColumn
    = QStringLiteral("ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS compatible_from integer");

class AdvisoryLock
{
public:
    explicit AdvisoryLock(QSqlDatabase database) : m_database(std::move(database)) { }
    ~AdvisoryLock()
    {
        if (m_locked) {
            QSqlQuery query(m_database);
            query.prepare(QStringLiteral("SELECT pg_advisory_unlock(:key)"));
            query.bindValue(QStringLiteral(":key"), migrationLockKey);
            query.exec();
        }
    }
    Status lock()
    {
        QSqlQuery query(m_database);
        query.prepare(QStringLiteral("SELECT pg_advisory_lock(:key)"));
        query.bindValue(QStringLiteral(":key"), migrationLockKey);
        if (!query.exec())
            return fromSqlError(query.lastError(), QStringLiteral("waiting for other migrations"));
        m_locked = true;
        return Done{};
    }

private:
    QSqlDatabase m_database;
    bool m_locked = false;
};

QString describeVersion(int version)
{
    return version == 0 ? QStringLiteral("empty") : QStringLiteral("version %1").arg(version);
}

} // namespace

Migration Migration::fromSql(int version, const QString &name, const QByteArray &sql)
{
    static const QRegularExpression compatibleFromMarker(QStringLiteral("^-- boxoffice:compatible-from (\\d+)\\s*$"));
    Migration migration;
    migration.version = version;
    migration.name = name;
    migration.sql = sql;
    migration.checksum = QString::fromLatin1(QCryptographicHash::hash(sql, QCryptographicHash::Sha256).toHex());
    const QString firstLine = QString::fromUtf8(sql.left(sql.indexOf('\n'))).trimmed();
    migration.compatibleFrom = version;
    if (firstLine == QLatin1String("-- boxoffice:expand"))
        migration.compatibleFrom = 0;
    else if (const auto match = compatibleFromMarker.match(firstLine); match.hasMatch())
        migration.compatibleFrom = std::min(version, match.captured(1).toInt());
    return migration;
}

Migrator::Migrator(QSqlDatabase database, QVector<Migration> migrations)
    : m_database(std::move(database)), m_migrations(std::move(migrations))
{
    std::sort(m_migrations.begin(), m_migrations.end(),
              [](const Migration &a, const Migration &b) { return a.version < b.version; });
}

QVector<Migration> Migrator::bundledMigrations()
{
    static const QRegularExpression fileName(QStringLiteral("^(\\d+)_(\\w+)\\.sql$"));
    QVector<Migration> migrations;
    const QDir directory(QStringLiteral(":/migrations"));
    for (const QString &entry : directory.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        const auto match = fileName.match(entry);
        if (!match.hasMatch()) {
            qCWarning(lcMigrations) << "ignoring migration with a malformed name" << entry;
            continue;
        }
        QFile file(directory.filePath(entry));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        migrations << Migration::fromSql(match.captured(1).toInt(), match.captured(2), file.readAll());
    }
    return migrations;
}

int Migrator::latestVersion() const
{
    return m_migrations.isEmpty() ? 0 : m_migrations.last().version;
}

Result<Migrator::History> Migrator::readHistory()
{
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SELECT to_regclass('schema_migrations') IS NOT NULL")) || !query.next())
        return fromSqlError(query.lastError(), QStringLiteral("reading the schema version"));
    History history;
    history.tableExists = query.value(0).toBool();
    if (!history.tableExists)
        return history;
    if (!query.exec(QStringLiteral("SELECT * FROM schema_migrations ORDER BY version")))
        return fromSqlError(query.lastError(), QStringLiteral("reading the schema version"));
    const int compatibleFrom = query.record().indexOf(QStringLiteral("compatible_from"));
    history.recordsCompatibility = compatibleFrom >= 0;
    while (query.next()) {
        Applied applied;
        applied.version = query.value(QStringLiteral("version")).toInt();
        applied.checksum = query.value(QStringLiteral("checksum")).toString();
        const QVariant declared = compatibleFrom >= 0 ? query.value(compatibleFrom) : QVariant();
        applied.compatibleFrom = declared.isNull() ? applied.version : declared.toInt();
        history.applied.append(applied);
    }
    return history;
}

Status Migrator::checkHistory(const History &history) const
{
    for (const Applied &applied : history.applied) {
        if (applied.version > latestVersion()) {
            // A newer release's migration: fine while it says programs like this one keep working.
            if (applied.compatibleFrom > latestVersion())
                return makeError(ErrorCode::SchemaMismatch,
                                 QStringLiteral("The database schema is %1, newer than this program understands (%2), "
                                                "and migration %3 changed what this program uses. Install the newer "
                                                "box-office release before using this database.")
                                     .arg(describeVersion(history.newest()), describeVersion(latestVersion()))
                                     .arg(applied.version));
            continue;
        }
        const auto known
            = std::find_if(m_migrations.begin(), m_migrations.end(),
                           [version = applied.version](const Migration &m) { return m.version == version; });
        if (known == m_migrations.end() || known->checksum != applied.checksum)
            return makeError(ErrorCode::SchemaMismatch,
                             QStringLiteral("Migration %1 in the database differs from the one in this program; "
                                            "refusing to guess. Restore the database or use the matching release.")
                                 .arg(applied.version));
    }
    return Done{};
}

Result<int> Migrator::appliedVersion()
{
    auto history = readHistory();
    if (!history)
        return history.error();
    return history->newest();
}

Status Migrator::checkCurrent()
{
    auto history = readHistory();
    if (!history)
        return history.error();
    if (auto status = checkHistory(history.value()); !status)
        return status;
    const int current = history->newest();
    if (current < latestVersion())
        return makeError(ErrorCode::SchemaMismatch,
                         QStringLiteral("The database schema is %1 but this program needs %2. "
                                        "Run \"boxoffice-ctl migrate\" against it first.")
                             .arg(describeVersion(current), describeVersion(latestVersion())));
    return Done{};
}

Result<MigrationReport> Migrator::migrate(const Progress &progress)
{
    AdvisoryLock lock(m_database);
    if (auto status = lock.lock(); !status)
        return status.error();
    auto history = readHistory();
    if (!history)
        return history.error();
    if (auto status = checkHistory(history.value()); !status)
        return status.error();
    QSqlQuery prepareTable(m_database);
    if (!history->tableExists && !prepareTable.exec(historyTable))
        return fromSqlError(prepareTable.lastError(), QStringLiteral("creating the migrations table"));
    if (history->tableExists && !history->recordsCompatibility && !prepareTable.exec(compatibilityColumn))
        return fromSqlError(prepareTable.lastError(), QStringLiteral("extending the migrations table"));

    MigrationReport report;
    report.fromVersion = history->newest();
    report.toVersion = report.fromVersion;
    bool changedAnything = false;
    for (const Migration &migration : m_migrations) {
        if (migration.version <= report.fromVersion)
            continue;
        if (!changedAnything && report.fromVersion > 0 && m_beforeChange) {
            if (auto status = m_beforeChange(report.fromVersion, latestVersion()); !status)
                return status.error();
        }
        changedAnything = true;
        const QString label
            = QStringLiteral("%1_%2").arg(migration.version, 3, 10, QLatin1Char('0')).arg(migration.name);
        if (progress)
            progress(QStringLiteral("applying migration %1").arg(label));
        TransactionGuard transaction(m_database);
        const QString context = QStringLiteral("applying migration %1").arg(label);
        if (auto status = transaction.begin(context); !status)
            return status.error();
        QSqlQuery apply(m_database);
        if (!apply.exec(QString::fromUtf8(migration.sql)))
            return fromSqlError(apply.lastError(), context);
        QSqlQuery record(m_database);
        record.prepare(QStringLiteral("INSERT INTO schema_migrations (version, name, checksum, compatible_from) "
                                      "VALUES (:v, :n, :c, :f)"));
        record.bindValue(QStringLiteral(":v"), migration.version);
        record.bindValue(QStringLiteral(":n"), migration.name);
        record.bindValue(QStringLiteral(":c"), migration.checksum);
        record.bindValue(QStringLiteral(":f"), migration.compatibleFrom);
        if (!record.exec())
            return fromSqlError(record.lastError(), context);
        if (auto status = transaction.commit(context); !status)
            return status.error();
        qCInfo(lcMigrations).noquote() << "applied" << label;
        report.applied << label;
        report.toVersion = migration.version;
    }
    return report;
}

} // namespace boxoffice
