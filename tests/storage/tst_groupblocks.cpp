// Group blocks against a real database: a block claims its rooms on every night or on none; a guest of
// the group is picked up from the block even when general sale is full, never after the cut-off and
// never beyond the block's rooms however many desks pick up at once; past the cut-off the unpicked
// rooms return to sale by themselves (the availability read shows them free at once, the next claim on
// those nights gives them back), with no job; and only a manager makes, shrinks or lets go of a block.

#include "domain/countersale.h"
#include "domain/frontdeskservice.h"
#include "domain/groupblocks.h"
#include "domain/hotelservice.h"
#include "storage/databaseconnection.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pggroupblockstore.h"
#include "storage/pginventory.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

template<typename T> QString reasonOf(const Result<T> &result)
{
    return result ? QStringLiteral("done") : result.error().reason;
}

template<typename T> T got(const Result<T> &result)
{
    return result ? result.value() : T{};
}

template<typename T> QString why(const Result<T> &result)
{
    return result ? QString() : result.error().message + QLatin1Char(' ') + result.error().detail;
}

} // namespace

class TestGroupBlocks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void blockClaimIsAllOrNothing();
    void pickUpUsesTheBlockWhenGeneralSaleIsFull();
    void pickUpIsBookedThroughTheLedger();
    void pickUpRefusedAfterTheCutOff();
    void pickUpOnlyWithinTheBlock_data();
    void pickUpOnlyWithinTheBlock();
    void lapsedBlockReturnsByItself_data();
    void lapsedBlockReturnsByItself();
    void availabilityShowsALapsedBlockFreeBeforeAnyClaim();
    void anUnpaidPickUpGoesBackToTheBlock();
    void managerShrinksAndReleasesAtOnce();
    void concurrentPickUpsNeverExceedTheBlock();
    void clerkIsRefusedByTheDatabase();

private:
    QDate day(int offset) const { return m_first.addDays(offset); }
    int booked(int offset) const;
    int picked(GroupBlockId block, int offset) const;
    Result<GroupBlockId> block(int rooms, int from, int until, const QString &group = QStringLiteral("Choir"));
    Result<PickUpHold> pickUp(GroupBlockId block, const QString &guest, int from, int until);
    Result<StayHold> hold(int from, int until);
    void moveCutOffIntoThePast(GroupBlockId block);
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgGroupBlockStore> m_store;
    std::unique_ptr<GroupBlockService> m_blocks;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0; // 5 rooms, 5 sellable
    QDate m_first;
    int m_carts = 0;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("Blocks-pass-1");
};

void TestGroupBlocks::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("groupblocks"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded = PropertyLoader(m_db->database())
                            .loadHotel(R"({"name": "Block Inn", "currency": "EUR", "hold_seconds": 600, "nights": 40,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 10000, "rooms": 5}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_store = std::make_unique<PgGroupBlockStore>(m_db->database());
    m_blocks = std::make_unique<GroupBlockService>(*m_store);
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        m_standard = hotel.roomTypes.first().id;
    }
    QVERIFY(m_standard);
    m_clerk = QStringLiteral("blockclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("blockmanager_%1").arg(QCoreApplication::applicationPid());
    StaffAdmin admin(m_db->database());
    QVERIFY(admin.addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(admin.addStaff(m_manager, m_password, StaffRole::Manager).ok());
}

void TestGroupBlocks::cleanupTestCase()
{
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

void TestGroupBlocks::init()
{
    QString error;
    QVERIFY(m_db->exec(QStringLiteral("SET client_min_messages = warning"))); // no notice per cascaded table
    QVERIFY2(m_db->exec(QStringLiteral("TRUNCATE stays, orders, group_blocks CASCADE"), {}, &error), qPrintable(error));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE room_nights SET booked = 0, capacity = 5")));
}

void TestGroupBlocks::cleanup()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

int TestGroupBlocks::booked(int offset) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :t AND night = :n"),
                 {{QStringLiteral("t"), m_standard}, {QStringLiteral("n"), day(offset).toString(Qt::ISODate)}})
        .toInt();
}

int TestGroupBlocks::picked(GroupBlockId block, int offset) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT picked FROM group_block_nights WHERE block_id = :b AND night = :n"),
                 {{QStringLiteral("b"), block}, {QStringLiteral("n"), day(offset).toString(Qt::ISODate)}})
        .toInt();
}

Result<GroupBlockId> TestGroupBlocks::block(int rooms, int from, int until, const QString &group)
{
    return m_blocks->create(GroupBlockRequest::constant(m_standard, group, day(from), day(until), rooms,
                                                        QDateTime::currentDateTimeUtc().addDays(7)));
}

