// The web channel's lanes under load: boxoffice-web's server in this process on a loopback port, a real
// PostgreSQL database, the real fake payment provider, and many requests in flight at once (one
// QNetworkAccessManager each, so none waits for another's connection). Orders of events are asserted,
// never durations: the machine is shared.

#include "fakepayprocess.h"
#include "testdatabase.h"

#include "app/web/webserver.h"
#include "storage/pgbuyerstore.h"
#include "storage/pginventory.h"

#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

#include <optional>

using namespace boxoffice;
using namespace boxoffice::test;
using namespace boxoffice::web;

namespace {
const QString apiKey = QStringLiteral("sk_test_lanes");
constexpr int claimConnections = 2;
constexpr int claimQueue = 4;

struct Answer
{
    int status = 0;
    QByteArray body;
    QJsonObject json;
    QHash<QByteArray, QByteArray> headers; // lower-case names

    QString describe() const { return QStringLiteral("%1 %2").arg(status).arg(QString::fromUtf8(body.left(400))); }
};

// One request on a connection of its own; `done` is called on the test thread when it is answered.
class InFlight
{
public:
    InFlight(const QUrl &url, const QByteArray &method, const QByteArray &body, const QString &token,
             std::function<void(const Answer &)> done)
    {
        QNetworkRequest request(url);
        if (!body.isEmpty())
            request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        if (!token.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
        m_reply = m_network.sendCustomRequest(request, method, body);
        QObject::connect(m_reply, &QNetworkReply::finished, m_reply, [this, done = std::move(done)] {
            m_answer.status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            m_answer.body = m_reply->readAll();
            m_answer.json = QJsonDocument::fromJson(m_answer.body).object();
            for (const auto &pair : m_reply->rawHeaderPairs())
                m_answer.headers.insert(pair.first.toLower(), pair.second);
            m_finished = true;
            done(m_answer);
        });
    }
    bool finished() const { return m_finished; }
    const Answer &answer() const { return m_answer; }

private:
    QNetworkAccessManager m_network;
    QNetworkReply *m_reply = nullptr; // owned by m_network
    Answer m_answer;
    bool m_finished = false;
};
} // namespace

class TestWebLanes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();

    void slowCheckoutsDoNotStopHoldsReadsOrHealth();
    void aFloodBeyondTheClaimLaneIsAnsweredBusyAtOnce_data();
    void aFloodBeyondTheClaimLaneIsAnsweredBusyAtOnce();
    void theAuthCacheAnswersRepeatedRequests();
    void severalHttpThreadsShareThePort();
    void aPortInUseIsRefused();

private:
    QUrl url(const QString &path) const;
    Answer send(const QByteArray &method, const QString &path, const QByteArray &body = {}, const QString &token = {});
    Answer get(const QString &path, const QString &token = {}) { return send("GET", path, {}, token); }
    Answer hold(const QString &cart, UnitId unit, const QString &token);
    QString newCart(const QString &token);
    QString newBuyer(const QString &name);
    double metric(const QString &line);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<FakePayProcess> m_fakepay;
    std::unique_ptr<WebServer> m_server;
    WebServer *m_target = nullptr; // another server the helpers talk to, for one test; null: m_server
    std::unique_ptr<PgInventory> m_inventory;
    WebConfig m_config;
    LoadedVenue m_hall; // 5 rows of 10
    QVector<UnitId> m_units;
    int m_buyers = 0;
};

void TestWebLanes::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("weblanes"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Lanes Hall"), 5, 10, 600, 1, 2500);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), 50);

    m_fakepay = std::make_unique<FakePayProcess>();
    const QString failure = m_fakepay->start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.claimConnections = claimConnections;
    config.claimQueueLimit = claimQueue;
    config.readConnections = 2;
    config.providerThreads = 16;
    config.providerUrl = m_fakepay->baseUrl();
    config.providerKey = apiKey.toUtf8();
    config.providerTimeoutMs = 60000;
    config.authCacheSeconds = 600; // the cache test counts hits: no entry may run out during the suite
    config.seatMapMaxAgeMs = 0;
    // Holds hold a lane thread each here, so the lane's own limits are what these tests see; the
    // flood test runs once more against a server that batches them.
    config.seatBatching = false;
    m_config = config;
    m_server = std::make_unique<WebServer>(config);
    const auto listening = m_server->listen();
    QVERIFY2(listening.ok(), listening.ok() ? "" : qPrintable(listening.error().message));
    m_inventory = std::make_unique<PgInventory>(m_db->database());
}

