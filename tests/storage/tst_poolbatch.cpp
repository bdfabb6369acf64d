// Batched hot pools (migration 038, PoolBatcher): asks on one pool from many threads, each on its own
// connection, gathered into batches that one of them sends. Exact to the unit under a rush; asks
// granted in the order given; caps counted inside the batch; one bad ask answered on its own; a batch
// lost as a whole answered as such to every ask in it; every batch committed.

#include "buyercrowd.h"
#include "testdatabase.h"

#include "domain/poolbatch.h"
#include "domain/poolholdbatcher.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "storage/pgbuyerstore.h"
#include "storage/pginventory.h"
#include "storage/pgpoolbatchstore.h"
#include "storage/pgpoolstore.h"

#include <QSet>
#include <QTest>

#include <future>
#include <mutex>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

struct Answer
{
    PoolHoldRequest ask;
    bool granted = false;
    PoolHold hold;
    ErrorCode error = ErrorCode::Internal;
    QString message;
};

// What a worker thread of the web server has: its own connection and stores, one shared batcher.
struct Worker
{
    explicit Worker(const QSqlDatabase &database) : pools(database), batches(database) { }
    PgPoolStore pools;
    PgPoolBatchStore batches;
};

Answer answerOf(const PoolHoldRequest &ask, const Result<PoolHold> &result)
{
    Answer answer;
    answer.ask = ask;
    answer.granted = result.ok();
    if (result)
        answer.hold = result.value();
    else {
        answer.error = result.error().code;
        answer.message = result.error().message;
    }
    return answer;
}

} // namespace

class TestPoolBatch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void aRushSellsExactlyTheCapacity();
    void asksAreGrantedInTheOrderGiven();
    void partialOnlyWhenTheAskAllowsIt();
    void askingAgainRefreshesAndAnotherQuantityConflicts();
    void aBadAskDoesNotSpoilItsBatch();
    void capsHoldInsideBatches();
    void oneCardAcrossBuyersIsCappedInsideBatches();
    void aBatchLostAsAWholeAnswersEveryAsk();
    void batchesAreCommittedAndSurviveReconnecting();
    void theStrategyIsStoredAndRead();
    void queuedHoldsSellExactlyTheCapacity();
    void aFullQueueRefusesAtOnceAndOtherPoolsAreAnsweredAtOnce();

private:
    PoolId makePool(int capacity, int rows = 1);
    // `threads` threads, each with its own connection and Worker, all started together.
    bool runThreads(int threads, const std::function<void(int thread, Worker &worker)> &body);
    int scalarInt(const QString &sql, const QVariantMap &bindings = {}) const
    {
        return m_db->scalar(sql, bindings).toInt();
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgBuyerStore> m_buyers;
    EventId m_event = 0;
    int m_pools = 0;
};

void TestPoolBatch::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("poolbatch"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_event = m_db->loadHall(QStringLiteral("Batch Hall"), 1, 4).eventId;
    QVERIFY(m_event > 0);
    m_buyers = std::make_unique<PgBuyerStore>(m_db->database());
}

void TestPoolBatch::init()
{
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = NULL, max_holds_per_instrument = NULL")));
}

void TestPoolBatch::cleanup()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

PoolId TestPoolBatch::makePool(int capacity, int rows)
{
    PgPoolStore store(m_db->database());
    PoolSpec spec;
    spec.event = m_event;
    spec.code = QStringLiteral("B%1").arg(++m_pools);
    spec.name = spec.code;
    spec.capacity = capacity;
    spec.price = Money(3000, QStringLiteral("EUR"));
    spec.subpools = rows;
    spec.strategy = ClaimStrategy::Batched;
    const auto pool = PoolService(store).createPool(spec);
    if (!pool)
        qFatal("createPool: %s", qPrintable(pool.error().message));
    return pool->id;
}

