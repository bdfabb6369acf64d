// Two boxoffice-web servers in this process sharing one real redis-server on loopback and one real
// PostgreSQL database: the Redis front filter answers the losers of a hot seat without a database
// round trip, the database still decides every grant, a mark the database disagrees with expires,
// and the caps hold under 50 parallel requests spread over both servers.

#include "redisserver.h"
#include "testdatabase.h"
#include "webcall.h"

#include "app/redis/redisstores.h"
#include "app/web/webserver.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "storage/databaseconnection.h"
#include "storage/pgbuyerstore.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"

#include <QtTest>

#include <atomic>
#include <functional>

using namespace boxoffice;
using namespace boxoffice::test;
using namespace boxoffice::web;

class TestWebRedis : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aHotSeatsLosersAreAnsweredWithoutTheDatabase();
    void fiftyBuyersOneSeatTwoServersOneWinner();
    void aMarkTheDatabaseDisagreesWithExpires();
    void aRefusedClaimLeavesNoMark();
    void aReleasedSeatIsFreeForTheNextBuyerAtOnce();
    void capsHoldUnderFiftyParallelRequestsOnTwoServers_data();
    void capsHoldUnderFiftyParallelRequestsOnTwoServers();

private:
    struct Buyer
    {
        BuyerId id = 0;
        QString token;
    };
    Buyer addBuyer(const QString &name);
    WebAnswer call(int server, const QByteArray &method, const QString &path, const QJsonObject &body,
                   const QString &bearer);
    QString newCart(int server, const Buyer &buyer);
    QJsonObject seats(QVector<UnitId> units) const;
    // Runs work(i, network) for i in [0, count) on `count` threads at once while this thread serves.
    void inParallel(int count, const std::function<void(int, QNetworkAccessManager &)> &work);

    RedisServer m_redis;
    std::optional<redis::RedisStores> m_stores; // the test's own look at the shared state
    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    qint64 m_pool = 0;
    qint64 m_batchedPool = 0;
    qint64 m_room = 0;
    QDate m_firstNight;
    qint64 m_restaurant = 0;
    std::vector<std::unique_ptr<WebServer>> m_servers;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

TestWebRedis::Buyer TestWebRedis::addBuyer(const QString &name)
{
    PgBuyerStore buyers(m_db->database());
    auto added = buyers.addBuyer(name);
    if (!added)
        return {};
    return {added->buyer.id, added->token};
}