void TestWebLanes::cleanupTestCase()
{
    m_server.reset();
    m_inventory.reset();
    m_fakepay.reset();
}

void TestWebLanes::cleanup()
{
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QUrl TestWebLanes::url(const QString &path) const
{
    QUrl url = (m_target ? m_target : m_server.get())->baseUrl();
    url.setPath(path);
    return url;
}

Answer TestWebLanes::send(const QByteArray &method, const QString &path, const QByteArray &body, const QString &token)
{
    QEventLoop loop;
    InFlight request(url(path), method, body, token, [&loop](const Answer &) { loop.quit(); });
    // A safety net for a hung server (the test then fails on status 0), not a timing assertion.
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    if (!request.finished())
        loop.exec();
    return request.answer();
}

Answer TestWebLanes::hold(const QString &cart, UnitId unit, const QString &token)
{
    const QJsonObject body{{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{unit}}};
    return send("POST", QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                QJsonDocument(body).toJson(QJsonDocument::Compact), token);
}

QString TestWebLanes::newCart(const QString &token)
{
    const Answer created = send("POST", QStringLiteral("/api/v1/carts"), {}, token);
    if (created.status != 201)
        qWarning() << "creating a cart:" << created.describe();
    return created.json.value(QStringLiteral("cart")).toString();
}

QString TestWebLanes::newBuyer(const QString &name)
{
    PgBuyerStore buyers(m_db->database());
    auto buyer = buyers.addBuyer(QStringLiteral("%1 %2").arg(name).arg(++m_buyers));
    return buyer ? buyer->token : QString();
}

double TestWebLanes::metric(const QString &line)
{
    const Answer metrics = get(QStringLiteral("/metrics"));
    for (const QByteArray &row : metrics.body.split('\n')) {
        if (row.startsWith(line.toUtf8() + ' '))
            return row.mid(line.size() + 1).toDouble();
    }
    return -1;
}

void TestWebLanes::slowCheckoutsDoNotStopHoldsReadsOrHealth()
{
    // Eight buyers, a seat each, then eight checkouts against a provider that takes its time: far more
    // than the claim lane's connections, all waiting for the provider at once.
    constexpr int checkouts = 8;
    QStringList tokens;
    QStringList carts;
    for (int i = 0; i < checkouts; ++i) {
        tokens << newBuyer(QStringLiteral("Payer"));
        carts << newCart(tokens.last());
        QCOMPARE(hold(carts.last(), m_units.at(i), tokens.last()).status, 201);
    }
    const int chargesBefore = m_fakepay->state().value(QStringLiteral("charges")).toArray().size();
    QStringList slow;
    for (int i = 0; i < checkouts; ++i)
        slow << QStringLiteral("slow");
    m_fakepay->control(
        QStringLiteral("/control/behaviour"),
        {{QStringLiteral("next"), QJsonArray::fromStringList(slow)}, {QStringLiteral("slow_ms"), 20000}});

    QStringList events; // in the order the answers arrived
    std::vector<std::unique_ptr<InFlight>> paying;
    for (int i = 0; i < checkouts; ++i)
        paying.push_back(std::make_unique<InFlight>(
            url(QStringLiteral("/api/v1/carts/%1/checkout").arg(carts.at(i))), "POST", QByteArray(), tokens.at(i),
            [&events](const Answer &) { events << QStringLiteral("checkout"); }));
    // Every charge has reached the provider: eight requests are now waiting on it.
    QTRY_COMPARE_WITH_TIMEOUT(m_fakepay->state().value(QStringLiteral("charges")).toArray().size(),
                              chargesBefore + checkouts, 120000);
    QVERIFY2(events.isEmpty(), qPrintable(events.join(QLatin1Char(' '))));

    // Meanwhile the database routes are answered. (The time is printed for the record, not asserted.)
    QElapsedTimer meanwhile;
    meanwhile.start();
    const QString other = newBuyer(QStringLiteral("Holder"));
    const QString cart = newCart(other);
    events << QStringLiteral("cart");
    const Answer held = hold(cart, m_units.at(20), other);
    QCOMPARE(held.status, 201);
    events << QStringLiteral("hold");
    QCOMPARE(get(QStringLiteral("/api/v1/events/%1/seatmap").arg(m_hall.eventId)).status, 200);
    events << QStringLiteral("seatmap");
    const Answer health = get(QStringLiteral("/healthz"));
    QCOMPARE(health.status, 200);
    events << QStringLiteral("healthz");
    QCOMPARE(get(QStringLiteral("/api/v1/events")).status, 200);
    events << QStringLiteral("events");
    qInfo("cart, hold, seat map, /healthz and events answered in %lld ms while %d checkouts waited for the provider",
          meanwhile.elapsed(), checkouts);
    // The checkouts were still waiting for the provider all along, each on a provider thread.
    QCOMPARE(events,
             (QStringList{QStringLiteral("cart"), QStringLiteral("hold"), QStringLiteral("seatmap"),
                          QStringLiteral("healthz"), QStringLiteral("events")}));
    const QJsonObject lanes = health.json.value(QStringLiteral("lanes")).toObject();
    QCOMPARE(lanes.value(QStringLiteral("provider")).toObject().value(QStringLiteral("busy")).toInt(), checkouts);
    QCOMPARE(lanes.value(QStringLiteral("claim")).toObject().value(QStringLiteral("threads")).toInt(),
             claimConnections);

    // And then they finish, paid.
    QTRY_COMPARE_WITH_TIMEOUT(int(events.count(QStringLiteral("checkout"))), checkouts, 180000);
    for (int i = 0; i < checkouts; ++i) {
        const Answer &paid = paying.at(i)->answer();
        QVERIFY2(paid.status == 200, qPrintable(paid.describe()));
        QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"),
                              {{QStringLiteral("u"), m_units.at(i)}})
                     .toString(),
                 QStringLiteral("SOLD"));
    }
    QVERIFY(m_inventory->carts.releaseCart(cart).ok());
}

