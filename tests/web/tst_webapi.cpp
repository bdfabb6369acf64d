// The web channel end to end: boxoffice-web's server running in this process on a free loopback
// port, a real PostgreSQL database, the real fake payment provider process, and requests sent with
// QNetworkAccessManager exactly as a browser or a script would.

#include "fakepayprocess.h"
#include "openapicheck.h"
#include "testdatabase.h"

#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "storage/propertyloader.h"

#include "app/web/webserver.h"
#include "domain/checkoutsaga.h"
#include "domain/seatholdservice.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pginventory.h"

#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;
using namespace boxoffice::web;

namespace {
const QString apiKey = QStringLiteral("sk_test_web");
const QByteArray webhookSecret = "whsec_web_test";

struct Answer
{
    int status = 0;
    QByteArray body;
    QJsonObject json;
    QHash<QByteArray, QByteArray> headers; // lower-case names

    QString errorCode() const
    {
        return json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
    }
    QString describe() const { return QStringLiteral("%1 %2").arg(status).arg(QString::fromUtf8(body.left(400))); }
};
} // namespace

class TestWebApi : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();

    void healthzAnswersAndEveryResponseCarriesARequestId();
    void eventsAndTheSeatMapWithETag();
    void buyersMustSignIn();
    void holdReleaseAndExtend();
    void aTakenSeatIsRefusedByName();
    void checkoutPaidSellsTheSeats();
    void checkoutDeclinedFreesTheSeats();
    void anotherBuyersCartsAndOrdersAreNotFound();
    void wrongMethodsAndUnknownPaths();
    void oversizeBodiesAreRefused();
    void malformedRequestsChangeNothing();
    void theBuyersCapIsEnforced();
    void theCapsCoverPlacesStaysAndTables();
    void webhooksWithABadSignatureAreRefused();
    void metricsCountRequestsAndHolds();
    void theCounterAndTheWebShareOnePool();
    void parallelBuyersOfOneSeatGetItOnce();
    void theLogLineCarriesTheRequestId();
    void placesAndStaysCheckOutWithSeats();
    void theBuyersPageIsServed();
    void aCartNamesItsPaymentCardForTheCardCap();
    void theCheckoutChargesTheCardTheCartNamed();
    void aTableIsFoundAndTheWholeCartGivenBack();
    void aSecondCheckoutAnswersWithTheSameOrder();
    void aCartBeingPaidForIsNotGivenBack();
    void aWebhookThatContradictsItsPaymentIsRejected();
    void aCartWithoutACardAndRefusedCards();
    void failedSignInsAreLimitedPerAddress();
    void cartsCreatedAreLimitedPerBuyer();
    void aBatchedPoolIsHeldThroughTheSharedBatcher();
    void oneClientAddressIsCappedAcrossAccounts();
    void controlCharactersAreRefusedBeforeAnySql();
    void headIsAnsweredForEveryGetRoute();
    void aRequestPathCannotForgeALogLine();
    void aLostCheckoutAnswerIsFoundByItsCart();
    void theServerItselfRefusesHttpAbuse();
    void pipelinedRequestsAreAnsweredInOrder();
    void theBuyerDownloadsTheirOrdersTicketsPdf();

private:
    Answer send(const QByteArray &method, const QString &path, const QByteArray &body = {}, const QString &token = {},
                const QList<QPair<QByteArray, QByteArray>> &headers = {});
    Answer get(const QString &path, const QString &token = {}) { return send("GET", path, {}, token); }
    Answer post(const QString &path, const QJsonObject &body, const QString &token)
    {
        return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), token);
    }
    QString newCart(const QString &token);
    // A cart paid with this card number, made a payment method at the provider first.
    Answer cartWithCard(const QString &number, const QString &token);
    QString cartInstrument(const QString &cart) const;
    // A server of its own with tight request limits, trusting 127.0.0.1 as its proxy.
    std::unique_ptr<WebServer> tightServer(int cartsPerMinute, int failedSignInsPerMinute);
    // A request to `server` as a client at `from` would send it: from 127.0.0.1 (the trusted proxy)
    // with X-Forwarded-For, or straight from another loopback address.
    Answer sendAs(WebServer &server, const QString &from, const QByteArray &method, const QString &path,
                  const QString &token, const QByteArray &body = {});
    QString seatState(UnitId unit) const;
    double metric(const QString &line);
    // `bytes` written on a fresh connection; what came back until the server closed it.
    QByteArray rawExchange(const QByteArray &bytes);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<FakePayProcess> m_fakepay;
    std::unique_ptr<WebServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<PgInventory> m_inventory; // the counter's side: another connection to the same pool
    std::unique_ptr<SeatHoldService> m_counter;
    LoadedVenue m_hall; // 3 rows of 10 at 45.00
    LoadedVenue m_capped; // 1 row of 5; a buyer may hold 2 at once
    QVector<UnitId> m_units;
    QVector<UnitId> m_cappedUnits;
    QString m_alice;
    QString m_bob;
    // Every answer send() received, one JSON line each, checked against the OpenAPI document at the end.
    QTemporaryFile m_answers;
    bool m_recording = true; // off for the requests that probe paths the API deliberately lacks
};

void TestWebApi::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("webapi"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    QVERIFY(m_answers.open());
    m_hall = m_db->loadHall(QStringLiteral("Web Hall"), 3, 10, 600, 1, 4500);
    m_capped = m_db->loadHall(QStringLiteral("Capped Hall"), 1, 5, 600, 1, 3000);
    m_units = m_db->units(m_hall.eventId);
    m_cappedUnits = m_db->units(m_capped.eventId);
    QCOMPARE(m_units.size(), 30);
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = 2 WHERE id = :e"),
                       {{QStringLiteral("e"), m_capped.eventId}}));

    PgBuyerStore buyers(m_db->database());
    auto alice = buyers.addBuyer(QStringLiteral("Alice"));
    auto bob = buyers.addBuyer(QStringLiteral("Bob"));
    QVERIFY2(alice.ok() && bob.ok(), "could not add buyers");
    m_alice = alice->token;
    m_bob = bob->token;

    m_fakepay = std::make_unique<FakePayProcess>();
    const QString failure = m_fakepay->start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.threads = 3;
    config.providerUrl = m_fakepay->baseUrl();
    config.providerKey = apiKey.toUtf8();
    config.providerTimeoutMs = 5000;
    config.webhookSecret = webhookSecret;
    config.seatMapMaxAgeMs = 0; // every read sees the database: the tests look for changes at once
    // The suite makes many carts for one buyer within a minute; the limit has its own test server.
    config.maxCartsPerMinute = 0;
    m_server = std::make_unique<WebServer>(config);
    const auto listening = m_server->listen();
    QVERIFY2(listening.ok(), listening.ok() ? "" : qPrintable(listening.error().message));
    m_network = std::make_unique<QNetworkAccessManager>();
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_counter = std::make_unique<SeatHoldService>(m_inventory->seats);
}

void TestWebApi::cleanupTestCase()
{
    // The contract, checked from the other side: every answer this suite received matches the
    // published description (a real validator from npm; a missing one fails, test.sh installs it).
    if (!m_answers.isOpen())
        return; // the suite never started: nothing was received
    m_answers.flush();
    const QString problems = openApiProblems(QStringLiteral(BOXOFFICE_OPENAPI_DIR),
                                             QStringLiteral(BOXOFFICE_OPENAPI_FILE), m_answers.fileName());
    QVERIFY2(problems.isEmpty(), qPrintable(problems));

    m_network.reset();
    m_server.reset();
    m_counter.reset();
    m_inventory.reset();
    m_fakepay.reset();
}

void TestWebApi::cleanup()
{
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

Answer TestWebApi::send(const QByteArray &method, const QString &path, const QByteArray &body, const QString &token,
                        const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QUrl url = m_server->baseUrl();
    const int query = path.indexOf(QLatin1Char('?'));
    url.setPath(query < 0 ? path : path.left(query));
    if (query >= 0)
        url.setQuery(path.mid(query + 1));
    QNetworkRequest request(url);
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
    for (const auto &header : headers)
        request.setRawHeader(header.first, header.second);
    // HEAD through head(): a custom "HEAD" makes QNetworkAccessManager wait for a body that never comes.
    QNetworkReply *reply
        = method == "HEAD" ? m_network->head(request) : m_network->sendCustomRequest(request, method, body);
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    // A safety net for a hung server (the test then fails on status 0), not a timing assertion.
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    Answer answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.body = reply->readAll();
    answer.json = QJsonDocument::fromJson(answer.body).object();
    for (const auto &pair : reply->rawHeaderPairs())
        answer.headers.insert(pair.first.toLower(), pair.second);
    reply->abort();
    reply->deleteLater();
    if (m_recording && answer.status > 0)
        m_answers.write(
            answerLine(method, url.path(), answer.status, answer.headers.value("content-type"), answer.body));
    return answer;
}

QString TestWebApi::newCart(const QString &token)
{
    const Answer created = send("POST", QStringLiteral("/api/v1/carts"), {}, token);
    if (created.status != 201)
        qWarning() << "creating a cart:" << created.describe();
    return created.json.value(QStringLiteral("cart")).toString();
}

Answer TestWebApi::cartWithCard(const QString &number, const QString &token)
{
    const QJsonObject card = m_fakepay->addCard(apiKey, number);
    if (card.value(QStringLiteral("id")).toString().isEmpty())
        qWarning() << "the provider refused" << number << card;
    return post(QStringLiteral("/api/v1/carts"), {{QStringLiteral("payment_method"), card.value(QStringLiteral("id"))}},
                token);
}

QString TestWebApi::cartInstrument(const QString &cart) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT instrument FROM buyer_carts WHERE cart_id = :c"), {{QStringLiteral("c"), cart}})
        .toString();
}

QString TestWebApi::seatState(UnitId unit) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"), {{QStringLiteral("u"), unit}})
        .toString();
}

double TestWebApi::metric(const QString &line)
{
    const Answer metrics = get(QStringLiteral("/metrics"));
    for (const QByteArray &row : metrics.body.split('\n')) {
        if (row.startsWith(line.toUtf8() + ' '))
            return row.mid(line.size() + 1).toDouble();
    }
    return 0;
}

