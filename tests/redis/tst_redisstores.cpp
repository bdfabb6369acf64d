// The Redis stores against a real redis-server on loopback: the semantics each interface's comments
// promise, and the same under many threads and two store instances (two web servers) sharing one
// Redis; what callers get while Redis is away, and that they find it again when it is back.

#include "redisserver.h"

#include "app/redis/redisclient.h"
#include "app/redis/redisconfig.h"
#include "app/redis/redisstores.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QTcpServer>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <thread>

using namespace boxoffice;
using namespace boxoffice::redis;
using boxoffice::test::RedisServer;

namespace {

// Runs `work(i)` on `count` threads at once, released together so they really race.
void race(int count, const std::function<void(int)> &work)
{
    std::atomic<int> ready{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    threads.reserve(size_t(count));
    for (int i = 0; i < count; ++i) {
        threads.emplace_back([&, i] {
            ++ready;
            while (!go.load())
                std::this_thread::yield();
            work(i);
        });
    }
    while (ready.load() < count)
        std::this_thread::yield();
    go = true;
    for (std::thread &thread : threads)
        thread.join();
}

} // namespace

class TestRedisStores : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();

    void urlIsRead();
    void passwordAndDatabaseAreUsed();
    void waitingRoomOrdersDrawThenArrival();
    void waitingRoomAdvanceCountsTimeOnce();
    void twoServersShareOneWaitingRoom();
    void twoServersAdvancingAdmitTheRateOnce();
    void rateCountersAreExactAndReset();
    void holdFilterLetsOneCartWin();
    void holdFilterMarksAreTheCartsOwn();
    void redisAwayIsUnavailableAndFoundAgain();
    void silentRedisTimesOut();
    void webServerRefusesToStartWithoutItsRedis();

private:
    RedisStores open() const;

    RedisServer m_server;
    RedisStores m_a; // two web servers
    RedisStores m_b;
};

void TestRedisStores::initTestCase()
{
    if (RedisServer::program().isEmpty())
        QSKIP("redis-server is not installed (apt-get install redis-server); the Redis stores are not tested");
    const QString why = m_server.start();
    QVERIFY2(why.isEmpty(), qPrintable(why));
    m_a = open();
    m_b = open();
}

RedisStores TestRedisStores::open() const
{
    auto stores = openRedisStores(m_server.url());
    if (!stores)
        qFatal("cannot open the Redis stores: %s %s", qPrintable(stores.error().message),
               qPrintable(stores.error().detail));
    return stores.value();
}

void TestRedisStores::init()
{
    if (m_server.isRunning())
        QVERIFY(m_a.client->command({"FLUSHALL"}).ok());
}

void TestRedisStores::cleanupTestCase()
{
    m_a = {};
    m_b = {};
    m_server.stop();
}

void TestRedisStores::urlIsRead()
{
    qunsetenv("BOXOFFICE_REDIS_PASSWORD");
    auto plain = parseRedisUrl(
        QUrl(QStringLiteral("redis://cache.example:6380/2?timeout_ms=250&retry_after_ms=0&prefix=t1:")));
    QVERIFY(plain.ok());
    QCOMPARE(plain->host, QStringLiteral("cache.example"));
    QCOMPARE(plain->port, 6380);
    QCOMPARE(plain->database, 2);
    QCOMPARE(plain->commandTimeoutMs, 250);
    QCOMPARE(plain->retryAfterMs, 0);
    QCOMPARE(plain->keyPrefix, QByteArray("t1:"));
    QVERIFY(plain->password.isEmpty());

    auto withPassword = parseRedisUrl(QUrl(QStringLiteral("redis://:s%40cret@127.0.0.1")));
    QVERIFY(withPassword.ok());
    QCOMPARE(withPassword->password, QByteArray("s@cret"));
    QCOMPARE(withPassword->port, 6379);
    QCOMPARE(withPassword->database, 0);

    qputenv("BOXOFFICE_REDIS_PASSWORD", "from-env");
    auto fromEnvironment = parseRedisUrl(QUrl(QStringLiteral("redis://:other@127.0.0.1")));
    qunsetenv("BOXOFFICE_REDIS_PASSWORD");
    QVERIFY(fromEnvironment.ok());
    QCOMPARE(fromEnvironment->password, QByteArray("from-env"));

    for (const char *bad : {"http://127.0.0.1:6379", "redis://127.0.0.1/x", "redis://127.0.0.1?timeout_ms=0"}) {
        auto refused = parseRedisUrl(QUrl(QString::fromLatin1(bad)));
        QVERIFY2(!refused.ok(), bad);
        QCOMPARE(refused.error().code, ErrorCode::BadInput);
    }
}

