// Data safety as an operator meets it: backups that restore a database with sales in it, the backup
// taken before a migration changes a schema, and upgrades one terminal at a time (a program keeps
// working on the next release's expanded schema; a contracted one it no longer fits is refused).
// The programs are the real boxoffice-ctl binary with the usual PG* variables.

#include "ctlrun.h"
#include "storage/databasebackup.h"
#include "storage/migrator.h"
#include "testdatabase.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlError>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

using Run = test::CtlRun;

namespace {

// The next release, simulated: its migrations are the bundled ones plus these.
Migration nextReleaseExpand(int after)
{
    return Migration::fromSql(after + 1, QStringLiteral("loyalty_points"),
                              "-- boxoffice:expand\n"
                              "ALTER TABLE orders ADD COLUMN loyalty_points integer NOT NULL DEFAULT 0;\n"
                              "CREATE TABLE loyalty_ledger (order_id bigint PRIMARY KEY, points integer NOT NULL);\n");
}

// ...and the one after it, which removes what only programs before the next release read.
Migration releaseAfterNextContract(int after)
{
    return Migration::fromSql(
        after + 2, QStringLiteral("drop_loyalty_ledger"),
        QStringLiteral("-- boxoffice:compatible-from %1\nDROP TABLE loyalty_ledger;\n").arg(after + 1).toUtf8());
}

} // namespace

class TestUpgrades : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void backupAndRestoreRoundTripASoldHouse();
    void restoreOntoAnEmptyServerIsADrill();
    void aBrokenArchiveIsRefusedAndChangesNothing();
    void aMigrationThatChangesTheSchemaIsBackedUpFirst();
    void aFailedBackupStopsTheMigration();
    void todaysProgramsRunOnTheNextReleasesSchema();
    void theNextReleasesProgramsNeedItsMigrationsFirst();
    void aContractedSchemaIsRefusedByProgramsItNoLongerFits();
    void everyExpandMigrationKeepsTheProgramsBeforeIt();
    void aHistoryWithoutTheCompatibilityColumnIsExtended();

private:
    Run ctl(const QStringList &arguments, const ConnectionSettings &target) const;
    QString fingerprint(const TestDatabase &db) const;
    QString fingerprint(QSqlDatabase database) const;
    qint64 sellSeats(const ConnectionSettings &target, const QString &cart, const QString &seats) const;
    Result<ConnectionSettings> emptyDatabase(const QString &name) const;

    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_folder;
    qint64 m_event = 0;
};

Run TestUpgrades::ctl(const QStringList &arguments, const ConnectionSettings &target) const
{
    QProcessEnvironment environment = clientEnvironment(target);
    // Backups without a named file go below the data folder: keep them in the test's own.
    environment.insert(QStringLiteral("XDG_DATA_HOME"), m_folder.filePath(QStringLiteral("data")));
    return test::runCtl(arguments, environment, 180000);
}

QString TestUpgrades::fingerprint(const TestDatabase &db) const
{
    return fingerprint(db.database());
}

// What a sale leaves behind, as one text: equal fingerprints, equal sales.
QString TestUpgrades::fingerprint(QSqlDatabase database) const
{
    QStringList parts;
    for (const QString &table : {QStringLiteral("orders"), QStringLiteral("order_lines"), QStringLiteral("event_seats"),
                                 QStringLiteral("inventory_audit"), QStringLiteral("schema_migrations")}) {
        QSqlQuery query(database);
        // Table names are this test's constants; no input reaches the statement.
        if (!query.exec(QStringLiteral("SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) "
                                       "FROM %1 t")
                            .arg(table))
            || !query.next())
            return QStringLiteral("unreadable %1: %2").arg(table, query.lastError().text());
        parts << QStringLiteral("%1=%2:%3").arg(table, query.value(0).toString(), query.value(1).toString());
    }
    return parts.join(QLatin1Char(' '));
}

