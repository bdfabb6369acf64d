// An on-sale through the waiting room, end to end: boxoffice-web's server in this process on a free
// loopback port, a real PostgreSQL database, 2,000 scripted arrivals sent over HTTP from several
// threads inside the draw's window and more after it; then the holds, which need the admission
// token the queue hands out. Run twice: one server keeping the room in memory, then two servers
// sharing one real redis-server, every visitor's requests spread over both.

#include "redisserver.h"
#include "testdatabase.h"
#include "webcall.h"

#include "app/redis/redisstores.h"

#include "app/web/webserver.h"
#include "domain/admissiontoken.h"
#include "domain/poolservice.h"
#include "storage/pgbuyerstore.h"
#include "storage/pginventory.h"
#include "storage/pgonsalestore.h"

#include <QtTest>

#include <algorithm>
#include <atomic>

using namespace boxoffice;
using namespace boxoffice::test;
using namespace boxoffice::web;

namespace {

const QByteArray secret = "onsale-test-secret";
constexpr int windowArrivals = 2000;
constexpr int lateArrivals = 200;
constexpr int senders = 8;
constexpr double admitPerSecond = 50; // position 2,200 waits 44 s: the test looks long before that

using Answer = WebAnswer;

Answer send(QNetworkAccessManager &network, const QUrl &base, const QByteArray &method, const QString &path,
            const QByteArray &body = {}, const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    return webCall(network, base, method, path, body, headers);
}

// Spearman's rank correlation of two permutations of 1..n.
double spearman(const QVector<qint64> &a, const QVector<qint64> &b)
{
    const double n = a.size();
    double d2 = 0;
    for (int i = 0; i < a.size(); ++i)
        d2 += std::pow(double(a.at(i) - b.at(i)), 2);
    return 1 - 6 * d2 / (n * (n * n - 1));
}

} // namespace

class TestOnSale : public QObject
{
    Q_OBJECT

public:
    // `sharedByTwo`: two servers on one Redis instead of one server's memory.
    explicit TestOnSale(bool sharedByTwo) : m_sharedByTwo(sharedByTwo) { }

private slots:
    void initTestCase();
    void cleanupTestCase();
    void theQueuePageIsStaticAndCacheable();
    void anEventWithoutAnOnSaleHasNoQueue();
    void drawInsideTheWindowFifoAfterIt();
    void admissionWaitsForTheVisitorsTurn();
    void joinsAreLimitedPerAddress();
    void aMadeUpSignInTakesNoPlace();
    void holdsNeedAValidAdmissionToken();

private:
    Answer call(const QByteArray &method, const QString &path, const QJsonObject &body = {}, const QString &bearer = {},
                const QList<QPair<QByteArray, QByteArray>> &headers = {});
    // Runs `work(i, network)` for i in [0, count) on `senders` threads, arrival i on thread i % senders
    // in increasing i, while this thread serves the requests.
    void fromSeveralThreads(int count, const std::function<void(int, QNetworkAccessManager &)> &work);
    // A server of a test's own (one HTTP thread, this suite's database and secret), for limits the
    // shared servers must not have.
    WebConfig smallServerConfig() const;
    // Until the server knows the event's on-sale (no ticket), or sees its draw closed for `ticket`.
    void waitForOnSale(EventId event, const QString &ticket = {});

    // The server a request goes to: with two, consecutive requests alternate between them.
    QUrl base(int i) const { return m_servers.at(std::size_t(i) % m_servers.size())->baseUrl(); }

    const bool m_sharedByTwo;
    RedisServer m_redis;
    int m_calls = 0;
    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_rush;
    LoadedVenue m_other;
    std::vector<std::unique_ptr<WebServer>> m_servers;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<PgInventory> m_inventory;
    QString m_alice;
    QString m_bob;
    QVector<QString> m_visitors; // a real sign-in for every scripted arrival: a join checks it
    BuyerId m_aliceId = 0;
    BuyerId m_bobId = 0;
    qint64 m_pool = 0;
    // Filled by the draw: each arrival's ticket and final place, in arrival order.
    QVector<QString> m_tickets;
    QVector<qint64> m_positions;
    OnSale m_sale; // as the draw test left it
};

