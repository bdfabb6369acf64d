// Every cap of a web buyer's hold, counted in the database (migration 037), under 50 parallel requests
// on 50 real connections, for every shape (seats, GA places, stays, tables) and every holder: one
// buyer over many carts, one card over many accounts, the shared budget of carts with no card, one
// client address over many accounts. Never more held live than the cap, exactly the cap reached, every
// other racer refused in the holder's words, and nothing left behind by a refusal. Beside it the
// one-call seat hold's other answers: a lost seat named, another buyer's cart refused, labels resolved.

#include "buyercrowd.h"
#include "testdatabase.h"

#include "domain/holdcaps.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"
#include "storage/pgbuyercapstore.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/transactionguard.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr int racers = 50;
constexpr int cap = 3;
const QString sharedAddress = QStringLiteral("203.0.113.7");
const QString sharedCard = QStringLiteral("fp_shared_card");

enum class Shape { Seats, Places, Stays, Tables };
enum class Holder { Buyer, Card, UnknownCard, Address };

// What the web's worker builds on its connection.
struct Caps
{
    explicit Caps(const QSqlDatabase &database) : store(database), unit(database), caps(store, unit) { }
    PgBuyerCapStore store;
    PgUnitOfWork unit;
    HoldCaps caps;
};

template<typename T> Attempt attemptOf(const Result<T> &result)
{
    Attempt attempt;
    attempt.granted = result.ok();
    if (!result) {
        attempt.error = result.error().code;
        attempt.message = result.error().message;
    }
    return attempt;
}

// The cap column of a holder, and the words its refusal carries.
QString capColumn(Shape shape, Holder holder)
{
    const QString prefix = shape == Shape::Stays ? QStringLiteral("max_stays_")
        : shape == Shape::Tables                 ? QStringLiteral("max_bookings_")
                                                 : QStringLiteral("max_holds_");
    switch (holder) {
    case Holder::Buyer:
        return prefix + QStringLiteral("per_buyer");
    case Holder::Card:
        return prefix + QStringLiteral("per_instrument");
    case Holder::UnknownCard:
        return prefix + QStringLiteral("unknown_card");
    case Holder::Address:
        return prefix + QStringLiteral("per_address");
    }
    return {};
}

QString refusalWords(Holder holder)
{
    switch (holder) {
    case Holder::Buyer:
        return QStringLiteral("You can hold at most");
    case Holder::Card:
        return QStringLiteral("with one payment card");
    case Holder::UnknownCard:
        return QStringLiteral("without naming a payment card");
    case Holder::Address:
        return QStringLiteral("from one network address");
    }
    return {};
}

} // namespace

Q_DECLARE_METATYPE(Shape)
Q_DECLARE_METATYPE(Holder)

class TestWebHoldCaps : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void capsHoldUnderFiftyParallelRequests_data();
    void capsHoldUnderFiftyParallelRequests();
    void aRefusedSeatAskLeavesNothingAndNamesTheFigures();
    void lostSeatsAreNamedAndNothingIsHeld();
    void aCartOfAnotherBuyerIsRefused();
    void labelsAreResolvedInTheCall();
    void theUnknownCardBudgetIsSharedAcrossBuyers();
    void staffClaimUncapped();
    void placesInOneCallRefreshRefuseAndSpread();

private:
    Result<HoldGrant> holdSeats(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer, const CartId &cart,
                                const QVector<UnitId> &units, const QStringList &labels = {});
    Attempt hold(Shape shape, const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer, const CartId &cart,
                 int racer);
    QVector<Attempt> race(const std::function<Attempt(DatabaseConnection &, PgInventory &, int racer)> &attempt);
    int liveHeld(Shape shape) const;
    void setCap(Shape shape, Holder holder, int value);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgBuyerStore> m_buyers;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QVector<BuyerId> m_crowd;
    PoolId m_pool = 0;
    HotelId m_hotel = 0;
    RoomTypeId m_room = 0;
    QDate m_firstNight;
    qint64 m_restaurant = 0;
};