Result<PickUpHold> TestGroupBlocks::pickUp(GroupBlockId block, const QString &guest, int from, int until)
{
    return m_blocks->pickUp({block, QStringLiteral("desk-block-%1").arg(++m_carts), day(from), day(until), guest});
}

Result<StayHold> TestGroupBlocks::hold(int from, int until)
{
    StayRequest request;
    request.roomType = m_standard;
    request.cart = QStringLiteral("desk-walkin-%1").arg(++m_carts);
    request.checkIn = day(from);
    request.checkOut = day(until);
    request.guestName = QStringLiteral("Walk-in %1").arg(m_carts);
    return HotelService(m_inventory->hotels).holdStay(request);
}

void TestGroupBlocks::moveCutOffIntoThePast(GroupBlockId block)
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE group_blocks SET cutoff_at = now() - interval '1 minute' WHERE id = :b"),
                       {{QStringLiteral("b"), block}}));
}

std::unique_ptr<DatabaseConnection> TestGroupBlocks::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, login);
    return connection ? std::move(connection.value()) : nullptr;
}

void TestGroupBlocks::blockClaimIsAllOrNothing()
{
    for (int i = 0; i < 3; ++i)
        QVERIFY(hold(12, 13).ok());
    const auto tooMany = block(3, 10, 14);
    QCOMPARE(reasonOf(tooMany), QString::fromLatin1(ErrorReason::GroupBlockHotelFull));
    QCOMPARE(tooMany.error().args, QStringList{day(12).toString(Qt::ISODate)});
    for (int night : {10, 11, 13})
        QCOMPARE(booked(night), 0);
    QCOMPARE(booked(12), 3);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM group_blocks")).toInt(), 0);

    const auto fits = block(2, 10, 14);
    QVERIFY2(fits.ok(), qPrintable(why(fits)));
    for (int night : {10, 11, 13})
        QCOMPARE(booked(night), 2);
    QCOMPARE(booked(12), 5);
    QCOMPARE(booked(14), 0);

    // Rooms that vary by night: the nights are all claimed or none.
    GroupBlockRequest varying = GroupBlockRequest::constant(m_standard, QStringLiteral("Crew"), day(20), day(23), 0,
                                                            QDateTime::currentDateTimeUtc().addDays(3));
    varying.roomsPerNight = {1, 4, 2};
    const auto made = m_blocks->create(varying);
    QVERIFY2(made.ok(), qPrintable(why(made)));
    QCOMPARE(booked(20), 1);
    QCOMPARE(booked(21), 4);
    QCOMPARE(booked(22), 2);
    const auto blocks = m_blocks->blocks(m_hotel, day(0));
    QVERIFY(blocks.ok());
    QCOMPARE(blocks->size(), 2);
    QCOMPARE(blocks->last().roomsHeld(), 4);
    QCOMPARE(blocks->last().remainingOn(day(21)), 4);
}

void TestGroupBlocks::pickUpUsesTheBlockWhenGeneralSaleIsFull()
{
    const auto made = block(2, 10, 12);
    QVERIFY2(made.ok(), qPrintable(why(made)));
    for (int i = 0; i < 3; ++i)
        QVERIFY(hold(10, 12).ok());
    QVERIFY(!hold(10, 11).ok()); // general sale is full
    QCOMPARE(booked(10), 5);

    const auto first = pickUp(made.value(), QStringLiteral("Anna Sopran"), 10, 12);
    QVERIFY2(first.ok(), qPrintable(why(first)));
    QCOMPARE(booked(10), 5); // the room was the block's already
    QCOMPARE(picked(made.value(), 10), 1);
    const auto second = pickUp(made.value(), QStringLiteral("Bert Bass"), 11, 12);
    QVERIFY2(second.ok(), qPrintable(why(second)));
    QCOMPARE(picked(made.value(), 10), 1);
    QCOMPARE(picked(made.value(), 11), 2);
    const auto third = pickUp(made.value(), QStringLiteral("Clara Alt"), 10, 12);
    QCOMPARE(reasonOf(third), QString::fromLatin1(ErrorReason::GroupBlockFull));
    QCOMPARE(third.error().args, QStringList{day(11).toString(Qt::ISODate)});
    QCOMPARE(picked(made.value(), 10), 1); // nothing of the refused pick-up stays behind
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE block_id = :b"),
                          {{QStringLiteral("b"), made.value()}})
                 .toInt(),
             2);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT guest_name FROM stays WHERE id = :s"), {{QStringLiteral("s"), first->stay}})
            .toString(),
        QStringLiteral("Anna Sopran"));
}

