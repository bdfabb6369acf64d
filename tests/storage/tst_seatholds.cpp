#include "domain/cartservice.h"
#include "domain/seatholdservice.h"
#include "moneycompare.h"
#include "statenames.h"
#include "storage/pginventory.h"
#include "testdatabase.h"

#include <QSqlError>
#include <QTest>

#include <thread>

using namespace boxoffice;
using namespace boxoffice::test;

class TestSeatHolds : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void holdGrantsEveryRequestedSeat();
    void holdIsAllOrNothing();
    void holdByOwnCartIsIdempotentAndRefreshes();
    void reHoldNeverOutlivesTheLongestLease();
    void expiryBoundary_data();
    void expiryBoundary();
    void expiredHoldIsClaimableWithoutAnySweep();
    void ttlIsClampedToTheLongestLease();
    void badInputChangesNothing_data();
    void badInputChangesNothing();
    void labelsResolveCaseInsensitively();
    void releaseReturnsOnlyThisCartsSeats();
    void releaseCartReturnsEverything();
    void extendRespectsTheEventLimit();
    void extendNeedsLiveHolds();
    void createOrderPricesTheCart();
    void createOrderRefusesEmptyOrDoubleCheckout();
    void createOrderQueuesBehindAClaimInsteadOfDeadlocking();
    void lateConfirmOnUnreclaimedSeatSells();
    void lateConfirmOnReclaimedSeatReportsIt();
    void confirmAfterSweepStillSells();
    void confirmIsIdempotent();
    void confirmRefusesClosedOrders();
    void availabilityCountsExpiredHoldsAsAvailable();
    void sweepOnlyTouchesExpiredHolds();

private:
    QVector<UnitId> pick(std::initializer_list<int> indexes) const;
    HoldRequest request(const QString &cart, std::initializer_list<int> indexes, std::optional<int> ttl = {}) const;
    void backdateHolds(const QString &cart, int seconds);
    QString stateOf(UnitId unit) const;
    QString cartOf(UnitId unit) const;
    void expectAuditPasses();

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<SeatHoldService> m_service;
    std::unique_ptr<CartService> m_carts;
    LoadedVenue m_hall;
    EventId m_otherEvent = 0;
    QVector<UnitId> m_units;
};

void TestSeatHolds::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("seatholds"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall
        = m_db->loadHall(QStringLiteral("Hold Hall"), 3, 10, /*holdSeconds=*/600, /*maxExtensions=*/1, /*price=*/4500);
    QVERIFY(m_hall.eventId > 0);
    auto other
        = VenueLoader(m_db->database())
              .addEvent(m_hall.layoutId, EventSpec{QStringLiteral("Matinee"), 15, 300, 0, {}}, QStringLiteral("EUR"),
                        {PriceBandSpec{QStringLiteral("S"), QString(), Money(3000, QStringLiteral("EUR"))}});
    QVERIFY(other.ok());
    m_otherEvent = other.value();
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), 30);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_service = std::make_unique<SeatHoldService>(m_inventory->seats);
    m_carts = std::make_unique<CartService>(m_inventory->carts);
}

void TestSeatHolds::init()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, order_id = NULL, extensions_used = 0")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM order_lines")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM orders")));
}

void TestSeatHolds::cleanup()
{
    expectAuditPasses();
}

QVector<UnitId> TestSeatHolds::pick(std::initializer_list<int> indexes) const
{
    QVector<UnitId> units;
    for (int index : indexes)
        units << m_units.at(index);
    return units;
}

HoldRequest TestSeatHolds::request(const QString &cart, std::initializer_list<int> indexes,
                                   std::optional<int> ttl) const
{
    HoldRequest request;
    request.event = m_hall.eventId;
    request.cart = cart;
    request.units = pick(indexes);
    request.ttlSeconds = ttl;
    return request;
}

void TestSeatHolds::backdateHolds(const QString &cart, int seconds)
{
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), cart, seconds));
}

QString TestSeatHolds::stateOf(UnitId unit) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"), {{QStringLiteral("u"), unit}})
        .toString();
}