void TestWebLanes::aFloodBeyondTheClaimLaneIsAnsweredBusyAtOnce_data()
{
    QTest::addColumn<bool>("batched");
    QTest::newRow("one claim each") << false;
    QTest::newRow("batched") << true;
}

void TestWebLanes::aFloodBeyondTheClaimLaneIsAnsweredBusyAtOnce()
{
    // Twenty buyers go for ten seats (two each) while another connection keeps those seats' rows
    // locked: the claims that reach a connection wait on the lock, the lane's queue fills, and every
    // request beyond it is answered 503 at once. Batched, the holds wait for the event's batch
    // instead of holding lane threads, and the batcher lets as many wait as the lane would.
    QFETCH(bool, batched);
    std::unique_ptr<WebServer> batching;
    if (batched) {
        WebConfig config = m_config;
        config.seatBatching = true;
        batching = std::make_unique<WebServer>(config);
        const auto listening = batching->listen();
        QVERIFY2(listening.ok(), listening.ok() ? "" : qPrintable(listening.error().message));
        m_target = batching.get();
    }
    const auto restore = qScopeGuard([this] { m_target = nullptr; });
    constexpr int flood = 20;
    QVector<UnitId> seats;
    for (int i = 0; i < 10; ++i)
        seats << m_units.at(30 + i);
    QStringList tokens;
    QStringList carts;
    for (int i = 0; i < flood; ++i) {
        tokens << newBuyer(QStringLiteral("Flood"));
        carts << newCart(tokens.last());
        QVERIFY(!carts.last().isEmpty());
    }

    auto locker = m_db->connect(QStringLiteral("locker"));
    QVERIFY(locker);
    QSqlDatabase lockDb = locker->database();
    QVERIFY(lockDb.transaction());
    {
        QSqlQuery lock(lockDb);
        QStringList ids;
        for (UnitId unit : seats)
            ids << QString::number(unit);
        QVERIFY2(lock.exec(QStringLiteral("SELECT id FROM event_seats WHERE id IN (%1) FOR UPDATE")
                               .arg(ids.join(QLatin1Char(',')))),
                 qPrintable(lock.lastError().text()));
    }

    // Refused by the lane's queue, or (batched) by the batcher when a burst got past the queue first.
    const auto refused = [this] {
        return metric(QStringLiteral("boxoffice_web_lane_refused_total{lane=\"claim\"}"))
            + qMax(0.0, metric(QStringLiteral("boxoffice_web_batch_refused_total{kind=\"seats\"}")));
    };
    const double refusedBefore = refused();
    QVector<Answer> busy;
    std::vector<std::unique_ptr<InFlight>> requests;
    for (int i = 0; i < flood; ++i) {
        const QJsonObject body{{QStringLiteral("event"), m_hall.eventId},
                               {QStringLiteral("seats"), QJsonArray{seats.at(i % seats.size())}}};
        requests.push_back(std::make_unique<InFlight>(url(QStringLiteral("/api/v1/carts/%1/holds").arg(carts.at(i))),
                                                      "POST", QJsonDocument(body).toJson(QJsonDocument::Compact),
                                                      tokens.at(i), [&busy](const Answer &answer) {
                                                          if (answer.status == 503)
                                                              busy << answer;
                                                      }));
    }
    const int admitted = claimConnections + claimQueue;
    QTRY_COMPARE_WITH_TIMEOUT(int(busy.size()), flood - admitted, 120000);
    // The admitted ones are still waiting on the lock, in the lane: nothing hangs, nothing else answered.
    int answered = 0;
    for (const auto &request : requests)
        answered += request->finished();
    QCOMPARE(answered, flood - admitted);
    for (const Answer &refused : busy) {
        QCOMPARE(refused.headers.value("retry-after"), QByteArray("1"));
        QCOMPARE(refused.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("busy"));
        QCOMPARE(refused.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("lane")).toString(),
                 QStringLiteral("claim"));
    }
    if (batched) {
        // One lane thread sends the batch and waits on the lock; the rest wait in the batcher.
        // The admitted requests reach the batcher on their own threads: wait for the last of them.
        QTRY_COMPARE_WITH_TIMEOUT(metric(QStringLiteral("boxoffice_web_batch_pending{kind=\"seats\"}")),
                                  double(admitted), 30000);
        QCOMPARE(metric(QStringLiteral("boxoffice_web_lane_busy{lane=\"claim\"}")), 1.0);
    } else {
        QCOMPARE(metric(QStringLiteral("boxoffice_web_lane_busy{lane=\"claim\"}")), double(claimConnections));
        QCOMPARE(metric(QStringLiteral("boxoffice_web_lane_queued{lane=\"claim\"}")), double(claimQueue));
    }
    QCOMPARE(refused(), refusedBefore + flood - admitted);
    // Reads and health have connections of their own: answered while the claim lane is full.
    const Answer health = get(QStringLiteral("/healthz"));
    QCOMPARE(health.status, 200);
    if (!batched)
        QCOMPARE(health.json.value(QStringLiteral("lanes"))
                     .toObject()
                     .value(QStringLiteral("claim"))
                     .toObject()
                     .value(QStringLiteral("queued"))
                     .toInt(),
                 claimQueue);
    QCOMPARE(get(QStringLiteral("/api/v1/events/%1/seatmap").arg(m_hall.eventId)).status, 200);

    QVERIFY(lockDb.rollback());
    QTRY_COMPARE_WITH_TIMEOUT(
        int(std::count_if(requests.begin(), requests.end(), [](const auto &request) { return request->finished(); })),
        flood, 120000);
    int granted = 0;
    for (const auto &request : requests) {
        const int status = request->answer().status;
        QVERIFY2(status == 201 || status == 409 || status == 503, qPrintable(request->answer().describe()));
        granted += status == 201;
    }
    QVERIFY(granted >= 1);
    // Nothing held twice: each granted hold is its own seat, held once, by one cart.
    QStringList ids;
    for (UnitId unit : seats)
        ids << QString::number(unit);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE id IN (%1) AND state = 'HELD'")
                              .arg(ids.join(QLatin1Char(','))))
                 .toInt(),
             granted);
    for (const QString &cart : carts)
        QVERIFY(m_inventory->carts.releaseCart(cart).ok());
}