void TestOnSale::initTestCase()
{
    // Thousands of requests: the server's line per request would drown the test's own output.
    QLoggingCategory::setFilterRules(QStringLiteral("boxoffice.web.info=false"));
    if (m_sharedByTwo) {
        if (RedisServer::program().isEmpty())
            QSKIP("redis-server is not installed (CI installs it)");
        const QString failure = m_redis.start();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    m_db = std::make_unique<TestDatabase>(m_sharedByTwo ? QStringLiteral("onsale_redis") : QStringLiteral("onsale"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_rush = m_db->loadHall(QStringLiteral("Rush Hall"), 2, 10, 600, 1, 4500);
    m_other = m_db->loadHall(QStringLiteral("Quiet Hall"), 1, 5, 600, 1, 3000);
    PgBuyerStore buyers(m_db->database());
    auto alice = buyers.addBuyer(QStringLiteral("Alice"));
    auto bob = buyers.addBuyer(QStringLiteral("Bob"));
    QVERIFY2(alice.ok() && bob.ok(), "could not add buyers");
    m_alice = alice->token;
    m_bob = bob->token;
    m_aliceId = buyers.authenticate(m_alice).value().id;
    m_bobId = buyers.authenticate(m_bob).value().id;
    QVERIFY(m_db->database().transaction()); // one commit for thousands of buyers
    for (int visitor = 0; visitor < windowArrivals + lateArrivals; ++visitor) {
        auto added = buyers.addBuyer(QStringLiteral("Visitor %1").arg(visitor));
        QVERIFY2(added.ok(), "could not add a visitor");
        m_visitors << added->token;
    }
    QVERIFY(m_db->database().commit());

    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.threads = 3;
    config.maxQueueJoinsPerMinute = 0; // thousands of scripted visitors from one loopback address
    config.admissionSecret = secret;
    config.onSaleRefreshMs = 100; // the operator's changes reach the server quickly in a test
    for (int i = 0; i < (m_sharedByTwo ? 2 : 1); ++i) {
        SharedState shared;
        if (m_sharedByTwo) {
            // Each server its own client, as two processes would have.
            auto stores = redis::openRedisStores(m_redis.url());
            QVERIFY2(stores.ok(), stores.ok() ? "" : qPrintable(stores.error().message));
            shared = {stores->waitingRoom, stores->rateCounters, stores->holdFilter};
        }
        m_servers.push_back(std::make_unique<WebServer>(config, shared));
        const auto listening = m_servers.back()->listen();
        QVERIFY2(listening.ok(), listening.ok() ? "" : qPrintable(listening.error().message));
    }
    m_network = std::make_unique<QNetworkAccessManager>();
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    // A standing pool of the rush event, there before the on-sale: the server learns both in one read.
    PoolSpec spec;
    spec.event = m_rush.eventId;
    spec.code = QStringLiteral("RUSHSTAND");
    spec.capacity = 10;
    spec.price = Money(1000, QStringLiteral("EUR"));
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    m_pool = pool->id;
}

void TestOnSale::cleanupTestCase()
{
    m_network.reset();
    m_servers.clear();
    m_redis.stop();
    m_inventory.reset();
}

Answer TestOnSale::call(const QByteArray &method, const QString &path, const QJsonObject &body, const QString &bearer,
                        const QList<QPair<QByteArray, QByteArray>> &headers)
{
    auto all = headers;
    if (!bearer.isEmpty())
        all.append({"Authorization", "Bearer " + bearer.toLatin1()});
    return send(*m_network, base(m_calls++), method, path,
                body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact), all);
}

void TestOnSale::fromSeveralThreads(int count, const std::function<void(int, QNetworkAccessManager &)> &work)
{
    QVector<QThread *> threads;
    std::atomic<int> running{senders};
    QEventLoop loop;
    for (int t = 0; t < senders; ++t) {
        threads << QThread::create([&, t] {
            QNetworkAccessManager network;
            for (int i = t; i < count; i += senders)
                work(i, network);
        });
        connect(
            threads.last(), &QThread::finished, &loop,
            [&] {
                if (--running == 0)
                    loop.quit();
            },
            Qt::QueuedConnection);
        threads.last()->start();
    }
    QTimer::singleShot(300000, &loop, &QEventLoop::quit); // safety net only
    if (running > 0)
        loop.exec();
    for (QThread *thread : threads) {
        thread->wait();
        delete thread;
    }
}

void TestOnSale::waitForOnSale(EventId event, const QString &ticket)
{
    // The server re-reads the on-sales every 100 ms here; ask (without joining) until it has seen the
    // change: a ticket that is not one answers 403 rather than 404 once the event is on sale.
    for (int attempt = 0, seenBy = 0; attempt < 200; ++attempt) {
        const Answer status = call("GET", QStringLiteral("/api/v1/events/%1/queue").arg(event), {}, {},
                                   {{"X-Queue-Ticket", ticket.isEmpty() ? QByteArray("none") : ticket.toLatin1()}});
        if (ticket.isEmpty()
                ? status.status == 403
                : status.status == 200 && !status.json.value(QStringLiteral("draw_pending")).toBool(true)) {
            if (++seenBy == 2 * int(m_servers.size()))
                return; // twice in a row from every server
            continue;
        }
        seenBy = 0;
        QTest::qWait(50);
    }
    QFAIL("the web server never saw the on-sale");
}

void TestOnSale::theQueuePageIsStaticAndCacheable()
{
    const Answer page = call("GET", QStringLiteral("/queue/%1").arg(m_rush.eventId));
    QCOMPARE(page.status, 200);
    QVERIFY(page.headers.value("content-type").startsWith("text/html"));
    QVERIFY(page.headers.value("cache-control").contains("public"));
    QVERIFY(page.body.contains("/queue.js"));
    // The same bytes for every event: the page finds its event in its own address.
    QCOMPARE(call("GET", QStringLiteral("/queue/%1").arg(m_other.eventId)).body, page.body);
    const Answer script = call("GET", QStringLiteral("/queue.js"));
    QCOMPARE(script.status, 200);
    QVERIFY(script.headers.value("cache-control").contains("public"));
    QVERIFY(script.body.contains("/api/v1/events/"));
}

void TestOnSale::anEventWithoutAnOnSaleHasNoQueue()
{
    const Answer joined = call("POST", QStringLiteral("/api/v1/events/%1/queue").arg(m_other.eventId), {}, m_bob);
    QCOMPARE(joined.status, 404);
    const Answer status = call("GET", QStringLiteral("/api/v1/events/%1/queue").arg(m_other.eventId));
    QCOMPARE(status.status, 404);
}

void TestOnSale::drawInsideTheWindowFifoAfterIt()
{
    // The operator opens the sale with the draw closing ten minutes ahead (moved forward below once
    // everyone of the window is in, to keep the test short; 2,000 joins may take a while on a busy machine).
    PgOnSaleStore onSales(m_db->database());
    OnSale sale;
    sale.event = m_rush.eventId;
    sale.drawClosesAt = QDateTime::currentDateTimeUtc().addSecs(600);
    sale.admitPerSecond = admitPerSecond;
    sale.tokenSeconds = 600;
    QVERIFY(onSales.setOnSale(sale).ok());
    waitForOnSale(m_rush.eventId);

    // 2,000 arrivals inside the window, over HTTP from several threads.
    QVector<QString> tickets(windowArrivals + lateArrivals);
    std::atomic<int> undrawn{0};
    std::atomic<int> failed{0};
    const QString joinPath = QStringLiteral("/api/v1/events/%1/queue").arg(m_rush.eventId);
    QElapsedTimer joining;
    joining.start();
    // Every arrival signs in as a buyer of its own; the first is Bob, the last Alice.
    const auto signIn = [this](int arrival) {
        const QString token = arrival == 0                 ? m_bob
            : arrival == windowArrivals + lateArrivals - 1 ? m_alice
                                                           : m_visitors.at(arrival);
        return QList<QPair<QByteArray, QByteArray>>{{"Authorization", "Bearer " + token.toLatin1()}};
    };
    fromSeveralThreads(windowArrivals, [&](int i, QNetworkAccessManager &network) {
        const Answer joined = send(network, base(i), "POST", joinPath, {}, signIn(i));
        if (joined.status != 201) {
            if (++failed == 1)
                qWarning() << "join:" << joined.describe();
            return;
        }
        if (!joined.json.value(QStringLiteral("drawn")).toBool()
            || !joined.json.value(QStringLiteral("draw_pending")).toBool())
            ++undrawn;
        tickets[i] = joined.json.value(QStringLiteral("ticket")).toString();
    });
    QCOMPARE(failed.load(), 0);
    QCOMPARE(undrawn.load(), 0);
    // The joins ran on the queue lane (no connection), not on an HTTP thread nor a database lane.
    for (const auto &server : m_servers) {
        QNetworkAccessManager network;
        const Answer metrics = send(network, server->baseUrl(), "GET", QStringLiteral("/metrics"));
        QVERIFY2(metrics.body.contains("boxoffice_web_lane_threads{lane=\"queue\"} 4"), metrics.body.constData());
        QVERIFY2(
            server->services().metrics.render({}, {}).contains(
                "boxoffice_web_requests_total{route=\"/api/v1/events/{id}/queue\",method=\"POST\",status=\"201\"}"),
            "no join was counted");
    }
    // A figure for the log, not an assertion: the machine is shared.
    qInfo("%d joins over HTTP from %d threads in %lld ms", windowArrivals, senders, qint64(joining.elapsed()));

    // The draw closes; later arrivals queue in the order they come (one after another).
    sale.drawClosesAt = QDateTime::currentDateTimeUtc().addMSecs(300);
    QVERIFY(onSales.setOnSale(sale).ok());
    waitForOnSale(m_rush.eventId, tickets.first());
    for (int i = windowArrivals; i < windowArrivals + lateArrivals; ++i) {
        const Answer joined = call("POST", joinPath, {}, {}, signIn(i));
        QVERIFY2(joined.status == 201, qPrintable(joined.describe()));
        QVERIFY(!joined.json.value(QStringLiteral("drawn")).toBool());
        tickets[i] = joined.json.value(QStringLiteral("ticket")).toString();
    }

    // Everyone's place, asked with their own ticket.
    QVector<qint64> positions(tickets.size());
    fromSeveralThreads(tickets.size(), [&](int i, QNetworkAccessManager &network) {
        // Asked of the other server than the one joined, when there are two.
        const Answer status
            = send(network, base(i + 1), "GET", joinPath, {}, {{"X-Queue-Ticket", tickets.at(i).toLatin1()}});
        if (status.status != 200 || status.json.value(QStringLiteral("draw_pending")).toBool()) {
            if (++failed == 1)
                qWarning() << "status:" << status.describe();
            return;
        }
        positions[i] = status.json.value(QStringLiteral("position")).toInteger();
    });
    QCOMPARE(failed.load(), 0);

    // Inside the window: the 2,000 hold places 1..2,000, in no relation to arrival.
    QVector<qint64> window = positions.mid(0, windowArrivals);
    QVector<qint64> sorted = window;
    std::sort(sorted.begin(), sorted.end());
    QVERIFY(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    QCOMPARE(sorted.first(), qint64(1));
    QCOMPARE(sorted.last(), qint64(windowArrivals));
    QVector<qint64> placeRank(windowArrivals); // the rank of each arrival's place among the 2,000
    for (int i = 0; i < windowArrivals; ++i)
        placeRank[i] = std::lower_bound(sorted.begin(), sorted.end(), window.at(i)) - sorted.begin() + 1;
    QVector<qint64> arrivalRank(windowArrivals);
    for (int i = 0; i < windowArrivals; ++i)
        arrivalRank[i] = i + 1;
    const double rho = spearman(arrivalRank, placeRank);
    qInfo("Spearman rank correlation of arrival and admission order inside the window: %.4f", rho);
    QVERIFY2(std::abs(rho) < 0.1, qPrintable(QString::number(rho)));

    // After it: in arrival order, every one behind every drawn visitor.
    for (int i = 0; i < lateArrivals; ++i)
        QCOMPARE(positions.at(windowArrivals + i), qint64(windowArrivals + 1 + i));

    // A place is its sign-in's: Bob joining again (a reload, another tab, a script) gets his first
    // place back, not a new draw; nobody joins without signing in.
    const Answer again = call("POST", joinPath, {}, m_bob);
    QCOMPARE(again.status, 201);
    QCOMPARE(again.json.value(QStringLiteral("position")).toInteger(), positions.at(0));
    QCOMPARE(call("POST", joinPath).status, 401);
    m_tickets = tickets;
    m_positions = positions;
    m_sale = sale;
}

void TestOnSale::admissionWaitsForTheVisitorsTurn()
{
    QVERIFY(!m_tickets.isEmpty());
    const QString admissionPath = QStringLiteral("/api/v1/events/%1/admission").arg(m_rush.eventId);
    // The last arrival waits about 44 s at 50 a second: not yet.
    const Answer early = call("POST", admissionPath, {{QStringLiteral("ticket"), m_tickets.last()}}, m_alice);
    QCOMPARE(early.status, 409);
    QCOMPARE(early.errorCode(), QStringLiteral("not_admitted_yet"));
    QVERIFY(
        early.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("estimated_wait_seconds")).toInteger()
        > 0);
    // No sign-in, no token; a forged ticket takes nobody's place.
    const int first = int(std::min_element(m_positions.begin(), m_positions.end()) - m_positions.begin());
    QCOMPARE(call("POST", admissionPath, {{QStringLiteral("ticket"), m_tickets.at(first)}}).status, 401);
    QString forged = m_tickets.at(first);
    forged[forged.size() - 3] = forged.at(forged.size() - 3) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
    const Answer forgedAnswer = call("POST", admissionPath, {{QStringLiteral("ticket"), forged}}, m_alice);
    QCOMPARE(forgedAnswer.status, 403);
    QCOMPARE(forgedAnswer.errorCode(), QStringLiteral("queue_ticket_invalid"));
    // Somebody else's place, however good, is not Alice's to redeem.
    const Answer notHers = call("POST", admissionPath, {{QStringLiteral("ticket"), m_tickets.at(first)}}, m_alice);
    QCOMPARE(notHers.status, 403);
    QCOMPARE(notHers.errorCode(), QStringLiteral("queue_ticket_other_buyer"));
    // A ticket of one event is not one of another's.
    QCOMPARE(call("GET", QStringLiteral("/api/v1/events/%1/queue").arg(m_rush.eventId), {}, {},
                  {{"X-Queue-Ticket", forged.toLatin1()}})
                 .status,
             403);
}

WebConfig TestOnSale::smallServerConfig() const
{
    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.threads = 1;
    config.admissionSecret = secret;
    config.onSaleRefreshMs = 100;
    return config;
}

void TestOnSale::joinsAreLimitedPerAddress()
{
    // A server of its own with a budget of three joins a minute per address: the fourth sign-in from
    // this address is told to come back (429, Retry-After); the three before it took their places.
    WebConfig config = smallServerConfig();
    config.maxQueueJoinsPerMinute = 3;
    WebServer server(config);
    QVERIFY(server.listen().ok());
    const QString joinPath = QStringLiteral("/api/v1/events/%1/queue").arg(m_rush.eventId);
    const auto join = [&](int i) {
        return send(*m_network, server.baseUrl(), "POST", joinPath, {},
                    {{"Authorization", "Bearer " + m_visitors.at(i).toLatin1()}});
    };
    for (int i = 0; i < 3; ++i) {
        const Answer joined = join(i);
        QVERIFY2(joined.status == 201, qPrintable(joined.describe()));
    }
    const Answer refused = join(3);
    QCOMPARE(refused.status, 429);
    QCOMPARE(refused.errorCode(), QStringLiteral("limit_reached"));
    QVERIFY(!refused.headers.value("retry-after").isEmpty());
}

void TestOnSale::aMadeUpSignInTakesNoPlace()
{
    // The join checks the sign-in: a made-up token is refused (401) and takes no place ahead of real
    // buyers, and a flood of them from one address spends its failed sign-ins.
    WebConfig config = smallServerConfig();
    config.maxQueueJoinsPerMinute = 0;
    config.maxFailedSignInsPerMinute = 5;
    WebServer server(config);
    QVERIFY(server.listen().ok());
    const QString joinPath = QStringLiteral("/api/v1/events/%1/queue").arg(m_rush.eventId);
    const auto join = [&](const QString &token) {
        return send(*m_network, server.baseUrl(), "POST", joinPath, {},
                    {{"Authorization", "Bearer " + token.toLatin1()}});
    };
    const QString madeUp = QStringLiteral("A").repeated(43); // the shape of a token, not one we issued
    const Answer refused = join(madeUp);
    QCOMPARE(refused.status, 401);
    QCOMPARE(refused.errorCode(), QStringLiteral("unauthorized"));
    const Answer nothing = send(*m_network, server.baseUrl(), "POST", joinPath);
    QCOMPARE(nothing.status, 401);
    QVERIFY2(!server.services().metrics.render({}, {}).contains(
                 "boxoffice_web_requests_total{route=\"/api/v1/events/{id}/queue\",method=\"POST\",status=\"201\""),
             "a place was given without a real sign-in");
    for (int attempt = 0; attempt < 5; ++attempt)
        join(QStringLiteral("made-up-%1").arg(attempt));
    // The address has spent its failed sign-ins: even a real buyer from it waits for the window.
    const Answer spent = join(m_visitors.at(5));
    QCOMPARE(spent.status, 429);
}

void TestOnSale::holdsNeedAValidAdmissionToken()
{
    QVERIFY(!m_tickets.isEmpty());
    const QString admissionPath = QStringLiteral("/api/v1/events/%1/admission").arg(m_rush.eventId);
    // The operator opens the doors wide, so Alice (last in the queue) and Bob (drawn somewhere in it)
    // are let in within moments; each redeems their own place.
    OnSale wide = m_sale;
    wide.admitPerSecond = 100000;
    QVERIFY(PgOnSaleStore(m_db->database()).setOnSale(wide).ok());
    const auto admittedWith = [&](const QString &ticket, const QString &bearer) {
        Answer in;
        for (int attempt = 0; attempt < 200; ++attempt) {
            in = call("POST", admissionPath, {{QStringLiteral("ticket"), ticket}}, bearer);
            if (in.status != 409)
                break;
            QTest::qWait(50);
        }
        return in;
    };
    const Answer aliceIn = admittedWith(m_tickets.last(), m_alice);
    QVERIFY2(aliceIn.status == 201, qPrintable(aliceIn.describe()));
    const QByteArray aliceToken = aliceIn.json.value(QStringLiteral("token")).toString().toLatin1();
    QVERIFY(!aliceToken.isEmpty());
    const Answer bobIn = admittedWith(m_tickets.at(0), m_bob);
    QVERIFY2(bobIn.status == 201, qPrintable(bobIn.describe()));
    const QByteArray bobToken = bobIn.json.value(QStringLiteral("token")).toString().toLatin1();

    const Answer created = call("POST", QStringLiteral("/api/v1/carts"), {}, m_alice);
    QCOMPARE(created.status, 201);
    const QString cart = created.json.value(QStringLiteral("cart")).toString();
    const QString holds = QStringLiteral("/api/v1/carts/%1/holds").arg(cart);
    const QVector<UnitId> units = m_db->units(m_rush.eventId);
    const QJsonObject seat{{QStringLiteral("event"), m_rush.eventId},
                           {QStringLiteral("seats"), QJsonArray{units.at(0)}}};

    const AdmissionSigner signer(secret);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QByteArray forged = aliceToken;
    forged[forged.size() - 2] = forged.at(forged.size() - 2) == 'A' ? 'B' : 'A';
    const QList<QPair<QString, QByteArray>> refusals{
        {QStringLiteral("admission_missing"), QByteArray()},
        {QStringLiteral("admission_forged"), forged},
        {QStringLiteral("admission_forged"),
         AdmissionSigner("another box office").issueToken(m_rush.eventId, m_aliceId, now + 600000)},
        {QStringLiteral("admission_expired"), signer.issueToken(m_rush.eventId, m_aliceId, now - 1000)},
        {QStringLiteral("admission_other_event"), signer.issueToken(m_other.eventId, m_aliceId, now + 600000)},
        {QStringLiteral("admission_other_buyer"), bobToken},
    };
    for (const auto &[code, token] : refusals) {
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!token.isEmpty())
            headers.append({"X-Admission-Token", token});
        const Answer refused = call("POST", holds, seat, m_alice, headers);
        QVERIFY2(refused.status == 403, qPrintable(code + QLatin1Char(' ') + refused.describe()));
        QCOMPARE(refused.errorCode(), code);
        QCOMPARE(refused.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("event")).toInteger(),
                 m_rush.eventId);
    }
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE event_id = :e AND state = 'HELD'"),
                          {{QStringLiteral("e"), m_rush.eventId}})
                 .toInt(),
             0);

    const Answer granted = call("POST", holds, seat, m_alice, {{"X-Admission-Token", aliceToken}});
    QVERIFY2(granted.status == 201, qPrintable(granted.describe()));

    // General-admission places of the event need it too (the pool's event is known without a query).
    const QString places = QStringLiteral("/api/v1/carts/%1/places").arg(cart);
    const QJsonObject two{{QStringLiteral("pool"), m_pool}, {QStringLiteral("quantity"), 2}};
    const Answer noToken = call("POST", places, two, m_alice);
    QCOMPARE(noToken.status, 403);
    QCOMPARE(noToken.errorCode(), QStringLiteral("admission_missing"));
    QCOMPARE(call("POST", places, two, m_alice, {{"X-Admission-Token", bobToken}}).errorCode(),
             QStringLiteral("admission_other_buyer"));
    const Answer placesHeld = call("POST", places, two, m_alice, {{"X-Admission-Token", aliceToken}});
    QVERIFY2(placesHeld.status == 201, qPrintable(placesHeld.describe()));

    // An event without an on-sale needs no token, and ending the on-sale lifts the requirement.
    const QJsonObject quiet{{QStringLiteral("event"), m_other.eventId},
                            {QStringLiteral("seats"), QJsonArray{m_db->units(m_other.eventId).at(0)}}};
    QCOMPARE(call("POST", holds, quiet, m_alice).status, 201);
    QVERIFY(PgOnSaleStore(m_db->database()).clearOnSale(m_rush.eventId).ok());
    QCOMPARE(PgOnSaleStore(m_db->database()).clearOnSale(m_rush.eventId).error().code, ErrorCode::NotFound);
    // The server learns it at its next read (every 100 ms here); a refused hold holds nothing meanwhile.
    const QJsonObject another{{QStringLiteral("event"), m_rush.eventId},
                              {QStringLiteral("seats"), QJsonArray{units.at(1)}}};
    Answer free;
    for (int attempt = 0; attempt < 200; ++attempt) {
        free = call("POST", holds, another, m_alice);
        if (free.status != 403)
            break;
        QTest::qWait(50);
    }
    QVERIFY2(free.status == 201, qPrintable(free.describe()));
    QVERIFY(m_inventory->carts.releaseCart(cart).ok());
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    TestOnSale inMemory(false);
    const int failedInMemory = QTest::qExec(&inMemory, argc, argv);
    TestOnSale sharedByTwo(true);
    return failedInMemory + QTest::qExec(&sharedByTwo, argc, argv);
}
#include "tst_onsale.moc"