QString TestSeatHolds::cartOf(UnitId unit) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT COALESCE(cart_id, '') FROM event_seats WHERE id = :u"),
                 {{QStringLiteral("u"), unit}})
        .toString();
}

void TestSeatHolds::expectAuditPasses()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestSeatHolds::holdGrantsEveryRequestedSeat()
{
    const auto grant = m_service->hold(request(QStringLiteral("a"), {0, 1}));
    QVERIFY2(grant.ok(), grant.ok() ? "" : qPrintable(grant.error().message));
    QCOMPARE(grant->held.size(), 2);
    QCOMPARE(grant->held.first().seat.label, QStringLiteral("A-1-1"));
    // Expiry comes from the database clock: now() + the event's 600 s.
    const double remaining
        = m_db->scalar(QStringLiteral("SELECT extract(epoch FROM hold_expires_at - now()) FROM event_seats "
                                      "WHERE id = :u"),
                       {{QStringLiteral("u"), m_units[0]}})
              .toDouble();
    QVERIFY2(remaining > 590 && remaining <= 600, qPrintable(QString::number(remaining)));
    const qint64 dbExpiry
        = m_db->scalar(QStringLiteral("SELECT CAST(extract(epoch FROM hold_expires_at) * 1000 AS bigint) "
                                      "FROM event_seats WHERE id = :u"),
                       {{QStringLiteral("u"), m_units[0]}})
              .toLongLong();
    QCOMPARE(grant->held.first().expiresAt.toMSecsSinceEpoch(), dbExpiry);
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("HELD"));
    QCOMPARE(cartOf(m_units[1]), QStringLiteral("a"));
}

void TestSeatHolds::holdIsAllOrNothing()
{
    QVERIFY(m_service->hold(request(QStringLiteral("b"), {1})).ok());
    const auto lost = m_service->hold(request(QStringLiteral("a"), {0, 1, 2}));
    QVERIFY(!lost.ok());
    QCOMPARE(lost.error().code, ErrorCode::Lost);
    QCOMPARE(lost.error().units, QStringList{QStringLiteral("A-1-2")});
    QVERIFY2(lost.error().message.contains(QStringLiteral("A-1-2")), qPrintable(lost.error().message));
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("AVAILABLE"));
    QCOMPARE(stateOf(m_units[2]), QStringLiteral("AVAILABLE"));
    QCOMPARE(cartOf(m_units[1]), QStringLiteral("b"));
}

void TestSeatHolds::holdByOwnCartIsIdempotentAndRefreshes()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0}, 60)).ok());
    const QVariant since = m_db->scalar(QStringLiteral("SELECT held_since FROM event_seats WHERE id = :u"),
                                        {{QStringLiteral("u"), m_units[0]}});
    // A double click or a retried request: the cart's own seat counts as granted, the lease is refreshed.
    const auto again = m_service->hold(request(QStringLiteral("a"), {0, 1}, 300));
    QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().message));
    QCOMPARE(again->held.size(), 2);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT held_since FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_units[0]}}),
             since);
    const double remaining
        = m_db->scalar(QStringLiteral("SELECT extract(epoch FROM hold_expires_at - now()) FROM event_seats "
                                      "WHERE id = :u"),
                       {{QStringLiteral("u"), m_units[0]}})
              .toDouble();
    QVERIFY2(remaining > 290, qPrintable(QString::number(remaining)));
}

void TestSeatHolds::reHoldNeverOutlivesTheLongestLease()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0})).ok());
    QVERIFY(m_carts->extend(QStringLiteral("a")).ok());
    backdateHolds(QStringLiteral("a"), 1150); // held for 1150 s of the longest 600 * (1 + 1) = 1200 s
    // A retry refreshes the lease to now + 600 s, but never past the longest lease: 50 s remain.
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0})).ok());
    const double remaining
        = m_db->scalar(QStringLiteral("SELECT extract(epoch FROM hold_expires_at - now()) FROM event_seats "
                                      "WHERE id = :u"),
                       {{QStringLiteral("u"), m_units[0]}})
              .toDouble();
    QVERIFY2(remaining <= 50.5 && remaining > 40, qPrintable(QString::number(remaining)));
}

