// Hotel room-nights: a stay books every night from check-in to the night before check-out, all or
// nothing; nights are locked in date order everywhere, so overlapping stays never deadlock.

#include "buyercrowd.h"
#include "domain/cartservice.h"
#include "domain/hotelservice.h"
#include "moneycompare.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "testdatabase.h"

#include <QRandomGenerator>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestHotel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void stayBooksUpToTheNightBeforeCheckOut_data();
    void stayBooksUpToTheNightBeforeCheckOut();
    void badRangesAreRefused_data();
    void badRangesAreRefused();
    void stayIsAllOrNothing();
    void expiredStaysAreReturnedByTheNextClaim();
    void retryRefreshesTheSameStay();
    void releaseAndCancelReturnNights();
    void capacityChangesNeverStrandBookings();
    void overbookingIsData();
    void availabilityShowsTheFewestFreeRooms();
    void lateConfirmBooksAfreshOrReportsLost();
    void concurrentStaysNeverOverbookOrDeadlock();
    void lateConfirmsAndNewClaimsNeverDeadlock();

private:
    QDate day(int offset) const { return m_today.addDays(offset); }
    StayRequest stay(const QString &cart, RoomTypeId type, int from, int until) const;
    int booked(RoomTypeId type, int offset) const;
    void backdate(const QString &cart, int seconds);
    void expectAuditPasses();

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<HotelService> m_hotels;
    std::unique_ptr<CartService> m_carts;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0; // 5 rooms, 5 sellable
    RoomTypeId m_tiny = 0; // 1 room, 2 sellable: overbooked by design
    QDate m_today;
};

void TestHotel::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("hotel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const QByteArray json = R"({"name": "Test Inn", "currency": "EUR", "hold_seconds": 600, "max_extensions": 1,
        "nights": 40, "room_types": [
          {"code": "STD", "name": "Standard", "rank": 1, "price_minor": 10000, "rooms": 5, "sellable": 5},
          {"code": "TNY", "name": "Tiny", "rank": 0, "price_minor": 5000, "rooms": 1, "sellable": 2}]})";
    auto hotel = PropertyLoader(m_db->database()).loadHotel(json);
    QVERIFY2(hotel.ok(), hotel.ok() ? "" : qPrintable(hotel.error().message));
    m_hotel = hotel->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_hotels = std::make_unique<HotelService>(m_inventory->hotels);
    m_carts = std::make_unique<CartService>(m_inventory->carts);
    const auto hotels = m_hotels->hotels();
    QVERIFY(hotels.ok());
    for (const RoomTypeSummary &type : hotels->first().roomTypes)
        (type.code == QLatin1String("STD") ? m_standard : m_tiny) = type.id;
    m_today = hotels->first().firstNight;
    QCOMPARE(hotels->first().lastNight, m_today.addDays(39));
}

void TestHotel::init()
{
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM order_stay_lines")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM stays")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM orders")));
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE room_nights SET booked = 0, capacity = CASE WHEN physical = 1 THEN 2 ELSE 5 END")));
}

void TestHotel::cleanup()
{
    expectAuditPasses();
}

StayRequest TestHotel::stay(const QString &cart, RoomTypeId type, int from, int until) const
{
    StayRequest request;
    request.roomType = type;
    request.cart = cart;
    request.checkIn = day(from);
    request.checkOut = day(until);
    request.guestName = QStringLiteral("Guest %1").arg(cart);
    return request;
}

int TestHotel::booked(RoomTypeId type, int offset) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :t AND night = :n"),
                 {{QStringLiteral("t"), type}, {QStringLiteral("n"), day(offset).toString(Qt::ISODate)}})
        .toInt();
}

void TestHotel::backdate(const QString &cart, int seconds)
{
    QVERIFY(m_db->backdateHolds(QStringLiteral("stays"), cart, seconds));
}

void TestHotel::expectAuditPasses()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestHotel::stayBooksUpToTheNightBeforeCheckOut_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("until");
    QTest::newRow("one night") << 10 << 11;
    QTest::newRow("in on the 10th, out on the 14th") << 10 << 14;
    QTest::newRow("first night of the calendar") << 0 << 2;
    QTest::newRow("last night of the calendar") << 38 << 40;
}

void TestHotel::stayBooksUpToTheNightBeforeCheckOut()
{
    QFETCH(int, from);
    QFETCH(int, until);
    const auto held = m_hotels->holdStay(stay(QStringLiteral("a"), m_standard, from, until));
    QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));
    QCOMPARE(held->reference.size(), 8);
    if (from > 0)
        QCOMPARE(booked(m_standard, from - 1), 0);
    for (int night = from; night < until; ++night)
        QCOMPARE(booked(m_standard, night), 1);
    QCOMPARE(booked(m_standard, until), 0); // the check-out day is not a night of the stay
}

