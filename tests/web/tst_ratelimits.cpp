// The web channel's request limits without a server: MemoryRateCounters exact under many threads and
// gone when their window ends, RateLimiter's 429, and who a request's client is (the peer, or a
// trusted proxy's X-Forwarded-For).

#include "app/web/ratelimit.h"
#include "app/web/ratelimitmemory.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

using namespace boxoffice;
using namespace boxoffice::web;

class TestRateLimits : public QObject
{
    Q_OBJECT

private slots:
    void countersAreExactUnderManyThreads();
    void aWindowStartsWithItsFirstHitAndEnds();
    void theRealClockEndsAWindowToo();
    void endedWindowsAreSweptOut();
    void aWindowLastsAtLeastASecond();
    void aLimiterRefusesWith429AndRetryAfter();
    void aLimitOfZeroLetsAllThrough();
    void theClientAddress_data();
    void theClientAddress();
    void anIPv6ClientIsCountedByItsSlash64();
    void trustedProxiesParse();
    // Not an assertion: what one count costs, printed for the report (-tickcounter or the default).
    void aHitCosts();
};

void TestRateLimits::countersAreExactUnderManyThreads()
{
    MemoryRateCounters counters;
    constexpr int threads = 16;
    constexpr int hitsPerThread = 5000;
    const QStringList shared{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    // Every value a shared counter answers, per thread: together they must be 1..N, each exactly once,
    // or two hits read the same value and one was lost.
    std::vector<std::vector<qint64>> answers(threads);
    std::atomic<int> failures{0};
    std::vector<std::unique_ptr<QThread>> running;
    for (int t = 0; t < threads; ++t) {
        running.emplace_back(QThread::create([&, t] {
            const QString own = QStringLiteral("own-%1").arg(t);
            for (int i = 0; i < hitsPerThread; ++i) {
                const Result<qint64> hit = counters.hit(shared.at(i % shared.size()), 600);
                const Result<qint64> mine = counters.hit(own, 600, 2);
                if (!hit.ok() || !mine.ok() || mine.value() != 2 * (i + 1))
                    ++failures;
                else if (i % shared.size() == 0)
                    answers[t].push_back(hit.value());
            }
        }));
        running.back()->start();
    }
    for (auto &thread : running)
        QVERIFY(thread->wait(120000));
    QCOMPARE(failures.load(), 0);

    std::vector<qint64> seen;
    for (const auto &list : answers)
        seen.insert(seen.end(), list.begin(), list.end());
    std::sort(seen.begin(), seen.end());
    const qint64 perKey = qint64(threads) * ((hitsPerThread + shared.size() - 1) / shared.size());
    QCOMPARE(qint64(seen.size()), perKey);
    for (qint64 i = 0; i < perKey; ++i)
        QCOMPARE(seen.at(size_t(i)), i + 1);
    QCOMPARE(counters.peek(QStringLiteral("a")).value(), perKey);
    qint64 total = 0;
    for (const QString &key : shared)
        total += counters.peek(key).value();
    QCOMPARE(total, qint64(threads) * hitsPerThread);
    for (int t = 0; t < threads; ++t)
        QCOMPARE(counters.peek(QStringLiteral("own-%1").arg(t)).value(), qint64(2 * hitsPerThread));
}

void TestRateLimits::aWindowStartsWithItsFirstHitAndEnds()
{
    qint64 nowMs = 5000;
    MemoryRateCounters counters([&nowMs] { return nowMs; });
    QCOMPARE(counters.peek(QStringLiteral("k")).value(), 0);
    QCOMPARE(counters.hit(QStringLiteral("k"), 60).value(), 1);
    nowMs += 30000;
    QCOMPARE(counters.hit(QStringLiteral("k"), 60).value(), 2);
    // A key first hit later has a window of its own, not one aligned to the clock.
    QCOMPARE(counters.hit(QStringLiteral("late"), 60).value(), 1);
    nowMs += 29999;
    QCOMPARE(counters.hit(QStringLiteral("k"), 60, 3).value(), 5);
    QCOMPARE(counters.peek(QStringLiteral("k")).value(), 5);
    nowMs += 1; // 60 s after the first hit: that window is over
    QCOMPARE(counters.peek(QStringLiteral("k")).value(), 0);
    QCOMPARE(counters.peek(QStringLiteral("late")).value(), 1);
    QCOMPARE(counters.hit(QStringLiteral("k"), 60).value(), 1);
    nowMs += 30000;
    QCOMPARE(counters.peek(QStringLiteral("late")).value(), 0);
    QCOMPARE(counters.peek(QStringLiteral("k")).value(), 1);
}

void TestRateLimits::theRealClockEndsAWindowToo()
{
    MemoryRateCounters counters;
    QCOMPARE(counters.hit(QStringLiteral("brief"), 1).value(), 1);
    QCOMPARE(counters.hit(QStringLiteral("long"), 600).value(), 1);
    QTest::qWait(1200);
    QCOMPARE(counters.peek(QStringLiteral("brief")).value(), 0);
    QCOMPARE(counters.peek(QStringLiteral("long")).value(), 1);
    QCOMPARE(counters.hit(QStringLiteral("brief"), 1).value(), 1);
}

void TestRateLimits::endedWindowsAreSweptOut()
{
    qint64 nowMs = 0;
    MemoryRateCounters counters([&nowMs] { return nowMs; });
    for (int i = 0; i < 1000; ++i)
        QVERIFY(counters.hit(QStringLiteral("address-%1").arg(i), 60).ok());
    QCOMPARE(counters.size(), 1000);
    nowMs = 61000;
    // Every shard sweeps on its next hit.
    for (int i = 0; i < 1000; ++i)
        QVERIFY(counters.hit(QStringLiteral("next-%1").arg(i), 60).ok());
    QCOMPARE(counters.size(), 1000);
}

void TestRateLimits::aWindowLastsAtLeastASecond()
{
    MemoryRateCounters counters;
    QCOMPARE(counters.hit(QStringLiteral("k"), 0).error().code, ErrorCode::BadInput);
    QCOMPARE(counters.hit(QStringLiteral("k"), -5).error().code, ErrorCode::BadInput);
    QCOMPARE(counters.peek(QStringLiteral("k")).value(), 0);
}

void TestRateLimits::aLimiterRefusesWith429AndRetryAfter()
{
    auto counters = std::make_shared<MemoryRateCounters>();
    const RequestLimits limits(counters, 3, 2);
    for (int i = 0; i < 3; ++i)
        QVERIFY(!limits.cartsPerBuyer.take(QStringLiteral("7")).has_value());
    const std::optional<ApiReply> refused = limits.cartsPerBuyer.take(QStringLiteral("7"));
    QVERIFY(refused.has_value());
    QCOMPARE(refused->status, 429);
    const auto retryAfter = std::find_if(refused->headers.cbegin(), refused->headers.cend(),
                                         [](const auto &header) { return header.first == "Retry-After"; });
    QVERIFY(retryAfter != refused->headers.cend());
    QCOMPARE(retryAfter->second, QByteArray("60"));
    const QJsonObject error = QJsonDocument::fromJson(refused->body).object().value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("limit_reached"));
    QVERIFY(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("carts created")));
    QCOMPARE(error.value(QStringLiteral("limit")).toInt(), 3);
    // Another buyer has a budget of their own.
    QVERIFY(!limits.cartsPerBuyer.take(QStringLiteral("8")).has_value());

    // Failed sign-ins: counted after the fact, and once spent nothing more gets through.
    QVERIFY(!limits.failedSignIns.refuseIfSpent(QStringLiteral("192.0.2.1")).has_value());
    limits.failedSignIns.count(QStringLiteral("192.0.2.1"));
    QVERIFY(!limits.failedSignIns.refuseIfSpent(QStringLiteral("192.0.2.1")).has_value());
    limits.failedSignIns.count(QStringLiteral("192.0.2.1"));
    QVERIFY(limits.failedSignIns.refuseIfSpent(QStringLiteral("192.0.2.1")).has_value());
    QVERIFY(!limits.failedSignIns.refuseIfSpent(QStringLiteral("192.0.2.2")).has_value());
    // One more limit on the same counters, as the waiting room adds for queue joins.
    const RateLimiter joins = limits.perAddress(QStringLiteral("queue-join"), QStringLiteral("queue joins"), 1, 10);
    QVERIFY(!joins.take(QStringLiteral("192.0.2.1")).has_value());
    QVERIFY(joins.take(QStringLiteral("192.0.2.1")).has_value());
}