void TestWebRedis::initTestCase()
{
    QLoggingCategory::setFilterRules(QStringLiteral("boxoffice.web.info=false"));
    if (RedisServer::program().isEmpty())
        QSKIP("redis-server is not installed (CI installs it)");
    const QString failure = m_redis.start();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    auto stores = redis::openRedisStores(m_redis.url());
    QVERIFY2(stores.ok(), stores.ok() ? "" : qPrintable(stores.error().message));
    m_stores = stores.value();
    m_db = std::make_unique<TestDatabase>(QStringLiteral("webredis"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Filter Hall"), 4, 25, 600, 1, 4000);
    m_units = m_db->units(m_hall.eventId);
    QVERIFY(m_units.size() == 100);

    // One of every other shape: a pool (and a batched one) of the event, a hotel, a restaurant.
    PgInventory inventory(m_db->database());
    for (const bool batched : {false, true}) {
        PoolSpec spec;
        spec.event = m_hall.eventId;
        spec.code = batched ? QStringLiteral("BATCHED") : QStringLiteral("STANDING");
        spec.name = spec.code;
        spec.capacity = 200;
        spec.price = Money(2000, QStringLiteral("EUR"));
        spec.strategy = batched ? ClaimStrategy::Batched : ClaimStrategy::Atomic;
        const auto pool = PoolService(inventory.pools).createPool(spec);
        QVERIFY2(pool.ok(), pool.ok() ? "" : qPrintable(pool.error().message));
        (batched ? m_batchedPool : m_pool) = pool->id;
    }
    const auto hotel = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Filter Inn", "currency": "EUR",
        "nights": 30, "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 60}]})");
    QVERIFY(hotel.ok());
    const auto hotels = HotelService(inventory.hotels).hotels();
    QVERIFY(hotels.ok());
    for (const HotelSummary &summary : hotels.value()) {
        if (summary.id == hotel->id) {
            m_room = summary.roomTypes.first().id;
            m_firstNight = summary.firstNight;
        }
    }
    QVERIFY(m_room > 0);
    QByteArray tables;
    for (int table = 1; table <= 60; ++table)
        tables += QStringLiteral(R"(%1{"code": "T%2", "seats": 4})")
                      .arg(table > 1 ? QStringLiteral(",") : QString())
                      .arg(table)
                      .toUtf8();
    const auto restaurant
        = PropertyLoader(m_db->database())
              .loadRestaurant(R"({"name": "Filter Bistro", "currency": "EUR", "tables": [)" + tables + "]}");
    QVERIFY(restaurant.ok());
    m_restaurant = restaurant->id;

    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.claimConnections = 4;
    config.maxCartsPerMinute = 0; // the test makes many carts per buyer
    config.holdFilterMs = 1500;
    for (int i = 0; i < 2; ++i) {
        auto own = redis::openRedisStores(m_redis.url()); // each server its own client, as two processes
        QVERIFY(own.ok());
        m_servers.push_back(
            std::make_unique<WebServer>(config, SharedState{own->waitingRoom, own->rateCounters, own->holdFilter}));
        const auto listening = m_servers.back()->listen();
        QVERIFY2(listening.ok(), listening.ok() ? "" : qPrintable(listening.error().message));
    }
    m_network = std::make_unique<QNetworkAccessManager>();
}

void TestWebRedis::cleanupTestCase()
{
    m_network.reset();
    m_servers.clear();
    m_stores.reset();
    m_redis.stop();
}

WebAnswer TestWebRedis::call(int server, const QByteArray &method, const QString &path, const QJsonObject &body,
                             const QString &bearer)
{
    return webCall(*m_network, m_servers.at(std::size_t(server % 2))->baseUrl(), method, path,
                   body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact),
                   {{"Authorization", "Bearer " + bearer.toLatin1()}});
}

QString TestWebRedis::newCart(int server, const Buyer &buyer)
{
    const WebAnswer created = call(server, "POST", QStringLiteral("/api/v1/carts"), {}, buyer.token);
    return created.status == 201 ? created.json.value(QStringLiteral("cart")).toString() : QString();
}

QJsonObject TestWebRedis::seats(QVector<UnitId> units) const
{
    QJsonArray list;
    for (UnitId unit : units)
        list.append(unit);
    return {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), list}};
}