void TestGroupBlocks::pickUpIsBookedThroughTheLedger()
{
    const auto made = block(1, 5, 8);
    QVERIFY(made.ok());
    const CartId cart = QStringLiteral("desk-group-sale");
    const auto held = m_blocks->pickUp({made.value(), cart, day(5), day(8), QStringLiteral("Dora Dirigent")});
    QVERIFY2(held.ok(), qPrintable(why(held)));
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    QVERIFY2(quote.ok(), qPrintable(why(quote)));
    QCOMPARE(quote->total.minor(), 30000);
    CounterPayment payment;
    payment.method = PaymentMethod::Cash;
    payment.tendered = Money(30000, quote->currency);
    const auto sold = sales.sell(cart, payment, quote.value());
    QVERIFY2(sold.ok(), qPrintable(why(sold)));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state || ' ' || (order_id = :o) FROM stays WHERE id = :s"),
                          {{QStringLiteral("s"), held->stay}, {QStringLiteral("o"), sold->order.id}})
                 .toString(),
             QStringLiteral("BOOKED true"));
    QCOMPARE(booked(5), 1);
    QCOMPARE(picked(made.value(), 7), 1);
}

void TestGroupBlocks::pickUpRefusedAfterTheCutOff()
{
    const auto made = block(2, 10, 12);
    QVERIFY(made.ok());
    moveCutOffIntoThePast(made.value());
    const auto late = pickUp(made.value(), QStringLiteral("Late Larry"), 10, 12);
    QCOMPARE(reasonOf(late), QString::fromLatin1(ErrorReason::GroupBlockPastCutoff));
    QCOMPARE(picked(made.value(), 10), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM stays")).toInt(), 0);
}

void TestGroupBlocks::pickUpOnlyWithinTheBlock_data()
{
    QTest::addColumn<QString>("guest");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("until");
    QTest::addColumn<QString>("reason");
    QTest::newRow("before the block") << QStringLiteral("Early Eve") << 9 << 11
                                      << QString::fromLatin1(ErrorReason::GroupBlockOutsideNights);
    QTest::newRow("after the block") << QStringLiteral("Late Lou") << 11 << 13
                                     << QString::fromLatin1(ErrorReason::GroupBlockOutsideNights);
    QTest::newRow("no name") << QStringLiteral("  ") << 10 << 12
                             << QString::fromLatin1(ErrorReason::GroupBlockGuestMissing);
    QTest::newRow("whole block") << QStringLiteral("Fine Fred") << 10 << 12 << QStringLiteral("done");
}

void TestGroupBlocks::pickUpOnlyWithinTheBlock()
{
    QFETCH(QString, guest);
    QFETCH(int, from);
    QFETCH(int, until);
    QFETCH(QString, reason);
    const auto made = block(1, 10, 12);
    QVERIFY(made.ok());
    QCOMPARE(reasonOf(pickUp(made.value(), guest, from, until)), reason);
    // and the database refuses the same without the rules in front of it
    const auto direct = m_store->pickUp({made.value(), QStringLiteral("direct-cart"), day(from), day(until), guest});
    QCOMPARE(reasonOf(direct),
             reason == QLatin1String("done") ? QString::fromLatin1(ErrorReason::GroupBlockFull) : reason);
}

void TestGroupBlocks::lapsedBlockReturnsByItself_data()
{
    QTest::addColumn<QString>("claim");
    QTest::newRow("a hold") << QStringLiteral("hold");
    QTest::newRow("another block") << QStringLiteral("block");
    QTest::newRow("a capacity change") << QStringLiteral("capacity");
}

void TestGroupBlocks::lapsedBlockReturnsByItself()
{
    QFETCH(QString, claim);
    const auto made = block(4, 20, 22);
    QVERIFY(made.ok());
    QVERIFY(pickUp(made.value(), QStringLiteral("Picked Pia"), 20, 22).ok());
    QVERIFY(hold(20, 22).ok());
    QCOMPARE(booked(20), 5);
    moveCutOffIntoThePast(made.value());
    QCOMPARE(booked(20), 5); // nothing ran: the counter is as it was

    if (claim == QLatin1String("hold")) {
        const auto held = hold(20, 21);
        QVERIFY2(held.ok(), qPrintable(why(held)));
        QCOMPARE(booked(20), 3); // the pick-up, the earlier hold and this one
        QCOMPARE(booked(21), 5); // a night nobody claimed yet keeps its count
    } else if (claim == QLatin1String("block")) {
        const auto second = block(3, 20, 21, QStringLiteral("Team"));
        QVERIFY2(second.ok(), qPrintable(why(second)));
        QCOMPARE(booked(20), 5);
    } else {
        CapacityChange change{m_standard, day(20), day(22), 2, std::nullopt};
        const auto changed = HotelService(m_inventory->hotels).changeCapacity(change);
        QVERIFY2(changed.ok(), qPrintable(why(changed)));
        QCOMPARE(booked(20), 2);
        QCOMPARE(booked(21), 2);
    }
    // the picked-up guest keeps the room
    QCOMPARE(picked(made.value(), 20), 1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT bool_and(released) FROM group_block_nights WHERE block_id = :b "
                                         "AND night = :n"),
                          {{QStringLiteral("b"), made.value()}, {QStringLiteral("n"), day(20).toString(Qt::ISODate)}})
                 .toBool(),
             true);
}