void TestRedisStores::passwordAndDatabaseAreUsed()
{
    RedisServer guarded;
    const QString why = guarded.start("letmein");
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QUrl url = guarded.url();
    url.setPath(QStringLiteral("/3"));

    qunsetenv("BOXOFFICE_REDIS_PASSWORD");
    auto refused = openRedisStores(url);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Unavailable);
    qputenv("BOXOFFICE_REDIS_PASSWORD", "wrong");
    auto wrong = openRedisStores(url);
    QVERIFY(!wrong.ok());
    QCOMPARE(wrong.error().code, ErrorCode::Unavailable);
    QVERIFY2(wrong.error().message.contains(QLatin1String("password")), qPrintable(wrong.error().message));

    qputenv("BOXOFFICE_REDIS_PASSWORD", "letmein");
    auto stores = openRedisStores(url);
    qunsetenv("BOXOFFICE_REDIS_PASSWORD");
    QVERIFY2(stores.ok(), qPrintable(stores.ok() ? QString() : stores.error().detail));
    QCOMPARE(stores->rateCounters->hit(QStringLiteral("signin:1.2.3.4"), 60).value(), 1);
    // The counter is in database 3, not 0.
    auto inThree = stores->client->command({"DBSIZE"});
    QVERIFY(inThree.ok());
    QCOMPARE(inThree->integer, 1);
    qputenv("BOXOFFICE_REDIS_PASSWORD", "letmein");
    auto databaseZero = openRedisStores(guarded.url());
    qunsetenv("BOXOFFICE_REDIS_PASSWORD");
    QVERIFY(databaseZero.ok());
    QCOMPARE(databaseZero->client->command({"DBSIZE"})->integer, 0);
    databaseZero = DomainError{};
    stores = DomainError{};
    guarded.stop();
}

void TestRedisStores::waitingRoomOrdersDrawThenArrival()
{
    WaitingRoomStore &room = *m_a.waitingRoom;
    const EventId event = 41;
    QVERIFY(room.join(event, QStringLiteral("late-1"), std::nullopt).ok());
    QVERIFY(room.join(event, QStringLiteral("drawn-high"), 0.9).ok());
    QVERIFY(room.join(event, QStringLiteral("late-2"), std::nullopt).ok());
    QVERIFY(room.join(event, QStringLiteral("drawn-low"), 0.1).ok());
    // Joining again keeps the first place, whatever is passed.
    QVERIFY(room.join(event, QStringLiteral("late-1"), std::nullopt).ok());
    QVERIFY(room.join(event, QStringLiteral("drawn-high"), 0.0).ok());
    QVERIFY(room.join(event, QStringLiteral("late-1"), 0.0).ok());

    QCOMPARE(room.position(event, QStringLiteral("drawn-low")).value(), 1);
    QCOMPARE(room.position(event, QStringLiteral("drawn-high")).value(), 2);
    QCOMPARE(room.position(event, QStringLiteral("late-1")).value(), 3);
    QCOMPARE(room.position(event, QStringLiteral("late-2")).value(), 4);
    QCOMPARE(room.length(event).value(), 4);
    QCOMPARE(room.length(event + 1).value(), 0);

    auto stranger = room.position(event, QStringLiteral("never-joined"));
    QVERIFY(!stranger.ok());
    QCOMPARE(stranger.error().code, ErrorCode::NotFound);
    auto otherEvent = room.position(event + 1, QStringLiteral("late-1"));
    QVERIFY(!otherEvent.ok());
    QCOMPARE(otherEvent.error().code, ErrorCode::NotFound);

    for (double bad : {-0.1, 1.0, 2.5}) {
        auto refused = room.join(event, QStringLiteral("cheater"), bad);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::BadInput);
    }
    QCOMPARE(room.length(event).value(), 4);
}