bool TestPoolBatch::runThreads(int threads, const std::function<void(int, Worker &)> &body)
{
    Barrier start(threads);
    std::atomic<int> failures{0};
    QVector<QThread *> running;
    for (int thread = 0; thread < threads; ++thread) {
        running << QThread::create([&, thread] {
            auto connection = m_db->connect(QStringLiteral("batch"));
            if (!connection)
                ++failures;
            std::unique_ptr<Worker> worker = connection ? std::make_unique<Worker>(connection->database()) : nullptr;
            start.arriveAndWait();
            if (worker)
                body(thread, *worker);
        });
        running.last()->start();
    }
    for (QThread *thread : running) {
        thread->wait();
        delete thread;
    }
    return failures == 0;
}

void TestPoolBatch::aRushSellsExactlyTheCapacity()
{
    // 300 buyers on 1,000 places, 1 to 4 at a time, each asking again with a new cart until even one
    // place is refused: the pool must end sold out to the unit, every grant its own hold.
    constexpr int capacity = 1000;
    const PoolId pool = makePool(capacity);
    PoolBatcher batcher({std::chrono::microseconds(2000), 64});
    std::mutex mutex;
    QVector<Answer> answers;
    const bool connected = runThreads(300, [&](int thread, Worker &worker) {
        PoolService service(worker.pools, nullptr, &worker.batches, &batcher);
        QVector<Answer> mine;
        for (int attempt = 0;; ++attempt) {
            PoolHoldRequest ask;
            ask.pool = pool;
            ask.cart = QStringLiteral("rush-%1-%2").arg(thread).arg(attempt);
            ask.quantity = 1 + (thread + attempt) % 4;
            Answer answer = answerOf(ask, service.hold(ask));
            while (!answer.granted && answer.error == ErrorCode::Lost && ask.quantity > 1) {
                mine << answer;
                ask.quantity = 1;
                answer = answerOf(ask, service.hold(ask));
            }
            mine << answer;
            if (!answer.granted)
                break;
        }
        std::lock_guard lock(mutex);
        answers += mine;
    });
    QVERIFY(connected);

    int granted = 0;
    QSet<qint64> holds;
    for (const Answer &answer : answers) {
        if (answer.granted) {
            QCOMPARE(answer.hold.quantity, answer.ask.quantity);
            QVERIFY2(!answer.hold.refreshed, "a new cart's hold cannot be a refresh");
            QVERIFY2(!holds.contains(answer.hold.holdId), "one hold granted twice");
            holds.insert(answer.hold.holdId);
            granted += answer.hold.quantity;
        } else {
            QVERIFY2(answer.error == ErrorCode::Lost, qPrintable(answer.message));
        }
    }
    QCOMPARE(granted, capacity);
    const QVariantMap bindings{{QStringLiteral("p"), pool}};
    QCOMPARE(scalarInt(QStringLiteral("SELECT sum(held) FROM ga_subpools WHERE pool_id = :p"), bindings), capacity);
    QCOMPARE(
        scalarInt(QStringLiteral("SELECT sum(quantity) FROM ga_holds WHERE pool_id = :p AND state = 'HELD'"), bindings),
        capacity);
    QCOMPARE(scalarInt(QStringLiteral("SELECT count(*) FROM ga_holds WHERE pool_id = :p AND state = 'HELD'"), bindings),
             holds.size());
    const auto figures = batcher.figures();
    QVERIFY2(figures.batches < figures.asks, "asks arriving together were never batched");
    QVERIFY(figures.largest <= 64);
    qInfo("%lld asks in %lld batches, the largest %d", figures.asks, figures.batches, figures.largest);
}