void TestWebRedis::inParallel(int count, const std::function<void(int, QNetworkAccessManager &)> &work)
{
    QVector<QThread *> threads;
    std::atomic<int> running{count};
    QEventLoop loop;
    for (int i = 0; i < count; ++i) {
        threads << QThread::create([&work, i] {
            QNetworkAccessManager network;
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
    QTimer::singleShot(120000, &loop, &QEventLoop::quit); // a safety net only
    if (running > 0)
        loop.exec();
    for (QThread *thread : threads) {
        thread->wait();
        delete thread;
    }
}

void TestWebRedis::aHotSeatsLosersAreAnsweredWithoutTheDatabase()
{
    const Buyer winner = addBuyer(QStringLiteral("Winner"));
    const Buyer loser = addBuyer(QStringLiteral("Loser"));
    const UnitId seat = m_units.at(0);
    // Everything slow comes before the winner's claim, so the loser's call surely falls within the
    // mark's 1.5 s, on a busy machine too.
    const QString winnersCart = newCart(0, winner);
    const QString losersCart = newCart(1, loser);
    QVERIFY(!winnersCart.isEmpty() && !losersCart.isEmpty());
    auto blocker = DatabaseConnection::open(m_db->settings(), QStringLiteral("blocker"));
    QVERIFY(blocker.ok());
    QSqlDatabase database = blocker.value()->database();
    const WebAnswer won
        = call(0, "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(winnersCart), seats({seat}), winner.token);
    QVERIFY2(won.status == 201, qPrintable(won.describe()));

    // The seat's row is locked by another transaction: a claim that went to the database would wait for
    // it. The loser is answered all the same, by the mark the winner's claim left in Redis.
    QVERIFY(database.transaction());
    QSqlQuery lock(database);
    QVERIFY(lock.prepare(QStringLiteral("SELECT 1 FROM event_seats WHERE id = :id FOR UPDATE")));
    lock.bindValue(QStringLiteral(":id"), seat);
    QVERIFY(lock.exec());
    const WebAnswer lost
        = call(1, "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(losersCart), seats({seat}), loser.token);
    QVERIFY(database.rollback());
    QVERIFY2(lost.status == 409, qPrintable(lost.describe()));
    QCOMPARE(lost.errorCode(), QStringLiteral("lost"));
}

void TestWebRedis::fiftyBuyersOneSeatTwoServersOneWinner()
{
    const UnitId seat = m_units.at(1);
    QVector<Buyer> buyers;
    QVector<QString> carts;
    for (int i = 0; i < 50; ++i) {
        buyers << addBuyer(QStringLiteral("Racer %1").arg(i));
        carts << newCart(i, buyers.last());
        QVERIFY(!carts.last().isEmpty());
    }
    std::atomic<int> granted{0};
    std::atomic<int> lost{0};
    std::atomic<int> other{0};
    QVector<QUrl> bases{m_servers.at(0)->baseUrl(), m_servers.at(1)->baseUrl()};
    const QByteArray body = QJsonDocument(seats({seat})).toJson(QJsonDocument::Compact);
    inParallel(50, [&](int i, QNetworkAccessManager &network) {
        const WebAnswer answer
            = webCall(network, bases.at(i % 2), "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(carts.at(i)), body,
                      {{"Authorization", "Bearer " + buyers.at(i).token.toLatin1()}});
        if (answer.status == 201)
            ++granted;
        else if (answer.status == 409)
            ++lost;
        else
            ++other;
    });
    QCOMPARE(other.load(), 0);
    QCOMPARE(granted.load(), 1);
    QCOMPARE(lost.load(), 49);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE id = :id AND state = 'HELD'"),
                          {{QStringLiteral("id"), seat}})
                 .toInt(),
             1);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestWebRedis::aMarkTheDatabaseDisagreesWithExpires()
{
    // A mark nobody's hold stands behind (a claim that died before it could unmark): the seat is free
    // in the database, refused by the filter until the mark expires, then sold as usual.
    const UnitId seat = m_units.at(2);
    QVERIFY(m_stores->holdFilter->mark(m_hall.eventId, {seat}, QStringLiteral("ghost-cart"), 700).ok());
    const Buyer buyer = addBuyer(QStringLiteral("Patient"));
    const QString cart = newCart(0, buyer);
    const QString path = QStringLiteral("/api/v1/carts/%1/holds").arg(cart);
    QCOMPARE(call(0, "POST", path, seats({seat}), buyer.token).status, 409);
    WebAnswer later;
    for (int attempt = 0; attempt < 100; ++attempt) {
        QTest::qWait(100);
        later = call(1, "POST", path, seats({seat}), buyer.token);
        if (later.status != 409)
            break;
    }
    QVERIFY2(later.status == 201, qPrintable(later.describe()));
}

void TestWebRedis::aRefusedClaimLeavesNoMark()
{
    // A claim the database refuses (a cart that is not the buyer's) gives its marks back at once, so
    // nobody can keep seats away by asking for them in vain.
    const UnitId seat = m_units.at(3);
    const Buyer owner = addBuyer(QStringLiteral("Owner"));
    const Buyer intruder = addBuyer(QStringLiteral("Intruder"));
    const QString ownersCart = newCart(0, owner);
    const WebAnswer refused
        = call(0, "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(ownersCart), seats({seat}), intruder.token);
    QCOMPARE(refused.status, 404);
    const WebAnswer held
        = call(1, "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(newCart(1, owner)), seats({seat}), owner.token);
    QVERIFY2(held.status == 201, qPrintable(held.describe()));
}

void TestWebRedis::aReleasedSeatIsFreeForTheNextBuyerAtOnce()
{
    // A buyer gives a seat back: its mark goes with it, so the next buyer, on the other server, gets the
    // seat at once instead of "taken" until the mark would have expired.
    const UnitId seat = m_units.at(4);
    const Buyer first = addBuyer(QStringLiteral("Giver"));
    const Buyer next = addBuyer(QStringLiteral("Taker"));
    const QString firstCart = newCart(0, first);
    QCOMPARE(
        call(0, "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(firstCart), seats({seat}), first.token).status,
        201);
    const WebAnswer released
        = call(0, "DELETE", QStringLiteral("/api/v1/carts/%1/holds/%2").arg(firstCart).arg(seat), {}, first.token);
    QVERIFY2(released.status == 200, qPrintable(released.describe()));
    const WebAnswer taken
        = call(1, "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(newCart(1, next)), seats({seat}), next.token);
    QVERIFY2(taken.status == 201, qPrintable(taken.describe()));
}

void TestWebRedis::capsHoldUnderFiftyParallelRequestsOnTwoServers_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("capSql"); // sets the cap of 3 (:id the scope); the same with NULL clears it
    QTest::addColumn<QString>("heldSql"); // what the buyer (:b) holds live in the scope (:id)
    const QString eventCap = QStringLiteral("UPDATE events SET max_holds_per_buyer = %1 WHERE id = :id");
    const QString eventHeld = QStringLiteral(
        "SELECT (SELECT count(*) FROM event_seats s JOIN buyer_carts c ON c.cart_id = s.cart_id "
        "        WHERE c.buyer_id = :b AND s.event_id = :id AND s.state = 'HELD') "
        "     + (SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN buyer_carts c ON c.cart_id = h.cart_id "
        "        JOIN ga_pools p ON p.id = h.pool_id WHERE c.buyer_id = :b AND p.event_id = :id AND h.state = 'HELD')");
    QTest::newRow("seats") << QStringLiteral("seats") << eventCap << eventHeld;
    QTest::newRow("GA places") << QStringLiteral("places") << eventCap << eventHeld;
    QTest::newRow("GA places, batched pool") << QStringLiteral("batched") << eventCap << eventHeld;
    QTest::newRow("hotel stays") << QStringLiteral("stays")
                                 << QStringLiteral("UPDATE hotels SET max_stays_per_buyer = %1 WHERE id = :id")
                                 << QStringLiteral(
                                        "SELECT count(*) FROM stays st JOIN buyer_carts c ON c.cart_id = st.cart_id "
                                        "JOIN room_types rt ON rt.id = st.room_type_id "
                                        "WHERE c.buyer_id = :b AND rt.hotel_id = :id AND st.state = 'HELD'");
    QTest::newRow("restaurant tables")
        << QStringLiteral("tables")
        << QStringLiteral("UPDATE restaurants SET max_bookings_per_buyer = %1 WHERE id = :id")
        << QStringLiteral("SELECT count(*) FROM slot_bookings b JOIN buyer_carts c ON c.cart_id = b.cart_id "
                          "JOIN slot_resources r ON r.id = b.resource_id "
                          "WHERE c.buyer_id = :b AND r.restaurant_id = :id AND b.state = 'HELD'");
}

void TestWebRedis::capsHoldUnderFiftyParallelRequestsOnTwoServers()
{
    // One buyer, fifty carts, fifty asks at once spread over both servers: the cap of 3 held at once is
    // the database's to keep, whichever server asks and whatever the shape.
    QFETCH(QString, shape);
    QFETCH(QString, capSql);
    QFETCH(QString, heldSql);
    const qint64 scope = shape == QLatin1String("stays")
        ? qint64(m_db->scalar(QStringLiteral("SELECT hotel_id FROM room_types WHERE id = :r"),
                              {{QStringLiteral("r"), m_room}})
                     .toLongLong())
        : shape == QLatin1String("tables") ? m_restaurant
                                           : m_hall.eventId;
    const QVariantMap inScope{{QStringLiteral("id"), scope}};
    QVERIFY(m_db->exec(capSql.arg(3), inScope));
    const Buyer greedy = addBuyer(QStringLiteral("Greedy %1").arg(shape));
    QVector<QString> carts;
    for (int i = 0; i < 50; ++i) {
        carts << newCart(i, greedy);
        QVERIFY(!carts.last().isEmpty());
    }
    const auto ask = [&](int i) -> QPair<QString, QJsonObject> {
        const QString cart = carts.at(i);
        if (shape == QLatin1String("seats"))
            return {QStringLiteral("/api/v1/carts/%1/holds").arg(cart), seats({m_units.at(40 + i)})};
        if (shape == QLatin1String("places") || shape == QLatin1String("batched"))
            return {QStringLiteral("/api/v1/carts/%1/places").arg(cart),
                    {{QStringLiteral("pool"), shape == QLatin1String("batched") ? m_batchedPool : m_pool},
                     {QStringLiteral("quantity"), 1}}};
        if (shape == QLatin1String("stays"))
            return {QStringLiteral("/api/v1/carts/%1/stays").arg(cart),
                    {{QStringLiteral("room_type"), m_room},
                     {QStringLiteral("check_in"), m_firstNight.addDays(2).toString(Qt::ISODate)},
                     {QStringLiteral("check_out"), m_firstNight.addDays(4).toString(Qt::ISODate)},
                     {QStringLiteral("guest"), QStringLiteral("Greedy Guest")}}};
        return {QStringLiteral("/api/v1/carts/%1/tables").arg(cart),
                {{QStringLiteral("restaurant"), m_restaurant},
                 {QStringLiteral("party"), 2},
                 {QStringLiteral("at"),
                  QDateTime(QDate::currentDate().addDays(3), QTime(19, 0), Qt::UTC).toString(Qt::ISODate)},
                 {QStringLiteral("minutes"), 120}}};
    };
    std::atomic<int> granted{0};
    std::atomic<int> capped{0};
    std::atomic<int> other{0};
    QVector<QUrl> bases{m_servers.at(0)->baseUrl(), m_servers.at(1)->baseUrl()};
    inParallel(50, [&](int i, QNetworkAccessManager &network) {
        const auto [path, body] = ask(i);
        const WebAnswer answer
            = webCall(network, bases.at(i % 2), "POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact),
                      {{"Authorization", "Bearer " + greedy.token.toLatin1()}});
        if (answer.status == 201)
            ++granted;
        else if (answer.status == 429)
            ++capped;
        else if (++other == 1)
            qWarning() << shape << answer.describe();
    });
    QVERIFY(m_db->exec(capSql.arg(QStringLiteral("NULL")), inScope));
    QCOMPARE(other.load(), 0);
    QCOMPARE(granted.load(), 3);
    QCOMPARE(capped.load(), 47);
    QCOMPARE(m_db->scalar(heldSql, {{QStringLiteral("id"), scope}, {QStringLiteral("b"), greedy.id}}).toInt(), 3);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_MAIN(TestWebRedis)
#include "tst_webredis.moc"
