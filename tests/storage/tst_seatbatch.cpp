// Batched web seat holds (migration 044, SeatHoldBatcher over PgSeatBatchStore): web buyers' holds on
// one event from many threads, each on its own connection, gathered into batches that one of them
// sends. Nothing held twice under a rush, and every answer matches the database; asks granted in
// the order given, each all or nothing; refreshing keeps the lease; every refusal the single claim
// gives; a capped cart sent back for the single claim; a full batcher refuses at once; a batch lost as
// a whole answers every ask with its error and grants nothing.

#include "buyercrowd.h"
#include "testdatabase.h"

#include "domain/seatbatch.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgseatbatchstore.h"

#include <QHash>
#include <QSet>
#include <QSqlQuery>
#include <QTest>

#include <mutex>

using namespace boxoffice;
using namespace boxoffice::test;

class TestSeatBatch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void aRushHoldsNothingTwiceAndEveryAnswerIsTrue();
    void asksAreGrantedInTheOrderGivenEachAllOrNothing();
    void askingAgainRefreshesWithoutShorteningTheLease();
    void refusalsAreTheSingleClaims();
    void aCappedCartIsSentBackForTheSingleClaim();
    void aFullBatcherRefusesAtOnce();
    void aBatchLostAsAWholeAnswersEveryAsk();

private:
    struct Buyer
    {
        BuyerId id = 0;
        CartId cart;
    };
    Buyer newBuyer(const QString &name, const QString &card = {});
    HoldRequest ask(const Buyer &buyer, QVector<UnitId> units) const;
    QString seatState(UnitId unit) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgBuyerStore> m_buyers;
    EventId m_event = 0;
    QVector<UnitId> m_units;
    int m_made = 0;
};

void TestSeatBatch::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("seatbatch"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_event = m_db->loadHall(QStringLiteral("Batch Seats"), 20, 30).eventId;
    QVERIFY(m_event > 0);
    m_units = m_db->units(m_event);
    QCOMPARE(m_units.size(), 600);
    m_buyers = std::make_unique<PgBuyerStore>(m_db->database());
}

void TestSeatBatch::init()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = NULL, max_holds_per_instrument = NULL, "
                                      "max_holds_unknown_card = NULL, max_holds_per_address = NULL")));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, extensions_used = 0 WHERE state = 'HELD'")));
}

void TestSeatBatch::cleanup()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

TestSeatBatch::Buyer TestSeatBatch::newBuyer(const QString &name, const QString &card)
{
    Buyer buyer;
    auto made = m_buyers->addBuyer(QStringLiteral("%1 %2").arg(name).arg(++m_made));
    if (!made)
        qFatal("addBuyer: %s", qPrintable(made.error().message));
    buyer.id = made->buyer.id;
    auto cart = m_buyers->createCart(buyer.id, card);
    if (!cart)
        qFatal("createCart: %s", qPrintable(cart.error().message));
    buyer.cart = cart.value();
    return buyer;
}

HoldRequest TestSeatBatch::ask(const Buyer &buyer, QVector<UnitId> units) const
{
    HoldRequest request;
    request.event = m_event;
    request.cart = buyer.cart;
    request.buyer = buyer.id;
    request.units = std::move(units);
    return request;
}

QString TestSeatBatch::seatState(UnitId unit) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT state || ':' || COALESCE(cart_id, '') FROM event_seats WHERE id = :u"),
                 {{QStringLiteral("u"), unit}})
        .toString();
}