void TestWebApi::healthzAnswersAndEveryResponseCarriesARequestId()
{
    const Answer health = get(QStringLiteral("/healthz"));
    QCOMPARE(health.status, 200);
    QCOMPARE(health.json.value(QStringLiteral("ok")).toBool(), true);
    QVERIFY(!health.headers.value("x-request-id").isEmpty());
    QVERIFY2(QLocale::c()
                 .toDateTime(QString::fromLatin1(health.headers.value("date")),
                             QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"))
                 .isValid(),
             health.headers.value("date").constData());
    // A sane id from the client is echoed; a hostile one is replaced.
    const Answer echoed = send("GET", QStringLiteral("/healthz"), {}, {}, {{"X-Request-Id", "trace-42.a:b"}});
    QCOMPARE(echoed.headers.value("x-request-id"), QByteArray("trace-42.a:b"));
    const Answer replaced = send("GET", QStringLiteral("/healthz"), {}, {}, {{"X-Request-Id", "bad id with spaces"}});
    QVERIFY(!replaced.headers.value("x-request-id").isEmpty());
    QVERIFY(replaced.headers.value("x-request-id") != "bad id with spaces");
    m_recording = false; // no such path is in the description, by design
    const Answer missing = get(QStringLiteral("/nowhere"));
    m_recording = true;
    QCOMPARE(missing.status, 404);
    QVERIFY(!missing.headers.value("x-request-id").isEmpty());
}

void TestWebApi::eventsAndTheSeatMapWithETag()
{
    const Answer events = get(QStringLiteral("/api/v1/events"));
    QCOMPARE(events.status, 200);
    bool found = false;
    for (const QJsonValue &event : events.json.value(QStringLiteral("events")).toArray()) {
        if (event.toObject().value(QStringLiteral("id")).toInteger() == m_hall.eventId) {
            found = true;
            QVERIFY(event.toObject().value(QStringLiteral("name")).toString().startsWith(QStringLiteral("Web Hall")));
            QCOMPARE(event.toObject().value(QStringLiteral("seats")).toInt(), 30);
        }
    }
    QVERIFY(found);

    const QString path = QStringLiteral("/api/v1/events/%1/seatmap").arg(m_hall.eventId);
    const Answer map = get(path);
    QCOMPARE(map.status, 200);
    const QJsonArray seats = map.json.value(QStringLiteral("seats")).toArray();
    QCOMPARE(seats.size(), 30);
    const QJsonObject first = seats.first().toObject();
    for (const char *field : {"id", "label", "section", "row", "number", "x", "y", "band", "price", "state"})
        QVERIFY2(first.contains(QLatin1String(field)), field);
    QCOMPARE(first.value(QStringLiteral("label")).toString(), QStringLiteral("A-1-1"));
    QCOMPARE(first.value(QStringLiteral("price")).toInteger(), 4500);
    QCOMPARE(first.value(QStringLiteral("state")).toString(), QStringLiteral("available"));
    const QByteArray etag = map.headers.value("etag");
    QVERIFY(!etag.isEmpty());

    const Answer unchanged = send("GET", path, {}, {}, {{"If-None-Match", etag}});
    QCOMPARE(unchanged.status, 304);
    QVERIFY(unchanged.body.isEmpty());

    // A hold changes the map (and its ETag), and the map never says whose hold it is.
    const QString cart = newCart(m_alice);
    QVERIFY(!cart.isEmpty());
    const Answer held = post(
        QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
        {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(29)}}}, m_alice);
    QCOMPARE(held.status, 201);
    const Answer changed = send("GET", path, {}, {}, {{"If-None-Match", etag}});
    QCOMPARE(changed.status, 200);
    QVERIFY(changed.headers.value("etag") != etag);
    QCOMPARE(changed.json.value(QStringLiteral("seats"))
                 .toArray()
                 .at(29)
                 .toObject()
                 .value(QStringLiteral("state"))
                 .toString(),
             QStringLiteral("held"));
    QVERIFY(!changed.body.contains(cart.toUtf8()));
    QCOMPARE(
        send("DELETE", QStringLiteral("/api/v1/carts/%1/holds/%2").arg(cart).arg(m_units.at(29)), {}, m_alice).status,
        200);

    QCOMPARE(get(QStringLiteral("/api/v1/events/abc/seatmap")).status, 400);
    QCOMPARE(get(QStringLiteral("/api/v1/events/999999/seatmap")).status, 404);
}

void TestWebApi::buyersMustSignIn()
{
    const int cartsBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt();
    const Answer none = send("POST", QStringLiteral("/api/v1/carts"));
    QCOMPARE(none.status, 401);
    QCOMPARE(none.errorCode(), QStringLiteral("unauthorized"));
    QVERIFY(!none.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString().isEmpty());
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), {}, QStringLiteral("not-a-token")).status, 401);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), {}, QString(43, QLatin1Char('A'))).status, 401);
    QCOMPARE(get(QStringLiteral("/api/v1/orders/1")).status, 401);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), {}, {}, {{"Authorization", "Basic YWxpY2U6eA=="}}).status,
             401);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt(), cartsBefore);
}

void TestWebApi::holdReleaseAndExtend()
{
    const QString cart = newCart(m_alice);
    QVERIFY(cart.startsWith(QStringLiteral("web-")));
    const Answer held = post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                             {{QStringLiteral("event"), m_hall.eventId},
                              {QStringLiteral("seats"), QJsonArray{m_units.at(0), m_units.at(1)}}},
                             m_alice);
    QVERIFY2(held.status == 201, qPrintable(held.describe()));
    QCOMPARE(held.json.value(QStringLiteral("held")).toArray().size(), 2);
    const QDateTime expires
        = QDateTime::fromString(held.json.value(QStringLiteral("expires_at")).toString(), Qt::ISODateWithMs);
    QVERIFY(expires.isValid());
    QCOMPARE(expires.timeSpec(), Qt::UTC);
    QCOMPARE(seatState(m_units.at(0)), QStringLiteral("HELD"));

    const Answer byLabel = post(
        QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
        {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("labels"), QJsonArray{QStringLiteral("A-1-3")}}},
        m_alice);
    QVERIFY2(byLabel.status == 201, qPrintable(byLabel.describe()));
    QCOMPARE(byLabel.json.value(QStringLiteral("held"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("seat"))
                 .toString(),
             QStringLiteral("A-1-3"));
    QCOMPARE(seatState(m_units.at(2)), QStringLiteral("HELD"));

    const QString one = QStringLiteral("/api/v1/carts/%1/holds/%2").arg(cart).arg(m_units.at(2));
    const Answer released = send("DELETE", one, {}, m_alice);
    QVERIFY2(released.status == 200, qPrintable(released.describe()));
    QCOMPARE(seatState(m_units.at(2)), QStringLiteral("AVAILABLE"));
    QCOMPARE(send("DELETE", one, {}, m_alice).status, 404); // not held any more
    QCOMPARE(send("DELETE", QStringLiteral("/api/v1/carts/%1/holds/abc").arg(cart), {}, m_alice).status, 400);

    const Answer extended = send("POST", QStringLiteral("/api/v1/carts/%1/extend").arg(cart), {}, m_alice);
    QVERIFY2(extended.status == 200, qPrintable(extended.describe()));
    QCOMPARE(extended.json.value(QStringLiteral("extended")).toArray().size(), 2);
    QCOMPARE(extended.json.value(QStringLiteral("extensions_left")).toInt(), 0);
    QVERIFY(m_inventory->carts.releaseCart(cart).ok());
}

void TestWebApi::aTakenSeatIsRefusedByName()
{
    const QString aliceCart = newCart(m_alice);
    const QString bobCart = newCart(m_bob);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(aliceCart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(5)}}},
                  m_alice)
                 .status,
             201);
    const Answer lost = post(QStringLiteral("/api/v1/carts/%1/holds").arg(bobCart),
                             {{QStringLiteral("event"), m_hall.eventId},
                              {QStringLiteral("seats"), QJsonArray{m_units.at(4), m_units.at(5)}}},
                             m_bob);
    QCOMPARE(lost.status, 409);
    QCOMPARE(lost.errorCode(), QStringLiteral("lost"));
    QCOMPARE(lost.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("seats")).toArray(),
             QJsonArray{QStringLiteral("A-1-6")});
    QVERIFY(lost.json.value(QStringLiteral("error"))
                .toObject()
                .value(QStringLiteral("message"))
                .toString()
                .contains(QStringLiteral("A-1-6")));
    // All or nothing: the free seat asked for with it was not held either.
    QCOMPARE(seatState(m_units.at(4)), QStringLiteral("AVAILABLE"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_units.at(5)}})
                 .toString(),
             aliceCart);
    QVERIFY(m_inventory->carts.releaseCart(aliceCart).ok());
}

void TestWebApi::checkoutPaidSellsTheSeats()
{
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId},
                   {QStringLiteral("seats"), QJsonArray{m_units.at(10), m_units.at(11)}}},
                  m_alice)
                 .status,
             201);
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QVERIFY2(paid.status == 200, qPrintable(paid.describe()));
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    const qint64 order = paid.json.value(QStringLiteral("order")).toInteger();
    QVERIFY(order > 0);
    QCOMPARE(paid.json.value(QStringLiteral("amount")).toInteger(), 9000);
    const QVariantMap bindings{{QStringLiteral("o"), order}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE order_id = :o AND state = 'SOLD'"),
                          bindings)
                 .toInt(),
             2);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), bindings).toString(),
             QStringLiteral("PAID"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT channel FROM orders WHERE id = :o"), bindings).toString(),
             QStringLiteral("web"));

    const Answer status = get(QStringLiteral("/api/v1/orders/%1").arg(order), m_alice);
    QVERIFY2(status.status == 200, qPrintable(status.describe()));
    QCOMPARE(status.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    QCOMPARE(status.json.value(QStringLiteral("amount")).toInteger(), 9000);
    QCOMPARE(status.json.value(QStringLiteral("currency")).toString().isEmpty(), false);
    QCOMPARE(status.json.value(QStringLiteral("lines")).toArray().size(), 2);
    QCOMPARE(get(QStringLiteral("/api/v1/orders/abc"), m_alice).status, 404);
}

void TestWebApi::checkoutDeclinedFreesTheSeats()
{
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(12)}}},
                  m_alice)
                 .status,
             201);
    m_fakepay->behave({QStringLiteral("decline")});
    const Answer declined = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QVERIFY2(declined.status == 200, qPrintable(declined.describe()));
    QCOMPARE(declined.json.value(QStringLiteral("state")).toString(), QStringLiteral("declined"));
    QCOMPARE(seatState(m_units.at(12)), QStringLiteral("AVAILABLE"));
    const qint64 order = declined.json.value(QStringLiteral("order")).toInteger();
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
                 .toString(),
             QStringLiteral("CANCELLED"));
    QCOMPARE(
        get(QStringLiteral("/api/v1/orders/%1").arg(order), m_alice).json.value(QStringLiteral("state")).toString(),
        QStringLiteral("cancelled"));
}

void TestWebApi::anotherBuyersCartsAndOrdersAreNotFound()
{
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(13)}}},
                  m_alice)
                 .status,
             201);
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    const qint64 order = paid.json.value(QStringLiteral("order")).toInteger();

    const QString other = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(other),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(14)}}},
                  m_alice)
                 .status,
             201);
    const Answer order404 = get(QStringLiteral("/api/v1/orders/%1").arg(order), m_bob);
    QCOMPARE(order404.status, 404);
    QCOMPARE(order404.errorCode(), QStringLiteral("not_found"));
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(other),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(15)}}},
                  m_bob)
                 .status,
             404);
    QCOMPARE(
        send("DELETE", QStringLiteral("/api/v1/carts/%1/holds/%2").arg(other).arg(m_units.at(14)), {}, m_bob).status,
        404);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts/%1/extend").arg(other), {}, m_bob).status, 404);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(other), {}, m_bob).status, 404);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts/no-such-cart/extend"), {}, m_bob).status, 404);
    // Nothing of Alice's moved.
    QCOMPARE(seatState(m_units.at(14)), QStringLiteral("HELD"));
    QCOMPARE(seatState(m_units.at(15)), QStringLiteral("AVAILABLE"));
    QVERIFY(m_inventory->carts.releaseCart(other).ok());
}

