#include "storage/migrator.h"

#include "storage/logging.h"
#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSqlQuery>

#include <algorithm>

namespace boxoffice {

namespace {

// Any constant works as long as every build uses the same one.
constexpr qint64 migrationLockKey = 0x626f786f6d6967; // "boxomig"

const QString historyTable = QStringLiteral("CREATE TABLE IF NOT EXISTS schema_migrations ("
                                            " version integer PRIMARY KEY,"
                                            " name text NOT NULL,"
                                            " checksum text NOT NULL,"
                                            " applied_at timestamptz NOT NULL DEFAULT now())");

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
        Migration migration;
        migration.version = match.captured(1).toInt();
        migration.name = match.captured(2);
        migration.sql = file.readAll();
        migration.checksum
            = QString::fromLatin1(QCryptographicHash::hash(migration.sql, QCryptographicHash::Sha256).toHex());
        migrations << migration;
    }
    return migrations;
}

int Migrator::latestVersion() const
{
    return m_migrations.isEmpty() ? 0 : m_migrations.last().version;
}

Result<QVector<QPair<int, QString>>> Migrator::readHistory()
{
    QSqlQuery query(m_database);
    if (!query.exec(QStringLiteral("SELECT to_regclass('schema_migrations') IS NOT NULL")) || !query.next())
        return fromSqlError(query.lastError(), QStringLiteral("reading the schema version"));
    QVector<QPair<int, QString>> applied;
    if (!query.value(0).toBool())
        return applied;
    if (!query.exec(QStringLiteral("SELECT version, checksum FROM schema_migrations ORDER BY version")))
        return fromSqlError(query.lastError(), QStringLiteral("reading the schema version"));
    while (query.next())
        applied.append({query.value(0).toInt(), query.value(1).toString()});
    return applied;
}

Status Migrator::checkHistory(const QVector<QPair<int, QString>> &applied) const
{
    const int newest = applied.isEmpty() ? 0 : applied.last().first;
    if (newest > latestVersion())
        return makeError(ErrorCode::SchemaMismatch,
                         QStringLiteral("The database schema is %1, newer than this program understands (%2). "
                                        "Install the newer box-office release before using this database.")
                             .arg(describeVersion(newest), describeVersion(latestVersion())));
    for (const auto &[version, checksum] : applied) {
        const auto known = std::find_if(m_migrations.begin(), m_migrations.end(),
                                        [version = version](const Migration &m) { return m.version == version; });
        if (known == m_migrations.end() || known->checksum != checksum)
            return makeError(ErrorCode::SchemaMismatch,
                             QStringLiteral("Migration %1 in the database differs from the one in this program; "
                                            "refusing to guess. Restore the database or use the matching release.")
                                 .arg(version));
    }
    return Done{};
}

Result<int> Migrator::appliedVersion()
{
    auto history = readHistory();
    if (!history)
        return history.error();
    return history->isEmpty() ? 0 : history->last().first;
}

Status Migrator::checkCurrent()
{
    auto history = readHistory();
    if (!history)
        return history.error();
    if (auto status = checkHistory(history.value()); !status)
        return status;
    const int current = history->isEmpty() ? 0 : history->last().first;
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
    if (history->isEmpty()) {
        QSqlQuery create(m_database);
        if (!create.exec(historyTable))
            return fromSqlError(create.lastError(), QStringLiteral("creating the migrations table"));
    }
    if (auto status = checkHistory(history.value()); !status)
        return status.error();

    MigrationReport report;
    report.fromVersion = history->isEmpty() ? 0 : history->last().first;
    report.toVersion = report.fromVersion;
    for (const Migration &migration : m_migrations) {
        if (migration.version <= report.fromVersion)
            continue;
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
        record.prepare(QStringLiteral("INSERT INTO schema_migrations (version, name, checksum) VALUES (:v, :n, :c)"));
        record.bindValue(QStringLiteral(":v"), migration.version);
        record.bindValue(QStringLiteral(":n"), migration.name);
        record.bindValue(QStringLiteral(":c"), migration.checksum);
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
