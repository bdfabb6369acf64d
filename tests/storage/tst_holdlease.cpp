// The lease rule of a hold (migration 050) as the database computes it, and why it costs nothing: a
// claim statement that calls the rule's functions plans as if the rule were written in it, because
// the planner inlines them. Every shape's claims, refreshes and extensions go through these functions;
// their end-to-end behaviour is in the shapes' own suites.

#include "storage/cartsql.h"
#include "storage/migrator.h"
#include "storage/seatsql.h"
#include "testdatabase.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlError>
#include <QSqlRecord>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

const QVariant noTtl{QMetaType::fromType<int>()};
const QVariant noText{QMetaType::fromType<QString>()};

// One row of a statement with named bindings; an empty list (and a warning) when it fails or has none.
QVariantList fetchRow(QSqlDatabase database, const QString &sql, const QVariantMap &bindings)
{
    QSqlQuery query(database);
    query.prepare(sql);
    for (auto it = bindings.begin(); it != bindings.end(); ++it)
        query.bindValue(QLatin1Char(':') + it.key(), it.value());
    if (!query.exec() || !query.next()) {
        qWarning("query failed: %s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
        return {};
    }
    QVariantList row;
    for (int i = 0; i < query.record().count(); ++i)
        row << query.value(i);
    return row;
}

// A hold's lease as it stands: seconds from its start to its expiry, and the extensions it used.
const QString leaseOfUnit
    = QStringLiteral("SELECT CAST(extract(epoch FROM hold_expires_at - held_since) AS integer), extensions_used "
                     "FROM event_seats WHERE id = :unit AND state = 'HELD'");

// QPSQL prepares with SQL PREPARE, which cannot take an EXPLAIN: the plan is read by a function that
// runs EXPLAIN on the statement with its values passed as parameters (EXECUTE ... USING), the named
// ones turned into $1, $2, ... in the order of their first use.
const QString planReader = QStringLiteral(R"SQL(
CREATE FUNCTION pg_temp.lease_plan(p_statement text, p1 text, p2 text, p3 text, p4 text) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || p_statement USING p1, p2, p3, p4 LOOP
        RETURN NEXT line;
    END LOOP;
END
$$
)SQL");

struct Positional
{
    QString statement;
    QStringList names; // $1 is names[0]
};

Positional positional(const QString &statement)
{
    static const QRegularExpression placeholder(QStringLiteral("(?<![:\\w]):([a-z_]+)"));
    Positional result;
    qsizetype from = 0;
    for (auto it = placeholder.globalMatch(statement); it.hasNext();) {
        const auto match = it.next();
        result.statement += statement.mid(from, match.capturedStart() - from);
        qsizetype index = result.names.indexOf(match.captured(1));
        if (index < 0) {
            result.names << match.captured(1);
            index = result.names.size() - 1;
        }
        result.statement += QStringLiteral("$%1").arg(index + 1);
        from = match.capturedEnd();
    }
    result.statement += statement.mid(from);
    return result;
}

} // namespace

class TestHoldLease : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aNewHoldsLease_data();
    void aNewHoldsLease();
    void theLongestLease_data();
    void theLongestLease();
    void anExtension_data();
    void anExtension();
    void theClaimAndExtensionStatementsKeepTheRule();
    void claimStatementsPlanTheRuleInline_data();
    void claimStatementsPlanTheRuleInline();
    void aDatabaseAt049MigratesWithItsHolds();

private:
    QVariantList holdOne(UnitId unit, const QString &cart, const QVariant &ttl) const;
    bool extend(QSqlDatabase database, const QString &cart) const;
    QString plan(const QString &statement, const QVariantMap &values) const;

    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
};

void TestHoldLease::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("holdlease"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    // Two extensions of 600 s: a hold lasts at most 1,800 s from its start.
    m_hall = m_db->loadHall(QStringLiteral("Lease Hall"), 1, 10, /*holdSeconds=*/600, /*maxExtensions=*/2);
    QVERIFY(m_hall.eventId > 0);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), 10);
    QVERIFY(m_db->exec(planReader));
}