void TestWebApi::wrongMethodsAndUnknownPaths()
{
    const Answer wrong = get(QStringLiteral("/api/v1/carts"), m_alice);
    QCOMPARE(wrong.status, 405);
    QCOMPARE(wrong.errorCode(), QStringLiteral("method_not_allowed"));
    QCOMPARE(wrong.headers.value("allow"), QByteArray("POST"));
    QCOMPARE(send("PUT", QStringLiteral("/healthz")).status, 405);
    QCOMPARE(send("DELETE", QStringLiteral("/api/v1/events")).status, 405);
    QCOMPARE(send("PATCH", QStringLiteral("/api/v1/orders/1"), "{}", m_alice).status, 405);
    m_recording = false; // no such path is in the description, by design
    const Answer unknown = get(QStringLiteral("/api/v2/whatever"));
    m_recording = true;
    QCOMPARE(unknown.status, 404);
    QCOMPARE(unknown.errorCode(), QStringLiteral("not_found"));
}

void TestWebApi::oversizeBodiesAreRefused()
{
    const QString cart = newCart(m_alice);
    const QByteArray huge
        = "{\"event\":" + QByteArray::number(m_hall.eventId) + ",\"labels\":[\"" + QByteArray(100 * 1024, 'A') + "\"]}";
    const Answer refused = send("POST", QStringLiteral("/api/v1/carts/%1/holds").arg(cart), huge, m_alice);
    QCOMPARE(refused.status, 413);
    QCOMPARE(refused.errorCode(), QStringLiteral("payload_too_large"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), cart}})
                 .toInt(),
             0);
}

void TestWebApi::malformedRequestsChangeNothing()
{
    const QString cart = newCart(m_alice);
    const QString path = QStringLiteral("/api/v1/carts/%1/holds").arg(cart);
    const QByteArray event = QByteArray::number(m_hall.eventId);
    const QByteArray seat = QByteArray::number(m_units.at(20));
    const QList<QByteArray> bodies{
        "{not json",
        "[1,2,3]",
        "",
        "{\"event\":" + event + ",\"seats\":[" + seat + "],\"sneaky\":true}", // unknown field
        "{\"event\":\"" + event + "\",\"seats\":[" + seat + "]}", // event as a string
        "{\"event\":" + event + ",\"seats\":[" + seat + ".5]}",
        "{\"event\":" + event + ",\"seats\":[-" + seat + "]}",
        "{\"event\":" + event + ",\"seats\":[]}",
        "{\"event\":" + event + ",\"seats\":[" + seat + "," + seat + "]}", // duplicate
        "{\"event\":" + event + ",\"seats\":[" + seat + "],\"labels\":[\"A-3-1\"]}", // both
        "{\"event\":" + event + "}",
        "{\"event\":" + event + ",\"labels\":[\"Z-9-99\"]}", // no such seat
        "{\"event\":" + event + ",\"labels\":[42]}",
    };
    for (const QByteArray &body : bodies) {
        const Answer answer = send("POST", path, body, m_alice);
        QVERIFY2(answer.status == 400,
                 qPrintable(QString::fromUtf8(body) + QStringLiteral(" -> ") + answer.describe()));
        QCOMPARE(answer.errorCode(), QStringLiteral("bad_input"));
    }
    QCOMPARE(seatState(m_units.at(20)), QStringLiteral("AVAILABLE"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), cart}})
                 .toInt(),
             0);
    // Bodies where none belongs must be empty or {}.
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), "{\"buyer\":2}", m_alice).status, 400);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), "{\"amount\":1}", m_alice).status,
             400);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE cart_id = :c"), {{QStringLiteral("c"), cart}})
            .toInt(),
        0);
}

void TestWebApi::theBuyersCapIsEnforced()
{
    const QString cart = newCart(m_bob);
    const QString path = QStringLiteral("/api/v1/carts/%1/holds").arg(cart);
    QCOMPARE(post(path,
                  {{QStringLiteral("event"), m_capped.eventId},
                   {QStringLiteral("seats"), QJsonArray{m_cappedUnits.at(0), m_cappedUnits.at(1)}}},
                  m_bob)
                 .status,
             201);
    const Answer refused = post(
        path, {{QStringLiteral("event"), m_capped.eventId}, {QStringLiteral("seats"), QJsonArray{m_cappedUnits.at(2)}}},
        m_bob);
    QVERIFY2(refused.status == 429 || refused.status == 409, qPrintable(refused.describe()));
    QCOMPARE(refused.errorCode(), QStringLiteral("limit_reached"));
    QCOMPARE(seatState(m_cappedUnits.at(2)), QStringLiteral("AVAILABLE"));
    // Another cart of the same buyer does not get around it.
    const QString second = newCart(m_bob);
    QCOMPARE(
        post(QStringLiteral("/api/v1/carts/%1/holds").arg(second),
             {{QStringLiteral("event"), m_capped.eventId}, {QStringLiteral("seats"), QJsonArray{m_cappedUnits.at(3)}}},
             m_bob)
            .status,
        refused.status);
    QCOMPARE(seatState(m_cappedUnits.at(3)), QStringLiteral("AVAILABLE"));
    // Another buyer has a cap of their own.
    const QString alices = newCart(m_alice);
    QCOMPARE(
        post(QStringLiteral("/api/v1/carts/%1/holds").arg(alices),
             {{QStringLiteral("event"), m_capped.eventId}, {QStringLiteral("seats"), QJsonArray{m_cappedUnits.at(3)}}},
             m_alice)
            .status,
        201);
    QVERIFY(m_inventory->carts.releaseCart(cart).ok());
    QVERIFY(m_inventory->carts.releaseCart(alices).ok());
}

// Places count with the seats of their event, stays against their hotel, tables against their
// restaurant: past a cap the buyer gets the seats' answer (429 limit_reached) and holds nothing new.
void TestWebApi::theCapsCoverPlacesStaysAndTables()
{
    const auto carol = PgBuyerStore(m_db->database()).addBuyer(QStringLiteral("Carol"));
    QVERIFY(carol.ok());
    const QString token = carol->token;
    const QVariantMap buyer{{QStringLiteral("b"), carol->buyer.id}};
    const auto heldBy = [&](const QString &table, const QString &units) {
        return m_db
            ->scalar(QStringLiteral("SELECT COALESCE(sum(%1), 0) FROM %2 h JOIN buyer_carts c ON c.cart_id = h.cart_id "
                                    "WHERE c.buyer_id = :b AND h.state = 'HELD'")
                         .arg(units, table),
                     buyer)
            .toInt();
    };
    const auto expectRefused = [](const Answer &answer, const QString &words) {
        QVERIFY2(answer.status == 429, qPrintable(answer.describe()));
        QCOMPARE(answer.errorCode(), QStringLiteral("limit_reached"));
        QVERIFY2(answer.json.value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString()
                     .contains(words),
                 qPrintable(answer.describe()));
    };
    const QString first = newCart(token);
    const QString second = newCart(token);

    // The capped event: 2 tickets at once, seats and places together.
    PoolSpec spec;
    spec.event = m_capped.eventId;
    spec.code = QStringLiteral("CAPSTAND");
    spec.capacity = 20;
    spec.price = Money(1000, QStringLiteral("EUR"));
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    QCOMPARE(
        post(QStringLiteral("/api/v1/carts/%1/holds").arg(first),
             {{QStringLiteral("event"), m_capped.eventId}, {QStringLiteral("seats"), QJsonArray{m_cappedUnits.at(4)}}},
             token)
            .status,
        201);
    const QString places = QStringLiteral("/api/v1/carts/%1/places");
    expectRefused(post(places.arg(first), {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 2}}, token),
                  QStringLiteral("at most 2 tickets for this event"));
    QCOMPARE(heldBy(QStringLiteral("ga_holds"), QStringLiteral("h.quantity")), 0);
    QCOMPARE(
        post(places.arg(first), {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 1}}, token).status,
        201);
    expectRefused(
        post(places.arg(second), {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 1}}, token),
        QStringLiteral("you already hold 2"));
    QCOMPARE(heldBy(QStringLiteral("ga_holds"), QStringLiteral("h.quantity")), 1);

    // A hotel capped at one stay per buyer.
    const auto inn
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Capped Inn", "currency": "EUR", "nights": 30,
                            "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 5}]})");
    QVERIFY(inn.ok());
    QVERIFY(m_db->exec(QStringLiteral("UPDATE hotels SET max_stays_per_buyer = 1 WHERE id = :h"),
                       {{QStringLiteral("h"), inn->id}}));
    RoomTypeId room = 0;
    QDate night;
    for (const HotelSummary &hotel : HotelService(m_inventory->hotels).hotels().value()) {
        if (hotel.id == inn->id) {
            room = hotel.roomTypes.first().id;
            night = hotel.firstNight.addDays(1);
        }
    }
    const QString stays = QStringLiteral("/api/v1/carts/%1/stays");
    QCOMPARE(post(stays.arg(first),
                  {{QStringLiteral("room_type"), room},
                   {QStringLiteral("check_in"), night.toString(Qt::ISODate)},
                   {QStringLiteral("check_out"), night.addDays(2).toString(Qt::ISODate)}},
                  token)
                 .status,
             201);
    expectRefused(post(stays.arg(second),
                       {{QStringLiteral("room_type"), room},
                        {QStringLiteral("check_in"), night.addDays(5).toString(Qt::ISODate)},
                        {QStringLiteral("check_out"), night.addDays(6).toString(Qt::ISODate)}},
                       token),
                  QStringLiteral("at most 1 stay at this hotel"));
    QCOMPARE(heldBy(QStringLiteral("stays"), QStringLiteral("1")), 1);

    // A restaurant capped at one table per buyer.
    const auto bistro = PropertyLoader(m_db->database()).loadRestaurant(R"({"name": "Capped Bistro", "currency": "EUR",
                               "tables": [{"code": "C1", "seats": 4}, {"code": "C2", "seats": 4}]})");
    QVERIFY(bistro.ok());
    QVERIFY(m_db->exec(QStringLiteral("UPDATE restaurants SET max_bookings_per_buyer = 1 WHERE id = :r"),
                       {{QStringLiteral("r"), bistro->id}}));
    const QString tables = QStringLiteral("/api/v1/carts/%1/tables");
    const QDateTime at = QDateTime::currentDateTimeUtc().addDays(4);
    QCOMPARE(post(tables.arg(first),
                  {{QStringLiteral("restaurant"), bistro->id},
                   {QStringLiteral("party"), 2},
                   {QStringLiteral("at"), at.toString(Qt::ISODate)},
                   {QStringLiteral("minutes"), 90}},
                  token)
                 .status,
             201);
    expectRefused(post(tables.arg(second),
                       {{QStringLiteral("restaurant"), bistro->id},
                        {QStringLiteral("party"), 2},
                        {QStringLiteral("at"), at.addDays(1).toString(Qt::ISODate)},
                        {QStringLiteral("minutes"), 90}},
                       token),
                  QStringLiteral("at most 1 table booking at this restaurant"));
    QCOMPARE(heldBy(QStringLiteral("slot_bookings"), QStringLiteral("1")), 1);

    // The desk is not capped: a clerk still sells the event's places beside the buyer's.
    PoolHoldRequest desk;
    desk.pool = pool->id;
    desk.cart = QStringLiteral("desk-caps");
    desk.quantity = 5;
    QVERIFY(PoolService(m_inventory->pools).hold(desk).ok());
    QVERIFY(m_inventory->carts.releaseCart(desk.cart).ok());
    for (const QString &cart : {first, second})
        QCOMPARE(send("DELETE", QStringLiteral("/api/v1/carts/%1").arg(cart), {}, token).status, 200);
}

