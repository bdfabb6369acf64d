// A checkout process killed (SIGKILL) at each step of the saga in turn, then reconciliation: every
// order ends PAID with its units or ended with its units free and its money (if any) refunded; no
// charge is ever made twice; the audit passes. Real processes: boxoffice-ctl and boxoffice-fakepay.

#include "fakepayprocess.h"
#include "testdatabase.h"

#include "domain/checkoutsaga.h"
#include "domain/seatholdservice.h"
#include "storage/pginventory.h"

#include <QtTest>

#include <signal.h>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {
const QString apiKey = QStringLiteral("sk_test_crash");
} // namespace

class TestCheckoutCrash : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killedAtEachStepThenReconciled_data();
    void killedAtEachStepThenReconciled();

private:
    QProcessEnvironment ctlEnvironment() const;
    int runCtl(const QStringList &arguments, QString *out = nullptr) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<SeatHoldService> m_holds;
    FakePayProcess m_fakepay;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    int m_nextSeat = 0;
};

void TestCheckoutCrash::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("checkoutcrash"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Crash Hall"), 2, 10, 600, 2, 5000);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_holds = std::make_unique<SeatHoldService>(m_inventory->seats);
    const QString failure = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

QProcessEnvironment TestCheckoutCrash::ctlEnvironment() const
{
    const ConnectionSettings target = m_db->settings();
    QProcessEnvironment environment = clientEnvironment(target);
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_URL"), m_fakepay.baseUrl().toString());
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_KEY"), apiKey);
    return environment;
}

int TestCheckoutCrash::runCtl(const QStringList &arguments, QString *out) const
{
    QProcess process;
    process.setProcessEnvironment(ctlEnvironment());
    process.start(qEnvironmentVariable("BOXOFFICE_CTL"), arguments);
    if (!process.waitForFinished(120000))
        return -1;
    if (out)
        *out = QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    return process.exitCode();
}

void TestCheckoutCrash::killedAtEachStepThenReconciled_data()
{
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("expected"); // what the order ends as
    QTest::newRow("after the order is opened") << "order-opened"
                                               << "EXPIRED";
    QTest::newRow("after the charge is recorded, before the provider is asked") << "charge-started"
                                                                                << "CANCELLED";
    QTest::newRow("after the provider charged, before the answer is written") << "charge-answered"
                                                                              << "PAID";
    QTest::newRow("after the answer is written, before confirm") << "outcome-recorded"
                                                                 << "PAID";
    QTest::newRow("after confirm") << "settled"
                                   << "PAID";
}

void TestCheckoutCrash::killedAtEachStepThenReconciled()
{
    QFETCH(QString, step);
    QFETCH(QString, expected);
    const QString cart = QStringLiteral("crash-%1").arg(step);
    const QVector<UnitId> units{m_units.at(m_nextSeat), m_units.at(m_nextSeat + 1)};
    m_nextSeat += 2;
    HoldRequest request{m_hall.eventId, cart, units, std::nullopt};
    QVERIFY(m_holds->hold(request).ok());

    QProcess checkout;
    QProcessEnvironment environment = ctlEnvironment();
    environment.insert(QStringLiteral("BOXOFFICE_SAGA_PAUSE_AT"), step);
    checkout.setProcessEnvironment(environment);
    checkout.start(qEnvironmentVariable("BOXOFFICE_CTL"), {QStringLiteral("checkout"), QStringLiteral("--cart"), cart});
    QVERIFY(checkout.waitForStarted(10000));
    QByteArray said;
    for (int i = 0; i < 600 && !said.contains("paused at"); ++i) {
        checkout.waitForReadyRead(100);
        said += checkout.readAllStandardOutput();
    }
    QVERIFY2(said.contains("paused at " + step.toUtf8()), said.constData());
    ::kill(pid_t(checkout.processId()), SIGKILL); // no destructors, no flush: a crash
    QVERIFY(checkout.waitForFinished(10000));

    const OrderId order
        = m_db->scalar(QStringLiteral("SELECT max(id) FROM orders WHERE cart_id = :c"), {{QStringLiteral("c"), cart}})
              .toLongLong();
    QVERIFY(order > 0);
    if (step == QLatin1String("order-opened")) {
        // Nothing was charged; the buyer never came back and the hold ran out.
        QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), cart, 7200));
    }
    QString out;
    QCOMPARE(runCtl({QStringLiteral("reconcile"), QStringLiteral("--unknown-after"), QStringLiteral("0")}, &out), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
                 .toString(),
             expected);

    const QVariantMap bindings{
        {QStringLiteral("o"), order}, {QStringLiteral("a"), units.at(0)}, {QStringLiteral("b"), units.at(1)}};
    const int soldToOrder = m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE id IN (:a, :b) "
                                                        "AND state = 'SOLD' AND order_id = :o"),
                                         bindings)
                                .toInt();
    QCOMPARE(soldToOrder, expected == QLatin1String("PAID") ? 2 : 0);
    QVERIFY(m_fakepay.chargesFor(CheckoutSaga::chargeKey(order)) <= 1);
    QCOMPARE(m_fakepay.chargesFor(CheckoutSaga::chargeKey(order)), expected == QLatin1String("PAID") ? 1 : 0);
    // A second run finds nothing to repair, and the books balance.
    QVERIFY(runCtl({QStringLiteral("reconcile"), QStringLiteral("--unknown-after"), QStringLiteral("0"),
                    QStringLiteral("--json")},
                   &out)
            == 0);
    QVERIFY2(out.contains(QLatin1String("\"confirmed\":0")) || out.contains(QLatin1String("\"confirmed\": 0")),
             qPrintable(out));
    QCOMPARE(runCtl({QStringLiteral("audit")}, &out), 0);
}

QTEST_MAIN(TestCheckoutCrash)
#include "tst_checkoutcrash.moc"