void TestSeatHolds::expiryBoundary_data()
{
    QTest::addColumn<int>("expiresInMs");
    QTest::addColumn<bool>("claimableByOthers");
    QTest::newRow("expired a second ago") << -1000 << true;
    QTest::newRow("expires exactly now") << 0 << true;
    QTest::newRow("expires in a millisecond") << 1 << false;
    QTest::newRow("expires in a second") << 1000 << false;
}

void TestSeatHolds::expiryBoundary()
{
    QFETCH(int, expiresInMs);
    QFETCH(bool, claimableByOthers);
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0})).ok());
    // Inside one transaction now() is fixed, so "exactly now" is exact.
    QVERIFY(m_db->database().transaction());
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE event_seats SET hold_expires_at = now() + make_interval(secs => :ms / 1000.0) "
                       "WHERE id = :u"),
        {{QStringLiteral("ms"), expiresInMs}, {QStringLiteral("u"), m_units[0]}}));
    const auto taken = m_service->hold(request(QStringLiteral("b"), {0}));
    const QString owner = cartOf(m_units[0]);
    QVERIFY(m_db->database().rollback());
    QCOMPARE(taken.ok(), claimableByOthers);
    QCOMPARE(owner, claimableByOthers ? QStringLiteral("b") : QStringLiteral("a"));
    if (!claimableByOthers)
        QCOMPARE(taken.error().code, ErrorCode::Lost);
}

void TestSeatHolds::expiredHoldIsClaimableWithoutAnySweep()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    QVERIFY(m_carts->extend(QStringLiteral("a")).ok());
    backdateHolds(QStringLiteral("a"), 2000);
    const auto taken = m_service->hold(request(QStringLiteral("b"), {1, 2}));
    QVERIFY2(taken.ok(), taken.ok() ? "" : qPrintable(taken.error().message));
    QCOMPARE(cartOf(m_units[1]), QStringLiteral("b"));
    // A fresh lease: the previous cart's extensions do not carry over.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT extensions_used FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_units[1]}})
                 .toInt(),
             0);
    QCOMPARE(cartOf(m_units[0]), QStringLiteral("a")); // still a's until someone claims it
}

void TestSeatHolds::ttlIsClampedToTheLongestLease()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0}, 5000)).ok());
    const double remaining
        = m_db->scalar(QStringLiteral("SELECT extract(epoch FROM hold_expires_at - now()) FROM event_seats "
                                      "WHERE id = :u"),
                       {{QStringLiteral("u"), m_units[0]}})
              .toDouble();
    QVERIFY2(remaining <= 1200 && remaining > 1190, qPrintable(QString::number(remaining)));
}

void TestSeatHolds::badInputChangesNothing_data()
{
    QTest::addColumn<qint64>("event");
    QTest::addColumn<QString>("cart");
    QTest::addColumn<bool>("foreignUnit");
    QTest::addColumn<int>("ttl");
    QTest::addColumn<int>("expectedCode");

    QTest::newRow("unknown event") << qint64(999999) << "a" << false << 0 << int(ErrorCode::NotFound);
    QTest::newRow("seat of another event") << qint64(0) << "a" << true << 0 << int(ErrorCode::BadInput);
    QTest::newRow("negative ttl") << qint64(0) << "a" << false << -1 << int(ErrorCode::BadInput);
    QTest::newRow("malformed cart") << qint64(0) << "a b" << false << 0 << int(ErrorCode::BadInput);
}

void TestSeatHolds::badInputChangesNothing()
{
    QFETCH(qint64, event);
    QFETCH(QString, cart);
    QFETCH(bool, foreignUnit);
    QFETCH(int, ttl);
    QFETCH(int, expectedCode);

    QVERIFY(m_service->hold(request(QStringLiteral("keeper"), {5})).ok());
    HoldRequest bad = request(cart, {0, 5});
    if (event != 0)
        bad.event = event;
    if (foreignUnit)
        bad.units << m_db->units(m_otherEvent).first();
    if (ttl != 0)
        bad.ttlSeconds = ttl;
    const auto result = m_service->hold(bad);
    QVERIFY(!result.ok());
    QCOMPARE(int(result.error().code), expectedCode);
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("AVAILABLE"));
    QCOMPARE(cartOf(m_units[5]), QStringLiteral("keeper"));
}