void TestWebApi::webhooksWithABadSignatureAreRefused()
{
    const QByteArray body
        = R"({"id":"evt_forged","type":"payment_intent.succeeded","data":{"object":{"id":"pi_x","amount":100,"metadata":{"order_id":"1"}}}})";
    const QString path = QStringLiteral("/api/v1/webhooks/payments");
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const Answer forged = send("POST", path, body, {},
                               {{"Stripe-Signature", "t=" + QByteArray::number(now) + ",v1=" + QByteArray(64, 'a')}});
    QCOMPARE(forged.status, 400);
    QCOMPARE(forged.json.value(QStringLiteral("error")).toObject().contains(QStringLiteral("message")), true);
    QCOMPARE(send("POST", path, body).status, 400); // no signature at all
    // Signed with another secret: refused too.
    const QByteArray wrongKey = WebhookSignature::sign(body, "whsec_someone_else", now);
    QCOMPARE(send("POST", path, body, {}, {{"Stripe-Signature", wrongKey}}).status, 400);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM payment_inbox")).toInt(), 0);
}

void TestWebApi::metricsCountRequestsAndHolds()
{
    const QString healthLine
        = QStringLiteral(R"(boxoffice_web_requests_total{route="/healthz",method="GET",status="200"})");
    const QString grantedLine = QStringLiteral(R"(boxoffice_web_holds_total{outcome="granted"})");
    const double healthBefore = metric(healthLine);
    const double grantedBefore = metric(grantedLine);
    QCOMPARE(get(QStringLiteral("/healthz")).status, 200);
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(21)}}},
                  m_alice)
                 .status,
             201);
    QCOMPARE(metric(healthLine), healthBefore + 1);
    QCOMPARE(metric(grantedLine), grantedBefore + 1);
    const Answer metrics = get(QStringLiteral("/metrics"));
    QVERIFY(metrics.headers.value("content-type").startsWith("text/plain"));
    QVERIFY(metrics.body.contains("boxoffice_web_request_duration_seconds_bucket{le=\"+Inf\"}"));
    QVERIFY(metrics.body.contains("boxoffice_web_lane_threads{lane=\"claim\"} 3"));
    QVERIFY(metrics.body.contains("boxoffice_web_holds_total{outcome=\"lost\"}"));
    QVERIFY(metrics.body.contains("boxoffice_web_holds_total{outcome=\"refused\"}"));
    QVERIFY(m_inventory->carts.releaseCart(cart).ok());
}

void TestWebApi::theCounterAndTheWebShareOnePool()
{
    // A seat held on the web cannot be held at the counter (another connection, the same rows) ...
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(25)}}},
                  m_alice)
                 .status,
             201);
    HoldRequest desk;
    desk.event = m_hall.eventId;
    desk.cart = QStringLiteral("desk-1");
    desk.units = {m_units.at(25)};
    const auto refused = m_counter->hold(desk);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Lost);
    // ... and a seat the counter holds cannot be held on the web.
    desk.units = {m_units.at(26)};
    QVERIFY(m_counter->hold(desk).ok());
    const Answer lost = post(
        QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
        {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(26)}}}, m_alice);
    QCOMPARE(lost.status, 409);
    QCOMPARE(lost.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("seats")).toArray(),
             QJsonArray{QStringLiteral("A-3-7")});
    QVERIFY(m_inventory->carts.releaseCart(cart).ok());
    QVERIFY(m_inventory->carts.releaseCart(desk.cart).ok());
}

void TestWebApi::parallelBuyersOfOneSeatGetItOnce()
{
    // Eight carts ask for the same seat at once: the requests are in flight together (several
    // connections, several pool threads) and exactly one wins.
    QVector<QString> carts;
    for (int i = 0; i < 8; ++i)
        carts << newCart(i % 2 ? m_bob : m_alice);
    QVector<QNetworkReply *> replies;
    for (int i = 0; i < carts.size(); ++i) {
        QUrl url = m_server->baseUrl();
        url.setPath(QStringLiteral("/api/v1/carts/%1/holds").arg(carts.at(i)));
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        request.setRawHeader("Authorization", "Bearer " + (i % 2 ? m_bob : m_alice).toLatin1());
        const QJsonObject body{{QStringLiteral("event"), m_hall.eventId},
                               {QStringLiteral("seats"), QJsonArray{m_units.at(27)}}};
        replies << m_network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    }
    QEventLoop loop;
    int finished = 0;
    for (QNetworkReply *reply : replies)
        connect(reply, &QNetworkReply::finished, &loop, [&] {
            if (++finished == replies.size())
                loop.quit();
        });
    QTimer::singleShot(60000, &loop, &QEventLoop::quit); // safety net only
    if (finished < replies.size())
        loop.exec();
    int won = 0;
    int lost = 0;
    for (QNetworkReply *reply : replies) {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        won += status == 201;
        lost += status == 409;
        reply->deleteLater();
    }
    QCOMPARE(won, 1);
    QCOMPARE(lost, 7);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE id = :u AND state = 'HELD'"),
                          {{QStringLiteral("u"), m_units.at(27)}})
                 .toInt(),
             1);
    for (const QString &cart : carts)
        QVERIFY(m_inventory->carts.releaseCart(cart).ok());
}

namespace {
QStringList capturedLog;
QtMessageHandler previousHandler = nullptr;
void captureLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (context.category && QByteArray(context.category) == "boxoffice.web")
        capturedLog << message;
    if (previousHandler)
        previousHandler(type, context, message);
}
} // namespace

void TestWebApi::theLogLineCarriesTheRequestId()
{
    capturedLog.clear();
    previousHandler = qInstallMessageHandler(captureLog);
    const Answer answer = send("GET", QStringLiteral("/api/v1/events"), {}, {}, {{"X-Request-Id", "log-line-77"}});
    const Answer generated = get(QStringLiteral("/api/v1/orders/1"));
    qInstallMessageHandler(previousHandler);
    QCOMPARE(answer.status, 200);
    QCOMPARE(answer.headers.value("x-request-id"), QByteArray("log-line-77"));
    const QString id = QString::fromLatin1(generated.headers.value("x-request-id"));
    QVERIFY(!id.isEmpty());
    bool echoedLogged = false;
    bool generatedLogged = false;
    for (const QString &line : capturedLog) {
        echoedLogged = echoedLogged
            || (line.contains(QStringLiteral("log-line-77")) && line.contains(QStringLiteral("/api/v1/events")));
        generatedLogged = generatedLogged || (line.contains(id) && line.contains(QStringLiteral("401")));
    }
    QVERIFY2(echoedLogged, qPrintable(capturedLog.join(QLatin1Char('\n'))));
    QVERIFY2(generatedLogged, qPrintable(capturedLog.join(QLatin1Char('\n'))));
}

void TestWebApi::placesAndStaysCheckOutWithSeats()
{
    // A standing pool on the hall's event and a small hotel, sold in one cart with a seat.
    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("STAND");
    spec.name = QStringLiteral("Standing");
    spec.capacity = 10;
    spec.price = Money(2000, QStringLiteral("EUR"));
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    QVERIFY(PropertyLoader(m_db->database())
                .loadHotel(R"({"name": "Web Inn", "currency": "EUR", "nights": 30,
                   "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2}]})")
                .ok());

    const Answer pools = get(QStringLiteral("/api/v1/events/%1/pools").arg(m_hall.eventId));
    QVERIFY2(pools.status == 200, qPrintable(pools.describe()));
    QCOMPARE(pools.json.value(QStringLiteral("pools"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("available"))
                 .toInt(),
             10);

    const Answer hotels = get(QStringLiteral("/api/v1/hotels"));
    QVERIFY2(hotels.status == 200, qPrintable(hotels.describe()));
    QJsonObject inn;
    for (const QJsonValue &hotel : hotels.json.value(QStringLiteral("hotels")).toArray())
        if (hotel.toObject().value(QStringLiteral("name")).toString() == QLatin1String("Web Inn"))
            inn = hotel.toObject();
    QVERIFY(!inn.isEmpty());
    const qint64 roomType
        = inn.value(QStringLiteral("room_types")).toArray().first().toObject().value(QStringLiteral("id")).toInteger();
    const QDate checkIn
        = QDate::fromString(inn.value(QStringLiteral("first_night")).toString(), Qt::ISODate).addDays(3);
    const QString range = QStringLiteral("check_in=%1&check_out=%2")
                              .arg(checkIn.toString(Qt::ISODate), checkIn.addDays(2).toString(Qt::ISODate));
    const Answer free = get(QStringLiteral("/api/v1/hotels/%1/availability?%2")
                                .arg(inn.value(QStringLiteral("id")).toInteger())
                                .arg(range));
    QVERIFY2(free.status == 200, qPrintable(free.describe()));
    QCOMPARE(free.json.value(QStringLiteral("room_types"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("free_every_night"))
                 .toInt(),
             2);
    QCOMPARE(get(QStringLiteral("/api/v1/hotels/%1/availability?check_in=tomorrow")
                     .arg(inn.value(QStringLiteral("id")).toInteger()))
                 .status,
             400);

    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(29)}}},
                  m_alice)
                 .status,
             201);
    const Answer places = post(QStringLiteral("/api/v1/carts/%1/places").arg(cart),
                               {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 2}}, m_alice);
    QVERIFY2(places.status == 201, qPrintable(places.describe()));
    const Answer stay = post(QStringLiteral("/api/v1/carts/%1/stays").arg(cart),
                             {{QStringLiteral("room_type"), roomType},
                              {QStringLiteral("check_in"), checkIn.toString(Qt::ISODate)},
                              {QStringLiteral("check_out"), checkIn.addDays(2).toString(Qt::ISODate)},
                              {QStringLiteral("guest"), QStringLiteral("Alice")}},
                             m_alice);
    QVERIFY2(stay.status == 201, qPrintable(stay.describe()));
    // Bad input changes nothing: a stay that ends before it starts, an unknown field, another buyer's cart.
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/stays").arg(cart),
                  {{QStringLiteral("room_type"), roomType},
                   {QStringLiteral("check_in"), checkIn.toString(Qt::ISODate)},
                   {QStringLiteral("check_out"), checkIn.toString(Qt::ISODate)}},
                  m_alice)
                 .status,
             400);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/places").arg(cart),
                  {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 1}, {QStringLiteral("vip"), true}},
                  m_alice)
                 .status,
             400);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/places").arg(cart),
                  {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 1}}, m_bob)
                 .status,
             404);

    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QVERIFY2(paid.status == 200, qPrintable(paid.describe()));
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    QCOMPARE(paid.json.value(QStringLiteral("amount")).toInteger(), 4500 + 2 * 2000 + 2 * 9000);
    QCOMPARE(get(QStringLiteral("/api/v1/events/%1/pools").arg(m_hall.eventId))
                 .json.value(QStringLiteral("pools"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("available"))
                 .toInt(),
             8);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"),
                          {{QStringLiteral("s"), stay.json.value(QStringLiteral("stay")).toInteger()}})
                 .toString(),
             QStringLiteral("BOOKED"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestWebApi::theBuyersPageIsServed()
{
    const Answer page = get(QStringLiteral("/"));
    QCOMPARE(page.status, 200);
    QVERIFY(page.headers.value("content-type").startsWith("text/html"));
    QVERIFY(page.body.contains("/static/shop.js"));
    // The page runs only our own code, in no other site's frame; no answer's type is sniffed.
    QVERIFY(page.headers.value("content-security-policy").contains("script-src 'self'"));
    QVERIFY(page.headers.value("content-security-policy").contains("frame-ancestors 'none'"));
    QCOMPARE(page.headers.value("x-frame-options"), QByteArray("DENY"));
    QCOMPARE(page.headers.value("x-content-type-options"), QByteArray("nosniff"));
    QCOMPARE(page.headers.value("referrer-policy"), QByteArray("no-referrer"));
    QCOMPARE(get(QStringLiteral("/api/v1/events")).headers.value("x-content-type-options"), QByteArray("nosniff"));
    QCOMPARE(get(QStringLiteral("/static/shop.js")).status, 200);
    QCOMPARE(get(QStringLiteral("/static/shop.css")).status, 200);
    QCOMPARE(get(QStringLiteral("/static/missing.js")).status, 404);
    QCOMPARE(get(QStringLiteral("/static/..%2Fwebserver.cpp")).status, 404);
    const Answer description = get(QStringLiteral("/api/v1/openapi.yaml"));
    QCOMPARE(description.status, 200);
    QVERIFY(description.headers.value("content-type").startsWith("application/yaml"));
    QVERIFY(description.body.startsWith("openapi: 3."));
    QVERIFY(description.body.contains("/api/v1/orders:"));
}

// The card the caps counted is the card that pays: the charge names the cart's payment method, and the
// payment row records it; a cart without a card is charged without one (the account's default).
void TestWebApi::theCheckoutChargesTheCardTheCartNamed()
{
    const Answer created = cartWithCard(QStringLiteral("5555555555554444"), m_bob);
    QVERIFY2(created.status == 201, qPrintable(created.describe()));
    const QString cart = created.json.value(QStringLiteral("cart")).toString();
    const QString method = m_db->scalar(QStringLiteral("SELECT payment_method FROM buyer_carts WHERE cart_id = :c"),
                                        {{QStringLiteral("c"), cart}})
                               .toString();
    QVERIFY2(method.startsWith(QLatin1String("pm_")), qPrintable(method));
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(23)}}},
                  m_bob)
                 .status,
             201);
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_bob);
    QVERIFY2(paid.status == 200, qPrintable(paid.describe()));
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    const qint64 order = paid.json.value(QStringLiteral("order")).toInteger();
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT payment_method FROM payments WHERE order_id = :o AND state = 'SUCCEEDED'"),
                     {{QStringLiteral("o"), order}})
            .toString(),
        method);
    int named = 0;
    for (const QJsonValue &charge : m_fakepay->state().value(QStringLiteral("charges")).toArray()) {
        const QJsonObject intent = charge.toObject();
        if (intent.value(QStringLiteral("order_id")).toString() == QString::number(order)) {
            QCOMPARE(intent.value(QStringLiteral("payment_method")).toString(), method);
            ++named;
        }
    }
    QCOMPARE(named, 1);

    // The database keeps a payment method only with its card, and only of the provider's shape.
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE buyer_carts SET payment_method = 'pm_x''; --' WHERE cart_id = :c"),
                        {{QStringLiteral("c"), cart}}));
    const QString bare = newCart(m_bob);
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE buyer_carts SET payment_method = 'pm_abc' WHERE cart_id = :c"),
                        {{QStringLiteral("c"), bare}}));
}

