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
    void placesClaimedAfreshAcrossRowsEachHaveASoldLine();
    void badInput_data();
    void badInput();
    void drainNeverOversells_data();
    void drainNeverOversells();
    void aRequestSpansSubPoolsAllOrNothing_data();
    void aRequestSpansSubPoolsAllOrNothing();
    void spanningHoldsNeverOversell_data();
    void spanningHoldsNeverOversell();
    void lateConfirmsNeverDeadlock();

private:
    PoolSummary makePool(int capacity, int rows, ClaimStrategy strategy);
    void backdate(PoolId pool, const QString &cart, int seconds);
    void expectAuditPasses();
    QPair<int, int> heldRows(const QString &cart) const; // hold rows and places a cart holds live
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
    spec.price = Money(2500, QStringLiteral("EUR"));
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

QPair<int, int> TestGaPools::heldRows(const QString &cart) const
{
    const QVariantMap bindings{{QStringLiteral("c"), cart}};
    const QString where = QStringLiteral(" FROM ga_holds WHERE cart_id = :c AND state = 'HELD'");
    return {m_db->scalar(QStringLiteral("SELECT count(*)") + where, bindings).toInt(),
            m_db->scalar(QStringLiteral("SELECT COALESCE(sum(quantity), 0)") + where, bindings).toInt()};
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
    QCOMPARE(order->amount.minor(), qint64(3 * 2500));
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

// A paid buyer's 2 places went back, and now no row has 2 free: the late confirm claims them afresh
// across two rows (a lead and a follower hold). Each row is on a sold line of its own, the lines
// still add up to what was ordered, and nothing sold is left without its line.
void TestGaPools::placesClaimedAfreshAcrossRowsEachHaveASoldLine()
{
    const PoolSummary pool = makePool(6, 3, ClaimStrategy::Atomic); // 3 rows of 2
    QVERIFY(m_pools->hold({pool.id, QStringLiteral("span-late"), 2, {}}).ok());
    const auto order = m_carts->createOrder(QStringLiteral("span-late"));
    QVERIFY(order.ok());
    const qint64 ordered = order->amount.minor();
    backdate(pool.id, QStringLiteral("span-late"), 3600);
    QVERIFY(m_inventory->sweepExpiredHolds().ok()); // the places go back
    // One place of every row taken by another buyer: no row has 2 free any more.
    QVERIFY(
        m_db->exec(QStringLiteral("INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, expires_at) "
                                  "SELECT pool_id, id, 'span-blocker-' || id, 1, 'HELD', now() + interval '1 hour' "
                                  "FROM ga_subpools WHERE pool_id = :p"),
                   {{QStringLiteral("p"), pool.id}}));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE ga_subpools SET held = held + 1 WHERE pool_id = :p"),
                       {{QStringLiteral("p"), pool.id}}));

    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY2(confirmed.ok(), confirmed.ok() ? "" : qPrintable(confirmed.error().message));
    const QVariantMap bindings{{QStringLiteral("o"), order->id}};
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE order_id = :o AND state = 'SOLD'"), bindings)
            .toInt(),
        2);
    QCOMPARE(
        m_db->scalar(QStringLiteral(
                         "SELECT count(*) FROM ga_holds h WHERE h.order_id = :o AND h.state = 'SOLD' AND NOT EXISTS "
                         "(SELECT 1 FROM order_pool_lines l WHERE l.hold_id = h.id AND l.state = 'SOLD')"),
                     bindings)
            .toInt(),
        0);
    QCOMPARE(m_db->scalar(QStringLiteral(
                              "SELECT sum(quantity) FROM order_pool_lines WHERE order_id = :o AND state = 'SOLD'"),
                          bindings)
                 .toInt(),
             2);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT sum(amount_minor) FROM order_pool_lines WHERE order_id = :o"), bindings)
            .toLongLong(),
        ordered);
    QVERIFY(m_db->exec(QStringLiteral(
        "UPDATE ga_holds SET state = 'RELEASED', expires_at = NULL WHERE cart_id LIKE 'span-blocker-%'")));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE ga_subpools SET held = held - 1 WHERE pool_id = :p"),
                       {{QStringLiteral("p"), pool.id}}));
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
    QCOMPARE(m_pools
                 ->createPool(
                     {m_event, QStringLiteral("X"), {}, 3, Money(100, QStringLiteral("EUR")), 4, ClaimStrategy::Atomic})
                 .error()
                 .code,
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

void TestGaPools::aRequestSpansSubPoolsAllOrNothing_data()
{
    QTest::addColumn<ClaimStrategy>("strategy");
    QTest::newRow("atomic") << ClaimStrategy::Atomic;
    QTest::newRow("pessimistic") << ClaimStrategy::Pessimistic;
}

void TestGaPools::aRequestSpansSubPoolsAllOrNothing()
{
    QFETCH(ClaimStrategy, strategy);
    // 4 rows of 30: 31 places fit in no single row, but the pool has them.
    const PoolSummary pool = makePool(120, 4, strategy);
    const QString cart = QStringLiteral("span-31-%1").arg(pool.id);
    const auto held = m_pools->hold({pool.id, cart, 31, {}});
    QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));
    QCOMPARE(held->quantity, 31);
    QCOMPARE(heldRows(cart), qMakePair(2, 31)); // one hold row per sub-pool it took places from
    QCOMPARE(m_pools->pool(pool.id)->available, 89);
    // A double click holds once; another number for the same cart is refused.
    const auto again = m_pools->hold({pool.id, cart, 31, {}});
    QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().message));
    QVERIFY(again->refreshed);
    QCOMPARE(again->holdId, held->holdId);
    QCOMPARE(heldRows(cart), qMakePair(2, 31));
    QCOMPARE(m_pools->hold({pool.id, cart, 5, {}}).error().code, ErrorCode::Conflict);
    // The cart, its order and the confirm count every row.
    const auto order = m_carts->createOrder(cart);
    QVERIFY2(order.ok(), order.ok() ? "" : qPrintable(order.error().message));
    QCOMPARE(order->amount.minor(), qint64(31 * 2500));
    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY(confirmed.ok());
    QVERIFY(confirmed->lost.isEmpty());
    int sold = 0;
    for (const OrderLine &line : confirmed->sold)
        sold += line.quantity;
    QCOMPARE(sold, 31);
    QCOMPARE(m_pools->pool(pool.id)->sold, 31);
    expectAuditPasses();

    // The whole pool in one request, and one more than the pool has. The store is asked directly:
    // the service caps one request at 50 places.
    const PoolSummary whole = makePool(120, 4, strategy);
    const QString all = QStringLiteral("span-all-%1").arg(whole.id);
    const auto everything = m_inventory->pools.hold({whole.id, all, 120, {}});
    QVERIFY2(everything.ok(), everything.ok() ? "" : qPrintable(everything.error().message));
    QCOMPARE(heldRows(all), qMakePair(4, 120));
    QCOMPARE(m_pools->pool(whole.id)->available, 0);
    QCOMPARE(m_pools->release(all, whole.id).value(), 120);
    const QString greedy = QStringLiteral("span-121-%1").arg(whole.id);
    const auto refused = m_inventory->pools.hold({whole.id, greedy, 121, {}});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Lost);
    QCOMPARE(heldRows(greedy), qMakePair(0, 0)); // nothing held
    QCOMPARE(m_pools->pool(whole.id)->available, 120);
    QCOMPARE(m_pools->pool(whole.id)->held, 0);
}