void TestHoldLease::aNewHoldsLease_data()
{
    QTest::addColumn<QVariant>("ttl");
    QTest::addColumn<int>("holdSeconds");
    QTest::addColumn<int>("maxExtensions");
    QTest::addColumn<int>("lease");

    QTest::newRow("none asked: the hold period") << noTtl << 600 << 1 << 600;
    QTest::newRow("shorter than the period") << QVariant(120) << 600 << 1 << 120;
    QTest::newRow("longer than the period, within the longest") << QVariant(900) << 600 << 1 << 900;
    QTest::newRow("past the longest: capped") << QVariant(5000) << 600 << 1 << 1200;
    QTest::newRow("no extensions: capped at the period") << QVariant(900) << 600 << 0 << 600;
}

void TestHoldLease::aNewHoldsLease()
{
    QFETCH(QVariant, ttl);
    QFETCH(int, holdSeconds);
    QFETCH(int, maxExtensions);
    QFETCH(int, lease);
    const QVariantList row = fetchRow(
        m_db->database(),
        QStringLiteral("WITH p AS (SELECT CAST(:ttl AS integer) AS ttl, CAST(:hold AS integer) AS hold, "
                       "                  CAST(:extensions AS integer) AS extensions) "
                       "SELECT boxoffice_hold_lease_seconds(p.ttl, p.hold, p.extensions), "
                       "       CAST(extract(epoch FROM boxoffice_hold_lease(p.ttl, p.hold, p.extensions)) AS integer) "
                       "FROM p"),
        {{QStringLiteral("ttl"), ttl},
         {QStringLiteral("hold"), holdSeconds},
         {QStringLiteral("extensions"), maxExtensions}});
    QCOMPARE(row.size(), 2);
    QCOMPARE(row.at(0).toInt(), lease);
    QCOMPARE(row.at(1).toInt(), lease);
}

void TestHoldLease::theLongestLease_data()
{
    QTest::addColumn<int>("holdSeconds");
    QTest::addColumn<int>("maxExtensions");
    QTest::addColumn<int>("longest");

    QTest::newRow("no extensions") << 600 << 0 << 600;
    QTest::newRow("one") << 600 << 1 << 1200;
    QTest::newRow("three of 300 s") << 300 << 3 << 1200;
}

void TestHoldLease::theLongestLease()
{
    QFETCH(int, holdSeconds);
    QFETCH(int, maxExtensions);
    QFETCH(int, longest);
    const qint64 since = 1796241600; // 2026-12-02 20:00 UTC: any start will do
    const QVariantList row = fetchRow(
        m_db->database(),
        QStringLiteral(
            "WITH p AS (SELECT to_timestamp(CAST(:since AS bigint)) AS since, CAST(:hold AS integer) AS hold, "
            "                  CAST(:extensions AS integer) AS extensions) "
            "SELECT CAST(extract(epoch FROM boxoffice_hold_lease_limit(p.since, p.hold, p.extensions)) AS bigint), "
            "       boxoffice_hold_longest_seconds(p.hold, p.extensions) "
            "FROM p"),
        {{QStringLiteral("since"), since},
         {QStringLiteral("hold"), holdSeconds},
         {QStringLiteral("extensions"), maxExtensions}});
    QCOMPARE(row.size(), 2);
    QCOMPARE(row.at(0).toLongLong(), since + longest);
    QCOMPARE(row.at(1).toInt(), longest);
}

void TestHoldLease::anExtension_data()
{
    QTest::addColumn<int>("holdSeconds");
    QTest::addColumn<int>("maxExtensions");
    QTest::addColumn<int>("expiresAfter"); // seconds from the hold's start
    QTest::addColumn<int>("extendedTo");
    QTest::addColumn<bool>("extendable");

    QTest::newRow("one more period") << 600 << 2 << 600 << 1200 << true;
    QTest::newRow("the last period, exactly to the limit") << 600 << 1 << 600 << 1200 << true;
    QTest::newRow("a refreshed hold: cut at the limit") << 600 << 1 << 900 << 1200 << true;
    QTest::newRow("at the limit: not extended") << 600 << 2 << 1800 << 1800 << false;
}

