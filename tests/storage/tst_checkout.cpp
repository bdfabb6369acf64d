// One cart across every shape: a seat, GA places, a stay and a table, checked out as one order.

#include "domain/cartservice.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"
#include "moneycompare.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "testdatabase.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestCheckout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void oneOrderForEveryShape();
    void extendCoversEveryShapeWithinItsLimit();
    void releaseCartReturnsEveryShape();
    void mixedCurrenciesAreRefused();
    void anExtendNeverPassesTheLongestLease();

private:
    void fillCart(const QString &cart);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<CartService> m_carts;
    LoadedVenue m_hall;
    PoolId m_pool = 0;
    RoomTypeId m_room = 0;
    ResourceId m_table = 0;
    int m_nextSeat = 0;
};

void TestCheckout::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("checkout"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Checkout Hall"), 2, 10, 600, 1, 4000);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_carts = std::make_unique<CartService>(m_inventory->carts);
    auto pool = PoolService(m_inventory->pools)
                    .createPool({m_hall.eventId, QStringLiteral("GA"), QStringLiteral("Standing"), 50,
                                 Money(1500, QStringLiteral("EUR")), 2, ClaimStrategy::Atomic});
    QVERIFY(pool.ok());
    m_pool = pool->id;
    PropertyLoader properties(m_db->database());
    QVERIFY(properties
                .loadHotel(R"({"name": "Inn", "currency": "EUR", "hold_seconds": 900, "max_extensions": 2, "nights": 30,
        "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 5}]})")
                .ok());
    QVERIFY(properties
                .loadRestaurant(R"({"name": "Cafe", "currency": "EUR", "deposit_minor": 500, "hold_seconds": 300,
        "max_extensions": 0, "tables": [{"code": "T1", "seats": 4}, {"code": "T2", "seats": 4}]})")
                .ok());
    m_room = m_inventory->hotels.hotels()->first().roomTypes.first().id;
    m_table = m_inventory->timeSlots.restaurants()->first().tables.first().id;
}

void TestCheckout::cleanup()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestCheckout::fillCart(const QString &cart)
{
    HoldRequest seat;
    seat.event = m_hall.eventId;
    seat.cart = cart;
    seat.units = {m_db->units(m_hall.eventId).at(m_nextSeat++)};
    QVERIFY(SeatHoldService(m_inventory->seats).hold(seat).ok());
    QVERIFY(PoolService(m_inventory->pools).hold({m_pool, cart, 2, {}}).ok());
    const QDate checkIn = QDate::currentDate().addDays(5 + m_nextSeat);
    QVERIFY(HotelService(m_inventory->hotels)
                .holdStay({m_room, cart, checkIn, checkIn.addDays(2), QStringLiteral("G"), {}})
                .ok());
    const QDateTime dinner(QDate::currentDate().addDays(2), QTime(8, 0).addSecs(7200 * m_nextSeat), Qt::UTC);
    QVERIFY(SlotService(m_inventory->timeSlots).holdSlot({m_table, cart, 2, dinner, dinner.addSecs(5400), {}}).ok());
}

void TestCheckout::oneOrderForEveryShape()
{
    fillCart(QStringLiteral("all"));
    const auto order = m_carts->createOrder(QStringLiteral("all"));
    QVERIFY2(order.ok(), order.ok() ? "" : qPrintable(order.error().message));
    QCOMPARE(order->lines.size(), 4);
    QCOMPARE(order->amount, Money(4000 + 2 * 1500 + 2 * 9000 + 500, QStringLiteral("EUR")));
    QCOMPARE(order->currency, QStringLiteral("EUR"));
    const auto confirmed = m_carts->confirm(order->id);
    QVERIFY2(confirmed.ok(), confirmed.ok() ? "" : qPrintable(confirmed.error().message));
    QCOMPARE(confirmed->sold.size(), 4);
    QVERIFY(confirmed->lost.isEmpty());
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE cart_id = 'all' AND state = 'BOOKED'")).toInt(),
        1);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM slot_bookings WHERE cart_id = 'all' AND state = 'BOOKED'"))
            .toInt(),
        1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT sold FROM ga_subpools s JOIN ga_holds h ON h.subpool_id = s.id "
                                         "WHERE h.cart_id = 'all' AND h.state = 'SOLD'"))
                 .toInt(),
             2);
    const auto again = m_carts->confirm(order->id);
    QVERIFY(again.ok());
    QVERIFY(again->alreadyConfirmed);
    QCOMPARE(again->sold.size(), 4);
}