void TestWebHoldCaps::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("webholdcaps"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("One Call Hall"), 6, 10);
    m_units = m_db->units(m_hall.eventId);
    QVERIFY(m_units.size() >= racers);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_buyers = std::make_unique<PgBuyerStore>(m_db->database());
    for (int racer = 0; racer < racers; ++racer) {
        const auto buyer = m_buyers->addBuyer(QStringLiteral("Racer %1").arg(racer));
        QVERIFY(buyer.ok());
        m_crowd << buyer->buyer.id;
    }

    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("STAND");
    spec.capacity = 119;
    spec.price = Money(2000, QStringLiteral("EUR"));
    spec.subpools = 4;
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    m_pool = pool->id;

    const auto hotel = PropertyLoader(m_db->database()).loadHotel(R"({"name": "One Call Inn", "currency": "EUR",
        "nights": 30, "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 60}]})");
    QVERIFY(hotel.ok());
    m_hotel = hotel->id;
    const auto hotels = HotelService(m_inventory->hotels).hotels();
    QVERIFY(hotels.ok());
    for (const HotelSummary &summary : hotels.value()) {
        if (summary.id == m_hotel) {
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
              .loadRestaurant(R"({"name": "One Call Bistro", "currency": "EUR", "tables": [)" + tables + "]}");
    QVERIFY(restaurant.ok());
    m_restaurant = restaurant->id;
}

void TestWebHoldCaps::init()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = NULL, max_holds_per_instrument = NULL, "
                                      "max_holds_unknown_card = NULL, max_holds_per_address = NULL")));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE hotels SET max_stays_per_buyer = NULL, max_stays_per_instrument = NULL, "
                                      "max_stays_unknown_card = NULL, max_stays_per_address = NULL")));
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE restaurants SET max_bookings_per_buyer = NULL, max_bookings_per_instrument = NULL, "
                       "max_bookings_unknown_card = NULL, max_bookings_per_address = NULL")));
}