void TestWebApi::aCartNamesItsPaymentCardForTheCardCap()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_instrument = 1 WHERE id = :e"),
                       {{QStringLiteral("e"), m_hall.eventId}}));
    // One card, typed two ways by two accounts: the provider vouches it is one card.
    const Answer aliceCart = cartWithCard(QStringLiteral("4242 4242 4242 4242"), m_alice);
    const Answer bobCart = cartWithCard(QStringLiteral("4242-4242-4242-4242"), m_bob);
    QCOMPARE(aliceCart.status, 201);
    QCOMPARE(bobCart.status, 201);
    QCOMPARE(aliceCart.json.value(QStringLiteral("card")).toObject().value(QStringLiteral("last4")).toString(),
             QStringLiteral("4242"));
    QVERIFY(!aliceCart.json.value(QStringLiteral("card")).toObject().contains(QStringLiteral("fingerprint")));
    const QString aliceCard = cartInstrument(aliceCart.json.value(QStringLiteral("cart")).toString());
    QVERIFY(!aliceCard.isEmpty());
    QCOMPARE(cartInstrument(bobCart.json.value(QStringLiteral("cart")).toString()), aliceCard);
    // What is stored is the provider's fingerprint, nothing the buyer sent.
    const QJsonObject asProvider = m_fakepay->addCard(apiKey, QStringLiteral("4242424242424242"));
    QCOMPARE(aliceCard,
             asProvider.value(QStringLiteral("card")).toObject().value(QStringLiteral("fingerprint")).toString());

    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(aliceCart.json.value(QStringLiteral("cart")).toString()),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(27)}}},
                  m_alice)
                 .status,
             201);
    const Answer refused = post(
        QStringLiteral("/api/v1/carts/%1/holds").arg(bobCart.json.value(QStringLiteral("cart")).toString()),
        {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(28)}}}, m_bob);
    QCOMPARE(refused.status, 429);
    QCOMPARE(seatState(m_units.at(28)), QStringLiteral("AVAILABLE"));
    // Another card is another budget.
    const Answer otherCard = cartWithCard(QStringLiteral("5555 5555 5555 4444"), m_bob);
    QCOMPARE(otherCard.status, 201);
    QVERIFY(cartInstrument(otherCard.json.value(QStringLiteral("cart")).toString()) != aliceCard);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(otherCard.json.value(QStringLiteral("cart")).toString()),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(28)}}},
                  m_bob)
                 .status,
             201);
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_instrument = NULL WHERE id = :e"),
                       {{QStringLiteral("e"), m_hall.eventId}}));
}

void TestWebApi::aCartWithoutACardAndRefusedCards()
{
    const int cartsBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt();
    // Free text as a card: the way around the card cap ("CARD-Y", a zero-width space) is closed.
    for (const QJsonValue &typed : {QJsonValue(QStringLiteral("CARD-Y")), QJsonValue(QStringLiteral("CARD\u200BY")),
                                    QJsonValue(QStringLiteral("  ")), QJsonValue(42)}) {
        const Answer refused = post(QStringLiteral("/api/v1/carts"), {{QStringLiteral("instrument"), typed}}, m_alice);
        QCOMPARE(refused.status, 400);
        // The zero-width space is refused before the card is even looked at, as any invisible character.
        const QString message
            = refused.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
        QVERIFY2(message.contains(QStringLiteral("payment_method")) || message.contains(QStringLiteral("invisible")),
                 qPrintable(refused.describe()));
    }
    // A payment method nobody made, or not shaped like one: 4xx JSON, no cart, and nothing to SQL.
    const Answer forged = post(QStringLiteral("/api/v1/carts"),
                               {{QStringLiteral("payment_method"), QStringLiteral("pm_Forged0000000000")}}, m_alice);
    QCOMPARE(forged.status, 400);
    QCOMPARE(forged.errorCode(), QStringLiteral("unknown_payment_method"));
    for (const QJsonValue &malformed :
         {QJsonValue(QStringLiteral("pm_../../v1/refunds")), QJsonValue(QStringLiteral("pm_abc\u200B")),
          QJsonValue(QStringLiteral("3654b0cd783699049b89a83b")), QJsonValue(QString()), QJsonValue(7),
          QJsonValue(QJsonObject{{QStringLiteral("fingerprint"), QStringLiteral("x")}})}) {
        const Answer refused
            = post(QStringLiteral("/api/v1/carts"), {{QStringLiteral("payment_method"), malformed}}, m_alice);
        QCOMPARE(refused.status, 400);
        QCOMPARE(refused.errorCode(), QStringLiteral("bad_input"));
    }
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt(), cartsBefore);

    // No card at all is allowed: the cart has no fingerprint and counts as an unknown card.
    const QString plain = newCart(m_alice);
    QVERIFY(!plain.isEmpty());
    QVERIFY(m_db->scalar(QStringLiteral("SELECT instrument IS NULL FROM buyer_carts WHERE cart_id = :c"),
                         {{QStringLiteral("c"), plain}})
                .toBool());
    // And the database keeps free text out whoever writes.
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE buyer_carts SET instrument = 'CARD-Y ' WHERE cart_id = :c"),
                        {{QStringLiteral("c"), plain}}));
}

std::unique_ptr<WebServer> TestWebApi::tightServer(int cartsPerMinute, int failedSignInsPerMinute)
{
    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.threads = 2;
    config.providerUrl = m_fakepay->baseUrl();
    config.providerKey = apiKey.toUtf8();
    config.providerTimeoutMs = 5000;
    config.maxCartsPerMinute = cartsPerMinute;
    config.maxFailedSignInsPerMinute = failedSignInsPerMinute;
    config.trustedProxies = {*parseTrustedProxy(QStringLiteral("127.0.0.1"))};
    auto server = std::make_unique<WebServer>(config);
    if (!server->listen().ok())
        return nullptr;
    return server;
}

Answer TestWebApi::sendAs(WebServer &server, const QString &from, const QByteArray &method, const QString &path,
                          const QString &token, const QByteArray &body)
{
    const bool direct = from.startsWith(QLatin1String("127."));
    QTcpSocket socket;
    if (direct && !socket.bind(QHostAddress(from), 0))
        return {};
    socket.connectToHost(QHostAddress::LocalHost, server.port());
    QByteArray request = method + ' ' + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    if (!direct)
        request += "X-Forwarded-For: " + from.toUtf8() + ", 127.0.0.1\r\n";
    if (!token.isEmpty())
        request += "Authorization: Bearer " + token.toUtf8() + "\r\n";
    request
        += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    QByteArray raw;
    QEventLoop loop;
    connect(&socket, &QTcpSocket::connected, &loop, [&] { socket.write(request); });
    // Done once the head and Content-Length bytes of body are in, whether or not the server closes.
    connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
        raw += socket.readAll();
        const int end = raw.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        qsizetype length = 0;
        for (const QByteArray &line : raw.left(end).split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        if (raw.size() >= end + 4 + length)
            loop.quit();
    });
    connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
    connect(&socket, &QTcpSocket::errorOccurred, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit); // a safety net, not a timing assertion
    loop.exec();
    raw += socket.readAll();
    Answer answer;
    const int headEnd = raw.indexOf("\r\n\r\n");
    const QList<QByteArray> head = raw.left(headEnd).split('\n');
    answer.status = head.value(0).split(' ').value(1).toInt();
    for (qsizetype i = 1; i < head.size(); ++i) {
        const int colon = head.at(i).indexOf(':');
        if (colon > 0)
            answer.headers.insert(head.at(i).left(colon).trimmed().toLower(), head.at(i).mid(colon + 1).trimmed());
    }
    answer.body = headEnd < 0 ? QByteArray() : raw.mid(headEnd + 4);
    answer.json = QJsonDocument::fromJson(answer.body).object();
    return answer;
}