void TestRateLimits::aLimitOfZeroLetsAllThrough()
{
    const RequestLimits limits(std::make_shared<MemoryRateCounters>(), 0, 0);
    for (int i = 0; i < 100; ++i) {
        QVERIFY(!limits.cartsPerBuyer.take(QStringLiteral("7")).has_value());
        limits.failedSignIns.count(QStringLiteral("192.0.2.1"));
    }
    QVERIFY(!limits.failedSignIns.refuseIfSpent(QStringLiteral("192.0.2.1")).has_value());
}

void TestRateLimits::theClientAddress_data()
{
    QTest::addColumn<QString>("peer");
    QTest::addColumn<QByteArray>("forwardedFor");
    QTest::addColumn<QString>("client");
    // Trusted below: 10.0.0.5 alone and the subnet fd00::/8.
    QTest::newRow("direct") << "203.0.113.9" << QByteArray() << "203.0.113.9";
    QTest::newRow("untrusted peer's header ignored") << "203.0.113.9" << QByteArray("198.51.100.1") << "203.0.113.9";
    QTest::newRow("trusted proxy") << "10.0.0.5" << QByteArray("198.51.100.1") << "198.51.100.1";
    QTest::newRow("left-most of a chain")
        << "10.0.0.5" << QByteArray("198.51.100.1, 10.0.0.9, 10.0.0.5") << "198.51.100.1";
    QTest::newRow("with a port") << "10.0.0.5" << QByteArray("198.51.100.1:4711") << "198.51.100.1";
    QTest::newRow("bracketed IPv6 with a port") << "10.0.0.5" << QByteArray("[2001:db8::7]:443") << "2001:db8::7";
    QTest::newRow("garbage falls back to the peer") << "10.0.0.5" << QByteArray("unknown") << "10.0.0.5";
    QTest::newRow("empty entry falls back") << "10.0.0.5" << QByteArray(" , 198.51.100.1") << "10.0.0.5";
    QTest::newRow("trusted proxy without header") << "10.0.0.5" << QByteArray() << "10.0.0.5";
    QTest::newRow("neighbour of the trusted proxy") << "10.0.0.6" << QByteArray("198.51.100.1") << "10.0.0.6";
    QTest::newRow("subnet") << "fd00::1:2" << QByteArray("198.51.100.3") << "198.51.100.3";
    QTest::newRow("IPv4 as IPv6 peer") << "::ffff:10.0.0.5" << QByteArray("198.51.100.4") << "198.51.100.4";
    QTest::newRow("IPv4 as IPv6 client") << "::ffff:203.0.113.9" << QByteArray() << "203.0.113.9";
    QTest::newRow("IPv4 as IPv6 forwarded") << "10.0.0.5" << QByteArray("::ffff:198.51.100.5") << "198.51.100.5";
}

