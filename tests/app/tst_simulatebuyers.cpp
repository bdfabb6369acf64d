// boxoffice-ctl simulate-buyers against a real boxoffice-web and the real fake provider on loopback:
// its summary adds up, it agrees with the database, and the audit it runs is clean. Holds are short
// (3 s) so the late payers wait them out within the test.

#include "ctlrun.h"
#include "fakepayprocess.h"
#include "testdatabase.h"
#include "web/webprocess.h"

#include "domain/poolservice.h"
#include "storage/pginventory.h"

#include <QProcess>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {
const QString apiKey = QStringLiteral("sk_test_simulate");
constexpr int buyers = 60;
} // namespace

class TestSimulateBuyers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void theSummaryAddsUpAndTheAuditIsClean();
    void theTextSummaryNamesEveryFigure();
    void aMissingRateIsAUsageError();

private:
    using Run = test::CtlRun;
    Run simulate(const QStringList &arguments) const;

    std::unique_ptr<TestDatabase> m_db;
    FakePayProcess m_fakepay;
    WebProcess m_web;
    LoadedVenue m_hall;
};

void TestSimulateBuyers::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("simulatebuyers"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    // 40 seats and 30 places for about 90 seats and 45 places asked.
    m_hall = m_db->loadHall(QStringLiteral("Simulation Hall"), 4, 10, 3, 1, 3000);
    PgInventory inventory(m_db->database());
    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("floor");
    spec.name = QStringLiteral("Floor");
    spec.capacity = 30;
    spec.price = Money(2000, QStringLiteral("EUR"));
    QVERIFY(PoolService(inventory.pools).createPool(spec).ok());

    QString failure = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    failure = m_web.start(m_db->settings(), m_fakepay.baseUrl(), apiKey, 4);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestSimulateBuyers::cleanupTestCase()
{
    m_web.stop();
}

TestSimulateBuyers::Run TestSimulateBuyers::simulate(const QStringList &arguments) const
{
    return test::runCtl(arguments, clientEnvironment(m_db->settings()), 180000);
}

void TestSimulateBuyers::theSummaryAddsUpAndTheAuditIsClean()
{
    const Run run
        = simulate({QStringLiteral("simulate-buyers"), QStringLiteral("--event"), QString::number(m_hall.eventId),
                    QStringLiteral("--buyers"), QString::number(buyers), QStringLiteral("--rate"), QStringLiteral("40"),
                    QStringLiteral("--web"), m_web.baseUrl().toString(), QStringLiteral("--seed"), QStringLiteral("7"),
                    QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    const QJsonObject &s = run.json;
    QCOMPARE(s.value(QStringLiteral("ok")).toBool(), true);
    QCOMPARE(s.value(QStringLiteral("buyers")).toInt(), buyers);
    QCOMPARE(s.value(QStringLiteral("errors")).toInt(), 0);
    QCOMPARE(s.value(QStringLiteral("audit_failed")).toArray().size(), 0);
    QVERIFY(s.value(QStringLiteral("audit_checks")).toInt() > 0);

    // Every hold request was granted or lost; every buyer ended one way.
    const int attempts = s.value(QStringLiteral("attempts")).toInt();
    QVERIFY(attempts >= buyers);
    QCOMPARE(s.value(QStringLiteral("granted")).toInt() + s.value(QStringLiteral("lost")).toInt(), attempts);
    QCOMPARE(s.value(QStringLiteral("paid")).toInt() + s.value(QStringLiteral("declined")).toInt()
                 + s.value(QStringLiteral("abandoned")).toInt() + s.value(QStringLiteral("empty_handed")).toInt(),
             buyers);
    // More was asked than there was, some paid, some abandoned, some waited out their hold.
    QVERIFY(s.value(QStringLiteral("lost")).toInt() > 0);
    QVERIFY(s.value(QStringLiteral("paid")).toInt() > 0);
    QVERIFY(s.value(QStringLiteral("abandoned")).toInt() > 0);
    QVERIFY(s.value(QStringLiteral("late")).toInt() > 0);
    QVERIFY(s.value(QStringLiteral("late")).toInt()
            <= s.value(QStringLiteral("paid")).toInt() + s.value(QStringLiteral("declined")).toInt());
    QVERIFY(s.value(QStringLiteral("hold_p99_ms")).toDouble() >= s.value(QStringLiteral("hold_p50_ms")).toDouble());
    QVERIFY(s.value(QStringLiteral("hold_p50_ms")).toDouble() > 0);

    // The summary agrees with the database: one paid web order per buyer told "paid".
    QCOMPARE(m_db
                 ->scalar(QStringLiteral(
                     "SELECT count(*) FROM orders o JOIN buyer_carts c ON c.cart_id = o.cart_id "
                     "JOIN buyers b ON b.id = c.buyer_id WHERE o.state = 'PAID' AND b.name LIKE 'simulated buyer 7-%'"))
                 .toInt(),
             s.value(QStringLiteral("paid")).toInt());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers WHERE name LIKE 'simulated buyer 7-%'")).toInt(),
             buyers);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestSimulateBuyers::theTextSummaryNamesEveryFigure()
{
    const Run run = simulate({QStringLiteral("simulate-buyers"), QStringLiteral("--event"),
                              QString::number(m_hall.eventId), QStringLiteral("--buyers"), QStringLiteral("8"),
                              QStringLiteral("--rate"), QStringLiteral("20"), QStringLiteral("--web"),
                              m_web.baseUrl().toString(), QStringLiteral("--seed"), QStringLiteral("8")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    for (const char *word : {"Simulated 8 buyers", "hold attempts", "granted", "lost", "paid", "declined", "abandoned",
                             "hold p50", "p99", "inventory and money audit: passed"})
        QVERIFY2(run.out.contains(QLatin1String(word)),
                 qPrintable(QStringLiteral("no \"%1\" in: ").arg(QLatin1String(word)) + run.out));
    QVERIFY2(run.err.contains(QStringLiteral("simulated buyers")), qPrintable(run.err)); // the progress line
    qInfo().noquote() << run.out;
}

void TestSimulateBuyers::aMissingRateIsAUsageError()
{
    const Run run = simulate({QStringLiteral("simulate-buyers"), QStringLiteral("--event"),
                              QString::number(m_hall.eventId), QStringLiteral("--buyers"), QStringLiteral("5"),
                              QStringLiteral("--web"), m_web.baseUrl().toString()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains(QStringLiteral("--rate")));
}

QTEST_GUILESS_MAIN(TestSimulateBuyers)
#include "tst_simulatebuyers.moc"
