// The caps on what one web buyer, and one payment card, hold at once, against PostgreSQL for the
// shapes beyond seats (seats: tst_buyers): one buyer's carts racing from many connections for GA
// places, stays and tables never pass the cap and reach it exactly; one card behind two accounts is
// capped across both; and a cart asking again for what it holds refreshes it inside the unit of work
// (the claim's expected unique or exclusion violation must not abort the unit).

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

constexpr int racers = 16;

// What the web's worker builds on its connection: the caps, joined by every store's claim.
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

} // namespace

class TestHoldCaps : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void oneBuyersCartsRacingForPlacesStopAtTheCap();
    void oneBuyersCartsRacingForStaysStopAtTheCap();
    void oneBuyersCartsRacingForTablesStopAtTheCap();
    void oneCardBehindTwoBuyersStopsAtTheCap();
    void askingAgainRefreshesInsideTheUnitOfWork();

private:
    Result<PoolHold> holdPlaces(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer, const CartId &cart,
                                int quantity);
    Result<StayHold> holdStay(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer, const CartId &cart);
    Result<SlotHold> findTable(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer, const CartId &cart);
    QVector<Attempt> race(const std::function<Attempt(DatabaseConnection &, PgInventory &, int racer)> &hold);
    int count(const QString &sql, const QVariantMap &bindings) const;
    static void expectGrantedAndRefused(const QVector<Attempt> &attempts, int granted);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgBuyerStore> m_buyers;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    PoolId m_pool = 0;
    HotelId m_hotel = 0;
    RoomTypeId m_room = 0;
    QDate m_firstNight;
    qint64 m_restaurant = 0;
};

void TestHoldCaps::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("holdcaps"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Cap Hall"), 1, 10);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_buyers = std::make_unique<PgBuyerStore>(m_db->database());

    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("STAND");
    spec.capacity = 119;
    spec.price = Money(2000, QStringLiteral("EUR"));
    spec.subpools = 4; // a hot pool: the claims spread over rows, the cap is still one count
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY(pool.ok());
    m_pool = pool->id;

    const auto hotel = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Cap Inn", "currency": "EUR",
        "nights": 30, "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 40}]})");
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
    for (int table = 1; table <= 24; ++table)
        tables += QStringLiteral(R"(%1{"code": "T%2", "seats": 4})")
                      .arg(table > 1 ? QStringLiteral(",") : QString())
                      .arg(table)
                      .toUtf8();
    const auto restaurant
        = PropertyLoader(m_db->database())
              .loadRestaurant(R"({"name": "Cap Bistro", "currency": "EUR", "tables": [)" + tables + "]}");
    QVERIFY(restaurant.ok());
    m_restaurant = restaurant->id;
}

void TestHoldCaps::init()
{
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = NULL, max_holds_per_instrument = NULL")));
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE hotels SET max_stays_per_buyer = NULL, max_stays_per_instrument = NULL")));
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE restaurants SET max_bookings_per_buyer = NULL, max_bookings_per_instrument = NULL")));
}