void TestWebApi::failedSignInsAreLimitedPerAddress()
{
    const auto server = tightServer(0, 3);
    QVERIFY(server);
    const QString wrong(43, QLatin1Char('W'));
    const QString order = QStringLiteral("/api/v1/orders/999999999"); // 404 once signed in: nothing changes
    const QString guesser = QStringLiteral("198.51.100.23");
    for (int i = 0; i < 3; ++i)
        QCOMPARE(sendAs(*server, guesser, "GET", order, wrong).status, 401);
    // Spent: even the right token is refused, so a right guess looks like any other.
    const Answer blocked = sendAs(*server, guesser, "GET", order, m_alice);
    QCOMPARE(blocked.status, 429);
    QCOMPARE(blocked.errorCode(), QStringLiteral("limit_reached"));
    QCOMPARE(blocked.headers.value("retry-after"), QByteArray("60"));
    QCOMPARE(sendAs(*server, guesser, "POST", QStringLiteral("/api/v1/carts"), m_alice).status, 429);
    // Another address is not affected, nor the guesser's neighbour in IPv4.
    QCOMPARE(sendAs(*server, QStringLiteral("198.51.100.24"), "GET", order, m_alice).status, 404);
    QCOMPARE(sendAs(*server, QStringLiteral("198.51.100.24"), "GET", order, wrong).status, 401);
    // A header from a peer that is not the trusted proxy names nobody: 127.0.0.2 counts as itself.
    {
        QTcpSocket probe;
        if (!probe.bind(QHostAddress(QStringLiteral("127.0.0.2")), 0))
            QSKIP("127.0.0.2 is not usable on this machine");
    }
    for (int i = 0; i < 3; ++i)
        QCOMPARE(sendAs(*server, QStringLiteral("127.0.0.2"), "GET", order, wrong).status, 401);
    QCOMPARE(sendAs(*server, QStringLiteral("127.0.0.2"), "GET", order, m_alice).status, 429);
    QCOMPARE(sendAs(*server, QStringLiteral("127.0.0.3"), "GET", order, m_alice).status, 404);
    // IPv6 clients are counted by their /64.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(sendAs(*server, QStringLiteral("2001:db8:5:6::%1").arg(i + 1), "GET", order, wrong).status, 401);
    QCOMPARE(sendAs(*server, QStringLiteral("2001:db8:5:6::99"), "GET", order, m_alice).status, 429);
    QCOMPARE(sendAs(*server, QStringLiteral("2001:db8:5:7::1"), "GET", order, m_alice).status, 404);
}

void TestWebApi::cartsCreatedAreLimitedPerBuyer()
{
    const auto server = tightServer(2, 0);
    QVERIFY(server);
    PgBuyerStore buyers(m_db->database());
    const auto carol = buyers.addBuyer(QStringLiteral("Carol"));
    const auto dave = buyers.addBuyer(QStringLiteral("Dave"));
    QVERIFY(carol.ok() && dave.ok());
    const QString address = QStringLiteral("198.51.100.40");
    QCOMPARE(sendAs(*server, address, "POST", QStringLiteral("/api/v1/carts"), carol->token).status, 201);
    QCOMPARE(sendAs(*server, address, "POST", QStringLiteral("/api/v1/carts"), carol->token).status, 201);
    const int cartsBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt();
    const Answer third = sendAs(*server, address, "POST", QStringLiteral("/api/v1/carts"), carol->token);
    QCOMPARE(third.status, 429);
    QCOMPARE(third.errorCode(), QStringLiteral("limit_reached"));
    QCOMPARE(third.headers.value("retry-after"), QByteArray("60"));
    QVERIFY(third.json.value(QStringLiteral("error"))
                .toObject()
                .value(QStringLiteral("message"))
                .toString()
                .contains(QStringLiteral("carts created")));
    // Refused before the provider is asked or the cart written.
    const QJsonObject card = m_fakepay->addCard(apiKey, QStringLiteral("4000056655665556"));
    QCOMPARE(sendAs(*server, address, "POST", QStringLiteral("/api/v1/carts"), carol->token,
                    QJsonDocument(QJsonObject{{QStringLiteral("payment_method"), card.value(QStringLiteral("id"))}})
                        .toJson(QJsonDocument::Compact))
                 .status,
             429);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt(), cartsBefore);
    // The limit is the buyer's, not the address's.
    QCOMPARE(sendAs(*server, address, "POST", QStringLiteral("/api/v1/carts"), dave->token).status, 201);
}

void TestWebApi::aTableIsFoundAndTheWholeCartGivenBack()
{
    QVERIFY(PropertyLoader(m_db->database())
                .loadRestaurant(R"({"name": "Web Bistro", "currency": "EUR", "deposit_minor": 1000, "hold_seconds": 300,
                   "max_extensions": 1, "tables": [{"code": "T1", "seats": 2}, {"code": "T2", "seats": 4}]})")
                .ok());
    const Answer restaurants = get(QStringLiteral("/api/v1/restaurants"));
    QVERIFY2(restaurants.status == 200, qPrintable(restaurants.describe()));
    qint64 bistro = 0;
    for (const QJsonValue &restaurant : restaurants.json.value(QStringLiteral("restaurants")).toArray())
        if (restaurant.toObject().value(QStringLiteral("name")).toString() == QLatin1String("Web Bistro"))
            bistro = restaurant.toObject().value(QStringLiteral("id")).toInteger();
    QVERIFY(bistro > 0);

    const QString cart = newCart(m_alice);
    const QString at = QDateTime::currentDateTimeUtc().addDays(2).toString(Qt::ISODate);
    const Answer table = post(QStringLiteral("/api/v1/carts/%1/tables").arg(cart),
                              {{QStringLiteral("restaurant"), bistro},
                               {QStringLiteral("party"), 3},
                               {QStringLiteral("at"), at},
                               {QStringLiteral("minutes"), 120}},
                              m_alice);
    QVERIFY2(table.status == 201, qPrintable(table.describe()));
    QCOMPARE(table.json.value(QStringLiteral("table")).toString(), QStringLiteral("T2")); // the only table for three
    // The same table at an overlapping time is gone: a party of three finds nothing.
    const QString otherCart = newCart(m_bob);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/tables").arg(otherCart),
                  {{QStringLiteral("restaurant"), bistro},
                   {QStringLiteral("party"), 3},
                   {QStringLiteral("at"), at},
                   {QStringLiteral("minutes"), 60}},
                  m_bob)
                 .status,
             409);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/tables").arg(cart),
                  {{QStringLiteral("restaurant"), bistro},
                   {QStringLiteral("party"), 2},
                   {QStringLiteral("at"), QStringLiteral("tomorrow at seven")},
                   {QStringLiteral("minutes"), 60}},
                  m_alice)
                 .status,
             400);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(26)}}},
                  m_alice)
                 .status,
             201);

    // Another buyer cannot empty this cart; its owner can, every shape at once.
    QCOMPARE(send("DELETE", QStringLiteral("/api/v1/carts/%1").arg(cart), {}, m_bob).status, 404);
    const Answer released = send("DELETE", QStringLiteral("/api/v1/carts/%1").arg(cart), {}, m_alice);
    QVERIFY2(released.status == 200, qPrintable(released.describe()));
    QCOMPARE(released.json.value(QStringLiteral("released")).toArray().size(), 2);
    QCOMPARE(seatState(m_units.at(26)), QStringLiteral("AVAILABLE"));
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/tables").arg(otherCart),
                  {{QStringLiteral("restaurant"), bistro},
                   {QStringLiteral("party"), 3},
                   {QStringLiteral("at"), at},
                   {QStringLiteral("minutes"), 60}},
                  m_bob)
                 .status,
             201);
    QCOMPARE(send("DELETE", QStringLiteral("/api/v1/carts/%1").arg(otherCart), {}, m_bob).status, 200);
}

// A double click, or a retry after a timeout: the same order, charged once.
void TestWebApi::aSecondCheckoutAnswersWithTheSameOrder()
{
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(24)}}},
                  m_alice)
                 .status,
             201);
    const Answer first = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    const Answer second = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QVERIFY2(first.status == 200, qPrintable(first.describe()));
    QVERIFY2(second.status == 200, qPrintable(second.describe()));
    QCOMPARE(second.json.value(QStringLiteral("order")).toInteger(),
             first.json.value(QStringLiteral("order")).toInteger());
    QCOMPARE(second.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    QCOMPARE(m_fakepay->chargesFor(CheckoutSaga::chargeKey(first.json.value(QStringLiteral("order")).toInteger())), 1);
}

// DELETE during a checkout: refused while the charge is in flight, with nothing given back.
void TestWebApi::aCartBeingPaidForIsNotGivenBack()
{
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(25)}}},
                  m_alice)
                 .status,
             201);
    // The checkout as far as the charge being sent, on another connection (as another worker would).
    PgCheckoutStore store(m_db->database(), m_inventory->carts);
    const auto order = store.openOrder(cart, QStringLiteral("web"), QStringLiteral("alice"));
    QVERIFY(order.ok());
    QVERIFY(store.beginCharge(order->id, QStringLiteral("fakepay"), CheckoutSaga::chargeKey(order->id), 900).ok());
    const Answer refused = send("DELETE", QStringLiteral("/api/v1/carts/%1").arg(cart), {}, m_alice);
    QVERIFY2(refused.status == 409, qPrintable(refused.describe()));
    QVERIFY(refused.json.value(QStringLiteral("error")).toObject().contains(QStringLiteral("message")));
    QCOMPARE(seatState(m_units.at(25)), QStringLiteral("HELD"));
    QCOMPARE(
        send("DELETE", QStringLiteral("/api/v1/carts/%1/holds/%2").arg(cart).arg(m_units.at(25)), {}, m_alice).status,
        409);
    // Paying finishes what was pinned.
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QCOMPARE(paid.json.value(QStringLiteral("order")).toInteger(), order->id);
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    QCOMPARE(seatState(m_units.at(25)), QStringLiteral("SOLD"));
}

// Signed, but for 1 cent: 422, nothing changed, and the same again on redelivery.
void TestWebApi::aWebhookThatContradictsItsPaymentIsRejected()
{
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(26)}}},
                  m_alice)
                 .status,
             201);
    PgCheckoutStore store(m_db->database(), m_inventory->carts);
    const auto order = store.openOrder(cart, QStringLiteral("web"), QStringLiteral("alice"));
    QVERIFY(order.ok());
    QVERIFY(store.beginCharge(order->id, QStringLiteral("fakepay"), CheckoutSaga::chargeKey(order->id), 900).ok());
    const QByteArray body = QStringLiteral(R"({"id":"evt_cent","type":"payment_intent.succeeded","created":%1,)"
                                           R"("data":{"object":{"id":"pi_cent","amount":1,"currency":"eur",)"
                                           R"("metadata":{"order_id":"%2"}}}})")
                                .arg(QDateTime::currentSecsSinceEpoch())
                                .arg(order->id)
                                .toUtf8();
    const QByteArray signature = WebhookSignature::sign(body, webhookSecret, QDateTime::currentSecsSinceEpoch());
    for (int delivery = 0; delivery < 2; ++delivery) {
        const Answer rejected
            = send("POST", QStringLiteral("/api/v1/webhooks/payments"), body, {}, {{"Stripe-Signature", signature}});
        QVERIFY2(rejected.status == 422, qPrintable(rejected.describe()));
        QCOMPARE(rejected.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("webhook_rejected"));
    }
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order->id}})
                 .toString(),
             QStringLiteral("PENDING"));
    // The real charge finishes it.
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
}