void TestPoolBatch::asksAreGrantedInTheOrderGiven()
{
    const PoolId pool = makePool(6);
    PgPoolBatchStore store(m_db->database());
    std::vector<PoolHoldRequest> asks;
    for (int quantity : {3, 5, 2, 1, 1})
        asks.push_back({pool, QStringLiteral("order-%1").arg(asks.size()), quantity, {}});
    const auto answers = store.holdBatch(pool, asks);
    QVERIFY(answers.ok());
    QCOMPARE(int(answers->size()), 5);
    QVERIFY(answers->at(0).ok()); // 3 of 6
    QCOMPARE(answers->at(1).error().code, ErrorCode::Lost); // 5 of 3: all or nothing
    QVERIFY(answers->at(2).ok()); // 2 of 3
    QVERIFY(answers->at(3).ok()); // the last place
    QCOMPARE(answers->at(4).error().code, ErrorCode::Lost);
    QCOMPARE(answers->at(4).error().message, QStringLiteral("This pool is sold out."));
    // Hold ids follow the order too: the first ask's row was written first.
    QVERIFY(answers->at(0)->holdId < answers->at(2)->holdId);
    QVERIFY(answers->at(2)->holdId < answers->at(3)->holdId);
    QCOMPARE(
        scalarInt(QStringLiteral("SELECT held FROM ga_subpools WHERE pool_id = :p"), {{QStringLiteral("p"), pool}}), 6);
}

void TestPoolBatch::partialOnlyWhenTheAskAllowsIt()
{
    // Split over two rows: a grant larger than either row takes both, as a lead row and its part.
    const PoolId pool = makePool(5, 2);
    PgPoolBatchStore store(m_db->database());
    PoolHoldRequest whole{pool, QStringLiteral("part-1"), 4, {}};
    PoolHoldRequest partial{pool, QStringLiteral("part-2"), 4, {}};
    partial.allowPartial = true;
    PoolHoldRequest strict{pool, QStringLiteral("part-3"), 1, {}};
    const auto answers = store.holdBatch(pool, {whole, partial, strict});
    QVERIFY(answers.ok());
    QVERIFY(answers->at(0).ok());
    QCOMPARE(answers->at(0)->quantity, 4);
    QVERIFY(answers->at(1).ok());
    QCOMPARE(answers->at(1)->quantity, 1); // the one left
    QCOMPARE(answers->at(2).error().code, ErrorCode::Lost);
    QCOMPARE(scalarInt(QStringLiteral("SELECT count(*) FROM ga_holds WHERE cart_id = 'part-1' AND state = 'HELD'")), 2);
    QCOMPARE(scalarInt(QStringLiteral("SELECT count(*) FROM ga_holds WHERE cart_id = 'part-1' AND state = 'HELD' "
                                      "AND lead_hold_id = :l"),
                       {{QStringLiteral("l"), answers->at(0)->holdId}}),
             1);
}

void TestPoolBatch::askingAgainRefreshesAndAnotherQuantityConflicts()
{
    const PoolId pool = makePool(10);
    PgPoolBatchStore store(m_db->database());
    const PoolHoldRequest first{pool, QStringLiteral("again"), 2, {}};
    const auto answers = store.holdBatch(pool, {first, first, {pool, QStringLiteral("again"), 3, {}}});
    QVERIFY(answers.ok());
    QVERIFY(answers->at(0).ok());
    QVERIFY(!answers->at(0)->refreshed);
    QVERIFY(answers->at(1).ok());
    QVERIFY(answers->at(1)->refreshed);
    QCOMPARE(answers->at(1)->holdId, answers->at(0)->holdId);
    QCOMPARE(answers->at(2).error().code, ErrorCode::Conflict);

    // In a later batch too, and a hold that ran out is taken anew.
    QVERIFY(m_db->backdateHolds(QStringLiteral("ga_holds"), QStringLiteral("again"), 3600));
    const auto later = store.holdBatch(pool, {first});
    QVERIFY(later.ok());
    QVERIFY(later->front().ok());
    QVERIFY(!later->front()->refreshed);
    QVERIFY(later->front()->holdId != answers->at(0)->holdId);
    QCOMPARE(
        scalarInt(QStringLiteral("SELECT held FROM ga_subpools WHERE pool_id = :p"), {{QStringLiteral("p"), pool}}), 2);
}