void TestWebLanes::theAuthCacheAnswersRepeatedRequests()
{
    const QString token = newBuyer(QStringLiteral("Repeat"));
    const QString hit = QStringLiteral("boxoffice_web_auth_cache_total{result=\"hit\"}");
    const QString miss = QStringLiteral("boxoffice_web_auth_cache_total{result=\"miss\"}");
    const double hitsBefore = metric(hit);
    const double missesBefore = metric(miss);
    // The first request asks the database; the next four are answered from the cache.
    for (int i = 0; i < 5; ++i)
        QCOMPARE(get(QStringLiteral("/api/v1/orders/999999999"), token).status, 404);
    QCOMPARE(metric(hit), hitsBefore + 4);
    QCOMPARE(metric(miss), missesBefore + 1);

    // A wrong token is refused every time: refusals are never remembered.
    QString wrong = token;
    wrong[5] = wrong.at(5) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
    for (int i = 0; i < 2; ++i) {
        const Answer refused = get(QStringLiteral("/api/v1/orders/999999999"), wrong);
        QCOMPARE(refused.status, 401);
        QCOMPARE(refused.headers.value("www-authenticate"), QByteArray("Bearer"));
    }
    QCOMPARE(metric(hit), hitsBefore + 4);
    QCOMPARE(metric(miss), missesBefore + 3);
    QCOMPARE(get(QStringLiteral("/api/v1/orders/999999999"), QStringLiteral("not-a-token")).status, 401);
    // The cached buyer still reaches the checkout (the provider lane) as themselves.
    const QString cart = newCart(token);
    QCOMPARE(hold(cart, m_units.at(45), token).status, 201);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, wrong).status, 401);
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, token);
    QVERIFY2(paid.status == 200, qPrintable(paid.describe()));
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
}