void TestSeatBatch::aRushHoldsNothingTwiceAndEveryAnswerIsTrue()
{
    // 64 threads, each a web server's lane thread with its own connection, send 3,000 holds of one or
    // two random seats of 600, for 300 buyers: most collide. Every grant must be the database's truth
    // and no seat may be told to two carts.
    constexpr int threads = 64;
    constexpr int holdsPerThread = 47;
    QVector<Buyer> buyers;
    for (int i = 0; i < 300; ++i)
        buyers << newBuyer(QStringLiteral("Rush"));
    SeatHoldBatcher batcher(SeatHoldBatcher::Options{50, 1, 0});
    std::mutex mutex;
    QHash<UnitId, CartId> toldHeld;
    int granted = 0;
    int lost = 0;
    QStringList wrong;
    std::atomic<int> answered{0};
    Barrier start(threads);
    QVector<QThread *> running;
    for (int thread = 0; thread < threads; ++thread) {
        running << QThread::create([&, thread] {
            auto connection = m_db->connect(QStringLiteral("seat batch"));
            std::unique_ptr<PgSeatBatchStore> store
                = connection ? std::make_unique<PgSeatBatchStore>(connection->database()) : nullptr;
            start.arriveAndWait();
            if (!store)
                return;
            for (int n = 0; n < holdsPerThread; ++n) {
                const Buyer &buyer = buyers.at((thread * holdsPerThread + n) % buyers.size());
                QVector<UnitId> units{m_units.at((thread * 7919 + n * 104729) % m_units.size())};
                const UnitId second = m_units.at((thread * 31 + n * 17) % m_units.size());
                if (n % 3 == 0 && second != units.first())
                    units << second;
                const HoldRequest request = ask(buyer, units);
                batcher.hold(
                    request,
                    [&, request](Result<SeatBatchAnswer> answer) {
                        std::lock_guard lock(mutex);
                        ++answered;
                        if (!answer) {
                            if (answer.error().code == ErrorCode::Lost)
                                ++lost;
                            else
                                wrong << answer.error().message;
                            return;
                        }
                        if (!answer->grant) {
                            wrong << QStringLiteral("no cap applies, yet the batch sent an ask back");
                            return;
                        }
                        ++granted;
                        for (const HeldUnit &held : answer->grant->held) {
                            // Leases run 10 minutes: a seat is only ever told to one cart here.
                            if (toldHeld.contains(held.seat.unit) && toldHeld.value(held.seat.unit) != request.cart)
                                wrong << QStringLiteral("seat %1 told to two carts").arg(held.seat.unit);
                            toldHeld.insert(held.seat.unit, request.cart);
                        }
                    },
                    *store);
            }
        });
        running.last()->start();
    }
    for (QThread *thread : running) {
        thread->wait();
        delete thread;
    }
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QStringLiteral("; "))));
    QCOMPARE(answered.load(), threads * holdsPerThread);
    QVERIFY(granted > 100);
    QVERIFY(lost > 100);
    // Each seat told held is held, by the cart told last; and nothing is held that nobody was told.
    for (auto it = toldHeld.cbegin(); it != toldHeld.cend(); ++it)
        QCOMPARE(seatState(it.key()), QStringLiteral("HELD:") + it.value());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE event_id = :e AND state = 'HELD'"),
                          {{QStringLiteral("e"), m_event}})
                 .toInt(),
             toldHeld.size());
    const auto figures = batcher.figures();
    QVERIFY2(figures.batches < figures.asks, "holds sent together were never batched");
    QVERIFY(figures.largest <= 50);
    QCOMPARE(figures.pending, 0);
    qInfo("%lld holds in %lld batches, the largest %d", figures.asks, figures.batches, figures.largest);
}

void TestSeatBatch::asksAreGrantedInTheOrderGivenEachAllOrNothing()
{
    const Buyer first = newBuyer(QStringLiteral("First"));
    const Buyer second = newBuyer(QStringLiteral("Second"));
    const Buyer third = newBuyer(QStringLiteral("Third"));
    const UnitId a = m_units.at(0), b = m_units.at(1), c = m_units.at(2);
    PgSeatBatchStore store(m_db->database());
    const auto answers = store.holdSeatBatch(m_event, {ask(first, {a, b}), ask(second, {b, c}), ask(third, {c})});
    QVERIFY(answers.ok());
    QCOMPARE(int(answers->size()), 3);
    QVERIFY(answers->at(0).ok());
    QCOMPARE(answers->at(0)->grant->held.size(), 2);
    // Seat b went to the first ask: the second gets nothing, not even the free seat c.
    QCOMPARE(answers->at(1).error().code, ErrorCode::Lost);
    QVERIFY2(answers->at(1).error().message.contains(QStringLiteral("just taken")),
             qPrintable(answers->at(1).error().message));
    QVERIFY(answers->at(2).ok());
    QCOMPARE(seatState(a), QStringLiteral("HELD:") + first.cart);
    QCOMPARE(seatState(b), QStringLiteral("HELD:") + first.cart);
    QCOMPARE(seatState(c), QStringLiteral("HELD:") + third.cart);
}