void TestWebHoldCaps::cleanup()
{
    QSqlQuery carts(m_db->database());
    QVERIFY(carts.exec(QStringLiteral("SELECT cart_id FROM buyer_carts")));
    QStringList all;
    while (carts.next())
        all << carts.value(0).toString();
    carts.finish();
    for (const QString &cart : all)
        QVERIFY(m_inventory->carts.releaseCart(cart).ok());
    // Released carts hold nothing; gone, they cannot share a budget with the next test's.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE buyer_carts SET instrument = 'fp_retired', client_address = NULL")));
    QCOMPARE(TransactionGuard::depth(m_db->database()), 0);
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

Result<HoldGrant> TestWebHoldCaps::holdSeats(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer,
                                             const CartId &cart, const QVector<UnitId> &units,
                                             const QStringList &labels)
{
    Caps caps(database);
    HoldRequest request{m_hall.eventId, cart, units, std::nullopt, buyer};
    return SeatHoldService(inventory.seats, &caps.caps).holdForBuyer(request, labels);
}

Attempt TestWebHoldCaps::hold(Shape shape, const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer,
                              const CartId &cart, int racer)
{
    Caps caps(database);
    switch (shape) {
    case Shape::Seats:
        return attemptOf(holdSeats(database, inventory, buyer, cart, {m_units.at(racer)}));
    case Shape::Places: {
        PoolHoldRequest request;
        request.pool = m_pool;
        request.cart = cart;
        request.quantity = 1;
        request.buyer = buyer;
        return attemptOf(PoolService(inventory.pools, &caps.caps).hold(request));
    }
    case Shape::Stays: {
        StayRequest request;
        request.roomType = m_room;
        request.cart = cart;
        request.checkIn = m_firstNight.addDays(2);
        request.checkOut = m_firstNight.addDays(4);
        request.buyer = buyer;
        return attemptOf(HotelService(inventory.hotels, &caps.caps).holdStay(request));
    }
    case Shape::Tables: {
        TableSearch search;
        search.restaurant = m_restaurant;
        search.cart = cart;
        search.partySize = 2;
        search.start = QDateTime(QDate::currentDate().addDays(3), QTime(19, 0), Qt::UTC);
        search.minutes = 120;
        search.buyer = buyer;
        return attemptOf(SlotService(inventory.timeSlots, &caps.caps).findAndHold(search));
    }
    }
    return {};
}

QVector<Attempt> TestWebHoldCaps::race(const std::function<Attempt(DatabaseConnection &, PgInventory &, int)> &attempt)
{
    QVector<Attempt> result;
    BuyerCrowd crowd(*m_db, racers);
    const bool connected = crowd.runOnConnections(
        1,
        [&](DatabaseConnection &connection, PgInventory &inventory, int, int racer) {
            return attempt(connection, inventory, racer);
        },
        [](int) {}, [&](int, const QVector<Attempt> &attempts) { result = attempts; });
    if (!connected)
        qWarning() << "a racer could not connect";
    return result;
}

// Units of the shape's scope held live by web carts: one holder at a time is capped, so all of them.
int TestWebHoldCaps::liveHeld(Shape shape) const
{
    switch (shape) {
    case Shape::Seats:
        return m_db
            ->scalar(QStringLiteral("SELECT count(*) FROM event_seats s JOIN buyer_carts c ON c.cart_id = s.cart_id "
                                    "WHERE s.event_id = :e AND s.state = 'HELD' AND s.hold_expires_at > now()"),
                     {{QStringLiteral("e"), m_hall.eventId}})
            .toInt();
    case Shape::Places:
        return m_db
            ->scalar(QStringLiteral("SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN buyer_carts c "
                                    "ON c.cart_id = h.cart_id WHERE h.pool_id = :p AND h.state = 'HELD' "
                                    "AND h.expires_at > now()"),
                     {{QStringLiteral("p"), m_pool}})
            .toInt();
    case Shape::Stays:
        return m_db
            ->scalar(QStringLiteral("SELECT count(*) FROM stays s JOIN buyer_carts c ON c.cart_id = s.cart_id "
                                    "WHERE s.room_type_id = :r AND s.state = 'HELD' AND s.expires_at > now()"),
                     {{QStringLiteral("r"), m_room}})
            .toInt();
    case Shape::Tables:
        return m_db
            ->scalar(QStringLiteral("SELECT count(*) FROM slot_bookings b JOIN buyer_carts c ON c.cart_id = b.cart_id "
                                    "JOIN slot_resources r ON r.id = b.resource_id "
                                    "WHERE r.restaurant_id = :r AND b.state = 'HELD' AND b.expires_at > now()"),
                     {{QStringLiteral("r"), m_restaurant}})
            .toInt();
    }
    return -1;
}

void TestWebHoldCaps::setCap(Shape shape, Holder holder, int value)
{
    const QString table = shape == Shape::Stays ? QStringLiteral("hotels")
        : shape == Shape::Tables                ? QStringLiteral("restaurants")
                                                : QStringLiteral("events");
    const qint64 id = shape == Shape::Stays ? m_hotel : shape == Shape::Tables ? m_restaurant : m_hall.eventId;
    QVERIFY(m_db->exec(QStringLiteral("UPDATE %1 SET %2 = :v WHERE id = :id").arg(table, capColumn(shape, holder)),
                       {{QStringLiteral("v"), value}, {QStringLiteral("id"), id}}));
}

void TestWebHoldCaps::capsHoldUnderFiftyParallelRequests_data()
{
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<Holder>("holder");
    const QList<QPair<const char *, Shape>> shapes{
        {"seats", Shape::Seats}, {"places", Shape::Places}, {"stays", Shape::Stays}, {"tables", Shape::Tables}};
    const QList<QPair<const char *, Holder>> holders{{"one buyer, many carts", Holder::Buyer},
                                                     {"one card, many accounts", Holder::Card},
                                                     {"no card, many accounts", Holder::UnknownCard},
                                                     {"one address, many accounts", Holder::Address}};
    for (const auto &shape : shapes)
        for (const auto &holder : holders)
            QTest::addRow("%s: %s", shape.first, holder.first) << shape.second << holder.second;
}

void TestWebHoldCaps::capsHoldUnderFiftyParallelRequests()
{
    QFETCH(Shape, shape);
    QFETCH(Holder, holder);
    setCap(shape, holder, cap);
    const auto attempts = race([&](DatabaseConnection &connection, PgInventory &inventory, int racer) {
        // Each racer its own cart; they share only the holder under test (the other holders differ).
        const BuyerId buyer = holder == Holder::Buyer ? m_crowd.first() : m_crowd.at(racer);
        QString card = QStringLiteral("fp_racer_%1").arg(racer);
        if (holder == Holder::Card)
            card = sharedCard;
        else if (holder == Holder::UnknownCard)
            card.clear();
        const QString address
            = holder == Holder::Address ? sharedAddress : QStringLiteral("198.51.100.%1").arg(racer + 1);
        auto cart = PgBuyerStore(connection.database()).createCart(buyer, card, address);
        if (!cart)
            return attemptOf(cart);
        return hold(shape, connection.database(), inventory, buyer, cart.value(), racer);
    });
    QCOMPARE(attempts.size(), racers);
    int granted = 0;
    for (const Attempt &attempt : attempts) {
        if (attempt.granted) {
            ++granted;
            continue;
        }
        QVERIFY2(attempt.error == ErrorCode::LimitReached, qPrintable(attempt.message));
        QVERIFY2(attempt.message.contains(refusalWords(holder)), qPrintable(attempt.message));
    }
    QCOMPARE(granted, cap);
    // Nothing left behind by the 47 refusals: only the granted units are held in the scope.
    QCOMPARE(liveHeld(shape), cap);
}

void TestWebHoldCaps::aRefusedSeatAskLeavesNothingAndNamesTheFigures()
{
    setCap(Shape::Seats, Holder::Buyer, 4);
    const BuyerId buyer = m_crowd.at(0);
    const auto first = m_buyers->createCart(buyer, QStringLiteral("fp_a"), sharedAddress);
    const auto second = m_buyers->createCart(buyer, QStringLiteral("fp_a"), sharedAddress);
    const QSqlDatabase database = m_db->database();
    QVERIFY(holdSeats(database, *m_inventory, buyer, first.value(), {m_units.at(0), m_units.at(1)}).ok());
    const auto refused
        = holdSeats(database, *m_inventory, buyer, second.value(), {m_units.at(2), m_units.at(3), m_units.at(4)});
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QCOMPARE(refused.error().message,
             QStringLiteral("You can hold at most 4 tickets for this event at once; you already hold 2."));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), second.value()}})
                 .toInt(),
             0);
    // Asking again for what the first cart holds refreshes it: it does not count twice.
    QVERIFY(holdSeats(database, *m_inventory, buyer, first.value(), {m_units.at(0), m_units.at(1)}).ok());
    QVERIFY(holdSeats(database, *m_inventory, buyer, second.value(), {m_units.at(2), m_units.at(3)}).ok());
    QCOMPARE(TransactionGuard::depth(database), 0);
}