void TestSeatHolds::labelsResolveCaseInsensitively()
{
    const auto seats = m_service->resolveSeats(m_hall.eventId, {QStringLiteral("a-2-3"), QStringLiteral(" A-1-1 ")});
    QVERIFY(seats.ok());
    QCOMPARE(seats->size(), 2);
    QCOMPARE(seats->at(0).unit, m_units[12]);
    QCOMPARE(seats->at(1).unit, m_units[0]);
    const auto unknown = m_service->resolveSeats(m_hall.eventId, {QStringLiteral("A-1-1"), QStringLiteral("Z-9-9")});
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.error().code, ErrorCode::BadInput);
    QCOMPARE(unknown.error().units, QStringList{QStringLiteral("Z-9-9")});
    QCOMPARE(m_service->resolveSeats(424242, {QStringLiteral("A-1-1")}).error().code, ErrorCode::NotFound);
}

void TestSeatHolds::releaseReturnsOnlyThisCartsSeats()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    QVERIFY(m_service->hold(request(QStringLiteral("b"), {2})).ok());
    const auto released = m_service->release(QStringLiteral("a"), pick({0, 2, 3}));
    QVERIFY(released.ok());
    QCOMPARE(released->released.size(), 1);
    QCOMPARE(released->released.first().unit, m_units[0]);
    QCOMPARE(released->notHeld, pick({2, 3}));
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("AVAILABLE"));
    QCOMPARE(cartOf(m_units[1]), QStringLiteral("a"));
    QCOMPARE(cartOf(m_units[2]), QStringLiteral("b"));
    // Released again: nothing to do, and no error (a retried release is harmless).
    const auto again = m_service->release(QStringLiteral("a"), pick({0}));
    QVERIFY(again.ok());
    QVERIFY(again->released.isEmpty());
}

void TestSeatHolds::releaseCartReturnsEverything()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1, 2})).ok());
    const auto released = m_carts->releaseCart(QStringLiteral("a"));
    QVERIFY(released.ok());
    QCOMPARE(released->released.size(), 3);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE state <> 'AVAILABLE'")).toInt(), 0);
}

void TestSeatHolds::extendRespectsTheEventLimit()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    const double before
        = m_db->scalar(QStringLiteral("SELECT extract(epoch FROM hold_expires_at) FROM event_seats WHERE id = :u"),
                       {{QStringLiteral("u"), m_units[0]}})
              .toDouble();
    const auto extended = m_carts->extend(QStringLiteral("a"));
    QVERIFY2(extended.ok(), extended.ok() ? "" : qPrintable(extended.error().message));
    QCOMPARE(extended->extended.size(), 2);
    QCOMPARE(extended->extensionsLeft, 0);
    const double after
        = m_db->scalar(QStringLiteral("SELECT extract(epoch FROM hold_expires_at) FROM event_seats WHERE id = :u"),
                       {{QStringLiteral("u"), m_units[0]}})
              .toDouble();
    QCOMPARE(qRound(after - before), 600);
    const auto refused = m_carts->extend(QStringLiteral("a"));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
}

void TestSeatHolds::extendNeedsLiveHolds()
{
    QCOMPARE(m_carts->extend(QStringLiteral("nobody")).error().code, ErrorCode::NotFound);
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0})).ok());
    backdateHolds(QStringLiteral("a"), 700);
    QCOMPARE(m_carts->extend(QStringLiteral("a")).error().code, ErrorCode::NotFound);
}

void TestSeatHolds::createOrderPricesTheCart()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1, 2})).ok());
    const auto order = m_carts->createOrder(QStringLiteral("a"));
    QVERIFY2(order.ok(), order.ok() ? "" : qPrintable(order.error().message));
    QCOMPARE(order->state, OrderState::Pending);
    QCOMPARE(order->amount.minor(), qint64(3 * 4500));
    QCOMPARE(order->currency, QStringLiteral("EUR"));
    QCOMPARE(order->lines.size(), 3);
}

