// General-admission pools: a counter per row, split or not, claimed atomically or pessimistically.
// The same rules hold for every combination, so most tests run over all four.

#include "buyercrowd.h"
#include "domain/cartservice.h"
#include "domain/poolservice.h"
#include "storage/pginventory.h"
#include "testdatabase.h"

#include <QRandomGenerator>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

Q_DECLARE_METATYPE(boxoffice::ClaimStrategy)

class TestGaPools : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void holdShowsAsOneNumber_data();
    void holdShowsAsOneNumber();
    void holdIsAllOrNothing_data();
    void holdIsAllOrNothing();
    void retryRefreshesAndAnotherQuantityIsRefused();
    void expiredHoldsSellWithoutASweeper_data();
    void expiredHoldsSellWithoutASweeper();
    void splitPoolSellsItsLastUnits_data();
    void splitPoolSellsItsLastUnits();
    void releaseReturnsUnits();
    void confirmSellsHeldUnits();
    void lateConfirmClaimsAfreshOrReportsLost();
    void badInput_data();
    void badInput();
    void drainNeverOversells_data();
    void drainNeverOversells();

private:
    PoolSummary makePool(int capacity, int rows, ClaimStrategy strategy);
    void backdate(PoolId pool, const QString &cart, int seconds);
    void expectAuditPasses();
    static void strategies();

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PoolService> m_pools;
    std::unique_ptr<CartService> m_carts;
    EventId m_event = 0;
    int m_poolCount = 0;
};

void TestGaPools::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("gapools"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_event = m_db->loadHall(QStringLiteral("Pool Hall"), 1, 1, 600, 1).eventId;
    QVERIFY(m_event > 0);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_pools = std::make_unique<PoolService>(m_inventory->pools);
    m_carts = std::make_unique<CartService>(m_inventory->carts);
}

void TestGaPools::cleanup()
{
    expectAuditPasses();
}

PoolSummary TestGaPools::makePool(int capacity, int rows, ClaimStrategy strategy)
{
    PoolSpec spec;
    spec.event = m_event;
    spec.code = QStringLiteral("P%1").arg(++m_poolCount);
    spec.name = QStringLiteral("Standing %1").arg(m_poolCount);
    spec.capacity = capacity;
    spec.priceMinor = 2500;
    spec.subpools = rows;
    spec.strategy = strategy;
    auto pool = m_pools->createPool(spec);
    if (!pool)
        qFatal("createPool: %s", qPrintable(pool.error().message));
    return pool.value();
}

void TestGaPools::backdate(PoolId pool, const QString &cart, int seconds)
{
    Q_UNUSED(pool)
    QVERIFY(m_db->backdateHolds(QStringLiteral("ga_holds"), cart, seconds));
}

void TestGaPools::expectAuditPasses()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestGaPools::strategies()
{
    QTest::addColumn<ClaimStrategy>("strategy");
    QTest::addColumn<int>("rows");
    QTest::newRow("atomic, one row") << ClaimStrategy::Atomic << 1;
    QTest::newRow("atomic, split") << ClaimStrategy::Atomic << 4;
    QTest::newRow("pessimistic, one row") << ClaimStrategy::Pessimistic << 1;
    QTest::newRow("pessimistic, split") << ClaimStrategy::Pessimistic << 4;
}

void TestGaPools::holdShowsAsOneNumber_data()
{
    strategies();
}

void TestGaPools::holdShowsAsOneNumber()
{
    QFETCH(ClaimStrategy, strategy);
    QFETCH(int, rows);
    const PoolSummary pool = makePool(10, rows, strategy);
    QCOMPARE(pool.subpools, rows);
    QCOMPARE(pool.available, 10);
    const auto held = m_pools->hold({pool.id, QStringLiteral("a"), 3, {}});
    QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));
    QCOMPARE(held->quantity, 3);
    QVERIFY(held->expiresAt > QDateTime::currentDateTimeUtc().addSecs(500));
    const auto after = m_pools->pool(pool.id);
    QCOMPARE(after->available, 7);
    QCOMPARE(after->held, 3);
    QCOMPARE(after->capacity, 10);
}