void TestHoldLease::anExtension()
{
    QFETCH(int, holdSeconds);
    QFETCH(int, maxExtensions);
    QFETCH(int, expiresAfter);
    QFETCH(int, extendedTo);
    QFETCH(bool, extendable);
    const QVariantList row = fetchRow(
        m_db->database(),
        QStringLiteral(
            "WITH p AS (SELECT to_timestamp(CAST(:since AS bigint)) AS since, CAST(:hold AS integer) AS hold, "
            "                  CAST(:extensions AS integer) AS extensions, "
            "                  to_timestamp(CAST(:since2 AS bigint) + CAST(:after AS integer)) AS expires_at) "
            "SELECT CAST(extract(epoch FROM boxoffice_extended_hold_expiry(p.expires_at, p.since, p.hold, "
            "                                                              p.extensions) - p.since) AS integer), "
            "       p.expires_at < boxoffice_hold_lease_limit(p.since, p.hold, p.extensions) "
            "FROM p"),
        {{QStringLiteral("since"), qint64(1796241600)},
         {QStringLiteral("since2"), qint64(1796241600)},
         {QStringLiteral("after"), expiresAfter},
         {QStringLiteral("hold"), holdSeconds},
         {QStringLiteral("extensions"), maxExtensions}});
    QCOMPARE(row.size(), 2);
    QCOMPARE(row.at(0).toInt(), extendedTo);
    QCOMPARE(row.at(1).toBool(), extendable);
}

QVariantList TestHoldLease::holdOne(UnitId unit, const QString &cart, const QVariant &ttl) const
{
    return fetchRow(m_db->database(), QString::fromLatin1(SeatSql::holdOne),
                    {{QStringLiteral("event"), m_hall.eventId},
                     {QStringLiteral("cart"), cart},
                     {QStringLiteral("unit"), unit},
                     {QStringLiteral("ttl"), ttl}});
}

bool TestHoldLease::extend(QSqlDatabase database, const QString &cart) const
{
    QSqlQuery query(database);
    query.prepare(QString::fromLatin1(CartSql::extend));
    query.bindValue(QStringLiteral(":cart"), cart);
    if (!query.exec()) {
        qWarning("extend failed: %s", qPrintable(query.lastError().text()));
        return false;
    }
    return true;
}

void TestHoldLease::theClaimAndExtensionStatementsKeepTheRule()
{
    // The statements of storage/, on rows: an event of 600 s and two extensions (1,800 s at most).
    const UnitId atLimit = m_units.at(0);
    const UnitId nearLimit = m_units.at(1);
    const UnitId plain = m_units.at(2);
    QVERIFY(!holdOne(atLimit, QStringLiteral("asks-too-much"), 5000).value(0).isNull());
    QVERIFY(!holdOne(nearLimit, QStringLiteral("asks-1500"), 1500).value(0).isNull());
    QVERIFY(!holdOne(plain, QStringLiteral("asks-nothing"), noTtl).value(0).isNull());
    const auto lease = [&](UnitId unit) {
        return fetchRow(m_db->database(), leaseOfUnit, {{QStringLiteral("unit"), unit}});
    };
    QCOMPARE(lease(atLimit), (QVariantList{1800, 0}));
    QCOMPARE(lease(nearLimit), (QVariantList{1500, 0}));
    QCOMPARE(lease(plain), (QVariantList{600, 0}));

    // At its limit already: extensions are left, but the hold is not extended.
    QVERIFY(extend(m_db->database(), QStringLiteral("asks-too-much")));
    QCOMPARE(lease(atLimit), (QVariantList{1800, 0}));
    // One period would pass the limit: cut at it; then nothing more.
    QVERIFY(extend(m_db->database(), QStringLiteral("asks-1500")));
    QCOMPARE(lease(nearLimit), (QVariantList{1800, 1}));
    QVERIFY(extend(m_db->database(), QStringLiteral("asks-1500")));
    QCOMPARE(lease(nearLimit), (QVariantList{1800, 1}));
    // A whole period.
    QVERIFY(extend(m_db->database(), QStringLiteral("asks-nothing")));
    QCOMPARE(lease(plain), (QVariantList{1200, 1}));

    // A retry refreshes from now, never past the limit and never shorter.
    QVERIFY(!holdOne(nearLimit, QStringLiteral("asks-1500"), 60).value(0).isNull());
    QCOMPARE(lease(nearLimit), (QVariantList{1800, 1}));
    QCOMPARE(m_db->auditFailure(), QString());
}