// Admission is capped by the queue's length, so the advance tests first fill it.
static void queueVisitors(WaitingRoomStore &room, EventId event, int count)
{
    for (int i = 0; i < count; ++i)
        QVERIFY(room.join(event, QStringLiteral("visitor-%1").arg(i), std::nullopt).ok());
}

void TestRedisStores::waitingRoomAdvanceCountsTimeOnce()
{
    WaitingRoomStore &room = *m_a.waitingRoom;
    const EventId event = 42;
    const qint64 start = 1'800'000'000'000;
    // Admission never runs ahead of the queue: with two visitors waiting, two are let in at most.
    const EventId sparse = 41;
    for (const char *visitor : {"first", "second"})
        QVERIFY(room.join(sparse, QString::fromLatin1(visitor), std::nullopt).ok());
    QCOMPARE(room.advance(sparse, 10, start).value(), 0);
    QCOMPARE(room.advance(sparse, 10, start + 5000).value(), 2);
    QVERIFY(room.join(sparse, QStringLiteral("third"), std::nullopt).ok());
    QCOMPARE(room.advance(sparse, 10, start + 5001).value(), 2); // nothing banked while nobody waited
    QCOMPARE(room.advance(sparse, 10, start + 5101).value(), 3);

    queueVisitors(room, event, 100);
    QCOMPARE(room.advance(event, 10, start).value(), 0); // starts the clock
    QCOMPARE(room.advance(event, 10, start + 1000).value(), 10);
    QCOMPARE(room.advance(event, 10, start + 1000).value(), 10); // the same moment again
    QCOMPARE(room.advance(event, 10, start + 500).value(), 10); // an earlier moment changes nothing
    QCOMPARE(room.advance(event, 10, start + 1099).value(), 10); // 10.99: fractions are kept...
    QCOMPARE(room.advance(event, 10, start + 1100).value(), 11); // ...and add up
    QCOMPARE(room.advance(event, 0, start + 5000).value(), 11); // paused
    QCOMPARE(room.advance(event, 2.5, start + 7000).value(), 16);

    // A thousand steps of a millisecond at 3/s admit exactly 3, not 2.999...
    const EventId fine = 43;
    queueVisitors(room, fine, 10);
    QCOMPARE(room.advance(fine, 3, start).value(), 0);
    qint64 admitted = 0;
    for (int ms = 1; ms <= 1000; ++ms)
        admitted = room.advance(fine, 3, start + ms).value();
    QCOMPARE(admitted, 3);

    // A server that forgot the scripts (SCRIPT FLUSH, a restart) is given them again.
    QVERIFY(m_a.client->command({"SCRIPT", "FLUSH"}).ok());
    QCOMPARE(room.advance(event, 1, start + 9000).value(), 18);

    auto refused = room.advance(event, -1, start + 8000);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::BadInput);
}