void TestPoolBatch::aBadAskDoesNotSpoilItsBatch()
{
    const PoolId pool = makePool(10);
    const auto buyer = m_buyers->addBuyer(QStringLiteral("Batch Bob"));
    QVERIFY(buyer.ok());
    const auto other = m_buyers->addBuyer(QStringLiteral("Batch Olga"));
    QVERIFY(other.ok());
    const auto othersCart = m_buyers->createCart(other->buyer.id);
    QVERIFY(othersCart.ok());
    const auto ownCart = m_buyers->createCart(buyer->buyer.id);
    QVERIFY(ownCart.ok());

    PgPoolBatchStore store(m_db->database());
    std::vector<PoolHoldRequest> asks;
    asks.push_back({pool, QStringLiteral("bad-1"), 1, {}});
    asks.push_back({pool, othersCart.value(), 1, {}, buyer->buyer.id}); // not Bob's cart
    asks.push_back({pool, QStringLiteral("no-such-cart"), 1, {}, buyer->buyer.id});
    asks.push_back({pool, QStringLiteral("bad-2"), 0, {}}); // no places
    asks.push_back({pool, QStringLiteral("bad-3"), 51, {}}); // more than one hold may take
    asks.push_back({pool, ownCart.value(), 2, {}, buyer->buyer.id});
    asks.push_back({pool, QStringLiteral("bad-4"), 1, {}});
    const auto answers = store.holdBatch(pool, asks);
    QVERIFY(answers.ok());
    QVERIFY(answers->at(0).ok());
    QCOMPARE(answers->at(1).error().code, ErrorCode::NotFound);
    QCOMPARE(answers->at(2).error().code, ErrorCode::NotFound);
    QCOMPARE(answers->at(3).error().code, ErrorCode::BadInput);
    QCOMPARE(answers->at(4).error().code, ErrorCode::BadInput);
    QVERIFY(answers->at(5).ok());
    QVERIFY(answers->at(6).ok());
    QCOMPARE(
        scalarInt(QStringLiteral("SELECT held FROM ga_subpools WHERE pool_id = :p"), {{QStringLiteral("p"), pool}}), 4);

    // A pool that does not exist is refused as such, every ask of its batch.
    const auto missing = store.holdBatch(pool + 100000, {asks.at(0), asks.at(6)});
    QVERIFY(missing.ok());
    QCOMPARE(missing->at(0).error().code, ErrorCode::NotFound);
    QCOMPARE(missing->at(1).error().code, ErrorCode::NotFound);
    // And through the service, before any batch: the strategy is read first.
    PgPoolStore pools(m_db->database());
    PoolBatcher batcher;
    const auto held = PoolService(pools, nullptr, &store, &batcher).hold({pool + 100000, QStringLiteral("x"), 1, {}});
    QCOMPARE(held.error().code, ErrorCode::NotFound);
}