void TestSeatBatch::askingAgainRefreshesWithoutShorteningTheLease()
{
    const Buyer buyer = newBuyer(QStringLiteral("Again"));
    const UnitId seat = m_units.at(10);
    const auto heldRows = [this, seat] {
        return m_db
            ->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE entity = 'seat' AND entity_id = :u "
                                    "AND to_state = 'HELD'"),
                     {{QStringLiteral("u"), seat}})
            .toInt();
    };
    const int heldBefore = heldRows();
    PgSeatBatchStore store(m_db->database());
    auto first = store.holdSeatBatch(m_event, {ask(buyer, {seat})});
    QVERIFY(first.ok() && first->at(0).ok());
    const QDateTime lease = first->at(0)->grant->held.first().expiresAt;
    HoldRequest shorter = ask(buyer, {seat});
    shorter.ttlSeconds = 30;
    // Twice in one batch and once more: the same cart's own seat, never shortened.
    auto again = store.holdSeatBatch(m_event, {shorter, shorter});
    QVERIFY(again.ok());
    QVERIFY(again->at(0).ok());
    QVERIFY(again->at(1).ok());
    QVERIFY(again->at(0)->grant->held.first().expiresAt >= lease);
    QCOMPARE(seatState(seat), QStringLiteral("HELD:") + buyer.cart);
    // One change of hands on record: the refreshes changed no state and no cart.
    QCOMPARE(heldRows(), heldBefore + 1);
}

void TestSeatBatch::refusalsAreTheSingleClaims()
{
    const Buyer owner = newBuyer(QStringLiteral("Owner"));
    const Buyer other = newBuyer(QStringLiteral("Other"));
    HoldRequest notMine = ask(other, {m_units.at(20)});
    notMine.cart = owner.cart; // someone else's cart
    HoldRequest unknown = ask(owner, {m_units.at(21), 999999999});
    HoldRequest fine = ask(other, {m_units.at(22)});
    PgSeatBatchStore store(m_db->database());
    const auto answers = store.holdSeatBatch(m_event, {notMine, unknown, fine});
    QVERIFY(answers.ok());
    QCOMPARE(answers->at(0).error().code, ErrorCode::NotFound);
    QCOMPARE(answers->at(1).error().code, ErrorCode::BadInput);
    QVERIFY(answers->at(2).ok());
    QCOMPARE(seatState(m_units.at(20)), QStringLiteral("AVAILABLE:"));
    QCOMPARE(seatState(m_units.at(21)), QStringLiteral("AVAILABLE:"));
    // No such event: every ask says so.
    const auto noEvent = store.holdSeatBatch(m_event + 1000000, {fine});
    QVERIFY(noEvent.ok());
    QCOMPARE(noEvent->at(0).error().code, ErrorCode::NotFound);
    // The batcher checks a request as every hold is checked, and takes no staff claim.
    SeatHoldBatcher batcher;
    std::optional<Result<SeatBatchAnswer>> staff;
    HoldRequest byStaff = fine;
    byStaff.buyer = 0;
    QVERIFY(batcher.hold(
        byStaff, [&staff](Result<SeatBatchAnswer> answer) { staff = answer; }, store));
    QVERIFY(staff && !staff->ok());
    QCOMPARE(staff->error().code, ErrorCode::BadInput);
    std::optional<Result<SeatBatchAnswer>> empty;
    QVERIFY(batcher.hold(
        ask(other, {}), [&empty](Result<SeatBatchAnswer> answer) { empty = answer; }, store));
    QVERIFY(empty && !empty->ok());
    QCOMPARE(empty->error().code, ErrorCode::BadInput);
}

void TestSeatBatch::aCappedCartIsSentBackForTheSingleClaim()
{
    const Buyer plain = newBuyer(QStringLiteral("Plain"));
    const Buyer carded = newBuyer(QStringLiteral("Carded"), QStringLiteral("fp_0123456789abcdef"));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_instrument = 2")));
    PgSeatBatchStore store(m_db->database());
    // The card cap applies to the cart with a card only: that ask comes back unclaimed.
    const auto answers = store.holdSeatBatch(m_event, {ask(carded, {m_units.at(30)}), ask(plain, {m_units.at(31)})});
    QVERIFY(answers.ok());
    QVERIFY(answers->at(0).ok());
    QVERIFY(!answers->at(0)->grant.has_value());
    QCOMPARE(seatState(m_units.at(30)), QStringLiteral("AVAILABLE:"));
    QVERIFY(answers->at(1).ok());
    QVERIFY(answers->at(1)->grant.has_value());
    // A cap per buyer applies to every buyer's cart.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = 4")));
    const auto capped = store.holdSeatBatch(m_event, {ask(plain, {m_units.at(32)})});
    QVERIFY(capped.ok() && capped->at(0).ok());
    QVERIFY(!capped->at(0)->grant.has_value());
    SeatHoldBatcher batcher;
    QVERIFY(!batcher.knownCapped(m_event));
    batcher.rememberCapped(m_event);
    QVERIFY(batcher.knownCapped(m_event));
    QVERIFY(!batcher.knownCapped(m_event + 1));
}