void TestRedisStores::twoServersShareOneWaitingRoom()
{
    const EventId event = 44;
    const int threads = 50;
    const int drawnPerThread = 2;
    const int laterPerThread = 4;
    std::atomic<int> failures{0};
    QVector<double> scores(threads * drawnPerThread);
    for (double &score : scores)
        score = QRandomGenerator::global()->generateDouble();

    // Before the draw closes: every thread's visitors get a random place.
    race(threads, [&](int t) {
        WaitingRoomStore &room = t % 2 ? *m_b.waitingRoom : *m_a.waitingRoom;
        for (int i = 0; i < drawnPerThread; ++i) {
            const int n = t * drawnPerThread + i;
            failures += !room.join(event, QStringLiteral("drawn-%1").arg(n), scores.at(n)).ok();
        }
    });
    // After it: each thread's visitors arrive one after another, all threads at once. Every visitor
    // also tries to join twice, through the other server.
    race(threads, [&](int t) {
        WaitingRoomStore &room = t % 2 ? *m_b.waitingRoom : *m_a.waitingRoom;
        WaitingRoomStore &other = t % 2 ? *m_a.waitingRoom : *m_b.waitingRoom;
        for (int i = 0; i < laterPerThread; ++i) {
            const QString visitor = QStringLiteral("later-%1-%2").arg(t).arg(i);
            failures += !room.join(event, visitor, std::nullopt).ok();
            failures += !other.join(event, visitor, std::nullopt).ok();
        }
    });
    QCOMPARE(failures.load(), 0);

    const int drawn = threads * drawnPerThread;
    const int total = drawn + threads * laterPerThread;
    QCOMPARE(m_a.waitingRoom->length(event).value(), total);
    QCOMPARE(m_b.waitingRoom->length(event).value(), total);

    QSet<qint64> seen;
    QVector<QPair<double, qint64>> drawnPlaces;
    for (int n = 0; n < drawn; ++n) {
        const qint64 position = m_a.waitingRoom->position(event, QStringLiteral("drawn-%1").arg(n)).value();
        QVERIFY2(position >= 1 && position <= drawn, "a drawn visitor behind a later one");
        seen.insert(position);
        drawnPlaces.append({scores.at(n), position});
    }
    std::sort(drawnPlaces.begin(), drawnPlaces.end());
    for (int n = 0; n < drawn; ++n)
        QCOMPARE(drawnPlaces.at(n).second, n + 1); // in the order of the draw
    for (int t = 0; t < threads; ++t) {
        qint64 previous = drawn;
        for (int i = 0; i < laterPerThread; ++i) {
            const qint64 position
                = m_b.waitingRoom->position(event, QStringLiteral("later-%1-%2").arg(t).arg(i)).value();
            QVERIFY2(position > previous, "a later visitor ahead of one who arrived before them");
            previous = position;
            seen.insert(position);
        }
    }
    QCOMPARE(seen.size(), total); // unique, and with the range check below, 1..N without a gap
    QCOMPARE(*std::min_element(seen.cbegin(), seen.cend()), 1);
    QCOMPARE(*std::max_element(seen.cbegin(), seen.cend()), total);

    QVERIFY(m_b.waitingRoom->join(event, QStringLiteral("last"), std::nullopt).ok());
    QCOMPARE(m_a.waitingRoom->position(event, QStringLiteral("last")).value(), total + 1);
}

void TestRedisStores::twoServersAdvancingAdmitTheRateOnce()
{
    const EventId event = 45;
    const qint64 start = 1'800'000'000'000;
    const int rate = 37;
    queueVisitors(*m_a.waitingRoom, event, 100);
    QCOMPARE(m_a.waitingRoom->advance(event, rate, start).value(), 0);
    // Each server ticks through the same simulated second on its own clock steps, both at once, and
    // sees admission only move forward.
    std::atomic<int> failures{0};
    std::atomic<int> backwards{0};
    race(4, [&](int t) {
        WaitingRoomStore &room = t % 2 ? *m_b.waitingRoom : *m_a.waitingRoom;
        const int step = 1 + t * 2; // 1, 3, 5, 7 ms
        qint64 last = 0;
        for (int ms = step; ms <= 1000 + step; ms += step) {
            auto admitted = room.advance(event, rate, start + std::min(ms, 1000));
            if (!admitted.ok()) {
                ++failures;
                continue;
            }
            backwards += admitted.value() < last;
            last = admitted.value();
        }
    });
    QCOMPARE(failures.load(), 0);
    QCOMPARE(backwards.load(), 0);
    QCOMPARE(m_a.waitingRoom->advance(event, rate, start + 1000).value(), rate);
    QCOMPARE(m_b.waitingRoom->advance(event, rate, start + 1000).value(), rate);
}