void TestSeatHolds::createOrderRefusesEmptyOrDoubleCheckout()
{
    QCOMPARE(m_carts->createOrder(QStringLiteral("empty")).error().code, ErrorCode::NotFound);
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0})).ok());
    QVERIFY(m_carts->createOrder(QStringLiteral("a")).ok());
    const auto second = m_carts->createOrder(QStringLiteral("a"));
    QVERIFY(!second.ok());
    QCOMPARE(second.error().code, ErrorCode::Conflict);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM orders")).toInt(), 1);
}

// A checkout's order takes key-share locks on the seats it lists (the order lines' foreign keys). A
// claim locks seats FOR UPDATE in id order; unless the order locks them in the same order, an order
// over seats a claim is taking as their leases run out deadlocks with it (seen in the churn test).
void TestSeatHolds::createOrderQueuesBehindAClaimInsteadOfDeadlocking()
{
    const QString cart = QStringLiteral("order-vs-claim");
    const UnitId lower = m_units.at(20);
    const UnitId higher = m_units.at(21);
    // Rows are read in the order their versions lie on disk: holding the higher seat first puts its
    // row first, so an order that locks as it reads takes the higher seat before the lower one.
    QVERIFY(m_service->hold(HoldRequest{m_hall.eventId, cart, {higher}, std::nullopt}).ok());
    QVERIFY(m_service->hold(HoldRequest{m_hall.eventId, cart, {lower}, std::nullopt}).ok());

    auto claimer = m_db->connect(QStringLiteral("claimer"));
    QVERIFY(claimer);
    QSqlQuery claim(claimer->database());
    QVERIFY(claim.exec(QStringLiteral("BEGIN")));
    QVERIFY(claim.exec(QStringLiteral("SELECT id FROM event_seats WHERE id = %1 FOR UPDATE").arg(lower)));

    Result<OrderSummary> order = makeError(ErrorCode::Internal, QStringLiteral("not run"));
    std::thread checkout([&] {
        auto connection = m_db->connect(QStringLiteral("checkout"));
        if (!connection)
            return;
        PgInventory inventory(connection->database());
        order = CartService(inventory.carts).createOrder(cart);
    });
    QTest::qWait(300); // the checkout is now waiting on the lower seat, or holds the higher one
    const bool claimedHigher
        = claim.exec(QStringLiteral("SELECT id FROM event_seats WHERE id = %1 FOR UPDATE").arg(higher));
    const QString claimError = claim.lastError().text();
    QVERIFY(claim.exec(QStringLiteral("ROLLBACK")));
    checkout.join();

    QVERIFY2(claimedHigher, qPrintable(claimError));
    QVERIFY2(order.ok(), order ? "" : qPrintable(order.error().message + QLatin1Char(' ') + order.error().detail));
    QCOMPARE(order->lines.size(), 2);
}

void TestSeatHolds::lateConfirmOnUnreclaimedSeatSells()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    const auto order = m_carts->createOrder(QStringLiteral("a"));
    QVERIFY(order.ok());
    backdateHolds(QStringLiteral("a"), 3600); // the payment landed an hour late; nobody wanted the seats
    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY2(confirmed.ok(), confirmed.ok() ? "" : qPrintable(confirmed.error().message));
    QCOMPARE(confirmed->sold.size(), 2);
    QVERIFY(confirmed->lost.isEmpty());
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("SOLD"));
    QCOMPARE(m_carts->order(order->id)->state, OrderState::Paid);
}