void TestGaPools::holdIsAllOrNothing_data()
{
    strategies();
}

void TestGaPools::holdIsAllOrNothing()
{
    QFETCH(ClaimStrategy, strategy);
    QFETCH(int, rows);
    const PoolSummary pool = makePool(rows == 1 ? 5 : 8, rows, strategy);
    // Fill until one unit is left in total, then ask for two.
    int left = pool.capacity;
    for (int cart = 0; left > 1; ++cart) {
        const int quantity = qMin(left - 1, rows == 1 ? 4 : 1);
        QVERIFY(m_pools->hold({pool.id, QStringLiteral("fill-%1").arg(cart), quantity, {}}).ok());
        left -= quantity;
    }
    const auto refused = m_pools->hold({pool.id, QStringLiteral("late"), 2, {}});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Lost);
    QCOMPARE(m_pools->pool(pool.id)->available, 1);
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("late"), 1, {}}).ok());
    QCOMPARE(m_pools->pool(pool.id)->available, 0);
}

void TestGaPools::retryRefreshesAndAnotherQuantityIsRefused()
{
    const PoolSummary pool = makePool(10, 2, ClaimStrategy::Atomic);
    const auto first = m_pools->hold({pool.id, QStringLiteral("a"), 2, 60});
    QVERIFY(first.ok());
    const auto retry = m_pools->hold({pool.id, QStringLiteral("a"), 2, 300});
    QVERIFY(retry.ok());
    QVERIFY(retry->refreshed);
    QCOMPARE(retry->holdId, first->holdId);
    QVERIFY(retry->expiresAt > first->expiresAt);
    QCOMPARE(m_pools->pool(pool.id)->held, 2); // a double click holds once
    const auto other = m_pools->hold({pool.id, QStringLiteral("a"), 3, {}});
    QVERIFY(!other.ok());
    QCOMPARE(other.error().code, ErrorCode::Conflict);
}

void TestGaPools::expiredHoldsSellWithoutASweeper_data()
{
    strategies();
}

void TestGaPools::expiredHoldsSellWithoutASweeper()
{
    QFETCH(ClaimStrategy, strategy);
    QFETCH(int, rows);
    const PoolSummary pool = makePool(rows, rows, strategy); // one unit a row
    for (int i = 0; i < rows; ++i) {
        QVERIFY(m_pools->hold({pool.id, QStringLiteral("gone-%1").arg(i), 1, {}}).ok());
        backdate(pool.id, QStringLiteral("gone-%1").arg(i), 3600);
    }
    QCOMPARE(m_pools->pool(pool.id)->available, rows); // expired holds already count as free
    for (int i = 0; i < rows; ++i) {
        const auto held = m_pools->hold({pool.id, QStringLiteral("new-%1").arg(i), 1, {}});
        QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));
    }
    QCOMPARE(m_pools->hold({pool.id, QStringLiteral("one-too-many"), 1, {}}).error().code, ErrorCode::Lost);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE pool_id = :p AND state = 'EXPIRED'"),
                          {{QStringLiteral("p"), pool.id}})
                 .toInt(),
             rows);
}

void TestGaPools::splitPoolSellsItsLastUnits_data()
{
    QTest::addColumn<ClaimStrategy>("strategy");
    QTest::newRow("atomic") << ClaimStrategy::Atomic;
    QTest::newRow("pessimistic") << ClaimStrategy::Pessimistic;
}

void TestGaPools::splitPoolSellsItsLastUnits()
{
    QFETCH(ClaimStrategy, strategy);
    // 20 units over 8 rows: buyers land on random rows, and the fallback finds the stragglers.
    const PoolSummary pool = makePool(20, 8, strategy);
    for (int i = 0; i < 20; ++i)
        QVERIFY2(m_pools->hold({pool.id, QStringLiteral("b%1").arg(i), 1, {}}).ok(), qPrintable(QString::number(i)));
    QCOMPARE(m_pools->pool(pool.id)->available, 0);
    QCOMPARE(m_pools->hold({pool.id, QStringLiteral("b20"), 1, {}}).error().code, ErrorCode::Lost);
}