void TestCheckout::extendCoversEveryShapeWithinItsLimit()
{
    fillCart(QStringLiteral("slow-payer"));
    const auto first = m_carts->extend(QStringLiteral("slow-payer"));
    QVERIFY2(first.ok(), first.ok() ? "" : qPrintable(first.error().message));
    // The restaurant allows no extension, the event one, the hotel two.
    QCOMPARE(first->extended.size(), 3);
    QCOMPARE(first->extensionsLeft, 0);
    const auto second = m_carts->extend(QStringLiteral("slow-payer"));
    QVERIFY(second.ok());
    QCOMPARE(second->extended.size(), 1);
    QCOMPARE(second->extended.first().kind, ItemKind::Stay);
    QCOMPARE(m_carts->extend(QStringLiteral("slow-payer")).error().code, ErrorCode::LimitReached);
    QVERIFY(m_carts->releaseCart(QStringLiteral("slow-payer")).ok());
}

void TestCheckout::releaseCartReturnsEveryShape()
{
    fillCart(QStringLiteral("gone"));
    const auto released = m_carts->releaseCart(QStringLiteral("gone"));
    QVERIFY(released.ok());
    QCOMPARE(released->released.size(), 4);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = 'gone'")).toInt(), 0);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE cart_id = 'gone' AND state = 'HELD'")).toInt(),
        0);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE cart_id = 'gone' AND state = 'HELD'")).toInt(),
        0);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM slot_bookings WHERE cart_id = 'gone' AND state = 'HELD'"))
            .toInt(),
        0);
    QCOMPARE(m_carts->releaseCart(QStringLiteral("gone"))->released.size(), 0);
    QCOMPARE(m_carts->createOrder(QStringLiteral("gone")).error().code, ErrorCode::NotFound);
}

void TestCheckout::mixedCurrenciesAreRefused()
{
    QVERIFY(
        PropertyLoader(m_db->database())
            .loadRestaurant(
                R"({"name": "Pub", "currency": "GBP", "deposit_minor": 500, "tables": [{"code": "P1", "seats": 2}]})")
            .ok());
    ResourceId pubTable = 0;
    for (const RestaurantSummary &restaurant : m_inventory->timeSlots.restaurants().value()) {
        if (restaurant.currency == QLatin1String("GBP"))
            pubTable = restaurant.tables.first().id;
    }
    fillCart(QStringLiteral("mixed"));
    const QDateTime lunch(QDate::currentDate().addDays(2), QTime(12, 0), Qt::UTC);
    QVERIFY(SlotService(m_inventory->timeSlots)
                .holdSlot({pubTable, QStringLiteral("mixed"), 2, lunch, lunch.addSecs(3600), {}})
                .ok());
    const auto order = m_carts->createOrder(QStringLiteral("mixed"));
    QVERIFY(!order.ok());
    QCOMPARE(order.error().code, ErrorCode::Conflict);
    QVERIFY2(order.error().message.contains(QStringLiteral("currencies")), qPrintable(order.error().message));
    QVERIFY(m_carts->releaseCart(QStringLiteral("mixed")).ok());
}