void TestSeatHolds::lateConfirmOnReclaimedSeatReportsIt()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    const auto order = m_carts->createOrder(QStringLiteral("a"));
    QVERIFY(order.ok());
    backdateHolds(QStringLiteral("a"), 3600);
    QVERIFY(m_service->hold(request(QStringLiteral("b"), {1})).ok()); // reclaimed after expiry
    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY(confirmed.ok());
    QCOMPARE(confirmed->sold.size(), 1);
    QCOMPARE(confirmed->sold.first().id, m_units[0]);
    QCOMPARE(confirmed->lost.size(), 1);
    QCOMPARE(confirmed->lost.first().label, QStringLiteral("A-1-2"));
    QCOMPARE(cartOf(m_units[1]), QStringLiteral("b")); // the new holder keeps it
    QCOMPARE(stateOf(m_units[1]), QStringLiteral("HELD"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM order_lines WHERE unit_id = :u"),
                          {{QStringLiteral("u"), m_units[1]}})
                 .toString(),
             QStringLiteral("LOST"));
}

void TestSeatHolds::confirmAfterSweepStillSells()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0})).ok());
    const auto order = m_carts->createOrder(QStringLiteral("a"));
    QVERIFY(order.ok());
    backdateHolds(QStringLiteral("a"), 3600);
    QCOMPARE(m_service->sweepExpiredHolds().value(), 1);
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("AVAILABLE"));
    // The sweeper only tidies the display: the paid buyer still gets the seat nobody took.
    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY(confirmed.ok());
    QCOMPARE(confirmed->sold.size(), 1);
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("SOLD"));
}

void TestSeatHolds::confirmIsIdempotent()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    const auto order = m_carts->createOrder(QStringLiteral("a"));
    QVERIFY(m_carts->confirm(order->id).ok());
    const auto again = m_carts->confirm(order->id);
    QVERIFY(again.ok());
    QVERIFY(again->alreadyConfirmed);
    QCOMPARE(again->sold.size(), 2);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE state = 'SOLD'")).toInt(), 2);
    // Sold seats are no longer holdable, not even by the cart that bought them.
    QCOMPARE(m_service->hold(request(QStringLiteral("a"), {0})).error().code, ErrorCode::Lost);
    QCOMPARE(m_service->hold(request(QStringLiteral("c"), {1})).error().code, ErrorCode::Lost);
}

void TestSeatHolds::confirmRefusesClosedOrders()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0})).ok());
    const auto order = m_carts->createOrder(QStringLiteral("a"));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE orders SET state = 'CANCELLED' WHERE id = :o"),
                       {{QStringLiteral("o"), order->id}}));
    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY(!confirmed.ok());
    QCOMPARE(confirmed.error().code, ErrorCode::Conflict);
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("HELD"));
    QCOMPARE(m_carts->confirm(987654).error().code, ErrorCode::NotFound);
}

void TestSeatHolds::availabilityCountsExpiredHoldsAsAvailable()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    QVERIFY(m_service->hold(request(QStringLiteral("b"), {2})).ok());
    backdateHolds(QStringLiteral("b"), 3600);
    QVERIFY(m_service->hold(request(QStringLiteral("c"), {3})).ok());
    const auto order = m_carts->createOrder(QStringLiteral("c"));
    QVERIFY(m_carts->confirm(order->id).ok());
    const auto availability = m_service->availability(m_hall.eventId);
    QVERIFY(availability.ok());
    QCOMPARE(availability->total(), 30);
    QCOMPARE(availability->held(), 2);
    QCOMPARE(availability->sold(), 1);
    QCOMPARE(availability->available(), 27);
    QCOMPARE(availability->rows.first().price, Money(4500, QStringLiteral("EUR")));
}

void TestSeatHolds::sweepOnlyTouchesExpiredHolds()
{
    QVERIFY(m_service->hold(request(QStringLiteral("a"), {0, 1})).ok());
    QVERIFY(m_service->hold(request(QStringLiteral("b"), {2})).ok());
    backdateHolds(QStringLiteral("a"), 3600);
    QCOMPARE(m_service->sweepExpiredHolds().value(), 2);
    QCOMPARE(stateOf(m_units[0]), QStringLiteral("AVAILABLE"));
    QCOMPARE(cartOf(m_units[2]), QStringLiteral("b"));
    QCOMPARE(m_service->sweepExpiredHolds().value(), 0);
}

QTEST_GUILESS_MAIN(TestSeatHolds)
#include "tst_seatholds.moc"