void TestWebHoldCaps::lostSeatsAreNamedAndNothingIsHeld()
{
    const QSqlDatabase database = m_db->database();
    const auto ada = m_buyers->createCart(m_crowd.at(0));
    const auto bob = m_buyers->createCart(m_crowd.at(1));
    QVERIFY(holdSeats(database, *m_inventory, m_crowd.at(0), ada.value(), {m_units.at(5)}).ok());
    const auto lost = holdSeats(database, *m_inventory, m_crowd.at(1), bob.value(), {m_units.at(5), m_units.at(6)});
    QCOMPARE(lost.error().code, ErrorCode::Lost);
    const QString label = m_db->scalar(QStringLiteral("SELECT st.label FROM event_seats s JOIN seats st ON st.id = "
                                                      "s.seat_id WHERE s.id = :u"),
                                       {{QStringLiteral("u"), m_units.at(5)}})
                              .toString();
    QCOMPARE(lost.error().units, QStringList{label});
    QVERIFY(lost.error().message.contains(label));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), bob.value()}})
                 .toInt(),
             0);
    // An id that is not a seat of the event is bad input, not a lost race.
    QCOMPARE(holdSeats(database, *m_inventory, m_crowd.at(1), bob.value(), {m_units.at(6), 999999999}).error().code,
             ErrorCode::BadInput);
}