void TestGroupBlocks::availabilityShowsALapsedBlockFreeBeforeAnyClaim()
{
    const auto made = block(3, 25, 27);
    QVERIFY(made.ok());
    QVERIFY(pickUp(made.value(), QStringLiteral("Picked Paul"), 25, 26).ok());
    HotelService hotels(m_inventory->hotels);
    PgFrontDesk desk(m_db->database());
    auto before = hotels.availability(m_hotel, day(25), day(27));
    QVERIFY(before.ok());
    QCOMPARE(before->first().nights.first().booked, 3); // the block's rooms count as booked
    QCOMPARE(desk.calendar(m_hotel, day(25), day(27))->nights.first().first().booked, 3);

    moveCutOffIntoThePast(made.value());
    auto after = hotels.availability(m_hotel, day(25), day(27));
    QVERIFY(after.ok());
    QCOMPARE(after->first().nights.at(0).booked, 1); // only the guest picked up
    QCOMPARE(after->first().nights.at(1).booked, 0);
    const auto calendar = desk.calendar(m_hotel, day(25), day(27));
    QVERIFY(calendar.ok());
    QCOMPARE(calendar->nights.first().at(0).booked, 1);
    QCOMPARE(calendar->nights.first().at(1).booked, 0);
    const auto listed = m_blocks->blocks(m_hotel, day(0));
    QVERIFY(listed.ok());
    QVERIFY(listed->first().pastCutoff);
    QCOMPARE(listed->first().remainingTotal(), 0);
    QCOMPARE(booked(25), 3); // no claim yet: the counter still holds them, and the audit agrees
}

void TestGroupBlocks::anUnpaidPickUpGoesBackToTheBlock()
{
    const auto made = block(1, 10, 12);
    QVERIFY(made.ok());
    const CartId cart = QStringLiteral("desk-undo");
    const auto held = m_blocks->pickUp({made.value(), cart, day(10), day(12), QStringLiteral("Undone Uwe")});
    QVERIFY(held.ok());
    QCOMPARE(got(m_blocks->returnPickUp(QStringLiteral("another-cart"), held->stay)), 0);
    QCOMPARE(picked(made.value(), 10), 1);
    QCOMPARE(m_blocks->returnPickUp(cart, held->stay).value(), 2);
    QCOMPARE(picked(made.value(), 10), 0);
    QCOMPARE(booked(10), 1); // back in the block, not on general sale
    QVERIFY(pickUp(made.value(), QStringLiteral("Next Nina"), 10, 12).ok());
}

void TestGroupBlocks::managerShrinksAndReleasesAtOnce()
{
    const auto made = block(4, 10, 13);
    QVERIFY(made.ok());
    QVERIFY(pickUp(made.value(), QStringLiteral("Kept Kim"), 10, 12).ok());
    const auto shrunk = m_blocks->shrink(made.value(), 2);
    QVERIFY2(shrunk.ok(), qPrintable(why(shrunk)));
    QCOMPARE(shrunk.value(), 6);
    QCOMPARE(booked(10), 2);
    QCOMPARE(booked(12), 2);
    const auto released = m_blocks->release(made.value());
    QVERIFY2(released.ok(), qPrintable(why(released)));
    QCOMPARE(released.value(), 4); // one unpicked room on nights 10 and 11, two on night 12
    QCOMPARE(booked(10), 1);
    QCOMPARE(booked(12), 0);
    QCOMPARE(reasonOf(pickUp(made.value(), QStringLiteral("Too Late"), 12, 13)),
             QString::fromLatin1(ErrorReason::GroupBlockFull));
}