qint64 TestUpgrades::sellSeats(const ConnectionSettings &target, const QString &cart, const QString &seats) const
{
    const Run held = ctl({QStringLiteral("hold"), QStringLiteral("--event"), QString::number(m_event),
                          QStringLiteral("--cart"), cart, QStringLiteral("--seats"), seats, QStringLiteral("--json")},
                         target);
    if (held.exitCode != 0) {
        qWarning("hold failed: %s %s", qPrintable(held.out), qPrintable(held.err));
        return 0;
    }
    const Run sold = ctl({QStringLiteral("confirm"), QStringLiteral("--cart"), cart, QStringLiteral("--json")}, target);
    if (sold.exitCode != 0) {
        qWarning("confirm failed: %s %s", qPrintable(sold.out), qPrintable(sold.err));
        return 0;
    }
    return sold.json.value(QStringLiteral("order")).toInteger();
}

Result<ConnectionSettings> TestUpgrades::emptyDatabase(const QString &name) const
{
    auto admin = TestDatabase::clusterSettings(QStringLiteral("postgres"));
    if (!admin)
        return admin.error();
    auto connection = DatabaseConnection::open(admin.value(), QStringLiteral("test-admin"));
    if (!connection)
        return connection.error();
    QSqlQuery query(connection.value()->database());
    // Database names cannot be bound; these are this test's constants of [a-z0-9_].
    query.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name));
    if (!query.exec(QStringLiteral("CREATE DATABASE %1").arg(name)))
        return makeError(ErrorCode::Internal, query.lastError().text());
    ConnectionSettings settings = admin.value();
    settings.database = name;
    return settings;
}

void TestUpgrades::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    QVERIFY(m_folder.isValid());
    m_db = std::make_unique<TestDatabase>(QStringLiteral("upgrades"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_event = m_db->loadHall(QStringLiteral("Upgrade Hall"), 4, 10).eventId;
    QVERIFY(m_event > 0);
}

void TestUpgrades::backupAndRestoreRoundTripASoldHouse()
{
    const qint64 first = sellSeats(m_db->settings(), QStringLiteral("backup-1"), QStringLiteral("A-1-1,A-1-2"));
    QVERIFY(first > 0);
    QVERIFY(sellSeats(m_db->settings(), QStringLiteral("backup-2"), QStringLiteral("A-2-5")) > 0);
    const QString sold = fingerprint(*m_db);

    const QString file = m_folder.filePath(QStringLiteral("nightly.dump"));
    const Run backup
        = ctl({QStringLiteral("db"), QStringLiteral("backup"), file, QStringLiteral("--json")}, m_db->settings());
    QVERIFY2(backup.exitCode == 0, qPrintable(backup.out + backup.err));
    QCOMPARE(backup.json.value(QStringLiteral("file")).toString(), QFileInfo(file).absoluteFilePath());
    QCOMPARE(backup.json.value(QStringLiteral("schema_version")).toInt(), Migrator(m_db->database()).latestVersion());
    QVERIFY(backup.json.value(QStringLiteral("bytes")).toInteger() > 0);
    // It holds buyers' data: its owner's alone.
    QCOMPARE(QFileInfo(file).permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());

    // Business goes on after the backup: another sale, a seat held.
    const qint64 after = sellSeats(m_db->settings(), QStringLiteral("backup-3"), QStringLiteral("A-3-1"));
    QVERIFY(after > 0);
    const QString later = fingerprint(*m_db);
    QVERIFY(later != sold);

    // Restoring over a database that holds a box office needs saying so.
    const Run unasked = ctl({QStringLiteral("db"), QStringLiteral("restore"), file}, m_db->settings());
    QCOMPARE(unasked.exitCode, 2);
    QVERIFY2(unasked.err.contains(QStringLiteral("--replace")), qPrintable(unasked.err));
    QCOMPARE(fingerprint(*m_db), later);

    const Run restored = ctl(
        {QStringLiteral("db"), QStringLiteral("restore"), file, QStringLiteral("--replace"), QStringLiteral("--json")},
        m_db->settings());
    QVERIFY2(restored.exitCode == 0, qPrintable(restored.out + restored.err));
    QCOMPARE(fingerprint(*m_db), sold);
    QCOMPARE(m_db->auditFailure(), QString());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), first}})
                 .toString(),
             QStringLiteral("PAID"));
    QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE id = :o"), {{QStringLiteral("o"), after}})
                .toInt()
            == 0);

    // What was there before the restore was kept, and is itself a backup that restores.
    const QString previous = restored.json.value(QStringLiteral("previous_contents")).toString();
    QVERIFY2(QFileInfo::exists(previous), qPrintable(previous));
    auto spare = emptyDatabase(QStringLiteral("t_upgrades_previous"));
    QVERIFY2(spare.ok(), spare.ok() ? "" : qPrintable(spare.error().message));
    const Run back = ctl({QStringLiteral("db"), QStringLiteral("restore"), previous}, spare.value());
    QVERIFY2(back.exitCode == 0, qPrintable(back.out + back.err));
    {
        auto connection = DatabaseConnection::open(spare.value(), QStringLiteral("spare"));
        QVERIFY(connection.ok());
        QCOMPARE(fingerprint(connection.value()->database()), later);
    }

    // The restored database sells on: its sequences and grants came back with it.
    QVERIFY(sellSeats(m_db->settings(), QStringLiteral("backup-4"), QStringLiteral("A-3-1")) > 0);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestUpgrades::restoreOntoAnEmptyServerIsADrill()
{
    const QString file = m_folder.filePath(QStringLiteral("drill.dump"));
    QCOMPARE(ctl({QStringLiteral("db"), QStringLiteral("backup"), file}, m_db->settings()).exitCode, 0);
    auto drill = emptyDatabase(QStringLiteral("t_upgrades_drill"));
    QVERIFY2(drill.ok(), drill.ok() ? "" : qPrintable(drill.error().message));
    const Run restored
        = ctl({QStringLiteral("db"), QStringLiteral("restore"), file, QStringLiteral("--json")}, drill.value());
    QVERIFY2(restored.exitCode == 0, qPrintable(restored.out + restored.err));
    QCOMPARE(restored.json.value(QStringLiteral("previous_contents")).toString(), QString());
    auto connection = DatabaseConnection::open(drill.value(), QStringLiteral("drill"));
    QVERIFY(connection.ok());
    QCOMPARE(fingerprint(connection.value()->database()), fingerprint(*m_db));
    // The drill's copy passes the audit run by the program an operator would use.
    const Run audit = ctl({QStringLiteral("audit"), QStringLiteral("--json")}, drill.value());
    QVERIFY2(audit.exitCode == 0, qPrintable(audit.out + audit.err));
}