void TestWebHoldCaps::aCartOfAnotherBuyerIsRefused()
{
    const QSqlDatabase database = m_db->database();
    const auto adasCart = m_buyers->createCart(m_crowd.at(0));
    const auto seats = holdSeats(database, *m_inventory, m_crowd.at(1), adasCart.value(), {m_units.at(7)});
    QCOMPARE(seats.error().code, ErrorCode::NotFound);
    const auto byLabel
        = holdSeats(database, *m_inventory, m_crowd.at(1), QStringLiteral("web-nope"), {}, {QStringLiteral("A-1")});
    QCOMPARE(byLabel.error().code, ErrorCode::NotFound);
    Caps caps(database);
    PoolHoldRequest places;
    places.pool = m_pool;
    places.cart = adasCart.value();
    places.quantity = 1;
    places.buyer = m_crowd.at(1);
    QCOMPARE(PoolService(m_inventory->pools, &caps.caps).hold(places).error().code, ErrorCode::NotFound);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), adasCart.value()}})
                 .toInt(),
             0);
}

void TestWebHoldCaps::labelsAreResolvedInTheCall()
{
    const QSqlDatabase database = m_db->database();
    const auto cart = m_buyers->createCart(m_crowd.at(2));
    QSqlQuery labels(database);
    QVERIFY(labels.exec(QStringLiteral("SELECT s.id, st.label FROM event_seats s JOIN seats st ON st.id = s.seat_id "
                                       "WHERE s.event_id = %1 ORDER BY s.id LIMIT 2 OFFSET 10")
                            .arg(m_hall.eventId)));
    QMap<UnitId, QString> wanted;
    while (labels.next())
        wanted.insert(labels.value(0).toLongLong(), labels.value(1).toString());
    labels.finish();
    QCOMPARE(wanted.size(), 2);
    QStringList asked;
    for (const QString &label : wanted)
        asked << QStringLiteral(" %1 ").arg(label.toLower()); // trimmed and upper-cased, as the desk does
    const auto granted = holdSeats(database, *m_inventory, m_crowd.at(2), cart.value(), {}, asked);
    QVERIFY2(granted.ok(), granted.ok() ? "" : qPrintable(granted.error().message));
    QCOMPARE(granted->held.size(), 2);
    for (const HeldUnit &unit : granted->held) {
        QCOMPARE(unit.seat.label, wanted.value(unit.seat.unit));
        QVERIFY(unit.expiresAt > QDateTime::currentDateTimeUtc());
    }
    const auto unknown
        = holdSeats(database, *m_inventory, m_crowd.at(2), cart.value(), {}, {QStringLiteral("ZZ-99-99")});
    QCOMPARE(unknown.error().code, ErrorCode::BadInput);
    QCOMPARE(unknown.error().units, QStringList{QStringLiteral("ZZ-99-99")});
}