void TestPoolBatch::capsHoldInsideBatches()
{
    // One buyer with 50 carts racing for a pool from 50 threads: the buyer's cap of 6 (two of them
    // seats) holds across batches and inside each, and is reached exactly.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = 6 WHERE id = :e"),
                       {{QStringLiteral("e"), m_event}}));
    const PoolId pool = makePool(500);
    const auto buyer = m_buyers->addBuyer(QStringLiteral("Batch Mallory"));
    QVERIFY(buyer.ok());
    const BuyerId mallory = buyer->buyer.id;
    const auto seatsCart = m_buyers->createCart(mallory);
    QVERIFY(seatsCart.ok());
    PgInventory inventory(m_db->database());
    const QVector<UnitId> seats = m_db->units(m_event);
    QVERIFY(SeatHoldService(inventory.seats)
                .hold(HoldRequest{m_event, seatsCart.value(), {seats.at(0), seats.at(1)}, std::nullopt, 0})
                .ok());
    QVector<CartId> carts;
    for (int cart = 0; cart < 50; ++cart) {
        const auto created = m_buyers->createCart(mallory);
        QVERIFY(created.ok());
        carts << created.value();
    }
    PoolBatcher batcher({std::chrono::microseconds(3000), 16});
    std::mutex mutex;
    QVector<Answer> answers;
    QVERIFY(runThreads(50, [&](int thread, Worker &worker) {
        PoolHoldRequest ask{pool, carts.at(thread), 1 + thread % 2, {}, mallory};
        const Answer answer = answerOf(ask, PoolService(worker.pools, nullptr, &worker.batches, &batcher).hold(ask));
        std::lock_guard lock(mutex);
        answers << answer;
    }));
    int places = 0;
    for (const Answer &answer : answers) {
        if (answer.granted)
            places += answer.hold.quantity;
        else
            QVERIFY2(answer.error == ErrorCode::LimitReached, qPrintable(answer.message));
    }
    // 6 less the 2 seats; 1- and 2-place asks alternate, so a 1-place ask always takes the last one.
    QCOMPARE(places, 4);
    QCOMPARE(scalarInt(QStringLiteral("SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN buyer_carts c "
                                      "ON c.cart_id = h.cart_id WHERE c.buyer_id = :b AND h.state = 'HELD'"),
                       {{QStringLiteral("b"), mallory}}),
             places);
    QVERIFY(batcher.figures().batches < 50);
    QVERIFY(inventory.carts.releaseCart(seatsCart.value()).ok());
}

void TestPoolBatch::oneCardAcrossBuyersIsCappedInsideBatches()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_instrument = 5 WHERE id = :e"),
                       {{QStringLiteral("e"), m_event}}));
    const PoolId pool = makePool(500);
    QVector<QPair<BuyerId, CartId>> asks;
    for (int buyer = 0; buyer < 5; ++buyer) {
        const auto added = m_buyers->addBuyer(QStringLiteral("Card sharer %1").arg(buyer));
        QVERIFY(added.ok());
        for (int cart = 0; cart < 10; ++cart) {
            const auto created = m_buyers->createCart(added->buyer.id, QStringLiteral("fp_shared_batch"));
            QVERIFY(created.ok());
            asks << qMakePair(added->buyer.id, created.value());
        }
    }
    PoolBatcher batcher({std::chrono::microseconds(3000), 16});
    std::atomic<int> granted{0};
    std::atomic<int> capped{0};
    QVERIFY(runThreads(50, [&](int thread, Worker &worker) {
        PoolHoldRequest ask{pool, asks.at(thread).second, 1, {}, asks.at(thread).first};
        const auto held = PoolService(worker.pools, nullptr, &worker.batches, &batcher).hold(ask);
        if (held)
            ++granted;
        else if (held.error().code == ErrorCode::LimitReached)
            ++capped;
    }));
    QCOMPARE(granted.load(), 5);
    QCOMPARE(capped.load(), 45);
}

void TestPoolBatch::aBatchLostAsAWholeAnswersEveryAsk()
{
    // Every thread hands in the same store, whose connection the server has ended: whichever thread
    // leads sends on it, and each ask of that batch gets the failure, none a grant.
    const PoolId pool = makePool(100);
    auto doomed = m_db->connect(QStringLiteral("doomed"));
    QVERIFY(doomed);
    PgPoolBatchStore store(doomed->database());
    QVERIFY(store.strategyOf(pool).ok());
    QSqlQuery self(doomed->database());
    QVERIFY(self.exec(QStringLiteral("SELECT pg_backend_pid()")) && self.next());
    const int pid = self.value(0).toInt();
    self.finish();
    QVERIFY(pid > 0);
    QVERIFY(m_db->exec(QStringLiteral("SELECT pg_terminate_backend(:p)"), {{QStringLiteral("p"), pid}}));
    QTest::qWait(200);

    PoolBatcher batcher({std::chrono::microseconds(20000), 100});
    std::atomic<int> failed{0};
    QVERIFY(runThreads(8, [&](int thread, Worker &) {
        const auto held = batcher.hold({pool, QStringLiteral("doomed-%1").arg(thread), 1, {}}, store);
        if (!held && held.error().code != ErrorCode::Lost)
            ++failed;
    }));
    QCOMPARE(failed.load(), 8);
    QCOMPARE(
        scalarInt(QStringLiteral("SELECT held FROM ga_subpools WHERE pool_id = :p"), {{QStringLiteral("p"), pool}}), 0);
}