void TestGaPools::releaseReturnsUnits()
{
    const PoolSummary pool = makePool(5, 1, ClaimStrategy::Atomic);
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("a"), 4, {}}).ok());
    QCOMPARE(m_pools->release(QStringLiteral("a"), pool.id).value(), 4);
    QCOMPARE(m_pools->release(QStringLiteral("a"), pool.id).value(), 0); // a retried release is harmless
    QCOMPARE(m_pools->pool(pool.id)->available, 5);
}

void TestGaPools::confirmSellsHeldUnits()
{
    const PoolSummary pool = makePool(10, 2, ClaimStrategy::Atomic);
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("buyer"), 3, {}}).ok());
    const auto order = m_carts->createOrder(QStringLiteral("buyer"));
    QVERIFY2(order.ok(), order.ok() ? "" : qPrintable(order.error().message));
    QCOMPARE(order->amountMinor, qint64(3 * 2500));
    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY(confirmed.ok());
    QCOMPARE(confirmed->sold.size(), 1);
    QCOMPARE(confirmed->sold.first().quantity, 3);
    const auto after = m_pools->pool(pool.id);
    QCOMPARE(after->sold, 3);
    QCOMPARE(after->held, 0);
    QCOMPARE(after->available, 7);
}

void TestGaPools::lateConfirmClaimsAfreshOrReportsLost()
{
    // Three paid buyers whose holds ran out: one nobody touched, one whose units went back but are
    // still there, one whose units were taken by the time the payment landed.
    const PoolSummary pool = makePool(4, 1, ClaimStrategy::Atomic);
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("untouched"), 1, {}}).ok());
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("returned"), 1, {}}).ok());
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("taken"), 2, {}}).ok());
    OrderId orders[3];
    int i = 0;
    for (const char *cart : {"untouched", "returned", "taken"}) {
        auto order = m_carts->createOrder(QLatin1String(cart));
        QVERIFY(order.ok());
        orders[i++] = order->id;
        backdate(pool.id, QLatin1String(cart), 3600);
    }
    // A newcomer's claim returns every expired hold of the row, then takes 2 of the 4 units.
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("newcomer"), 2, {}}).ok());

    const auto untouched = m_carts->confirm(orders[0]);
    QVERIFY(untouched.ok());
    QCOMPARE(untouched->sold.size(), 1); // claimed afresh: 1 of the 2 free units
    const auto returned = m_carts->confirm(orders[1]);
    QVERIFY(returned.ok());
    QCOMPARE(returned->sold.size(), 1);
    const auto taken = m_carts->confirm(orders[2]);
    QVERIFY(taken.ok());
    QCOMPARE(taken->sold.size(), 0);
    QCOMPARE(taken->lost.size(), 1); // nothing left: the buyer must be refunded
    const auto after = m_pools->pool(pool.id);
    QCOMPARE(after->sold, 2);
    QCOMPARE(after->held, 2);
    QCOMPARE(after->available, 0);
}

void TestGaPools::badInput_data()
{
    QTest::addColumn<qint64>("pool");
    QTest::addColumn<QString>("cart");
    QTest::addColumn<int>("quantity");
    QTest::addColumn<int>("code");
    QTest::newRow("no units") << qint64(1) << "c" << 0 << int(ErrorCode::BadInput);
    QTest::newRow("too many at once") << qint64(1) << "c" << 51 << int(ErrorCode::BadInput);
    QTest::newRow("unknown pool") << qint64(987654) << "c" << 1 << int(ErrorCode::NotFound);
    QTest::newRow("bad cart") << qint64(1) << "c c" << 1 << int(ErrorCode::BadInput);
}