void TestHoldCaps::cleanup()
{
    QSqlQuery carts(m_db->database());
    QVERIFY(carts.exec(QStringLiteral("SELECT cart_id FROM buyer_carts")));
    QStringList all;
    while (carts.next())
        all << carts.value(0).toString();
    carts.finish();
    for (const QString &cart : all)
        QVERIFY(m_inventory->carts.releaseCart(cart).ok());
    QCOMPARE(TransactionGuard::depth(m_db->database()), 0);
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

Result<PoolHold> TestHoldCaps::holdPlaces(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer,
                                          const CartId &cart, int quantity)
{
    Caps caps(database);
    PoolHoldRequest request;
    request.pool = m_pool;
    request.cart = cart;
    request.quantity = quantity;
    request.buyer = buyer;
    return PoolService(inventory.pools, &caps.caps).hold(request);
}

Result<StayHold> TestHoldCaps::holdStay(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer,
                                        const CartId &cart)
{
    Caps caps(database);
    StayRequest request;
    request.roomType = m_room;
    request.cart = cart;
    request.checkIn = m_firstNight.addDays(2);
    request.checkOut = m_firstNight.addDays(4);
    request.buyer = buyer;
    return HotelService(inventory.hotels, &caps.caps).holdStay(request);
}

Result<SlotHold> TestHoldCaps::findTable(const QSqlDatabase &database, PgInventory &inventory, BuyerId buyer,
                                         const CartId &cart)
{
    Caps caps(database);
    TableSearch search;
    search.restaurant = m_restaurant;
    search.cart = cart;
    search.partySize = 2;
    search.start = QDateTime(QDate::currentDate().addDays(3), QTime(19, 0), Qt::UTC);
    search.minutes = 120;
    search.buyer = buyer;
    return SlotService(inventory.timeSlots, &caps.caps).findAndHold(search);
}

QVector<Attempt> TestHoldCaps::race(const std::function<Attempt(DatabaseConnection &, PgInventory &, int)> &hold)
{
    QVector<Attempt> result;
    BuyerCrowd crowd(*m_db, racers);
    const bool connected = crowd.runOnConnections(
        1,
        [&](DatabaseConnection &connection, PgInventory &inventory, int, int racer) {
            return hold(connection, inventory, racer);
        },
        [](int) {}, [&](int, const QVector<Attempt> &attempts) { result = attempts; });
    if (!connected)
        qWarning() << "a racer could not connect";
    return result;
}

int TestHoldCaps::count(const QString &sql, const QVariantMap &bindings) const
{
    return m_db->scalar(sql, bindings).toInt();
}

void TestHoldCaps::expectGrantedAndRefused(const QVector<Attempt> &attempts, int granted)
{
    QCOMPARE(attempts.size(), racers);
    int grants = 0;
    for (const Attempt &attempt : attempts) {
        if (attempt.granted)
            ++grants;
        else
            QVERIFY2(attempt.error == ErrorCode::LimitReached, qPrintable(attempt.message));
    }
    QCOMPARE(grants, granted);
}

void TestHoldCaps::oneBuyersCartsRacingForPlacesStopAtTheCap()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = 6 WHERE id = :e"),
                       {{QStringLiteral("e"), m_hall.eventId}}));
    const auto mallory = m_buyers->addBuyer(QStringLiteral("Mallory"));
    QVERIFY(mallory.ok());
    const BuyerId buyer = mallory->buyer.id;
    // Two seats first: seats and places count together.
    const auto seatsCart = m_buyers->createCart(buyer);
    Caps caps(m_db->database());
    QVERIFY(
        SeatHoldService(m_inventory->seats, &caps.caps)
            .hold(HoldRequest{m_hall.eventId, seatsCart.value(), {m_units.at(0), m_units.at(1)}, std::nullopt, buyer})
            .ok());

    const auto attempts = race([&](DatabaseConnection &connection, PgInventory &inventory, int) {
        auto cart = PgBuyerStore(connection.database()).createCart(buyer);
        if (!cart)
            return attemptOf(cart);
        return attemptOf(holdPlaces(connection.database(), inventory, buyer, cart.value(), 1));
    });
    expectGrantedAndRefused(attempts, 4);
    const QVariantMap bindings{{QStringLiteral("b"), buyer}};
    const int places = count(QStringLiteral("SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN buyer_carts c "
                                            "ON c.cart_id = h.cart_id WHERE c.buyer_id = :b AND h.state = 'HELD'"),
                             bindings);
    const int seats
        = count(QStringLiteral("SELECT count(*) FROM event_seats s JOIN buyer_carts c ON c.cart_id = s.cart_id "
                               "WHERE c.buyer_id = :b AND s.state = 'HELD'"),
                bindings);
    QCOMPARE(places + seats, 6);
}

void TestHoldCaps::oneBuyersCartsRacingForStaysStopAtTheCap()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE hotels SET max_stays_per_buyer = 3 WHERE id = :h"),
                       {{QStringLiteral("h"), m_hotel}}));
    const auto mallory = m_buyers->addBuyer(QStringLiteral("Mallory"));
    const BuyerId buyer = mallory->buyer.id;
    const auto attempts = race([&](DatabaseConnection &connection, PgInventory &inventory, int) {
        auto cart = PgBuyerStore(connection.database()).createCart(buyer);
        if (!cart)
            return attemptOf(cart);
        return attemptOf(holdStay(connection.database(), inventory, buyer, cart.value()));
    });
    expectGrantedAndRefused(attempts, 3);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM stays s JOIN buyer_carts c ON c.cart_id = s.cart_id "
                                  "WHERE c.buyer_id = :b AND s.state = 'HELD'"),
                   {{QStringLiteral("b"), buyer}}),
             3);
}

void TestHoldCaps::oneBuyersCartsRacingForTablesStopAtTheCap()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE restaurants SET max_bookings_per_buyer = 2 WHERE id = :r"),
                       {{QStringLiteral("r"), m_restaurant}}));
    const auto mallory = m_buyers->addBuyer(QStringLiteral("Mallory"));
    const BuyerId buyer = mallory->buyer.id;
    const auto attempts = race([&](DatabaseConnection &connection, PgInventory &inventory, int) {
        auto cart = PgBuyerStore(connection.database()).createCart(buyer);
        if (!cart)
            return attemptOf(cart);
        return attemptOf(findTable(connection.database(), inventory, buyer, cart.value()));
    });
    expectGrantedAndRefused(attempts, 2);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM slot_bookings b JOIN buyer_carts c ON c.cart_id = b.cart_id "
                                  "WHERE c.buyer_id = :b AND b.state = 'HELD'"),
                   {{QStringLiteral("b"), buyer}}),
             2);
}