void TestPoolBatch::batchesAreCommittedAndSurviveReconnecting()
{
    const PoolId pool = makePool(40);
    PoolBatcher batcher({std::chrono::microseconds(3000), 8});
    QSet<qint64> told;
    std::mutex mutex;
    QVERIFY(runThreads(20, [&](int thread, Worker &worker) {
        const auto held = PoolService(worker.pools, nullptr, &worker.batches, &batcher)
                              .hold({pool, QStringLiteral("durable-%1").arg(thread), 2, {}});
        if (held) {
            std::lock_guard lock(mutex);
            told.insert(held->holdId);
        }
    })); // every thread's connection is closed here
    QCOMPARE(told.size(), 20);
    // A connection opened afterwards sees every hold: nothing was left in an open transaction.
    auto fresh = m_db->connect(QStringLiteral("after"));
    QVERIFY(fresh);
    QSqlQuery query(fresh->database());
    QVERIFY(query.exec(QStringLiteral("SELECT id FROM ga_holds WHERE pool_id = %1 AND state = 'HELD'").arg(pool)));
    QSet<qint64> stored;
    while (query.next())
        stored.insert(query.value(0).toLongLong());
    QCOMPARE(stored, told);
    QVERIFY(query.exec(QStringLiteral("SELECT held FROM ga_subpools WHERE pool_id = %1").arg(pool)));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toInt(), 40);
}

void TestPoolBatch::theStrategyIsStoredAndRead()
{
    const PoolId pool = makePool(3);
    PgPoolStore store(m_db->database());
    const auto summary = PoolService(store).pool(pool);
    QVERIFY(summary.ok());
    QCOMPARE(summary->strategy, ClaimStrategy::Batched);
    QCOMPARE(claimStrategyName(ClaimStrategy::Batched), QStringLiteral("batched"));
    QCOMPARE(claimStrategyFromName(QStringLiteral("batched")), std::optional<ClaimStrategy>(ClaimStrategy::Batched));
    QVERIFY(!claimStrategyFromName(QStringLiteral("fast")));
    QString error;
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE ga_pools SET claim_strategy = 'fast' WHERE id = :p"),
                        {{QStringLiteral("p"), pool}}, &error));

    // Without a batcher a batched pool is still held in one call, the caps inside it; switched back to
    // atomic, the single claim serves it again.
    PgPoolBatchStore batches(m_db->database());
    const auto held = PoolService(store, nullptr, &batches).hold({pool, QStringLiteral("alone"), 2, {}});
    QVERIFY(held.ok());
    QVERIFY(PoolService(store).setStrategy(pool, ClaimStrategy::Atomic).ok());
    PgPoolBatchStore fresh(m_db->database());
    QCOMPARE(fresh.strategyOf(pool).value(), ClaimStrategy::Atomic);
    const auto single = PoolService(store, nullptr, &fresh).hold({pool, QStringLiteral("single"), 1, {}});
    QVERIFY(single.ok());
    QCOMPARE(PoolService(store).pool(pool)->available, 0);
}