void TestCheckout::anExtendNeverPassesTheLongestLease()
{
    // Every owner's policy here: 4 s a hold, one extension, so no lease may run past 8 s from its start.
    const LoadedVenue hall = m_db->loadHall(QStringLiteral("Short Hall"), 1, 4, 4, 1, 4000);
    const auto pool = PoolService(m_inventory->pools)
                          .createPool({hall.eventId, QStringLiteral("SGA"), QStringLiteral("Short standing"), 10,
                                       Money(1500, QStringLiteral("EUR")), 1, ClaimStrategy::Atomic});
    QVERIFY(pool.ok());
    PropertyLoader properties(m_db->database());
    const auto hotel = properties.loadHotel(
        R"({"name": "Short Inn", "currency": "EUR", "hold_seconds": 4, "max_extensions": 1, "nights": 10,
        "room_types": [{"code": "S", "name": "Short", "rank": 1, "price_minor": 9000, "rooms": 2}]})");
    QVERIFY(hotel.ok());
    const auto restaurant = properties.loadRestaurant(
        R"({"name": "Short Cafe", "currency": "EUR", "deposit_minor": 500, "hold_seconds": 4,
        "max_extensions": 1, "tables": [{"code": "S1", "seats": 4}]})");
    QVERIFY(restaurant.ok());
    RoomTypeId room = 0;
    for (const HotelSummary &summary : m_inventory->hotels.hotels().value())
        room = summary.id == hotel->id ? summary.roomTypes.first().id : room;
    ResourceId table = 0;
    for (const RestaurantSummary &summary : m_inventory->timeSlots.restaurants().value())
        table = summary.id == restaurant->id ? summary.tables.first().id : table;
    QVERIFY(room && table);

    const CartId cart = QStringLiteral("rehold-then-extend");
    HoldRequest seat{hall.eventId, cart, {m_db->units(hall.eventId).first()}, {}};
    const PoolHoldRequest places{pool->id, cart, 2, {}};
    const QDate checkIn = QDate::currentDate().addDays(3);
    const StayRequest stay{room, cart, checkIn, checkIn.addDays(1), QStringLiteral("G"), {}};
    const QDateTime dinner(QDate::currentDate().addDays(2), QTime(19, 0), Qt::UTC);
    const SlotRequest dinnerTable{table, cart, 2, dinner, dinner.addSecs(5400), {}};
    const auto holdAll = [&] {
        return SeatHoldService(m_inventory->seats).hold(seat).ok() && PoolService(m_inventory->pools).hold(places).ok()
            && HotelService(m_inventory->hotels).holdStay(stay).ok()
            && SlotService(m_inventory->timeSlots).holdSlot(dinnerTable).ok();
    };
    QVERIFY(holdAll());
    // Three seconds pass; the buyer holds again (a refresh, capped at 8 s from the start) and extends.
    for (const QString &table : {QStringLiteral("event_seats"), QStringLiteral("ga_holds"), QStringLiteral("stays"),
                                 QStringLiteral("slot_bookings")})
        QVERIFY(m_db->backdateHolds(table, cart, 3));
    QVERIFY(holdAll());
    const auto extended = m_carts->extend(cart);
    QVERIFY2(extended.ok(), extended.ok() ? "" : qPrintable(extended.error().message));

    const QString longest = QStringLiteral(
        "SELECT max(extract(epoch FROM lease)) FROM ("
        " SELECT hold_expires_at - held_since AS lease FROM event_seats WHERE cart_id = :c AND state = 'HELD'"
        " UNION ALL SELECT expires_at - held_since FROM ga_holds WHERE cart_id = :c2 AND state = 'HELD'"
        " UNION ALL SELECT expires_at - held_since FROM stays WHERE cart_id = :c3 AND state = 'HELD'"
        " UNION ALL SELECT expires_at - held_since FROM slot_bookings WHERE cart_id = :c4 AND state = 'HELD') l");
    const double seconds = m_db->scalar(longest,
                                        {{QStringLiteral("c"), cart},
                                         {QStringLiteral("c2"), cart},
                                         {QStringLiteral("c3"), cart},
                                         {QStringLiteral("c4"), cart}})
                               .toDouble();
    QVERIFY2(seconds <= 8.0, qPrintable(QStringLiteral("a lease of %1 s on an 8 s policy").arg(seconds)));
    QVERIFY(m_carts->releaseCart(cart).ok());
}

QTEST_GUILESS_MAIN(TestCheckout)
#include "tst_checkout.moc"