void TestHotel::badRangesAreRefused_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("until");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("zero nights") << 10 << 10 << "at least one night";
    QTest::newRow("check-out before check-in") << 12 << 10 << "before check-in";
    QTest::newRow("runs past the calendar") << 38 << 42 << "outside the bookable calendar";
    QTest::newRow("starts before the calendar") << -3 << 2 << "outside the bookable calendar";
    QTest::newRow("longer than allowed") << 0 << 61 << "at most";
}

void TestHotel::badRangesAreRefused()
{
    QFETCH(int, from);
    QFETCH(int, until);
    QFETCH(QString, messagePart);
    const auto held = m_hotels->holdStay(stay(QStringLiteral("a"), m_standard, from, until));
    QVERIFY(!held.ok());
    QCOMPARE(held.error().code, ErrorCode::BadInput);
    QVERIFY2(held.error().message.contains(messagePart), qPrintable(held.error().message));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT sum(booked) FROM room_nights")).toInt(), 0);
}

void TestHotel::stayIsAllOrNothing()
{
    for (int i = 0; i < 5; ++i)
        QVERIFY(m_hotels->holdStay(stay(QStringLiteral("full-%1").arg(i), m_standard, 12, 13)).ok());
    const auto refused = m_hotels->holdStay(stay(QStringLiteral("long"), m_standard, 10, 14));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Lost);
    QCOMPARE(booked(m_standard, 10), 0);
    QCOMPARE(booked(m_standard, 11), 0);
    QCOMPARE(booked(m_standard, 12), 5);
    QCOMPARE(booked(m_standard, 13), 0);
}

void TestHotel::expiredStaysAreReturnedByTheNextClaim()
{
    for (int i = 0; i < 5; ++i)
        QVERIFY(m_hotels->holdStay(stay(QStringLiteral("gone-%1").arg(i), m_standard, 18 + i % 3, 21 + i % 2)).ok());
    for (int i = 0; i < 5; ++i)
        backdate(QStringLiteral("gone-%1").arg(i), 3600);
    QCOMPARE(booked(m_standard, 20), 5);
    // No sweeper: the claim itself returns the expired stays it overlaps, all of their nights.
    const auto held = m_hotels->holdStay(stay(QStringLiteral("new"), m_standard, 19, 22));
    QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));
    QCOMPARE(booked(m_standard, 18), 0);
    QCOMPARE(booked(m_standard, 20), 1);
    QCOMPARE(booked(m_standard, 22), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE state = 'EXPIRED'")).toInt(), 5);
}

void TestHotel::retryRefreshesTheSameStay()
{
    const auto first = m_hotels->holdStay(stay(QStringLiteral("a"), m_standard, 5, 8));
    QVERIFY(first.ok());
    const auto again = m_hotels->holdStay(stay(QStringLiteral("a"), m_standard, 5, 8));
    QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().message));
    QVERIFY(again->refreshed);
    QCOMPARE(again->id, first->id);
    QCOMPARE(again->reference, first->reference);
    QCOMPARE(booked(m_standard, 6), 1); // the double click booked one room, not two
}

void TestHotel::releaseAndCancelReturnNights()
{
    const auto held = m_hotels->holdStay(stay(QStringLiteral("a"), m_standard, 3, 6));
    QVERIFY(held.ok());
    QCOMPARE(m_hotels->releaseStay(QStringLiteral("someone-else"), held->id).value(), 0);
    QCOMPARE(m_hotels->releaseStay(QStringLiteral("a"), held->id).value(), 3);
    QCOMPARE(booked(m_standard, 4), 0);
    QCOMPARE(m_hotels->releaseStay(QStringLiteral("a"), held->id).value(), 0);

    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("b"), m_standard, 3, 6)).ok());
    const auto order = m_carts->createOrder(QStringLiteral("b"));
    QVERIFY(order.ok());
    QCOMPARE(order->amount.minor(), qint64(3 * 10000));
    QVERIFY(m_carts->confirm(order->id).ok());
    QCOMPARE(booked(m_standard, 4), 1);
    const StayId booked = order->lines.first().id;
    QCOMPARE(m_hotels->cancelStay(booked).value(), 3);
    QCOMPARE(this->booked(m_standard, 4), 0);
    QCOMPARE(m_hotels->cancelStay(booked).error().code, ErrorCode::Conflict);
}