void TestWebHoldCaps::theUnknownCardBudgetIsSharedAcrossBuyers()
{
    setCap(Shape::Seats, Holder::UnknownCard, 2);
    const QSqlDatabase database = m_db->database();
    const auto ada = m_buyers->createCart(m_crowd.at(0));
    const auto bob = m_buyers->createCart(m_crowd.at(1));
    const auto carol = m_buyers->createCart(m_crowd.at(2), QStringLiteral("fp_carol"));
    QVERIFY(holdSeats(database, *m_inventory, m_crowd.at(0), ada.value(), {m_units.at(20)}).ok());
    QVERIFY(holdSeats(database, *m_inventory, m_crowd.at(1), bob.value(), {m_units.at(21)}).ok());
    const auto third = m_buyers->createCart(m_crowd.at(3));
    const auto refused = holdSeats(database, *m_inventory, m_crowd.at(3), third.value(), {m_units.at(22)});
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QVERIFY2(refused.error().message.contains(QStringLiteral("carts without a card already hold 2")),
             qPrintable(refused.error().message));
    // A cart that names its card is outside that budget.
    QVERIFY(holdSeats(database, *m_inventory, m_crowd.at(2), carol.value(), {m_units.at(22)}).ok());
}

void TestWebHoldCaps::staffClaimUncapped()
{
    setCap(Shape::Seats, Holder::Buyer, 1);
    setCap(Shape::Seats, Holder::UnknownCard, 1);
    Caps caps(m_db->database());
    const auto granted
        = SeatHoldService(m_inventory->seats, &caps.caps)
              .hold(HoldRequest{
                  m_hall.eventId, QStringLiteral("desk-claimsql"), {m_units.at(30), m_units.at(31)}, {}, 0});
    QVERIFY2(granted.ok(), granted.ok() ? "" : qPrintable(granted.error().message));
    QVERIFY(m_inventory->seats.release(QStringLiteral("desk-claimsql"), {m_units.at(30), m_units.at(31)}).ok());
}

void TestWebHoldCaps::placesInOneCallRefreshRefuseAndSpread()
{
    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("BOX");
    spec.capacity = 4;
    spec.price = Money(5000, QStringLiteral("EUR"));
    spec.subpools = 2; // two places a row: three places are only had across both rows
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    Caps caps(m_db->database());
    PoolService places(m_inventory->pools, &caps.caps);
    const auto ask = [&](int buyer, const CartId &cart, int quantity) {
        PoolHoldRequest request;
        request.pool = pool->id;
        request.cart = cart;
        request.quantity = quantity;
        request.buyer = m_crowd.at(buyer);
        return places.hold(request);
    };
    const auto ada = m_buyers->createCart(m_crowd.at(0));
    const auto bob = m_buyers->createCart(m_crowd.at(1));
    const auto eve = m_buyers->createCart(m_crowd.at(2));

    const auto spread = ask(0, ada.value(), 3);
    QVERIFY2(spread.ok(), spread.ok() ? "" : qPrintable(spread.error().message));
    QCOMPARE(spread->quantity, 3);
    QVERIFY(!spread->refreshed);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE cart_id = :c AND state = 'HELD'"),
                          {{QStringLiteral("c"), ada.value()}})
                 .toInt(),
             2);
    const auto again = ask(0, ada.value(), 3);
    QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().message));
    QVERIFY(again->refreshed);
    QCOMPARE(again->holdId, spread->holdId);
    QCOMPARE(ask(0, ada.value(), 1).error().code, ErrorCode::Conflict);

    const auto tooMany = ask(1, bob.value(), 2);
    QCOMPARE(tooMany.error().code, ErrorCode::Lost);
    QCOMPARE(tooMany.error().message, QStringLiteral("Fewer than 2 places are left in this pool; nothing was held."));
    QVERIFY(ask(1, bob.value(), 1).ok());
    QCOMPARE(ask(2, eve.value(), 1).error().message, QStringLiteral("This pool is sold out."));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT sum(held) FROM ga_subpools WHERE pool_id = :p"),
                          {{QStringLiteral("p"), pool->id}})
                 .toInt(),
             4);
    QCOMPARE(ask(1, QStringLiteral("web-nope"), 1).error().code, ErrorCode::NotFound);
}

QTEST_GUILESS_MAIN(TestWebHoldCaps)

#include "tst_webholdcaps.moc"