QString TestHoldLease::plan(const QString &statement, const QVariantMap &values) const
{
    const Positional numbered = positional(statement);
    if (numbered.names.size() > 4) {
        qWarning("the plan reader takes four values, the statement has %lld", qlonglong(numbered.names.size()));
        return {};
    }
    QSqlQuery query(m_db->database());
    query.prepare(QStringLiteral("SELECT pg_temp.lease_plan(:statement, :v1, :v2, :v3, :v4)"));
    query.bindValue(QStringLiteral(":statement"), numbered.statement);
    for (int i = 0; i < 4; ++i) {
        const QVariant value = i < numbered.names.size() ? values.value(numbered.names.at(i)) : QVariant();
        query.bindValue(QStringLiteral(":v%1").arg(i + 1), value.isNull() ? noText : QVariant(value.toString()));
    }
    if (!query.exec()) {
        qWarning("EXPLAIN failed: %s", qPrintable(query.lastError().text()));
        return {};
    }
    QStringList lines;
    while (query.next())
        lines << query.value(0).toString();
    return lines.join(QLatin1Char('\n'));
}

void TestHoldLease::claimStatementsPlanTheRuleInline_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QVariantMap>("values");
    QTest::addColumn<QString>("function"); // one the statement calls, and its argument types

    QTest::newRow("SeatSql::holdOne") << QString::fromLatin1(SeatSql::holdOne)
                                      << QVariantMap{{QStringLiteral("event"), 1},
                                                     {QStringLiteral("cart"), QStringLiteral("plan")},
                                                     {QStringLiteral("unit"), 1},
                                                     {QStringLiteral("ttl"), QVariant()}}
                                      << QStringLiteral("boxoffice_hold_lease(integer, integer, integer)");
    QTest::newRow("CartSql::extend") << QString::fromLatin1(CartSql::extend)
                                     << QVariantMap{{QStringLiteral("cart"), QStringLiteral("plan")}}
                                     << QStringLiteral("boxoffice_extended_hold_expiry(timestamptz, timestamptz, "
                                                       "integer, integer)");
}

void TestHoldLease::claimStatementsPlanTheRuleInline()
{
    QFETCH(QString, statement);
    QFETCH(QVariantMap, values);
    QFETCH(QString, function);
    const QString called = function.left(function.indexOf(QLatin1Char('('))) + QLatin1Char('(');

    // Inlined: the plan computes the rule's own expression, and calls none of its functions.
    const QString inlined = plan(statement, values);
    QVERIFY2(inlined.contains(QStringLiteral("make_interval(")), qPrintable(inlined));
    QVERIFY2(!inlined.contains(QStringLiteral("boxoffice_")), qPrintable(inlined));

    // What a function the planner cannot inline looks like in the same plan (a SET clause is enough):
    // the check above would see it.
    QVERIFY(m_db->database().transaction());
    const bool altered = m_db->exec(QStringLiteral("ALTER FUNCTION %1 SET search_path = public").arg(function));
    const QString calledOut = plan(statement, values);
    QVERIFY(m_db->database().rollback());
    QVERIFY(altered);
    QVERIFY2(calledOut.contains(called), qPrintable(calledOut));
    QCOMPARE(plan(statement, values), inlined);
}