void TestRateLimits::theClientAddress()
{
    QFETCH(QString, peer);
    QFETCH(QByteArray, forwardedFor);
    QFETCH(QString, client);
    const QList<TrustedProxy> trusted{*parseTrustedProxy(QStringLiteral("10.0.0.5")),
                                      *parseTrustedProxy(QStringLiteral("fd00::/8"))};
    QCOMPARE(resolveClientAddress(QHostAddress(peer), forwardedFor, trusted), client);
    // With no proxy trusted the header never counts.
    QCOMPARE(resolveClientAddress(QHostAddress(peer), forwardedFor, {}),
             QHostAddress(peer).toIPv4Address() ? QHostAddress(QHostAddress(peer).toIPv4Address()).toString()
                                                : QHostAddress(peer).toString());
}

void TestRateLimits::anIPv6ClientIsCountedByItsSlash64()
{
    QCOMPARE(addressSubject(QStringLiteral("2001:db8:1:2:aaaa::1")), QStringLiteral("2001:db8:1:2::/64"));
    QCOMPARE(addressSubject(QStringLiteral("2001:db8:1:2:bbbb::9")), QStringLiteral("2001:db8:1:2::/64"));
    QVERIFY(addressSubject(QStringLiteral("2001:db8:1:3::1")) != addressSubject(QStringLiteral("2001:db8:1:2::1")));
    QCOMPARE(addressSubject(QStringLiteral("198.51.100.1")), QStringLiteral("198.51.100.1"));
}

void TestRateLimits::trustedProxiesParse()
{
    QVERIFY(parseTrustedProxy(QStringLiteral("127.0.0.1")).has_value());
    QCOMPARE(parseTrustedProxy(QStringLiteral("127.0.0.1"))->second, 32);
    QCOMPARE(parseTrustedProxy(QStringLiteral("::1"))->second, 128);
    QCOMPARE(parseTrustedProxy(QStringLiteral("10.0.0.0/8"))->second, 8);
    QVERIFY(!parseTrustedProxy(QStringLiteral("proxy.example")).has_value());
    QVERIFY(!parseTrustedProxy(QStringLiteral("10.0.0.0/99")).has_value());
    QVERIFY(!parseTrustedProxy(QString()).has_value());
}

void TestRateLimits::aHitCosts()
{
    MemoryRateCounters counters;
    const QString key = QStringLiteral("limit:signin-failed:198.51.100.1");
    QBENCHMARK
    {
        QVERIFY(counters.hit(key, 60).ok());
    }
}

QTEST_GUILESS_MAIN(TestRateLimits)
#include "tst_ratelimits.moc"