// Three HTTP threads on one port: many connections at once are all answered, holds among them, and
// more than one thread wrote answers (the kernel spread the connections).
void TestWebLanes::severalHttpThreadsShareThePort()
{
    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.httpThreads = 3;
    config.claimConnections = 2;
    config.readConnections = 1;
    WebServer server(config);
    QCOMPARE(server.httpThreads(), 3);
    const auto listening = server.listen();
    QVERIFY2(listening.ok(), listening.ok() ? "" : qPrintable(listening.error().message));

    const QString token = newBuyer(QStringLiteral("Fronts"));
    QStringList carts;
    for (int i = 0; i < 6; ++i) {
        QUrl cartUrl = server.baseUrl();
        cartUrl.setPath(QStringLiteral("/api/v1/carts"));
        std::optional<Answer> created;
        InFlight request(cartUrl, "POST", {}, token, [&created](const Answer &answer) { created = answer; });
        QTRY_VERIFY_WITH_TIMEOUT(created.has_value(), 30000);
        QCOMPARE(created->status, 201);
        carts << created->json.value(QStringLiteral("cart")).toString();
    }

    std::vector<std::unique_ptr<InFlight>> inFlight;
    int answered = 0;
    int healthy = 0;
    int held = 0;
    for (int i = 0; i < 60; ++i) {
        QUrl target = server.baseUrl();
        const bool isHold = i % 10 == 0;
        target.setPath(isHold ? QStringLiteral("/api/v1/carts/%1/holds").arg(carts.at(i / 10))
                              : QStringLiteral("/healthz"));
        const QByteArray body = isHold
            ? QJsonDocument(QJsonObject{{QStringLiteral("event"), m_hall.eventId},
                                        {QStringLiteral("seats"), QJsonArray{m_units.at(10 + i / 10)}}})
                  .toJson(QJsonDocument::Compact)
            : QByteArray();
        inFlight.push_back(std::make_unique<InFlight>(target, isHold ? "POST" : "GET", body, isHold ? token : QString(),
                                                      [&, isHold](const Answer &answer) {
                                                          ++answered;
                                                          if (isHold)
                                                              held += answer.status == 201;
                                                          else
                                                              healthy += answer.status == 200;
                                                      }));
    }
    QTRY_COMPARE_WITH_TIMEOUT(answered, 60, 60000);
    QCOMPARE(healthy, 54);
    QCOMPARE(held, 6);

    QUrl metricsUrl = server.baseUrl();
    metricsUrl.setPath(QStringLiteral("/metrics"));
    std::optional<Answer> metrics;
    InFlight read(metricsUrl, "GET", {}, {}, [&metrics](const Answer &answer) { metrics = answer; });
    QTRY_VERIFY_WITH_TIMEOUT(metrics.has_value(), 30000);
    int threadsThatAnswered = 0;
    for (const QByteArray &row : metrics->body.split('\n')) {
        if (row.startsWith("boxoffice_web_http_thread_answers_total{"))
            threadsThatAnswered += row.mid(row.lastIndexOf(' ') + 1).toDouble() > 0;
    }
    QVERIFY2(threadsThatAnswered >= 2, metrics->body.constData());
}

// SO_REUSEPORT must not let a second server started on the same port by mistake share it quietly.
void TestWebLanes::aPortInUseIsRefused()
{
    WebConfig config;
    config.database = m_db->settings();
    config.port = m_server->port();
    config.httpThreads = 2;
    config.claimConnections = 1;
    config.readConnections = 1;
    WebServer second(config);
    const auto listening = second.listen();
    QVERIFY(!listening.ok());
    QCOMPARE(listening.error().code, ErrorCode::Unavailable);
    QVERIFY2(listening.error().message.contains(QString::number(m_server->port())),
             qPrintable(listening.error().message));
    // The first server still answers.
    QCOMPARE(get(QStringLiteral("/healthz")).status, 200);
}

QTEST_MAIN(TestWebLanes)
#include "tst_weblanes.moc"