void TestHotel::capacityChangesNeverStrandBookings()
{
    for (int i = 0; i < 3; ++i)
        QVERIFY(m_hotels->holdStay(stay(QStringLiteral("g%1").arg(i), m_standard, 10, 12)).ok());
    const auto refused = m_hotels->changeCapacity({m_standard, day(9), day(13), 2, std::nullopt});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Conflict);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT min(capacity) FROM room_nights WHERE room_type_id = :t"),
                          {{QStringLiteral("t"), m_standard}})
                 .toInt(),
             5); // nothing changed, not even night 9
    const auto changed = m_hotels->changeCapacity({m_standard, day(9), day(13), 3, 4});
    QVERIFY2(changed.ok(), changed.ok() ? "" : qPrintable(changed.error().message));
    QCOMPARE(changed.value(), 4);
    QCOMPARE(m_hotels->holdStay(stay(QStringLiteral("g9"), m_standard, 11, 12)).error().code, ErrorCode::Lost);
    QCOMPARE(m_hotels->changeCapacity({m_standard, day(35), day(45), 5, std::nullopt}).error().code,
             ErrorCode::BadInput);
}

void TestHotel::overbookingIsData()
{
    // One physical room sold twice on purpose: the claim path does not change, the data does.
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("x"), m_tiny, 7, 8)).ok());
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("y"), m_tiny, 7, 8)).ok());
    QCOMPARE(m_hotels->holdStay(stay(QStringLiteral("z"), m_tiny, 7, 8)).error().code, ErrorCode::Lost);
    const auto ranges = m_hotels->availability(m_hotel, day(7), day(8), {QStringLiteral("TNY")});
    QVERIFY(ranges.ok());
    QCOMPARE(ranges->size(), 1);
    QVERIFY(ranges->first().nights.first().overbooked());
    QCOMPARE(ranges->first().freeEveryNight, 0);
}

void TestHotel::availabilityShowsTheFewestFreeRooms()
{
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("a"), m_standard, 21, 22)).ok());
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("b"), m_standard, 21, 23)).ok());
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("c"), m_standard, 22, 23)).ok());
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("d"), m_standard, 22, 23)).ok());
    backdate(QStringLiteral("d"), 3600); // an expired hold is free already on the read path
    const auto ranges = m_hotels->availability(m_hotel, day(20), day(24), {});
    QVERIFY(ranges.ok());
    QCOMPARE(ranges->size(), 2);
    const RangeAvailability &standard
        = ranges->at(1).roomType.code == QLatin1String("STD") ? ranges->at(1) : ranges->at(0);
    QCOMPARE(standard.freeEveryNight, 3); // "3 left at this price"
    QCOMPARE(standard.total, Money(4 * 10000, QStringLiteral("EUR")));
    QCOMPARE(standard.currency, QStringLiteral("EUR"));
    QCOMPARE(standard.nights.size(), 4);
    const auto beyond = m_hotels->availability(m_hotel, day(38), day(42), {QStringLiteral("STD")});
    QCOMPARE(beyond->first().freeEveryNight, 0); // partly outside the calendar: not bookable
}

void TestHotel::lateConfirmBooksAfreshOrReportsLost()
{
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("late"), m_tiny, 30, 32)).ok());
    const auto late = m_carts->createOrder(QStringLiteral("late"));
    QVERIFY(late.ok());
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("later"), m_tiny, 33, 34)).ok());
    const auto later = m_carts->createOrder(QStringLiteral("later"));
    QVERIFY(later.ok());
    backdate(QStringLiteral("late"), 3600);
    backdate(QStringLiteral("later"), 3600);
    // Another guest's claim returns "late"'s expired stay but leaves a room on those nights;
    // two more guests take night 33 from "later" for good.
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("walk-in"), m_tiny, 31, 32)).ok());
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("p"), m_tiny, 33, 34)).ok());
    QVERIFY(m_hotels->holdStay(stay(QStringLiteral("q"), m_tiny, 33, 34)).ok());

    const auto afresh = m_carts->confirm(late->id);
    QVERIFY2(afresh.ok(), afresh.ok() ? "" : qPrintable(afresh.error().message));
    QCOMPARE(afresh->sold.size(), 1);
    QCOMPARE(booked(m_tiny, 31), 2);
    const auto lost = m_carts->confirm(later->id);
    QVERIFY(lost.ok());
    QCOMPARE(lost->lost.size(), 1);
    QCOMPARE(booked(m_tiny, 33), 2);
}