void TestGaPools::badInput()
{
    QFETCH(qint64, pool);
    QFETCH(QString, cart);
    QFETCH(int, quantity);
    QFETCH(int, code);
    const int heldBefore = m_db->scalar(QStringLiteral("SELECT COALESCE(sum(held), 0) FROM ga_subpools")).toInt();
    const auto held = m_pools->hold({pool, cart, quantity, {}});
    QVERIFY(!held.ok());
    QCOMPARE(int(held.error().code), code);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT COALESCE(sum(held), 0) FROM ga_subpools")).toInt(), heldBefore);
    QCOMPARE(m_pools->createPool({m_event, QStringLiteral("X"), {}, 3, 100, 4, ClaimStrategy::Atomic}).error().code,
             ErrorCode::BadInput); // more rows than units
}

void TestGaPools::drainNeverOversells_data()
{
    QTest::addColumn<ClaimStrategy>("strategy");
    QTest::addColumn<int>("rows");
    QTest::newRow("one row, atomic") << ClaimStrategy::Atomic << 1;
    QTest::newRow("8 rows, atomic") << ClaimStrategy::Atomic << 8;
    QTest::newRow("one row, pessimistic") << ClaimStrategy::Pessimistic << 1;
}

void TestGaPools::drainNeverOversells()
{
    QFETCH(ClaimStrategy, strategy);
    QFETCH(int, rows);
    constexpr int capacity = 1000;
    constexpr int buyers = 300;
    const PoolSummary pool = makePool(capacity, rows, strategy);
    // 200 units sit in holds that ran out long ago; no sweeper runs: the buyers must still get them.
    for (int i = 0; i < 50; ++i) {
        QVERIFY(m_pools->hold({pool.id, QStringLiteral("stale-%1").arg(i), 4, {}}).ok());
        backdate(pool.id, QStringLiteral("stale-%1").arg(i), 3600);
    }

    std::atomic<int> granted{0};
    std::atomic<int> grants{0};
    std::atomic<int> lostRaces{0};
    std::atomic<int> unexpected{0};
    QString firstError;
    std::mutex errorMutex;
    BuyerCrowd crowd(*m_db, buyers);
    const bool connected = crowd.run(
        1,
        [&](PgInventory &inventory, int, int buyer) {
            PoolService service(inventory.pools);
            QRandomGenerator random(quint32(buyer) * 2654435761u);
            // Ask for 1 to 4 places; when refused, ask for one; stop when even one is refused.
            for (int attempt = 0;; ++attempt) {
                const int wanted = 1 + random.bounded(4);
                const QString cart = QStringLiteral("drain-%1-%2").arg(buyer).arg(attempt);
                auto held = service.hold({pool.id, cart, wanted, {}});
                if (!held && held.error().code == ErrorCode::Lost) {
                    ++lostRaces;
                    held = service.hold({pool.id, cart, 1, {}});
                }
                if (held) {
                    granted += held->quantity;
                    ++grants;
                    continue;
                }
                if (held.error().code != ErrorCode::Lost) {
                    ++unexpected;
                    std::lock_guard lock(errorMutex);
                    firstError = held.error().message + QLatin1Char(' ') + held.error().detail;
                }
                break;
            }
            return Attempt{};
        },
        [](int) {}, [](int, const QVector<Attempt> &) {});
    QVERIFY(connected);
    QVERIFY2(unexpected == 0, qPrintable(firstError));
    QCOMPARE(granted.load(), capacity); // every unit sold, none twice, the stale 200 included
    const auto after = m_pools->pool(pool.id);
    QCOMPARE(after->held, capacity);
    QCOMPARE(after->available, 0);
    qInfo("pool drain (%s, %d row(s)): %d units in %d holds to %d buyers, %d refusals on the way",
          qPrintable(claimStrategyName(strategy)), rows, granted.load(), grants.load(), buyers, lostRaces.load());
}

QTEST_GUILESS_MAIN(TestGaPools)
#include "tst_gapools.moc"
