// The on-sale rush end to end: 300 web buyers, each a thread with its own account and its own
// keep-alive connection to a real boxoffice-web process, and a clerk selling at the counter through
// the domain API on its own database connection, all on one event at once: overlapping seats and a
// general-admission pool with less room than demand, some buyers paying through the real fake
// provider. Afterwards nothing is sold or held twice (the inventory audit), every payment matches its
// order (the money audit), and every answer a buyer was given is what the database shows.

#include "buyercrowd.h"
#include "fakepayprocess.h"
#include "testdatabase.h"
#include "webprocess.h"

#include "app/ctl/simulatehttp.h"
#include "domain/countersale.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "storage/pgarrays.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QtTest>

#include <algorithm>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr int buyerCount = 300;
constexpr int rows = 6;
constexpr int seatsPerRow = 20; // 120 seats for 600 asked
constexpr int poolCapacity = 120; // for about 450 places asked
constexpr int clerkRounds = 25;
const QString apiKey = QStringLiteral("sk_test_rush");

// What one web buyer was told.
struct BuyerStory
{
    QString cart;
    QVector<UnitId> askedSeats;
    QVector<UnitId> grantedSeats; // from a 201
    bool seatsLost = false; // a 409 "lost"
    int askedPlaces = 0;
    int grantedPlaces = 0;
    bool placesLost = false;
    bool triedToPay = false;
    QString payState; // "paid", "declined", or empty
    qint64 order = 0;
    QStringList errors; // anything but 201, 409 lost and the checkout's 200
};

// What the clerk was told.
struct ClerkStory
{
    QStringList carts;
    QHash<QString, QVector<UnitId>> soldSeats; // per counter cart
    QHash<QString, int> soldPlaces;
    QStringList errors;
};

} // namespace

class TestRush300 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void threeHundredBuyersAndAClerkOnOneEvent();

private:
    void runBuyer(int index, Barrier &start, BuyerStory &story);
    void runClerk(Barrier &start, ClerkStory &story);

    std::unique_ptr<TestDatabase> m_db;
    FakePayProcess m_fakepay;
    WebProcess m_web;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    PoolId m_pool = 0;
    QStringList m_tokens;
};

void TestRush300::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("rush300"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Rush Hall"), rows, seatsPerRow, 600, 1, 4000);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), rows * seatsPerRow);

    PgInventory inventory(m_db->database());
    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("standing");
    spec.name = QStringLiteral("Standing");
    spec.capacity = poolCapacity;
    spec.price = Money(2500, QStringLiteral("EUR"));
    auto pool = PoolService(inventory.pools).createPool(spec);
    QVERIFY2(pool.ok(), pool.ok() ? "" : qPrintable(pool.error().message));
    m_pool = pool->id;

    PgBuyerStore buyers(m_db->database());
    for (int i = 0; i < buyerCount; ++i) {
        auto buyer = buyers.addBuyer(QStringLiteral("Rush buyer %1").arg(i + 1));
        QVERIFY(buyer.ok());
        m_tokens << buyer->token;
    }

    QString failure = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    failure = m_web.start(m_db->settings(), m_fakepay.baseUrl(), apiKey, 6);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestRush300::cleanupTestCase()
{
    m_web.stop();
}

void TestRush300::runBuyer(int index, Barrier &start, BuyerStory &story)
{
    const QUrl base = m_web.baseUrl();
    KeepAliveHttp http(base.host(), quint16(base.port()), 120000);
    http.setBearer(m_tokens.at(index));
    QRandomGenerator random(quint32(index) * 7919u + 17u);
    // Two seats of the 120, often next to each other, as people choose them; and one or two places.
    const int first = random.bounded(int(m_units.size()));
    const int second = random.bounded(3) == 0 ? random.bounded(int(m_units.size())) : (first + 1) % int(m_units.size());
    story.askedSeats = {m_units.at(first)};
    if (second != first)
        story.askedSeats << m_units.at(second);
    story.askedPlaces = 1 + random.bounded(2);

    const HttpAnswer created = http.send("POST", "/api/v1/carts");
    story.cart = created.json().value(QStringLiteral("cart")).toString();
    if (created.status != 201 || story.cart.isEmpty())
        story.errors
            << QStringLiteral("cart: %1 %2").arg(created.status).arg(created.failure + QString::fromUtf8(created.body));
    start.arriveAndWait();
    if (story.cart.isEmpty())
        return;
    const QByteArray cartPath = "/api/v1/carts/" + story.cart.toUtf8();

    QJsonArray seats;
    for (UnitId unit : std::as_const(story.askedSeats))
        seats.append(unit);
    const HttpAnswer held
        = http.post(cartPath + "/holds", {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), seats}});
    if (held.status == 201) {
        for (const QJsonValue &unit : held.json().value(QStringLiteral("held")).toArray())
            story.grantedSeats << unit.toObject().value(QStringLiteral("unit")).toInteger();
    } else if (held.status == 409 && held.errorCode() == QLatin1String("lost")) {
        story.seatsLost = true;
    } else {
        story.errors
            << QStringLiteral("seats: %1 %2").arg(held.status).arg(held.failure + QString::fromUtf8(held.body));
    }

    const HttpAnswer placed = http.post(
        cartPath + "/places", {{QStringLiteral("pool"), m_pool}, {QStringLiteral("quantity"), story.askedPlaces}});
    if (placed.status == 201)
        story.grantedPlaces = placed.json().value(QStringLiteral("quantity")).toInt();
    else if (placed.status == 409 && placed.errorCode() == QLatin1String("lost"))
        story.placesLost = true;
    else
        story.errors
            << QStringLiteral("places: %1 %2").arg(placed.status).arg(placed.failure + QString::fromUtf8(placed.body));

    // A third of the buyers who got something pay at once; the rest leave their holds to run out.
    if (index % 3 == 0 && (!story.grantedSeats.isEmpty() || story.grantedPlaces > 0)) {
        story.triedToPay = true;
        const HttpAnswer paid = http.send("POST", cartPath + "/checkout");
        if (paid.status == 200) {
            story.payState = paid.json().value(QStringLiteral("state")).toString();
            story.order = paid.json().value(QStringLiteral("order")).toInteger();
        } else {
            story.errors
                << QStringLiteral("checkout: %1 %2").arg(paid.status).arg(paid.failure + QString::fromUtf8(paid.body));
        }
    }
}