void TestUpgrades::aBrokenArchiveIsRefusedAndChangesNothing()
{
    const QString before = fingerprint(*m_db);
    const QString junk = m_folder.filePath(QStringLiteral("junk.dump"));
    QFile file(junk);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("PGDMP but not really");
    file.close();
    const Run refused
        = ctl({QStringLiteral("db"), QStringLiteral("restore"), junk, QStringLiteral("--replace")}, m_db->settings());
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(QStringLiteral("not a backup")), qPrintable(refused.err));
    const Run missing = ctl({QStringLiteral("db"), QStringLiteral("restore"),
                             m_folder.filePath(QStringLiteral("none.dump")), QStringLiteral("--replace")},
                            m_db->settings());
    QCOMPARE(missing.exitCode, 2);
    QCOMPARE(fingerprint(*m_db), before);
}

void TestUpgrades::aMigrationThatChangesTheSchemaIsBackedUpFirst()
{
    TestDatabase scratch(QStringLiteral("upgrades_backup_hook"));
    QVERIFY(scratch.ok());
    QVector<Migration> next = Migrator::bundledMigrations();
    const int today = next.last().version;
    next << nextReleaseExpand(today);
    const QString folder = m_folder.filePath(QStringLiteral("automatic"));
    Migrator migrator(scratch.database(), next);
    migrator.setBeforeChange(backupBeforeMigrating(scratch.settings(), folder, 2));
    QVERIFY(migrator.migrate().ok());
    const QStringList written = QDir(folder).entryList({QStringLiteral("*.dump")}, QDir::Files);
    QCOMPARE(written.size(), 1);
    QVERIFY2(written.first().contains(QStringLiteral("before-schema-%1-to-%2").arg(today).arg(today + 1)),
             qPrintable(written.first()));
    // The backup is the schema before the change.
    auto version = DatabaseBackup(scratch.settings()).archiveSchemaVersion(QDir(folder).filePath(written.first()));
    QVERIFY(version.ok());
    QCOMPARE(version.value(), today);
    // Nothing to apply: no backup either.
    QVERIFY(migrator.migrate().ok());
    QCOMPARE(QDir(folder).entryList({QStringLiteral("*.dump")}, QDir::Files).size(), 1);
}