void TestHoldCaps::oneCardBehindTwoBuyersStopsAtTheCap()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_instrument = 5 WHERE id = :e"),
                       {{QStringLiteral("e"), m_hall.eventId}}));
    const auto first = m_buyers->addBuyer(QStringLiteral("Card holder one"));
    const auto second = m_buyers->addBuyer(QStringLiteral("Card holder two"));
    const QVector<BuyerId> buyers{first->buyer.id, second->buyer.id};
    const QString card = QStringLiteral("fp_race_card");
    // Half the racers ask for a seat, half for a place, the two buyers alternating: one count for the card.
    const auto attempts = race([&](DatabaseConnection &connection, PgInventory &inventory, int racer) {
        const BuyerId buyer = buyers.at(racer % 2);
        auto cart = PgBuyerStore(connection.database()).createCart(buyer, card);
        if (!cart)
            return attemptOf(cart);
        if (racer % 4 < 2)
            return attemptOf(holdPlaces(connection.database(), inventory, buyer, cart.value(), 1));
        Caps caps(connection.database());
        const UnitId seat = m_units.at(2 + racer / 4 * 2 + racer % 2);
        return attemptOf(SeatHoldService(inventory.seats, &caps.caps)
                             .hold(HoldRequest{m_hall.eventId, cart.value(), {seat}, std::nullopt, buyer}));
    });
    expectGrantedAndRefused(attempts, 5);
    const QVariantMap bindings{{QStringLiteral("i"), card}};
    const int places = count(QStringLiteral("SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN buyer_carts c "
                                            "ON c.cart_id = h.cart_id WHERE c.instrument = :i AND h.state = 'HELD'"),
                             bindings);
    const int seats
        = count(QStringLiteral("SELECT count(*) FROM event_seats s JOIN buyer_carts c ON c.cart_id = s.cart_id "
                               "WHERE c.instrument = :i AND s.state = 'HELD'"),
                bindings);
    QCOMPARE(places + seats, 5);
}

void TestHoldCaps::askingAgainRefreshesInsideTheUnitOfWork()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = 2 WHERE id = :e"),
                       {{QStringLiteral("e"), m_hall.eventId}}));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE hotels SET max_stays_per_buyer = 1 WHERE id = :h"),
                       {{QStringLiteral("h"), m_hotel}}));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE restaurants SET max_bookings_per_buyer = 1 WHERE id = :r"),
                       {{QStringLiteral("r"), m_restaurant}}));
    const auto eve = m_buyers->addBuyer(QStringLiteral("Eve"));
    const BuyerId buyer = eve->buyer.id;
    const auto cart = m_buyers->createCart(buyer, QStringLiteral("fp_eve"));
    const QSqlDatabase database = m_db->database();

    QVERIFY(holdPlaces(database, *m_inventory, buyer, cart.value(), 2).ok());
    const auto places = holdPlaces(database, *m_inventory, buyer, cart.value(), 2);
    QVERIFY2(places.ok(), places.ok() ? "" : qPrintable(places.error().message));
    QVERIFY(places->refreshed);
    QCOMPARE(holdPlaces(database, *m_inventory, buyer, cart.value(), 3).error().code, ErrorCode::LimitReached);

    QVERIFY(holdStay(database, *m_inventory, buyer, cart.value()).ok());
    const auto stay = holdStay(database, *m_inventory, buyer, cart.value());
    QVERIFY2(stay.ok(), stay.ok() ? "" : qPrintable(stay.error().message));
    QVERIFY(stay->refreshed);

    Caps caps(database);
    SlotService tables(m_inventory->timeSlots, &caps.caps);
    const auto table = findTable(database, *m_inventory, buyer, cart.value());
    QVERIFY(table.ok());
    SlotRequest again{table->resource, cart.value(), 2, table->start, table->end, std::nullopt, buyer};
    const auto refreshed = tables.holdSlot(again);
    QVERIFY2(refreshed.ok(), refreshed.ok() ? "" : qPrintable(refreshed.error().message));
    QVERIFY(refreshed->refreshed);
    QCOMPARE(findTable(database, *m_inventory, buyer, cart.value()).error().code, ErrorCode::LimitReached);

    QCOMPARE(TransactionGuard::depth(database), 0);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM slot_bookings WHERE cart_id = :c AND state = 'HELD'"),
                   {{QStringLiteral("c"), cart.value()}}),
             1);
}

QTEST_GUILESS_MAIN(TestHoldCaps)
#include "tst_holdcaps.moc"