void TestGroupBlocks::concurrentPickUpsNeverExceedTheBlock()
{
    const int rooms = 3;
    const auto made = block(rooms, 30, 33);
    QVERIFY(made.ok());
    // General sale takes the rest, so any room beyond the block would overbook the hotel.
    QVERIFY(hold(30, 33).ok());
    QVERIFY(hold(30, 33).ok());
    const GroupBlockId id = made.value();
    std::atomic<int> won{0};
    std::atomic<int> full{0};
    std::atomic<int> other{0};
    std::atomic<int> ready{0};
    const int deskCount = 6;
    QVector<QThread *> desks;
    for (int d = 0; d < deskCount; ++d) {
        desks << QThread::create([&, d] {
            auto connection = m_db->connect(QStringLiteral("desk"));
            ++ready;
            while (ready.load() < deskCount)
                std::this_thread::yield(); // every desk starts together, so the pick-ups really race
            if (!connection) {
                ++other;
                return;
            }
            PgGroupBlockStore store(connection->database());
            for (int g = 0; g < 5; ++g) {
                const int from = 30 + (g % 2);
                const auto picked = store.pickUp({id, QStringLiteral("desk-%1-%2").arg(d).arg(g), day(from), day(33),
                                                  QStringLiteral("Guest %1-%2").arg(d).arg(g)});
                if (picked)
                    ++won;
                else if (picked.error().reason == QLatin1String(ErrorReason::GroupBlockFull))
                    ++full;
                else
                    ++other;
            }
        });
        desks.last()->start();
    }
    for (QThread *desk : desks) {
        desk->wait();
        delete desk;
    }
    QCOMPARE(other.load(), 0);
    QCOMPARE(won.load() + full.load(), 30);
    QVERIFY(won.load() >= rooms && won.load() <= 2 * rooms);
    for (int night : {30, 31, 32}) {
        QVERIFY(picked(id, night) <= rooms);
        QCOMPARE(booked(night), 5);
    }
    QCOMPARE(picked(id, 32), rooms);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT max(c) FROM (SELECT count(*) AS c FROM stays s "
                                         "JOIN generate_series(s.check_in, s.check_out - 1, '1 day') n ON true "
                                         "WHERE s.block_id = :b GROUP BY n) x"),
                          {{QStringLiteral("b"), id}})
                 .toInt(),
             rooms);
}

void TestGroupBlocks::clerkIsRefusedByTheDatabase()
{
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    PgGroupBlockStore clerkStore(clerk->database());
    GroupBlockService clerkBlocks(clerkStore);
    const auto refused = clerkBlocks.create(GroupBlockRequest::constant(
        m_standard, QStringLiteral("Sneaky"), day(10), day(12), 2, QDateTime::currentDateTimeUtc().addDays(2)));
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(refused.error().reason, QString::fromLatin1(ErrorReason::GroupBlockManagerOnly));
    QCOMPARE(booked(10), 0);

    const auto made = block(2, 10, 12);
    QVERIFY(made.ok());
    QCOMPARE(clerkBlocks.shrink(made.value(), 0).error().code, ErrorCode::PermissionDenied);
    QCOMPARE(clerkBlocks.release(made.value()).error().code, ErrorCode::PermissionDenied);
    QCOMPARE(booked(10), 2);
    // nor by hand, as a tampered desktop would
    QSqlQuery byHand(clerk->database());
    QVERIFY(!byHand.exec(QStringLiteral("UPDATE group_block_nights SET released = true")));
    QCOMPARE(byHand.lastError().nativeErrorCode(), QStringLiteral("42501"));
    QVERIFY(!byHand.exec(QStringLiteral("UPDATE group_block_nights SET picked = 0")));
    QVERIFY(!byHand.exec(QStringLiteral("UPDATE group_blocks SET cutoff_at = now()")));
    // a clerk picks a guest up, which is front-desk work
    const auto picked = clerkBlocks.pickUp(
        {made.value(), QStringLiteral("clerk-cart"), day(10), day(12), QStringLiteral("Clerk's Guest")});
    QVERIFY2(picked.ok(), qPrintable(why(picked)));
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgGroupBlockStore managerStore(manager->database());
    const auto byManager
        = GroupBlockService(managerStore)
              .create(GroupBlockRequest::constant(m_standard, QStringLiteral("Managed"), day(14), day(15), 1,
                                                  QDateTime::currentDateTimeUtc().addDays(2)));
    QVERIFY2(byManager.ok(), qPrintable(why(byManager)));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT created_by FROM group_blocks WHERE id = :b"),
                          {{QStringLiteral("b"), byManager.value()}})
                 .toString(),
             m_manager);
}

QTEST_GUILESS_MAIN(TestGroupBlocks)
#include "tst_groupblocks.moc"