// A pool marked batched (issue 15): the web's worker threads hold it through their shared batcher, in
// the same answers as the single claim: granted, refreshed on asking again, capped with the seats of
// the event, sold out as a 409 lost.
void TestWebApi::aBatchedPoolIsHeldThroughTheSharedBatcher()
{
    const auto dora = PgBuyerStore(m_db->database()).addBuyer(QStringLiteral("Dora"));
    QVERIFY(dora.ok());
    const QString token = dora->token;
    PoolSpec spec;
    spec.event = m_capped.eventId; // 2 at once per buyer
    spec.code = QStringLiteral("BATCHSTAND");
    spec.capacity = 3;
    spec.price = Money(1000, QStringLiteral("EUR"));
    spec.strategy = ClaimStrategy::Batched;
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    const QString places = QStringLiteral("/api/v1/carts/%1/places");
    const QString first = newCart(token);
    const Answer held
        = post(places.arg(first), {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 2}}, token);
    QVERIFY2(held.status == 201, qPrintable(held.describe()));
    QCOMPARE(held.json.value(QStringLiteral("quantity")).toInt(), 2);
    const Answer again
        = post(places.arg(first), {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 2}}, token);
    QVERIFY2(again.status == 201, qPrintable(again.describe()));
    QCOMPARE(again.json.value(QStringLiteral("hold")).toInteger(), held.json.value(QStringLiteral("hold")).toInteger());
    const Answer capped = post(places.arg(newCart(token)),
                               {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 1}}, token);
    QVERIFY2(capped.status == 429, qPrintable(capped.describe()));
    QCOMPARE(capped.errorCode(), QStringLiteral("limit_reached"));

    // The last place to someone else, then nothing left.
    const auto ed = PgBuyerStore(m_db->database()).addBuyer(QStringLiteral("Ed"));
    const auto fay = PgBuyerStore(m_db->database()).addBuyer(QStringLiteral("Fay"));
    QVERIFY(ed.ok() && fay.ok());
    QVERIFY(post(places.arg(newCart(ed->token)), {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 1}},
                 ed->token)
                .status
            == 201);
    const Answer soldOut = post(places.arg(newCart(fay->token)),
                                {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 1}}, fay->token);
    QVERIFY2(soldOut.status == 409, qPrintable(soldOut.describe()));
    QCOMPARE(PoolService(m_inventory->pools).pool(pool->id)->available, 0);
}

void TestWebApi::oneClientAddressIsCappedAcrossAccounts()
{
    // Every cart of this suite comes from loopback: the cap is one more than they hold live already.
    // Two different cards, so only the address is shared.
    const Answer aliceCart = cartWithCard(QStringLiteral("5555555555554444"), m_alice);
    const Answer bobCart = cartWithCard(QStringLiteral("4012888888881881"), m_bob);
    QCOMPARE(aliceCart.status, 201);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT host(client_address) FROM buyer_carts WHERE cart_id = :c"),
                          {{QStringLiteral("c"), aliceCart.json.value(QStringLiteral("cart")).toString()}})
                 .toString(),
             QStringLiteral("127.0.0.1"));
    const QVariantMap event{{QStringLiteral("e"), m_hall.eventId}};
    const int held = m_db->scalar(QStringLiteral("SELECT boxoffice_event_held(:e, 'address', NULL, NULL, "
                                                 "inet '127.0.0.1', NULL, NULL, NULL)"),
                                  event)
                         .toInt();
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_address = %1 WHERE id = :e").arg(held + 1), event));
    QSqlQuery free(m_db->database());
    QVERIFY(free.exec(QStringLiteral("SELECT id FROM event_seats WHERE event_id = %1 AND state = 'AVAILABLE' "
                                     "ORDER BY id DESC LIMIT 2")
                          .arg(m_hall.eventId)));
    QVector<UnitId> seats;
    while (free.next())
        seats << free.value(0).toLongLong();
    free.finish();
    QCOMPARE(seats.size(), 2);
    const Answer granted = post(
        QStringLiteral("/api/v1/carts/%1/holds").arg(aliceCart.json.value(QStringLiteral("cart")).toString()),
        {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{seats.at(0)}}}, m_alice);
    QVERIFY2(granted.status == 201, qPrintable(granted.describe()));
    const Answer refused
        = post(QStringLiteral("/api/v1/carts/%1/holds").arg(bobCart.json.value(QStringLiteral("cart")).toString()),
               {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{seats.at(1)}}}, m_bob);
    QCOMPARE(refused.status, 429);
    QVERIFY2(refused.describe().contains(QStringLiteral("network address")), qPrintable(refused.describe()));
    QCOMPARE(seatState(seats.at(1)), QStringLiteral("AVAILABLE"));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_address = NULL WHERE id = :e"), event));
}

void TestWebApi::controlCharactersAreRefusedBeforeAnySql()
{
    // Each of these gave 500 before: QPSQL quotes a bound value as text, and a NUL ends it early.
    const QString cart = newCart(m_alice);
    const QString holds = QStringLiteral("/api/v1/carts/%1/holds").arg(cart);
    const QByteArray event = QByteArray::number(m_hall.eventId);
    const QList<QByteArray> bodies{
        "{\"event\":" + event + ",\"labels\":[\"A-1\\u0000-2\"]}",
        "{\"event\":" + event + ",\"labels\":[\"A-1\\n[200] forged\"]}",
        "{\"event\":" + event + ",\"labels\":[\"A-1\\u001b[31m\"]}",
        "{\"event\":" + event + ",\"labels\\u0000\":[\"A-1-1\"]}",
    };
    for (const QByteArray &body : bodies) {
        const Answer refused = send("POST", holds, body, m_alice);
        QVERIFY2(refused.status == 400,
                 qPrintable(QString::fromUtf8(body) + QStringLiteral(": ") + refused.describe()));
        QCOMPARE(refused.errorCode(), QStringLiteral("bad_input"));
    }
    const Answer card = send("POST", QStringLiteral("/api/v1/carts"), "{\"payment_method\":\"pm_1\\u0000\"}", m_alice);
    QCOMPARE(card.status, 400);
    const Answer guest = post(QStringLiteral("/api/v1/carts/%1/stays").arg(cart),
                              {{QStringLiteral("room_type"), 1},
                               {QStringLiteral("check_in"), QStringLiteral("2030-01-01")},
                               {QStringLiteral("check_out"), QStringLiteral("2030-01-02")},
                               {QStringLiteral("guest"), QStringLiteral("Ann") + QChar(0) + QStringLiteral("e")}},
                              m_alice);
    QCOMPARE(guest.status, 400);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), cart}})
                 .toInt(),
             0);

    // A webhook correctly signed whose event id holds a NUL: 400, not a 500 the provider retries for days.
    const QByteArray webhook
        = R"({"id":"evt_\u0000x","type":"payment_intent.succeeded","created":1,"data":{"object":{"id":"pi_x","amount":100,"currency":"eur","metadata":{"order_id":"1"}}}})";
    const QByteArray signature = WebhookSignature::sign(webhook, webhookSecret, QDateTime::currentSecsSinceEpoch());
    const Answer hook
        = send("POST", QStringLiteral("/api/v1/webhooks/payments"), webhook, {}, {{"Stripe-Signature", signature}});
    QVERIFY2(hook.status == 400, qPrintable(hook.describe()));
    QCOMPARE(get(QStringLiteral("/healthz")).status, 200);
}

void TestWebApi::headIsAnsweredForEveryGetRoute()
{
    for (const QString &path : {QStringLiteral("/healthz"), QStringLiteral("/api/v1/events"), QStringLiteral("/")}) {
        const Answer head = send("HEAD", path);
        QVERIFY2(head.status == 200, qPrintable(path + QStringLiteral(": ") + head.describe()));
        QVERIFY(head.body.isEmpty());
    }
    QCOMPARE(send("HEAD", QStringLiteral("/api/v1/orders"), {}, m_alice).status, 200);
    // Without a token, on one raw connection with a GET pipelined behind it: the 401 carries no body
    // (QNetworkAccessManager waits for one after a 401, so this is checked byte by byte), and the
    // next answer follows at once.
    // With the event loop running: the first front answers on this thread.
    QTcpSocket raw;
    QByteArray received;
    connect(&raw, &QTcpSocket::readyRead, this, [&] { received += raw.readAll(); });
    raw.connectToHost(QHostAddress::LocalHost, m_server->port());
    raw.write("HEAD /api/v1/orders HTTP/1.1\r\nHost: test\r\n\r\n"
              "GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(raw.state() == QAbstractSocket::UnconnectedState, 30000); // closed after the GET
    received += raw.readAll();
    QVERIFY2(received.startsWith("HTTP/1.1 401"),
             qPrintable(QStringLiteral("received: ") + QString::fromLatin1(received.toPercentEncoding(" /:;,=-"))));
    const qsizetype second = received.indexOf("\r\n\r\nHTTP/1.1 200");
    QVERIFY2(second > 0, received.constData()); // the HEAD answer's headers end, the next answer begins
    QVERIFY(received.left(second).contains("\r\nContent-Length: ")); // the GET's length, no body
    const Answer wrong = send("PUT", QStringLiteral("/healthz"));
    QCOMPARE(wrong.status, 405);
    QCOMPARE(wrong.headers.value("allow"), QByteArray("GET, HEAD"));
    QCOMPARE(send("HEAD", QStringLiteral("/api/v1/carts")).status, 405); // a POST-only route has no HEAD
}

void TestWebApi::aRequestPathCannotForgeALogLine()
{
    capturedLog.clear();
    previousHandler = qInstallMessageHandler(captureLog);
    // Sent encoded; the server decodes it to route it: a line break, a forged line, an escape code.
    const QUrl url = QUrl::fromEncoded("http://127.0.0.1:" + QByteArray::number(m_server->port())
                                           + "/api/v1/nothing%0A%5Bx%5D%20GET%20/admin%20-%3E%20200%1B%5B2J",
                                       QUrl::StrictMode);
    QVERIFY2(url.isValid(), qPrintable(url.errorString()));
    QNetworkReply *reply = m_network->get(QNetworkRequest(url));
    QSignalSpy finished(reply, &QNetworkReply::finished);
    QVERIFY(finished.wait(60000));
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->deleteLater();
    qInstallMessageHandler(previousHandler);
    QCOMPARE(status, 404);
    bool logged = false;
    for (const QString &line : capturedLog) {
        QVERIFY2(!line.contains(QLatin1Char('\n')) && !line.contains(QChar(0x1b)), qPrintable(line));
        QVERIFY2(!line.startsWith(QLatin1String("[x]")), qPrintable(line));
        logged = logged || line.contains(QStringLiteral("%0A"));
    }
    QVERIFY2(logged, qPrintable(capturedLog.join(QLatin1Char('|'))));
}

void TestWebApi::aLostCheckoutAnswerIsFoundByItsCart()
{
    const QString cart = newCart(m_bob);
    const qint64 free
        = m_db->scalar(QStringLiteral("SELECT max(id) FROM event_seats WHERE event_id = :e AND state = 'AVAILABLE'"),
                       {{QStringLiteral("e"), m_hall.eventId}})
              .toLongLong();
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{free}}}, m_bob)
                 .status,
             201);
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_bob);
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    const qint64 order = paid.json.value(QStringLiteral("order")).toInteger();
    // The buyer never saw that answer: the cart they paid finds the order.
    const Answer found = get(QStringLiteral("/api/v1/orders?cart=%1").arg(cart), m_bob);
    QVERIFY2(found.status == 200, qPrintable(found.describe()));
    const QJsonArray orders = found.json.value(QStringLiteral("orders")).toArray();
    QCOMPARE(orders.size(), 1);
    QCOMPARE(orders.at(0).toObject().value(QStringLiteral("order")).toInteger(), order);
    QCOMPARE(orders.at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    QCOMPARE(orders.at(0).toObject().value(QStringLiteral("cart")).toString(), cart);
    QVERIFY(!orders.at(0).toObject().value(QStringLiteral("paid_at")).toString().isEmpty());

    const Answer all = get(QStringLiteral("/api/v1/orders?limit=1"), m_bob);
    QCOMPARE(all.status, 200);
    QCOMPARE(all.json.value(QStringLiteral("orders")).toArray().size(), 1);
    QCOMPARE(
        all.json.value(QStringLiteral("orders")).toArray().at(0).toObject().value(QStringLiteral("order")).toInteger(),
        order); // newest first
    QCOMPARE(all.json.value(QStringLiteral("next_before")).toInteger(), order);
    // Alice does not see Bob's order, not even by naming his cart.
    QCOMPARE(get(QStringLiteral("/api/v1/orders?cart=%1").arg(cart), m_alice)
                 .json.value(QStringLiteral("orders"))
                 .toArray()
                 .size(),
             0);
    QCOMPARE(get(QStringLiteral("/api/v1/orders")).status, 401);
    QCOMPARE(get(QStringLiteral("/api/v1/orders?limit=0"), m_bob).status, 400);
    QCOMPARE(get(QStringLiteral("/api/v1/orders?limit=abc"), m_bob).status, 400);
    QCOMPARE(get(QStringLiteral("/api/v1/orders?before=-3"), m_bob).status, 400);
    QCOMPARE(get(QStringLiteral("/api/v1/orders?cart=a%00b"), m_bob).status, 400);
}