void TestRedisStores::rateCountersAreExactAndReset()
{
    const QString key = QStringLiteral("carts:buyer:7");
    const int threads = 50;
    const int hitsEach = 20;
    QVector<qint64> answers(threads * hitsEach, 0);
    race(threads, [&](int t) {
        RateCounters &counters = t % 2 ? *m_b.rateCounters : *m_a.rateCounters;
        for (int i = 0; i < hitsEach; ++i) {
            auto value = counters.hit(key, 60);
            answers[t * hitsEach + i] = value.ok() ? value.value() : -1;
        }
    });
    std::sort(answers.begin(), answers.end());
    for (int n = 0; n < answers.size(); ++n)
        QCOMPARE(answers.at(n), n + 1); // every hit counted once and answered its own count
    QCOMPARE(m_a.rateCounters->peek(key).value(), threads * hitsEach);
    QCOMPARE(m_b.rateCounters->hit(key, 60, 5).value(), threads * hitsEach + 5);
    QCOMPARE(m_a.rateCounters->peek(QStringLiteral("never-hit")).value(), 0);

    // The window starts with its first hit and the counter vanishes when it ends.
    const QString shortKey = QStringLiteral("signin:10.0.0.1");
    QCOMPARE(m_a.rateCounters->hit(shortKey, 1).value(), 1);
    const qint64 ttl = m_a.client->command({"PTTL", m_a.client->key("rc:" + shortKey.toUtf8())}).value().integer;
    QVERIFY2(ttl > 0 && ttl <= 1000, qPrintable(QString::number(ttl)));
    QCOMPARE(m_b.rateCounters->hit(shortKey, 1, 2).value(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(m_a.rateCounters->peek(shortKey).value(), 0, 5000);
    QCOMPARE(m_b.rateCounters->hit(shortKey, 1).value(), 1);

    auto refused = m_a.rateCounters->hit(shortKey, 0);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::BadInput);
}

void TestRedisStores::holdFilterLetsOneCartWin()
{
    const EventId event = 46;
    const UnitId hot = 7001;
    const int carts = 50;
    std::atomic<int> winners{0};
    std::atomic<int> told{0};
    std::atomic<int> failures{0};
    QVector<int> winner(1, -1);
    race(carts, [&](int c) {
        HoldFilter &filter = c % 2 ? *m_b.holdFilter : *m_a.holdFilter;
        auto lost = filter.mark(event, {hot}, QStringLiteral("cart-%1").arg(c), 10000);
        if (!lost.ok())
            ++failures;
        else if (lost->isEmpty()) {
            ++winners;
            winner[0] = c;
        } else if (lost.value() == QVector<UnitId>{hot})
            ++told;
    });
    QCOMPARE(failures.load(), 0);
    QCOMPARE(winners.load(), 1);
    QCOMPARE(told.load(), carts - 1);
    const auto holder = m_a.client->command({"GET", m_a.client->key("hf:{46}:7001")});
    QCOMPARE(holder->text, QStringLiteral("cart-%1").arg(winner[0]).toUtf8());

    // Overlapping claims: the free units are marked, the taken ones named.
    QVERIFY(m_a.holdFilter->mark(event, {1, 2}, QStringLiteral("A"), 10000)->isEmpty());
    QCOMPARE(m_b.holdFilter->mark(event, {2, 3, 1}, QStringLiteral("B"), 10000).value(), (QVector<UnitId>{2, 1}));
    QCOMPARE(m_a.holdFilter->mark(event, {3}, QStringLiteral("A"), 10000).value(), QVector<UnitId>{3});
    // The same cart renews its own marks; another event's units are apart.
    QVERIFY(m_a.holdFilter->mark(event, {1, 2}, QStringLiteral("A"), 20000)->isEmpty());
    const qint64 renewed = m_a.client->command({"PTTL", m_a.client->key("hf:{46}:1")}).value().integer;
    QVERIFY2(renewed > 10000, qPrintable(QString::number(renewed)));
    QVERIFY(m_b.holdFilter->mark(event + 1, {1, 2}, QStringLiteral("B"), 10000)->isEmpty());
}

void TestRedisStores::holdFilterMarksAreTheCartsOwn()
{
    const EventId event = 47;
    QVERIFY(m_a.holdFilter->mark(event, {1, 2}, QStringLiteral("A"), 10000)->isEmpty());
    // Someone else's unmark does nothing.
    m_b.holdFilter->unmark(event, {1, 2}, QStringLiteral("B"));
    QCOMPARE(m_b.holdFilter->mark(event, {1, 2}, QStringLiteral("B"), 10000).value(), (QVector<UnitId>{1, 2}));
    // The owner's unmark frees only the units it names.
    m_a.holdFilter->unmark(event, {2}, QStringLiteral("A"));
    QCOMPARE(m_b.holdFilter->mark(event, {1, 2}, QStringLiteral("B"), 10000).value(), QVector<UnitId>{1});

    // A mark expires on its own.
    QVERIFY(m_a.holdFilter->mark(event, {9}, QStringLiteral("A"), 150)->isEmpty());
    QCOMPARE(m_b.holdFilter->mark(event, {9}, QStringLiteral("B"), 10000).value(), QVector<UnitId>{9});
    QTRY_VERIFY_WITH_TIMEOUT(m_b.holdFilter->mark(event, {9}, QStringLiteral("B"), 10000)->isEmpty(), 5000);
    QCOMPARE(m_a.holdFilter->mark(event, {9}, QStringLiteral("A"), 10000).value(), QVector<UnitId>{9});

    auto refused = m_a.holdFilter->mark(event, {1}, QString(), 1000);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::BadInput);
    QVERIFY(m_a.holdFilter->mark(event, {}, QStringLiteral("A"), 1000)->isEmpty());
}