void TestUpgrades::aFailedBackupStopsTheMigration()
{
    TestDatabase scratch(QStringLiteral("upgrades_backup_fails"));
    QVERIFY(scratch.ok());
    QVector<Migration> next = Migrator::bundledMigrations();
    const int today = next.last().version;
    next << nextReleaseExpand(today);
    // A file where the backup folder should be: no backup can be written there.
    const QString blocked = m_folder.filePath(QStringLiteral("blocked"));
    QFile placeholder(blocked);
    QVERIFY(placeholder.open(QIODevice::WriteOnly));
    placeholder.close();
    Migrator migrator(scratch.database(), next);
    migrator.setBeforeChange(backupBeforeMigrating(scratch.settings(), blocked));
    const auto report = migrator.migrate();
    QVERIFY(!report.ok());
    QVERIFY2(report.error().message.contains(QStringLiteral("backup")), qPrintable(report.error().message));
    QCOMPARE(Migrator(scratch.database()).appliedVersion().value(), today);
    QVERIFY(!scratch.scalar(QStringLiteral("SELECT to_regclass('loyalty_ledger') IS NOT NULL")).toBool());
}

void TestUpgrades::todaysProgramsRunOnTheNextReleasesSchema()
{
    // The administrator migrates the shared server with the next release; this release's terminals
    // (the real binary) keep selling on it until each is upgraded.
    TestDatabase shared(QStringLiteral("upgrades_mixed"));
    QVERIFY(shared.ok());
    const qint64 event = shared.loadHall(QStringLiteral("Mixed Hall"), 2, 10).eventId;
    QVector<Migration> next = Migrator::bundledMigrations();
    const int today = next.last().version;
    next << nextReleaseExpand(today);
    QVERIFY(Migrator(shared.database(), next).migrate().ok());
    QVERIFY(Migrator(shared.database(), next).checkCurrent().ok());

    QVERIFY(Migrator(shared.database()).checkCurrent().ok());
    const Run held = ctl({QStringLiteral("hold"), QStringLiteral("--event"), QString::number(event),
                          QStringLiteral("--cart"), QStringLiteral("old-desk"), QStringLiteral("--seats"),
                          QStringLiteral("A-1-1"), QStringLiteral("--json")},
                         shared.settings());
    QVERIFY2(held.exitCode == 0, qPrintable(held.out + held.err));
    const Run sold = ctl(
        {QStringLiteral("confirm"), QStringLiteral("--cart"), QStringLiteral("old-desk"), QStringLiteral("--json")},
        shared.settings());
    QVERIFY2(sold.exitCode == 0, qPrintable(sold.out + sold.err));
    // The next release's column got its default on the row this release wrote.
    QCOMPARE(shared
                 .scalar(QStringLiteral("SELECT loyalty_points FROM orders WHERE id = :o"),
                         {{QStringLiteral("o"), sold.json.value(QStringLiteral("order")).toInteger()}})
                 .toInt(),
             0);
    // This release's migrate has nothing to do there and leaves the newer schema alone.
    const Run migrate = ctl({QStringLiteral("migrate"), QStringLiteral("--json")}, shared.settings());
    QVERIFY2(migrate.exitCode == 0, qPrintable(migrate.out + migrate.err));
    QVERIFY(shared.scalar(QStringLiteral("SELECT to_regclass('loyalty_ledger') IS NOT NULL")).toBool());
    QCOMPARE(Migrator(shared.database()).appliedVersion().value(), today + 1);
    QCOMPARE(shared.auditFailure(), QString());
}