void TestHotel::concurrentStaysNeverOverbookOrDeadlock()
{
    constexpr int guests = 200;
    constexpr int rounds = 5;
    int totalBooked = 0;
    QStringList problems;
    BuyerCrowd crowd(*m_db, guests);
    const bool connected = crowd.run(
        rounds,
        [&](PgInventory &inventory, int round, int guest) {
            QRandomGenerator random(quint32(round * 1000 + guest) * 2654435761u);
            const int from = random.bounded(30);
            const int nights = 1 + random.bounded(7);
            StayRequest request
                = stay(QStringLiteral("r%1-g%2").arg(round).arg(guest), m_standard, from, qMin(from + nights, 30));
            Attempt attempt;
            const auto held = HotelService(inventory.hotels).holdStay(request);
            attempt.granted = held.ok();
            if (!held) {
                attempt.error = held.error().code;
                attempt.message = held.error().message + QLatin1Char(' ') + held.error().detail;
            }
            return attempt;
        },
        [&](int) { init(); },
        [&](int round, const QVector<Attempt> &attempts) {
            int granted = 0;
            for (const Attempt &attempt : attempts) {
                if (attempt.granted)
                    ++granted;
                else if (attempt.error != ErrorCode::Lost) // a deadlock or any other error fails the test
                    problems << QStringLiteral("round %1: %2").arg(round).arg(attempt.message);
            }
            totalBooked += granted;
            const int over
                = m_db->scalar(QStringLiteral("SELECT count(*) FROM room_nights WHERE booked > capacity")).toInt();
            if (over != 0)
                problems << QStringLiteral("round %1: %2 nights over capacity").arg(round).arg(over);
            const QString failure = m_db->auditFailure();
            if (!failure.isEmpty())
                problems << QStringLiteral("round %1: audit failed (a refused stay left nights behind?): %2")
                                .arg(round)
                                .arg(failure);
        });
    QVERIFY(connected);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(QLatin1Char('\n'))));
    QVERIFY(totalBooked > 0);
    qInfo("200 guests x %d rounds on 5 rooms x 30 nights: %d stays held, the rest refused whole, no deadlock", rounds,
          totalBooked);
}

void TestHotel::lateConfirmsAndNewClaimsNeverDeadlock()
{
    // Paid stays whose holds ran out and were swept back are booked afresh by their confirms, over
    // nights where other holds ran out too (so each fresh claim widens to their nights, below its own),
    // while new guests claim overlapping stays: 20 rounds, nobody may deadlock (40P01).
    constexpr int orders = 8;
    constexpr int rounds = 20;
    QVector<OrderId> paid(orders);
    QStringList problems;
    BuyerCrowd crowd(*m_db, 2 * orders);
    const bool connected = crowd.run(
        rounds,
        [&](PgInventory &inventory, int round, int buyer) {
            Attempt attempt;
            if (buyer < orders) {
                const auto confirmed = CartService(inventory.carts).confirm(paid.at(buyer));
                attempt.granted = confirmed.ok();
                if (!confirmed) {
                    attempt.error = confirmed.error().code;
                    attempt.message = confirmed.error().sqlState + QLatin1Char(' ') + confirmed.error().message
                        + QLatin1Char(' ') + confirmed.error().detail;
                }
                return attempt;
            }
            // New guests keep claiming (and giving back) stays over those nights while the confirms run.
            HotelService hotels(inventory.hotels);
            for (int i = 0; i < 20; ++i) {
                const int from = 6 + (buyer * 3 + round + i) % 16;
                const QString cart = QStringLiteral("new-%1-%2-%3").arg(round).arg(buyer).arg(i);
                const auto held = hotels.holdStay(stay(cart, m_standard, from, from + 4));
                const auto released = held ? hotels.releaseStay(cart, held->id) : Result<int>(held.error());
                if (!released && released.error().code != ErrorCode::Lost) {
                    attempt.error = released.error().code;
                    attempt.message = released.error().sqlState + QLatin1Char(' ') + released.error().message
                        + QLatin1Char(' ') + released.error().detail;
                    return attempt;
                }
            }
            attempt.granted = true;
            return attempt;
        },
        [&](int round) {
            init();
            for (int i = 0; i < orders; ++i) {
                const int from = 10 + (i * 5 + round) % 12;
                const QString cart = QStringLiteral("paid-%1-%2").arg(round).arg(i);
                QVERIFY(m_hotels->holdStay(stay(cart, m_standard, from, from + 2)).ok());
                const auto order = m_carts->createOrder(cart);
                QVERIFY(order.ok());
                paid[i] = order->id;
                backdate(cart, 3600);
            }
            QVERIFY(m_inventory->hotels.sweepExpiredHolds().ok());
            for (int i = 0; i < orders / 2; ++i) {
                const int from = 7 + (i * 5 + round) % 12;
                const QString cart = QStringLiteral("lapsed-%1-%2").arg(round).arg(i);
                QVERIFY(m_hotels->holdStay(stay(cart, m_standard, from, from + 4)).ok());
                backdate(cart, 3600);
            }
        },
        [&](int round, const QVector<Attempt> &attempts) {
            for (const Attempt &attempt : attempts) {
                if (!attempt.granted && attempt.error != ErrorCode::Lost)
                    problems << QStringLiteral("round %1: %2").arg(round).arg(attempt.message);
            }
            const QString failure = m_db->auditFailure();
            if (!failure.isEmpty())
                problems << QStringLiteral("round %1: audit: %2").arg(round).arg(failure);
        });
    QVERIFY(connected);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestHotel)
#include "tst_hotel.moc"
