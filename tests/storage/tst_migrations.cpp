#include "storage/migrator.h"
#include "testdatabase.h"

#include <QSqlQuery>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace boxoffice;
using namespace boxoffice::test;

class TestMigrations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void bundledMigrationsAreCompiledIn();
    void freshDatabaseMigratesToLatest();
    void rerunningIsANoOp();
    void concurrentMigratorsApplyEachFileOnce();
    void newerDatabaseIsRefused();
    void editedMigrationIsRefused();
    void olderDatabaseIsReportedNotChanged();
    void failedMigrationLeavesNothingBehind();

private:
    std::unique_ptr<TestDatabase> m_db;
};

void TestMigrations::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("migrations"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
}

void TestMigrations::bundledMigrationsAreCompiledIn()
{
    const QVector<Migration> migrations = Migrator::bundledMigrations();
    QVERIFY(!migrations.isEmpty());
    QCOMPARE(migrations.first().version, 1);
    QVERIFY(migrations.first().sql.contains("CREATE TABLE event_seats"));
    QCOMPARE(migrations.first().checksum.size(), 64);
}

void TestMigrations::freshDatabaseMigratesToLatest()
{
    // TestDatabase migrated it already: every bundled migration is recorded, and the schema checks out.
    Migrator migrator(m_db->database());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM schema_migrations")).toInt(),
             Migrator::bundledMigrations().size());
    QCOMPARE(migrator.appliedVersion().value(), migrator.latestVersion());
    QVERIFY(migrator.checkCurrent().ok());
}

void TestMigrations::rerunningIsANoOp()
{
    const auto report = Migrator(m_db->database()).migrate();
    QVERIFY(report.ok());
    QVERIFY(report->applied.isEmpty());
    QCOMPARE(report->fromVersion, report->toVersion);
}

void TestMigrations::concurrentMigratorsApplyEachFileOnce()
{
    TestDatabase fresh(QStringLiteral("migrations_race_seed"));
    QVERIFY(fresh.ok());
    QVERIFY(fresh.exec(QStringLiteral("DROP SCHEMA public CASCADE")));
    QVERIFY(fresh.exec(QStringLiteral("CREATE SCHEMA public")));

    std::atomic<int> failures{0};
    std::atomic<int> applied{0};
    QVector<QThread *> threads;
    for (int i = 0; i < 4; ++i) {
        threads << QThread::create([&] {
            auto connection = fresh.connect(QStringLiteral("migrator"));
            if (!connection) {
                ++failures;
                return;
            }
            const auto report = Migrator(connection->database()).migrate();
            if (!report.ok())
                ++failures;
            else
                applied += report->applied.size();
        });
        threads.last()->start();
    }
    for (QThread *thread : threads) {
        thread->wait();
        delete thread;
    }
    QCOMPARE(failures.load(), 0);
    QCOMPARE(applied.load(), Migrator::bundledMigrations().size());
    QCOMPARE(fresh.scalar(QStringLiteral("SELECT count(*) FROM schema_migrations")).toInt(),
             Migrator::bundledMigrations().size());
}

void TestMigrations::newerDatabaseIsRefused()
{
    QVERIFY(m_db->exec(
        QStringLiteral("INSERT INTO schema_migrations (version, name, checksum) VALUES (9999, 'future', 'x')")));
    Migrator migrator(m_db->database());
    const auto report = migrator.migrate();
    QVERIFY(!report.ok());
    QCOMPARE(report.error().code, ErrorCode::SchemaMismatch);
    QVERIFY2(report.error().message.contains(QStringLiteral("newer than this program")),
             qPrintable(report.error().message));
    QCOMPARE(migrator.checkCurrent().error().code, ErrorCode::SchemaMismatch);
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM schema_migrations WHERE version = 9999")));
}

void TestMigrations::editedMigrationIsRefused()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")));
    const auto report = Migrator(m_db->database()).migrate();
    QVERIFY(!report.ok());
    QCOMPARE(report.error().code, ErrorCode::SchemaMismatch);
    QVERIFY(m_db->exec(QStringLiteral("UPDATE schema_migrations SET checksum = :c WHERE version = 1"),
                       {{QStringLiteral("c"), Migrator::bundledMigrations().first().checksum}}));
    QVERIFY(Migrator(m_db->database()).checkCurrent().ok());
}

void TestMigrations::olderDatabaseIsReportedNotChanged()
{
    // A program with one more migration than the database: checkCurrent refuses, and says how to fix it.
    QVector<Migration> migrations = Migrator::bundledMigrations();
    Migration extra;
    extra.version = migrations.last().version + 1;
    extra.name = QStringLiteral("extra");
    extra.sql = "CREATE TABLE migration_probe (id integer)";
    extra.checksum = QStringLiteral("probe");
    migrations << extra;
    Migrator newer(m_db->database(), migrations);
    const Status status = newer.checkCurrent();
    QVERIFY(!status.ok());
    QVERIFY2(status.error().message.contains(QStringLiteral("boxoffice-ctl migrate")),
             qPrintable(status.error().message));
    QVERIFY(!m_db->scalar(QStringLiteral("SELECT to_regclass('migration_probe') IS NOT NULL")).toBool());
}

void TestMigrations::failedMigrationLeavesNothingBehind()
{
    QVector<Migration> migrations = Migrator::bundledMigrations();
    Migration broken;
    broken.version = migrations.last().version + 1;
    broken.name = QStringLiteral("broken");
    broken.sql = "CREATE TABLE half_done (id integer); SELECT no_such_function();";
    broken.checksum = QStringLiteral("broken");
    migrations << broken;
    const auto report = Migrator(m_db->database(), migrations).migrate();
    QVERIFY(!report.ok());
    QVERIFY(!m_db->scalar(QStringLiteral("SELECT to_regclass('half_done') IS NOT NULL")).toBool());
    QCOMPARE(Migrator(m_db->database()).appliedVersion().value(), Migrator::bundledMigrations().last().version);
}

QTEST_GUILESS_MAIN(TestMigrations)
#include "tst_migrations.moc"