void TestSeatBatch::aFullBatcherRefusesAtOnce()
{
    // The event's seats locked by another connection: the first hold's batch waits on them, two
    // more wait for the next batch, and a fourth is refused at once, unanswered and unqueued.
    const Buyer buyer = newBuyer(QStringLiteral("Full"));
    auto locker = m_db->connect(QStringLiteral("locker"));
    QVERIFY(locker);
    QSqlDatabase lockDb = locker->database();
    QVERIFY(lockDb.transaction());
    QSqlQuery lock(lockDb);
    QVERIFY(lock.exec(QStringLiteral("SELECT id FROM event_seats WHERE id = %1 FOR UPDATE").arg(m_units.at(40))));

    SeatHoldBatcher batcher(SeatHoldBatcher::Options{50, 1, 3});
    std::atomic<int> answered{0};
    QThread *first = QThread::create([&] {
        // A connection belongs to the thread that opened it.
        auto sender = m_db->connect(QStringLiteral("sender"));
        if (!sender)
            return;
        PgSeatBatchStore store(sender->database());
        batcher.hold(
            ask(buyer, {m_units.at(40)}), [&answered](Result<SeatBatchAnswer>) { ++answered; }, store);
    });
    first->start();
    QTRY_COMPARE(batcher.figures().pending, 1);
    PgSeatBatchStore unused(m_db->database());
    for (int i = 0; i < 2; ++i)
        QVERIFY(batcher.hold(
            ask(buyer, {m_units.at(41 + i)}), [&answered](Result<SeatBatchAnswer>) { ++answered; }, unused));
    QCOMPARE(batcher.figures().pending, 3);
    bool refusedAnswered = false;
    QVERIFY(!batcher.hold(
        ask(buyer, {m_units.at(45)}), [&refusedAnswered](Result<SeatBatchAnswer>) { refusedAnswered = true; }, unused));
    QVERIFY(!refusedAnswered);
    QCOMPARE(batcher.figures().refused, 1);
    QCOMPARE(answered.load(), 0);

    QVERIFY(lockDb.rollback());
    QVERIFY(first->wait(60000));
    delete first;
    // The sender answered its own hold and then the two that waited, in a batch of their own.
    QCOMPARE(answered.load(), 3);
    QCOMPARE(batcher.figures().pending, 0);
    QCOMPARE(batcher.figures().batches, 2);
    QCOMPARE(seatState(m_units.at(45)), QStringLiteral("AVAILABLE:"));
}

void TestSeatBatch::aBatchLostAsAWholeAnswersEveryAsk()
{
    const Buyer buyer = newBuyer(QStringLiteral("Lost"));
    auto doomed = m_db->connect(QStringLiteral("doomed"));
    QVERIFY(doomed);
    QSqlQuery self(doomed->database());
    QVERIFY(self.exec(QStringLiteral("SELECT pg_backend_pid()")) && self.next());
    const int pid = self.value(0).toInt();
    self.finish();
    QVERIFY(m_db->exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)));
    PgSeatBatchStore store(doomed->database());
    const auto answers = store.holdSeatBatch(m_event, {ask(buyer, {m_units.at(50)}), ask(buyer, {m_units.at(51)})});
    QVERIFY(!answers.ok());
    QCOMPARE(answers.error().code, ErrorCode::Unavailable);
    QVERIFY(store.lostConnection());
    QCOMPARE(seatState(m_units.at(50)), QStringLiteral("AVAILABLE:"));
    QCOMPARE(seatState(m_units.at(51)), QStringLiteral("AVAILABLE:"));
    // Through the batcher, the ask of a batch that failed gets its error (the connection is gone).
    SeatHoldBatcher batcher;
    std::optional<Result<SeatBatchAnswer>> answer;
    QVERIFY(batcher.hold(
        ask(buyer, {m_units.at(52)}), [&answer](Result<SeatBatchAnswer> given) { answer = given; }, store));
    QVERIFY(answer && !answer->ok());
    QCOMPARE(seatState(m_units.at(52)), QStringLiteral("AVAILABLE:"));
    QCOMPARE(batcher.figures().pending, 0);
}

QTEST_GUILESS_MAIN(TestSeatBatch)
#include "tst_seatbatch.moc"