void TestRush300::runClerk(Barrier &start, ClerkStory &story)
{
    auto connection = m_db->connect(QStringLiteral("clerk"));
    if (!connection) {
        story.errors << QStringLiteral("the clerk could not connect");
        start.arriveAndWait();
        return;
    }
    {
        PgInventory inventory(connection->database());
        SeatHoldService holds(inventory.seats);
        PoolService pools(inventory.pools);
        PgCounterSales counter(connection->database(), inventory.carts);
        CounterSaleService sales(counter);
        QRandomGenerator random(4242);
        start.arriveAndWait();
        for (int round = 0; round < clerkRounds; ++round) {
            const QString cart = QStringLiteral("desk-%1").arg(round);
            HoldRequest request;
            request.event = m_hall.eventId;
            request.cart = cart;
            request.units = {m_units.at(random.bounded(int(m_units.size())))};
            const auto held = holds.hold(request);
            const auto placed = pools.hold({m_pool, cart, 1, {}, 0});
            if (!held && held.error().code != ErrorCode::Lost)
                story.errors << QStringLiteral("desk seat: ") + held.error().message;
            if (!placed && placed.error().code != ErrorCode::Lost)
                story.errors << QStringLiteral("desk place: ") + placed.error().message;
            if (!held && !placed)
                continue;
            const auto quote = sales.quote(cart);
            if (!quote) {
                story.errors << QStringLiteral("desk quote: ") + quote.error().message;
                continue;
            }
            CounterPayment cash;
            cash.tendered = Money(quote->total.minor(), quote->currency);
            const auto sale = sales.sell(cart, cash, quote.value());
            if (!sale) {
                story.errors << QStringLiteral("desk sale: ") + sale.error().message;
                continue;
            }
            story.carts << cart;
            if (held)
                story.soldSeats[cart] = request.units;
            if (placed)
                story.soldPlaces[cart] = 1;
        }
    }
}