void TestGaPools::spanningHoldsNeverOversell_data()
{
    QTest::addColumn<ClaimStrategy>("strategy");
    QTest::newRow("atomic") << ClaimStrategy::Atomic;
    QTest::newRow("pessimistic") << ClaimStrategy::Pessimistic;
}

void TestGaPools::spanningHoldsNeverOversell()
{
    QFETCH(ClaimStrategy, strategy);
    // Pairs of rounds on a fresh pool of 4 rows x 30. Churn: every buyer asks ten times for 20 to 45
    // places (above 30: more than any row has) and gives each grant straight back. Drain: every buyer
    // asks for 1 to 45 places, for one when refused, and stops when even one is refused.
    constexpr int buyers = 40;
    constexpr int rounds = 10;
    PoolId pool = 0;
    QStringList problems;
    std::atomic<int> granted{0}; // held and not given back
    std::atomic<int> spanning{0}; // holds of more places than one row has
    BuyerCrowd crowd(*m_db, buyers);
    const bool connected = crowd.run(
        rounds,
        [&](PgInventory &inventory, int round, int buyer) {
            PoolService service(inventory.pools);
            QRandomGenerator random(quint32(round * 1000 + buyer) * 2654435761u);
            Attempt attempt;
            attempt.granted = true;
            const auto unexpected = [&](const DomainError &error) {
                attempt.granted = false;
                attempt.message = error.sqlState + QLatin1Char(' ') + error.message + QLatin1Char(' ') + error.detail;
                return attempt;
            };
            const bool churn = round % 2 == 0;
            for (int request = 0; !churn || request < 10; ++request) {
                const QString cart = QStringLiteral("spread-%1-%2-%3").arg(round).arg(buyer).arg(request);
                auto held = service.hold(
                    {pool, cart, churn ? 20 + int(random.bounded(26)) : 1 + int(random.bounded(45)), {}});
                if (!held && held.error().code == ErrorCode::Lost && !churn)
                    held = service.hold({pool, cart, 1, {}});
                if (!held && held.error().code != ErrorCode::Lost)
                    return unexpected(held.error());
                if (!held && !churn)
                    return attempt; // drained
                if (!held)
                    continue;
                granted += held->quantity;
                spanning += held->quantity > 30 ? 1 : 0;
                if (churn) {
                    const auto released = service.release(cart, pool);
                    if (!released)
                        return unexpected(released.error());
                    granted -= released.value();
                }
            }
            return attempt;
        },
        [&](int round) {
            if (round % 2 == 0) {
                granted = 0;
                pool = makePool(120, 4, strategy).id;
            }
        },
        [&](int round, const QVector<Attempt> &attempts) {
            for (const Attempt &attempt : attempts) {
                if (!attempt.granted)
                    problems << QStringLiteral("round %1: %2").arg(round).arg(attempt.message);
            }
            const int expected = round % 2 == 0 ? 0 : 120;
            const auto after = m_pools->pool(pool);
            if (granted != expected || after->held != expected || after->available != 120 - expected)
                problems << QStringLiteral("round %1: %2 granted, %3 held, %4 available of 120")
                                .arg(round)
                                .arg(granted.load())
                                .arg(after->held)
                                .arg(after->available);
            const QString failure = m_db->auditFailure();
            if (!failure.isEmpty())
                problems << QStringLiteral("round %1: audit: %2").arg(round).arg(failure);
        });
    QVERIFY(connected);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(QLatin1Char('\n'))));
    QVERIFY2(spanning > 0, "no request larger than a row was granted");
    qInfo("%d buyers x %d rounds on 4 rows x 30: never more than 120 held, %d holds spanning rows", buyers, rounds,
          spanning.load());
}