QByteArray TestWebApi::rawExchange(const QByteArray &bytes)
{
    // With the event loop running: the first front answers on this thread.
    QTcpSocket raw;
    QByteArray received;
    connect(&raw, &QTcpSocket::readyRead, this, [&] { received += raw.readAll(); });
    raw.connectToHost(QHostAddress::LocalHost, m_server->port());
    raw.write(bytes);
    if (!QTest::qWaitFor([&] { return raw.state() == QAbstractSocket::UnconnectedState; }, 30000))
        qWarning("the server kept the connection open for 30 s; comparing what it sent until then");
    received += raw.readAll();
    return received;
}

void TestWebApi::theServerItselfRefusesHttpAbuse()
{
    // Each of these was accepted, buffered whole or left unanswered by the HTTP layer before.
    const QByteArray huge = rawExchange("POST /api/v1/carts HTTP/1.1\r\nHost: t\r\nContent-Length: 300000000\r\n\r\n");
    QVERIFY2(huge.startsWith("HTTP/1.1 413"), huge.constData()); // at once: not one body byte was sent
    QVERIFY(huge.contains("payload_too_large"));

    const QByteArray longHeader
        = rawExchange("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: " + QByteArray(1024 * 1024, 'a') + "\r\n\r\n");
    QVERIFY2(longHeader.startsWith("HTTP/1.1 431"), longHeader.left(200).constData());

    const QByteArray twoLengths = rawExchange("POST /api/v1/carts HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n"
                                              "Content-Length: 40\r\n\r\n{}");
    QVERIFY2(twoLengths.startsWith("HTTP/1.1 400"), twoLengths.constData());

    // Content-Length with chunked: the smuggled inner request must never run.
    const QByteArray smuggled
        = rawExchange("POST /api/v1/carts HTTP/1.1\r\nHost: t\r\nContent-Length: 44\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api/v1/events HTTP/1.1\r\nHost: t\r\n\r\n");
    QVERIFY2(smuggled.startsWith("HTTP/1.1 400"), smuggled.constData());
    QCOMPARE(smuggled.count("HTTP/1.1 "), 1);

    const QByteArray garbage = rawExchange("HELLO\r\n\r\n");
    QVERIFY2(garbage.startsWith("HTTP/1.1 400"), garbage.constData()); // answered, then closed

    // HTTP/1.0 and Connection: close are honoured: the server closes after the answer.
    const QByteArray old = rawExchange("GET /healthz HTTP/1.0\r\n\r\n");
    QVERIFY2(old.startsWith("HTTP/1.") && old.contains(" 200 "), old.constData());
    const QByteArray closing = rawExchange("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    QVERIFY2(closing.contains("Connection: close"), closing.constData());
    QCOMPARE(get(QStringLiteral("/healthz")).status, 200); // and the server is fine
}

void TestWebApi::pipelinedRequestsAreAnsweredInOrder()
{
    // A slow read (the database lane) first, quick page answers after it: written in request order
    // all the same (they went p1, p5, p2, p3, p4 before).
    QByteArray requests;
    const QList<QByteArray> paths{"/api/v1/events", "/", "/healthz", "/api/v1/openapi.yaml", "/static/shop.css"};
    for (int i = 0; i < paths.size(); ++i)
        requests += "GET " + paths.at(i) + " HTTP/1.1\r\nHost: t\r\nX-Request-Id: p" + QByteArray::number(i + 1)
            + (i + 1 == paths.size() ? "\r\nConnection: close" : "") + "\r\n\r\n";
    const QByteArray received = rawExchange(requests);
    qsizetype from = 0;
    for (int i = 1; i <= paths.size(); ++i) {
        const qsizetype at = received.indexOf("X-Request-Id: p" + QByteArray::number(i) + "\r\n", from);
        QVERIFY2(at >= from, qPrintable(QStringLiteral("answer p%1 out of order").arg(i)));
        from = at;
    }
    QCOMPARE(received.count("HTTP/1.1 200"), paths.size());
}

// Issue 16: the buyer downloads the order's tickets, the very PDF the confirmation mail carried (a seat
// and two standing places), once the worker (boxoffice-ctl worker) has issued them; before that the
// answer says to try again. Another buyer's order, and an unknown one, are not found.
void TestWebApi::theBuyerDownloadsTheirOrdersTicketsPdf()
{
    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("LAWN");
    spec.name = QStringLiteral("Lawn");
    spec.capacity = 10;
    spec.price = Money(1500, QStringLiteral("EUR"));
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    const QString cart = newCart(m_alice);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{m_units.at(8)}}},
                  m_alice)
                 .status,
             201);
    QCOMPARE(post(QStringLiteral("/api/v1/carts/%1/places").arg(cart),
                  {{QStringLiteral("pool"), pool->id}, {QStringLiteral("quantity"), 2}}, m_alice)
                 .status,
             201);
    const Answer paid = send("POST", QStringLiteral("/api/v1/carts/%1/checkout").arg(cart), {}, m_alice);
    QVERIFY2(paid.status == 200, qPrintable(paid.describe()));
    const qint64 order = paid.json.value(QStringLiteral("order")).toInteger();
    const QString pdfPath = QStringLiteral("/api/v1/orders/%1/tickets.pdf").arg(order);

    const Answer early = get(pdfPath, m_alice);
    QCOMPARE(early.status, 409);
    QCOMPARE(early.errorCode(), QStringLiteral("not_ready"));
    QCOMPARE(early.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString(),
             QStringLiteral("Your tickets are being issued; try again in a minute."));
    QVERIFY(!early.headers.value("retry-after").isEmpty());
    QCOMPARE(get(QStringLiteral("/api/v1/orders/%1").arg(order), m_alice)
                 .json.value(QStringLiteral("tickets"))
                 .toArray()
                 .size(),
             0);

    // The worker, as deployed: issues every paid order waiting in the outbox and spools its mail.
    QProcess worker;
    worker.setProcessChannelMode(QProcess::MergedChannels);
    worker.start(
        qEnvironmentVariable("BOXOFFICE_CTL"),
        {QStringLiteral("--db"), m_db->settings().toUrl(true), QStringLiteral("worker"), QStringLiteral("--once")});
    QVERIFY2(worker.waitForFinished(120000) && worker.exitCode() == 0, worker.readAll().constData());

    const Answer pdf = get(pdfPath, m_alice);
    QVERIFY2(pdf.status == 200, qPrintable(pdf.describe()));
    QCOMPARE(pdf.headers.value("content-type"), QByteArray("application/pdf"));
    QCOMPARE(pdf.headers.value("content-disposition"),
             QByteArray("attachment; filename=\"order-") + QByteArray::number(order) + ".pdf\"");
    QVERIFY(pdf.body.startsWith("%PDF"));
    QCOMPARE(pdf.body,
             m_db->scalar(QStringLiteral("SELECT attachment FROM mail_spool WHERE order_id = :o"),
                          {{QStringLiteral("o"), order}})
                 .toByteArray());
    QCOMPARE(get(pdfPath, m_bob).status, 404);
    QCOMPARE(get(pdfPath, m_bob).errorCode(), QStringLiteral("not_found"));
    QCOMPARE(get(QStringLiteral("/api/v1/orders/999999999/tickets.pdf"), m_alice).status, 404);
    QCOMPARE(get(QStringLiteral("/api/v1/orders/abc/tickets.pdf"), m_alice).status, 404);
    QCOMPARE(get(pdfPath).status, 401);

    // The order names its tickets: the seat, then each standing place, with the codes that were issued.
    const Answer details = get(QStringLiteral("/api/v1/orders/%1").arg(order), m_alice);
    QVERIFY2(details.status == 200, qPrintable(details.describe()));
    const QJsonArray tickets = details.json.value(QStringLiteral("tickets")).toArray();
    QCOMPARE(tickets.size(), 3);
    QCOMPARE(tickets.at(0).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("seat"));
    for (int i = 1; i < 3; ++i) {
        QCOMPARE(tickets.at(i).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("place"));
        QCOMPARE(tickets.at(i).toObject().value(QStringLiteral("what")).toString(),
                 QStringLiteral("Standing \u2014 Lawn"));
    }
    QStringList codes;
    for (const QJsonValue &ticket : tickets)
        codes << ticket.toObject().value(QStringLiteral("code")).toString();
    codes.sort();
    QCOMPARE(codes.join(QLatin1Char(',')),
             m_db->scalar(QStringLiteral(
                              "SELECT string_agg(CAST(code AS text), ',' ORDER BY CAST(code AS text) COLLATE \"C\") "
                              "FROM tickets WHERE order_id = :o"),
                          {{QStringLiteral("o"), order}})
                 .toString());
}

QTEST_MAIN(TestWebApi)
#include "tst_webapi.moc"
