// Many real connections in many threads against one PostgreSQL: the lost-race, the overlapping carts
// and the churn a busy on-sale produces. Every round is checked against the database afterwards.

#include "buyercrowd.h"
#include "domain/cartservice.h"
#include "domain/seatholdservice.h"
#include "storage/pginventory.h"
#include "testdatabase.h"

#include <QRandomGenerator>
#include <QSet>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

Attempt attemptHold(PgInventory &inventory, const HoldRequest &request)
{
    Attempt attempt;
    attempt.units = request.units;
    const auto result = SeatHoldService(inventory.seats).hold(request);
    attempt.granted = result.ok();
    if (!result.ok()) {
        attempt.error = result.error().code;
        attempt.message = result.error().message + QLatin1Char(' ') + result.error().detail;
    }
    return attempt;
}

} // namespace

class TestHoldConcurrency : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void twoHundredBuyersTenSeats();
    void overlappingMultiSeatCartsNeverDeadlock();
    void churnKeepsEverySeatSoldOnce();

private:
    void resetInventory();
    void expectAuditPasses();

    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
};

void TestHoldConcurrency::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("concurrency"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Rush Hall"), 10, 10); // 100 seats
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), 100);
}

void TestHoldConcurrency::init()
{
    resetInventory();
}

void TestHoldConcurrency::resetInventory()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, order_id = NULL, extensions_used = 0")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM order_lines")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM orders")));
}

void TestHoldConcurrency::expectAuditPasses()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestHoldConcurrency::twoHundredBuyersTenSeats()
{
    constexpr int buyers = 200;
    constexpr int rounds = 50;
    const QVector<UnitId> hot = m_units.mid(0, 10);
    int totalGranted = 0;
    int totalLost = 0;
    QStringList problems;

    BuyerCrowd crowd(*m_db, buyers);
    const bool connected = crowd.run(
        rounds,
        [&](PgInventory &inventory, int round, int buyer) {
            HoldRequest request;
            request.event = m_hall.eventId;
            request.cart = QStringLiteral("r%1-b%2").arg(round).arg(buyer);
            request.units = {hot[buyer % hot.size()]}; // 20 buyers on each of the 10 seats
            return attemptHold(inventory, request);
        },
        [&](int) { resetInventory(); },
        [&](int round, const QVector<Attempt> &attempts) {
            QSet<UnitId> grantedSeats;
            int granted = 0;
            for (int buyer = 0; buyer < attempts.size(); ++buyer) {
                const Attempt &attempt = attempts[buyer];
                if (attempt.granted) {
                    ++granted;
                    if (grantedSeats.contains(attempt.units.first()))
                        problems
                            << QStringLiteral("round %1: seat %2 granted twice").arg(round).arg(attempt.units.first());
                    grantedSeats.insert(attempt.units.first());
                    const QString owner = m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :u"),
                                                       {{QStringLiteral("u"), attempt.units.first()}})
                                              .toString();
                    if (owner != QStringLiteral("r%1-b%2").arg(round).arg(buyer))
                        problems << QStringLiteral("round %1: buyer %2 told yes, seat owned by %3")
                                        .arg(round)
                                        .arg(buyer)
                                        .arg(owner);
                } else if (attempt.error != ErrorCode::Lost) {
                    problems << QStringLiteral("round %1: unexpected error %2").arg(round).arg(attempt.message);
                } else {
                    ++totalLost;
                }
            }
            if (granted != 10)
                problems << QStringLiteral("round %1: %2 holds granted, expected exactly 10").arg(round).arg(granted);
            totalGranted += granted;
            const int held
                = m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE state = 'HELD'")).toInt();
            if (held != 10)
                problems << QStringLiteral("round %1: %2 seats held in the database").arg(round).arg(held);
        });
    QVERIFY(connected);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(QLatin1Char('\n'))));
    QCOMPARE(totalGranted, rounds * 10);
    QCOMPARE(totalLost, rounds * (buyers - 10));
    qInfo("200 buyers x 10 seats x %d rounds: %d granted, %d lost races, 0 errors", rounds, totalGranted, totalLost);
    expectAuditPasses();
}