// The web's way (PoolHoldBatcher, PoolService::holdQueued): no caller waits inside the batcher; the
// thread that finds no batch in the database sends them all, on its connection, and answers each ask
// through the function it came with. 64 buyers on their own connections, each waiting for its answer
// before asking again, until the pool is gone: exact to the unit, every ask answered once.
void TestPoolBatch::queuedHoldsSellExactlyTheCapacity()
{
    constexpr int capacity = 600;
    const PoolId pool = makePool(capacity);
    PoolHoldBatcher queue(PoolHoldBatcher::Options{100, 1, 0});
    std::mutex mutex;
    QVector<Answer> answers;
    std::atomic<int> answeredTwice{0};
    const bool connected = runThreads(64, [&](int thread, Worker &worker) {
        PoolService service(worker.pools, nullptr, &worker.batches);
        for (int attempt = 0;; ++attempt) {
            PoolHoldRequest ask;
            ask.pool = pool;
            ask.cart = QStringLiteral("queued-%1-%2").arg(thread).arg(attempt);
            ask.quantity = 1 + (thread + attempt) % 3;
            auto promise = std::make_shared<std::promise<Answer>>();
            auto answered = std::make_shared<std::atomic<bool>>(false);
            std::future<Answer> future = promise->get_future();
            const bool taken
                = service.holdQueued(ask, queue, [ask, promise, answered, &answeredTwice](Result<PoolHold> held) {
                      if (answered->exchange(true)) {
                          ++answeredTwice;
                          return;
                      }
                      promise->set_value(answerOf(ask, held));
                  });
            if (!taken)
                qFatal("an unbounded queue refused an ask");
            const Answer answer = future.get();
            {
                std::lock_guard lock(mutex);
                answers << answer;
            }
            if (!answer.granted)
                break;
        }
    });
    QVERIFY(connected);
    QCOMPARE(answeredTwice.load(), 0);

    int granted = 0;
    QSet<qint64> holds;
    for (const Answer &answer : std::as_const(answers)) {
        if (answer.granted) {
            QCOMPARE(answer.hold.quantity, answer.ask.quantity);
            QVERIFY2(!holds.contains(answer.hold.holdId), "one hold granted twice");
            holds.insert(answer.hold.holdId);
            granted += answer.hold.quantity;
        } else {
            QVERIFY2(answer.error == ErrorCode::Lost, qPrintable(answer.message));
        }
    }
    // The last asks may be for more than is left: every place is sold, or fewer than 3 are left over.
    const QVariantMap bindings{{QStringLiteral("p"), pool}};
    const int stored = scalarInt(
        QStringLiteral("SELECT sum(quantity) FROM ga_holds WHERE pool_id = :p AND state = 'HELD'"), bindings);
    QCOMPARE(stored, granted);
    QCOMPARE(scalarInt(QStringLiteral("SELECT sum(held) FROM ga_subpools WHERE pool_id = :p"), bindings), granted);
    QCOMPARE(scalarInt(QStringLiteral("SELECT count(*) FROM ga_holds WHERE pool_id = :p AND state = 'HELD'"), bindings),
             holds.size());
    QVERIFY2(capacity - granted < 3, qPrintable(QStringLiteral("%1 places left unsold").arg(capacity - granted)));
    const auto figures = queue.figures();
    QCOMPARE(figures.asks, qint64(answers.size()));
    QCOMPARE(figures.pending, 0);
    QVERIFY2(figures.batches < figures.asks, "asks arriving together were never batched");
    QVERIFY(figures.largest <= 100);
    qInfo("%lld asks in %lld batches, the largest %d", figures.asks, figures.batches, figures.largest);
}