void TestRush300::threeHundredBuyersAndAClerkOnOneEvent()
{
    QVector<BuyerStory> stories(buyerCount);
    ClerkStory clerk;
    Barrier start(buyerCount + 1);
    QVector<QThread *> threads;
    for (int i = 0; i < buyerCount; ++i) {
        threads << QThread::create([this, i, &start, &stories] { runBuyer(i, start, stories[i]); });
        threads.last()->start();
    }
    threads << QThread::create([this, &start, &clerk] { runClerk(start, clerk); });
    threads.last()->start();
    for (QThread *thread : std::as_const(threads)) {
        thread->wait();
        delete thread;
    }

    // Every request got an answer the API documents.
    QStringList errors = clerk.errors;
    for (const BuyerStory &story : std::as_const(stories))
        errors += story.errors;
    QVERIFY2(errors.isEmpty(), qPrintable(errors.mid(0, 5).join(QStringLiteral("\n"))));

    // Nothing sold or held twice, every payment matched to its order.
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));

    // Each buyer's answers against the database: told granted, the cart has exactly those units (sold
    // when it paid); told lost, the cart has none of them.
    int seatsTold = 0;
    int placesTold = 0;
    int paid = 0;
    int lostSomething = 0;
    for (int i = 0; i < buyerCount; ++i) {
        const BuyerStory &story = stories.at(i);
        const QString who = QStringLiteral("buyer %1 (cart %2)").arg(i).arg(story.cart);
        const bool isPaid = story.payState == QLatin1String("paid");
        // A declined payment gives everything back: such a buyer holds nothing any more.
        const bool declined = story.payState == QLatin1String("declined");
        const QString seatState = isPaid ? QStringLiteral("SOLD") : QStringLiteral("HELD");
        QVERIFY2(story.seatsLost == story.grantedSeats.isEmpty(),
                 qPrintable(who + QStringLiteral(": neither granted nor lost")));
        QVector<UnitId> granted = story.grantedSeats;
        std::sort(granted.begin(), granted.end());
        QVector<UnitId> asked = story.askedSeats;
        std::sort(asked.begin(), asked.end());
        if (!story.seatsLost)
            QVERIFY2(granted == asked, qPrintable(who + QStringLiteral(": granted other seats than asked")));
        const QString held = m_db->scalar(QStringLiteral("SELECT COALESCE(string_agg(id::text, ',' ORDER BY id), '') "
                                                         "FROM event_seats WHERE cart_id = :c AND state = :s"),
                                          {{QStringLiteral("c"), story.cart}, {QStringLiteral("s"), seatState}})
                                 .toString();
        QStringList expected;
        for (UnitId unit : std::as_const(granted)) {
            if (!declined)
                expected << QString::number(unit);
        }
        QVERIFY2(held == expected.join(QLatin1Char(',')),
                 qPrintable(who
                            + QStringLiteral(": told seats %1, the database has %2 %3")
                                  .arg(expected.join(QLatin1Char(',')), seatState, held)));

        QVERIFY2(story.placesLost == (story.grantedPlaces == 0),
                 qPrintable(who + QStringLiteral(": places neither granted nor lost")));
        const int places = m_db->scalar(QStringLiteral("SELECT COALESCE(sum(quantity), 0) FROM ga_holds "
                                                       "WHERE cart_id = :c AND pool_id = :p AND state = :s"),
                                        {{QStringLiteral("c"), story.cart},
                                         {QStringLiteral("p"), m_pool},
                                         {QStringLiteral("s"), seatState}})
                               .toInt();
        QVERIFY2(
            places == (declined ? 0 : story.grantedPlaces),
            qPrintable(
                who + QStringLiteral(": told %1 place(s), the database has %2").arg(story.grantedPlaces).arg(places)));

        if (story.triedToPay) {
            QVERIFY2(isPaid || story.payState == QLatin1String("declined"),
                     qPrintable(who + QStringLiteral(": paid? ") + story.payState));
            const QString orderState
                = m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o AND cart_id = :c"),
                               {{QStringLiteral("o"), story.order}, {QStringLiteral("c"), story.cart}})
                      .toString();
            QVERIFY2((orderState == QLatin1String("PAID")) == isPaid,
                     qPrintable(who + QStringLiteral(": order ") + orderState));
        }
        seatsTold += declined ? 0 : story.grantedSeats.size();
        placesTold += declined ? 0 : story.grantedPlaces;
        paid += isPaid ? 1 : 0;
        lostSomething += story.seatsLost || story.placesLost ? 1 : 0;
    }

    // The clerk's sales, and the totals: every taken unit is one somebody was told about.
    int clerkSeats = 0;
    int clerkPlaces = 0;
    for (const QString &cart : std::as_const(clerk.carts)) {
        const QVector<UnitId> sold = clerk.soldSeats.value(cart);
        clerkSeats += sold.size();
        clerkPlaces += clerk.soldPlaces.value(cart);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c AND state = 'SOLD'"),
                              {{QStringLiteral("c"), cart}})
                     .toInt(),
                 sold.size());
    }
    QCOMPARE(m_db->scalar(QStringLiteral(
                              "SELECT count(*) FROM event_seats WHERE event_id = :e AND state IN ('HELD', 'SOLD')"),
                          {{QStringLiteral("e"), m_hall.eventId}})
                 .toInt(),
             seatsTold + clerkSeats);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT COALESCE(sum(held + sold), 0) FROM ga_subpools WHERE pool_id = :p"),
                          {{QStringLiteral("p"), m_pool}})
                 .toInt(),
             placesTold + clerkPlaces);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM orders o JOIN buyer_carts c ON c.cart_id = o.cart_id "
                                         "WHERE o.state = 'PAID'"))
                 .toInt(),
             paid);
    // The rush really was one: demand exceeded the room, and the room was taken.
    QVERIFY(lostSomething > 0);
    QVERIFY(paid > 0);
    QVERIFY(seatsTold + clerkSeats > m_units.size() / 2);
    QVERIFY(placesTold + clerkPlaces > poolCapacity / 2);
    qInfo("%d buyers: %d seats and %d places granted, %d paid, %d lost something; the clerk sold %d seats and "
          "%d places",
          buyerCount, seatsTold, placesTold, paid, lostSomething, clerkSeats, clerkPlaces);
}

QTEST_GUILESS_MAIN(TestRush300)
#include "tst_rush300.moc"