void TestGaPools::lateConfirmsNeverDeadlock()
{
    // Sixteen paid orders whose holds ran out and were swept back: each confirm claims afresh, and
    // they fill the rows from the first, so confirms holding a high row reach for lower ones while
    // others hold those. 20 rounds; none may deadlock (40P01), and every order sells.
    constexpr int buyers = 16;
    constexpr int places = 7;
    constexpr int rounds = 20;
    QVector<OrderId> orders(buyers);
    PoolId pool = 0;
    QStringList problems;
    BuyerCrowd crowd(*m_db, buyers);
    const bool connected = crowd.run(
        rounds,
        [&](PgInventory &inventory, int, int buyer) {
            Attempt attempt;
            const auto confirmed = CartService(inventory.carts).confirm(orders.at(buyer));
            attempt.granted = confirmed.ok() && confirmed->lost.isEmpty();
            if (!confirmed)
                attempt.message = confirmed.error().sqlState + QLatin1Char(' ') + confirmed.error().message
                    + QLatin1Char(' ') + confirmed.error().detail;
            else if (!attempt.granted)
                attempt.message = QStringLiteral("order %1 lost its places").arg(orders.at(buyer));
            return attempt;
        },
        [&](int round) {
            pool = makePool(120, 4, ClaimStrategy::Atomic).id;
            for (int buyer = 0; buyer < buyers; ++buyer) {
                const QString cart = QStringLiteral("late-%1-%2").arg(round).arg(buyer);
                QVERIFY(m_pools->hold({pool, cart, places, {}}).ok());
                const auto order = m_carts->createOrder(cart);
                QVERIFY(order.ok());
                orders[buyer] = order->id;
                backdate(pool, cart, 3600);
            }
            QVERIFY(m_inventory->pools.sweepExpiredHolds().ok());
        },
        [&](int round, const QVector<Attempt> &attempts) {
            for (const Attempt &attempt : attempts) {
                if (!attempt.granted)
                    problems << QStringLiteral("round %1: %2").arg(round).arg(attempt.message);
            }
            const auto after = m_pools->pool(pool);
            if (after->sold != buyers * places || after->held != 0)
                problems << QStringLiteral("round %1: %2 sold, %3 held").arg(round).arg(after->sold).arg(after->held);
            const QString failure = m_db->auditFailure();
            if (!failure.isEmpty())
                problems << QStringLiteral("round %1: audit: %2").arg(round).arg(failure);
        });
    QVERIFY(connected);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestGaPools)
#include "tst_gapools.moc"