void TestRedisStores::redisAwayIsUnavailableAndFoundAgain()
{
    const EventId event = 48;
    QVERIFY(m_a.waitingRoom->join(event, QStringLiteral("v"), std::nullopt).ok());
    QVERIFY(m_b.rateCounters->hit(QStringLiteral("k"), 60).ok());

    m_server.stop();
    auto expectUnavailable = [](const DomainError &error) {
        QCOMPARE(error.code, ErrorCode::Unavailable);
        QVERIFY(!error.message.isEmpty());
    };
    for (RedisStores *stores : {&m_a, &m_b}) {
        auto joined = stores->waitingRoom->join(event, QStringLiteral("w"), std::nullopt);
        QVERIFY(!joined.ok());
        expectUnavailable(joined.error());
        auto position = stores->waitingRoom->position(event, QStringLiteral("v"));
        QVERIFY(!position.ok());
        expectUnavailable(position.error());
        auto length = stores->waitingRoom->length(event);
        QVERIFY(!length.ok());
        expectUnavailable(length.error());
        auto admitted = stores->waitingRoom->advance(event, 10, 1'800'000'000'000);
        QVERIFY(!admitted.ok());
        expectUnavailable(admitted.error());
        auto hit = stores->rateCounters->hit(QStringLiteral("k"), 60);
        QVERIFY(!hit.ok());
        expectUnavailable(hit.error());
        auto peek = stores->rateCounters->peek(QStringLiteral("k"));
        QVERIFY(!peek.ok());
        expectUnavailable(peek.error());
        auto marked = stores->holdFilter->mark(event, {1}, QStringLiteral("A"), 1000);
        QVERIFY(!marked.ok());
        expectUnavailable(marked.error());
        stores->holdFilter->unmark(event, {1}, QStringLiteral("A")); // no answer, no crash
    }
    // Right after a failed connect, calls do not each try (and wait) again: they answer at once.
    int answeredAtOnce = 0;
    for (int i = 0; i < 100; ++i) {
        auto peek = m_a.rateCounters->peek(QStringLiteral("k"));
        QVERIFY(!peek.ok());
        expectUnavailable(peek.error());
        answeredAtOnce += peek.error().detail.contains(QLatin1String("not tried again yet"));
    }
    QVERIFY(answeredAtOnce > 0);

    // The restarted server is empty (no persistence) and knows no scripts: the stores connect again
    // and load their scripts again on their own.
    const QString why = m_server.start();
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QTRY_VERIFY_WITH_TIMEOUT(m_a.rateCounters->peek(QStringLiteral("k")).ok(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_b.rateCounters->peek(QStringLiteral("k")).ok(), 5000);
    QVERIFY(m_a.waitingRoom->join(event, QStringLiteral("w"), std::nullopt).ok());
    QCOMPARE(m_b.waitingRoom->position(event, QStringLiteral("w")).value(), 1);
    QCOMPARE(m_a.waitingRoom->advance(event, 10, 1'800'000'000'000).value(), 0);
    QCOMPARE(m_b.rateCounters->hit(QStringLiteral("k"), 60).value(), 1);
    QVERIFY(m_b.holdFilter->mark(event, {1}, QStringLiteral("A"), 1000)->isEmpty());

    // A restart between two calls: the pooled connections are dead, which is seen before a command
    // is sent on one, so the next call is answered (on a fresh connection) from every thread.
    m_server.stop();
    QCOMPARE(m_server.start(), QString());
    std::atomic<int> failures{0};
    race(8, [&](int t) {
        RedisStores &stores = t % 2 ? m_b : m_a;
        failures += !stores.rateCounters->hit(QStringLiteral("after-restart"), 60).ok();
    });
    QCOMPARE(failures.load(), 0);
    QCOMPARE(m_a.rateCounters->peek(QStringLiteral("after-restart")).value(), 8);
}

void TestRedisStores::silentRedisTimesOut()
{
    auto config
        = parseRedisUrl(QUrl(m_server.url().toString() + QStringLiteral("?timeout_ms=300&connect_timeout_ms=300")));
    QVERIFY(config.ok());
    auto stores = openRedisStores(config.value());
    QVERIFY(stores.ok());
    m_server.pause();
    auto answer = stores->rateCounters->hit(QStringLiteral("frozen"), 60);
    auto fresh = openRedisStores(config.value()); // a new connection to a frozen server
    m_server.resume();
    QVERIFY(!answer.ok());
    QCOMPARE(answer.error().code, ErrorCode::Unavailable);
    QVERIFY(!fresh.ok());
    QCOMPARE(fresh.error().code, ErrorCode::Unavailable);
    // Thawed, the same client answers again.
    QTRY_VERIFY_WITH_TIMEOUT(stores->rateCounters->peek(QStringLiteral("frozen")).ok(), 5000);
}

void TestRedisStores::webServerRefusesToStartWithoutItsRedis()
{
    // A free port nobody listens on, and a database URL that is never reached: Redis is checked first.
    quint16 deadPort = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        deadPort = probe.serverPort();
    }
    struct Case
    {
        QString url;
        QString says;
    };
    const QVector<Case> cases{
        {QStringLiteral("redis://127.0.0.1:%1").arg(deadPort), QStringLiteral("could not be reached")},
        {QStringLiteral("http://127.0.0.1:%1").arg(m_server.port()), QStringLiteral("not usable")},
    };
    for (const Case &c : cases) {
        QProcess web;
        web.start(QStringLiteral(BOXOFFICE_WEB),
                  {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--redis"), c.url,
                   QStringLiteral("--db"), QStringLiteral("postgresql://nobody@127.0.0.1:1/none")});
        QVERIFY(web.waitForFinished(30000));
        const QString said = QString::fromUtf8(web.readAllStandardError());
        QCOMPARE(web.exitCode(), 1);
        QVERIFY2(said.contains(QLatin1String("--redis")) && said.contains(c.says), qPrintable(said));
    }
}

QTEST_GUILESS_MAIN(TestRedisStores)
#include "tst_redisstores.moc"