void TestUpgrades::theNextReleasesProgramsNeedItsMigrationsFirst()
{
    // The reverse: a terminal upgraded before the server was migrated says what to do, changes nothing;
    // once migrated (expand only), both releases work side by side.
    TestDatabase shared(QStringLiteral("upgrades_reverse"));
    QVERIFY(shared.ok());
    QVector<Migration> next = Migrator::bundledMigrations();
    next << nextReleaseExpand(next.last().version);
    const Status early = Migrator(shared.database(), next).checkCurrent();
    QVERIFY(!early.ok());
    QVERIFY2(early.error().message.contains(QStringLiteral("boxoffice-ctl migrate")),
             qPrintable(early.error().message));
    QVERIFY(!shared.scalar(QStringLiteral("SELECT to_regclass('loyalty_ledger') IS NOT NULL")).toBool());
    QVERIFY(Migrator(shared.database(), next).migrate().ok());
    QVERIFY(Migrator(shared.database(), next).checkCurrent().ok());
    QVERIFY(Migrator(shared.database()).checkCurrent().ok());
    QCOMPARE(ctl({QStringLiteral("events")}, shared.settings()).exitCode, 0);
}

void TestUpgrades::aContractedSchemaIsRefusedByProgramsItNoLongerFits()
{
    TestDatabase shared(QStringLiteral("upgrades_contract"));
    QVERIFY(shared.ok());
    QVector<Migration> later = Migrator::bundledMigrations();
    const int today = later.last().version;
    later << nextReleaseExpand(today) << releaseAfterNextContract(today);
    QVERIFY(Migrator(shared.database(), later).migrate().ok());

    // The release after next dropped what only programs before the next release read: this release is
    // refused, clearly, before it does anything; the next release still fits.
    const Status refused = Migrator(shared.database()).checkCurrent();
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::SchemaMismatch);
    const Run program = ctl({QStringLiteral("events")}, shared.settings());
    QCOMPARE(program.exitCode, 1);
    QVERIFY2(program.err.contains(QStringLiteral("Install the newer box-office release")), qPrintable(program.err));
    QVector<Migration> next = Migrator::bundledMigrations();
    next << nextReleaseExpand(today);
    QVERIFY(Migrator(shared.database(), next).checkCurrent().ok());
    QVERIFY(Migrator(shared.database(), later).checkCurrent().ok());
}

void TestUpgrades::everyExpandMigrationKeepsTheProgramsBeforeIt()
{
    // The bundled migrations themselves: a program built before an expand-only tail of them accepts
    // the schema with the tail applied; one built before a migration without the marker does not.
    const QVector<Migration> bundled = Migrator::bundledMigrations();
    int compatibleTail = 0;
    for (int i = bundled.size() - 1; i > 0 && bundled[i].compatibleFrom < bundled[i].version; --i)
        ++compatibleTail;
    for (int cut = bundled.size() - 1; cut >= bundled.size() - 1 - compatibleTail && cut > 0; --cut) {
        const QVector<Migration> older = bundled.mid(0, cut);
        bool fits = true;
        for (int i = cut; i < bundled.size(); ++i)
            fits = fits && bundled[i].compatibleFrom <= older.last().version;
        QCOMPARE(Migrator(m_db->database(), older).checkCurrent().ok(), fits);
    }
}

void TestUpgrades::aHistoryWithoutTheCompatibilityColumnIsExtended()
{
    // Databases made by releases before the column: readable as they are, extended on the next migrate.
    TestDatabase old(QStringLiteral("upgrades_old_history"));
    QVERIFY(old.ok());
    QVERIFY(old.exec(QStringLiteral("ALTER TABLE schema_migrations DROP COLUMN compatible_from")));
    QVERIFY(Migrator(old.database()).checkCurrent().ok());
    QVector<Migration> next = Migrator::bundledMigrations();
    next << nextReleaseExpand(next.last().version);
    QVERIFY(Migrator(old.database(), next).migrate().ok());
    QCOMPARE(old.scalar(QStringLiteral("SELECT compatible_from FROM schema_migrations ORDER BY version DESC LIMIT 1"))
                 .toInt(),
             0);
    QVERIFY(old.scalar(QStringLiteral("SELECT compatible_from FROM schema_migrations WHERE version = 1")).isNull());
    QVERIFY(Migrator(old.database()).checkCurrent().ok());
}

QTEST_GUILESS_MAIN(TestUpgrades)
#include "tst_upgrades.moc"