// A pool whose batch waits on a locked row: the next ask waits for the next batch, and the one after it
// is refused at once (the queue's bound), neither answered nor held. A pool that is not batched is
// answered before holdQueued returns, as hold() would answer it.
void TestPoolBatch::aFullQueueRefusesAtOnceAndOtherPoolsAreAnsweredAtOnce()
{
    const PoolId pool = makePool(10);
    auto locker = m_db->connect(QStringLiteral("locker"));
    QVERIFY(locker);
    QSqlQuery lock(locker->database());
    QVERIFY(lock.exec(QStringLiteral("BEGIN")));
    QVERIFY(lock.exec(QStringLiteral("SELECT held FROM ga_subpools WHERE pool_id = %1 FOR UPDATE").arg(pool)));

    PoolHoldBatcher queue(PoolHoldBatcher::Options{100, 1, 2});
    std::atomic<int> granted{0};
    std::atomic<int> answered{0};
    std::atomic<int> refused{0};
    const auto askFromItsOwnConnection = [&](const QString &cart) {
        return QThread::create([&, cart] {
            auto connection = m_db->connect(QStringLiteral("queued"));
            if (!connection) {
                ++refused; // counted as a failure below
                return;
            }
            Worker worker(connection->database());
            const bool taken = PoolService(worker.pools, nullptr, &worker.batches)
                                   .holdQueued({pool, cart, 1, {}}, queue, [&](Result<PoolHold> held) {
                                       ++answered;
                                       if (held)
                                           ++granted;
                                   });
            if (!taken)
                ++refused;
        });
    };
    // The first becomes the sender and waits on the lock in the database; the second is queued
    // behind it and its thread goes on.
    std::unique_ptr<QThread> sender(askFromItsOwnConnection(QStringLiteral("full-sender")));
    sender->start();
    QTRY_COMPARE(queue.figures().pending, 1);
    std::unique_ptr<QThread> queued(askFromItsOwnConnection(QStringLiteral("full-queued")));
    queued->start();
    QVERIFY(queued->wait(10000));
    QCOMPARE(queue.figures().pending, 2);
    QCOMPARE(answered.load(), 0);

    // The third is refused without waiting for the lock, and never answered.
    Worker mine(m_db->database());
    bool answeredThird = false;
    QVERIFY(!PoolService(mine.pools, nullptr, &mine.batches)
                 .holdQueued({pool, QStringLiteral("full-refused"), 1, {}}, queue,
                             [&answeredThird](Result<PoolHold>) { answeredThird = true; }));
    QVERIFY(!answeredThird);
    QCOMPARE(queue.figures().refused, qint64(1));

    QVERIFY(lock.exec(QStringLiteral("COMMIT")));
    QVERIFY(sender->wait(10000));
    QCOMPARE(refused.load(), 0);
    QCOMPARE(answered.load(), 2);
    QCOMPARE(granted.load(), 2);
    QCOMPARE(queue.figures().pending, 0);
    QCOMPARE(scalarInt(QStringLiteral("SELECT held FROM ga_subpools WHERE pool_id = %1").arg(pool)), 2);

    // An atomic pool is claimed the single way, answered before holdQueued returns.
    PgPoolStore store(m_db->database());
    PoolSpec spec;
    spec.event = m_event;
    spec.code = QStringLiteral("ATOMIC%1").arg(++m_pools);
    spec.name = spec.code;
    spec.capacity = 5;
    spec.price = Money(1000, QStringLiteral("EUR"));
    const auto atomic = PoolService(store).createPool(spec);
    QVERIFY(atomic.ok());
    PgPoolBatchStore batches(m_db->database());
    std::optional<Result<PoolHold>> answer;
    QVERIFY(PoolService(store, nullptr, &batches)
                .holdQueued({atomic->id, QStringLiteral("atomic-now"), 2, {}}, queue,
                            [&answer](Result<PoolHold> held) { answer = held; }));
    QVERIFY(answer.has_value());
    QVERIFY2(answer->ok(), qPrintable(answer->ok() ? QString() : answer->error().message));
    QCOMPARE(answer->value().quantity, 2);
    // A bad ask is answered at once too, and never queued.
    std::optional<Result<PoolHold>> bad;
    QVERIFY(PoolService(store, nullptr, &batches)
                .holdQueued({pool, QStringLiteral("too-many"), 51, {}}, queue,
                            [&bad](Result<PoolHold> held) { bad = held; }));
    QVERIFY(bad.has_value() && !bad->ok());
    QCOMPARE(bad->error().code, ErrorCode::BadInput);
}

QTEST_GUILESS_MAIN(TestPoolBatch)
#include "tst_poolbatch.moc"