void TestHoldConcurrency::overlappingMultiSeatCartsNeverDeadlock()
{
    constexpr int carts = 50;
    constexpr int rounds = 100;
    const QVector<UnitId> pool = m_units.mid(20, 12);
    int totalGranted = 0;
    QStringList problems;

    BuyerCrowd crowd(*m_db, carts);
    const bool connected = crowd.run(
        rounds,
        [&](PgInventory &inventory, int round, int cart) {
            // 4 of the 12 seats, listed in a random order: lock order must not depend on the request.
            QVector<UnitId> wanted = pool;
            std::shuffle(wanted.begin(), wanted.end(), *QRandomGenerator::global());
            HoldRequest request;
            request.event = m_hall.eventId;
            request.cart = QStringLiteral("r%1-c%2").arg(round).arg(cart);
            request.units = wanted.mid(0, 4);
            return attemptHold(inventory, request);
        },
        [&](int) { resetInventory(); },
        [&](int round, const QVector<Attempt> &attempts) {
            QSet<UnitId> taken;
            int granted = 0;
            for (int cart = 0; cart < attempts.size(); ++cart) {
                const Attempt &attempt = attempts[cart];
                const QString cartId = QStringLiteral("r%1-c%2").arg(round).arg(cart);
                const int inDatabase
                    = m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                                   {{QStringLiteral("c"), cartId}})
                          .toInt();
                if (attempt.granted) {
                    ++granted;
                    if (inDatabase != 4)
                        problems << QStringLiteral("round %1: %2 granted but holds %3 seats")
                                        .arg(round)
                                        .arg(cartId)
                                        .arg(inDatabase);
                    for (UnitId unit : attempt.units) {
                        if (taken.contains(unit))
                            problems << QStringLiteral("round %1: seat %2 in two granted carts").arg(round).arg(unit);
                        taken.insert(unit);
                    }
                } else {
                    if (attempt.error != ErrorCode::Lost) // a deadlock or any other error fails the test
                        problems << QStringLiteral("round %1: %2").arg(round).arg(attempt.message);
                    if (inDatabase != 0)
                        problems << QStringLiteral("round %1: %2 refused but holds %3 seats")
                                        .arg(round)
                                        .arg(cartId)
                                        .arg(inDatabase);
                }
            }
            if (granted < 1 || granted > 3)
                problems << QStringLiteral("round %1: %2 carts granted (1 to 3 possible)").arg(round).arg(granted);
            const int held
                = m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE state = 'HELD'")).toInt();
            if (held != granted * 4)
                problems
                    << QStringLiteral("round %1: %2 seats held for %3 granted carts").arg(round).arg(held).arg(granted);
            totalGranted += granted;
        });
    QVERIFY(connected);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(QLatin1Char('\n'))));
    qInfo("50 carts x 4 of 12 seats x %d rounds: %d carts granted, no deadlock, all or nothing", rounds, totalGranted);
    expectAuditPasses();
}

void TestHoldConcurrency::churnKeepsEverySeatSoldOnce()
{
    // Buyers hold, release, re-hold with very short leases and sell, all on 20 seats at once.
    constexpr int buyers = 40;
    constexpr int rounds = 1;
    constexpr int iterations = 60;
    const QVector<UnitId> pool = m_units.mid(40, 20);
    std::atomic<int> sold{0};
    std::atomic<int> unexpected{0};
    QStringList errors;
    std::mutex errorsMutex;

    BuyerCrowd crowd(*m_db, buyers);
    const bool connected = crowd.run(
        rounds,
        [&](PgInventory &inventory, int, int buyer) {
            SeatHoldService service(inventory.seats);
            CartService carts(inventory.carts);
            QRandomGenerator random(quint32(buyer) * 7919u + 17u);
            for (int i = 0; i < iterations; ++i) {
                const QString cart = QStringLiteral("churn-%1-%2").arg(buyer).arg(i);
                HoldRequest request;
                request.event = m_hall.eventId;
                request.cart = cart;
                QVector<UnitId> wanted = pool;
                std::shuffle(wanted.begin(), wanted.end(), random);
                request.units = wanted.mid(0, 1 + random.bounded(3));
                request.ttlSeconds = 1 + random.bounded(2); // leases expire while others are claiming
                const auto held = service.hold(request);
                if (!held.ok()) {
                    if (held.error().code != ErrorCode::Lost) {
                        ++unexpected;
                        std::lock_guard lock(errorsMutex);
                        errors << held.error().message + QLatin1Char(' ') + held.error().detail;
                    }
                    continue;
                }
                if (random.bounded(3) == 0) {
                    const auto order = carts.createOrder(cart);
                    if (!order.ok())
                        continue; // the lease may have run out already: NotFound is fine here
                    const auto confirmed = carts.confirm(order->id);
                    if (confirmed.ok())
                        sold += confirmed->sold.size();
                    else {
                        ++unexpected;
                        std::lock_guard lock(errorsMutex);
                        errors << confirmed.error().message + QLatin1Char(' ') + confirmed.error().detail;
                    }
                } else {
                    (void)carts.releaseCart(cart);
                }
            }
            return Attempt{};
        },
        [&](int) { resetInventory(); }, [&](int, const QVector<Attempt> &) {});
    QVERIFY(connected);
    QVERIFY2(unexpected == 0, qPrintable(errors.mid(0, 5).join(QLatin1Char('\n'))));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE state = 'SOLD'")).toInt(),
             sold.load());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM order_lines WHERE state = 'SOLD'")).toInt(),
             sold.load());
    QVERIFY(sold.load() > 0);
    QVERIFY(sold.load() <= pool.size());
    qInfo("churn: %d buyers x %d carts, %d seats sold of %d, each once", buyers, iterations, sold.load(),
          int(pool.size()));
    expectAuditPasses();
}

QTEST_GUILESS_MAIN(TestHoldConcurrency)
#include "tst_holdconcurrency.moc"