void TestHoldLease::aDatabaseAt049MigratesWithItsHolds()
{
    // A database of the release before this rule, with a hold its claim made, takes migration 050 and
    // the hold is extended by the rule's functions as it would have been before.
    const QString name = QStringLiteral("t_holdlease_at049_%1").arg(QCoreApplication::applicationPid());
    auto admin = TestDatabase::clusterSettings(QStringLiteral("postgres"));
    QVERIFY2(admin.ok(), admin.ok() ? "" : qPrintable(admin.error().message));
    auto adminConnection = DatabaseConnection::open(admin.value(), QStringLiteral("test-admin"));
    QVERIFY(adminConnection.ok());
    QSqlQuery adminQuery(adminConnection.value()->database());
    // Database names cannot be bound; this one is built from [a-z0-9_] only.
    const QString drop = QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name);
    adminQuery.exec(drop);
    QVERIFY2(adminQuery.exec(QStringLiteral("CREATE DATABASE %1").arg(name)),
             qPrintable(adminQuery.lastError().text()));
    ConnectionSettings settings = admin.value();
    settings.database = name;
    const auto dropAtEnd = qScopeGuard([&] { adminQuery.exec(drop); });
    {
        auto connection = DatabaseConnection::open(settings, QStringLiteral("test-049"));
        QVERIFY(connection.ok());
        QSqlDatabase database = connection.value()->database();
        QVector<Migration> before;
        for (const Migration &migration : Migrator::bundledMigrations()) {
            if (migration.version <= 49)
                before << migration;
        }
        QVERIFY(Migrator(database, before).migrate().ok());
        QCOMPARE(Migrator(database).appliedVersion().value(), 49);
        QVERIFY(fetchRow(database, QStringLiteral("SELECT to_regprocedure(:f) IS NULL"),
                         {{QStringLiteral("f"), QStringLiteral("boxoffice_hold_lease(integer, integer, integer)")}})
                    .value(0)
                    .toBool());

        auto hall = VenueLoader(database).load(TestDatabase::hallSpec(QStringLiteral("Old Hall"), 1, 2, 600, 1, 5000));
        QVERIFY(hall.ok());
        // The hold as 049's claim leaves it: begun 100 s ago, for the hold period.
        const QVariantList held = fetchRow(
            database,
            QStringLiteral(
                "WITH held AS ("
                "    UPDATE event_seats SET state = 'HELD', cart_id = :cart, "
                "        held_since = now() - make_interval(secs => :age), "
                "        hold_expires_at = now() - make_interval(secs => :age2) + make_interval(secs => :lease), "
                "        extensions_used = 0 "
                "    WHERE id = (SELECT min(id) FROM event_seats WHERE event_id = :event) "
                "    RETURNING id) "
                "SELECT count(*) FROM held"),
            {{QStringLiteral("cart"), QStringLiteral("before-050")},
             {QStringLiteral("age"), 100},
             {QStringLiteral("age2"), 100},
             {QStringLiteral("lease"), 600},
             {QStringLiteral("event"), hall->eventId}});
        QCOMPARE(held.value(0).toInt(), 1);

        const auto migrated = Migrator(database).migrate();
        QVERIFY2(migrated.ok(), migrated.ok() ? "" : qPrintable(migrated.error().message + migrated.error().detail));
        QCOMPARE(Migrator(database).appliedVersion().value(), Migrator(database).latestVersion());
        QVERIFY(extend(database, QStringLiteral("before-050")));
        QCOMPARE(fetchRow(database,
                          QStringLiteral("SELECT CAST(extract(epoch FROM hold_expires_at - held_since) AS integer), "
                                         "extensions_used FROM event_seats WHERE cart_id = :cart"),
                          {{QStringLiteral("cart"), QStringLiteral("before-050")}}),
                 (QVariantList{1200, 1}));
    }
}

QTEST_GUILESS_MAIN(TestHoldLease)
#include "tst_holdlease.moc"
