// Rooms and housekeeping against a real database (migration 029): a room is never given to two stays
// on one night, whatever connection races which; check-in ends with a room or is refused; a guest in
// house moves rooms with both rooms' nights recorded; a stay that ends gives its nights back and a
// check-out leaves the room dirty; out-of-order nights leave the physical count and come back.

#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/roomreasons.h"
#include "domain/roomservice.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgroomstore.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <thread>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

Money inEuros(qint64 minor) // the hotel here sells in euros
{
    return Money(minor, QStringLiteral("EUR"));
}

QString reasonOf(const Status &status)
{
    return status ? QStringLiteral("done") : status.error().reason;
}

struct DeskStores
{
    explicit DeskStores(const QSqlDatabase &database)
        : inventory(database), store(database), counter(database, inventory.carts), unit(database)
    { }
    PgInventory inventory;
    PgFrontDesk store;
    PgCounterSales counter;
    PgUnitOfWork unit;
};

class Desk : private DeskStores, public FrontDeskService
{
public:
    explicit Desk(const QSqlDatabase &database) : DeskStores(database), FrontDeskService(store, counter, unit) { }
};

} // namespace

class TestRooms : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void theDemoHotelHasARoomPerPhysicalRoom();
    void aRoomGoesToOneStayPerNight_data();
    void aRoomGoesToOneStayPerNight();
    void theDatabaseRefusesADoubleClaimWrittenDirectly();
    void twoConnectionsAssigningOneRoomAtOnce_data();
    void twoConnectionsAssigningOneRoomAtOnce();
    void onlyARoomOfTheStaysTypeIsAssigned();
    void checkInAssignsAReadyRoom();
    void checkInWithNoReadyRoomIsRefused();
    void checkInToAnAssignedRoomThatIsNotReadyIsRefused();
    void aGuestInHouseMovesRooms_data();
    void aGuestInHouseMovesRooms();
    void aMoveToATakenOrUnreadyRoomIsRefused();
    void checkOutLeavesTheRoomDirtyAndFreesIt();
    void aCancelledStayGivesItsRoomBack();
    void aStayMovedBeforeArrivalLosesItsRoom();
    void housekeepingGoesRoundInOrder();
    void outOfOrderTakesPhysicalAndGivesItBack();
    void outOfOrderIsRefusedUnderAGuest();
    void aClerkChangesRoomsOnlyThroughTheFunctions();

private:
    StayId book(const QString &guest, RoomTypeId roomType, int fromDay, int nights);
    RoomId room(const QString &number) const;
    QString housekeeping(const QString &number) const;
    QString claimsOf(StayId stay) const; // "101 0-3, 102 3-5": room and nights as days after m_first
    int physical(RoomTypeId type, int day) const;
    QString stateOf(StayId stay) const;
    std::unique_ptr<DatabaseConnection> signIn() const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<Desk> m_desk;
    std::unique_ptr<PgRoomStore> m_store;
    std::unique_ptr<RoomService> m_rooms;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0; // rooms S1, S2
    RoomTypeId m_deluxe = 0; // room D1
    QDate m_first;
    QString m_clerk;
    const QString m_password = QStringLiteral("rooms-pass-9");
    int m_carts = 0;
};

void TestRooms::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("rooms"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Room Inn", "currency": "EUR", "nights": 30,
                               "room_types": [{"code": "S", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2, "sellable": 20},
                                              {"code": "D", "name": "Deluxe", "rank": 2, "price_minor": 15000, "rooms": 1, "sellable": 6}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_desk = std::make_unique<Desk>(m_db->database());
    m_store = std::make_unique<PgRoomStore>(m_db->database());
    m_rooms = std::make_unique<RoomService>(*m_store);
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes)
            (type.code == QLatin1String("S") ? m_standard : m_deluxe) = type.id;
    }
    QVERIFY(m_standard && m_deluxe);
    QCOMPARE(m_first, m_db->scalar(QStringLiteral("SELECT current_date")).toDate());
    m_clerk = QStringLiteral("roomclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
}

void TestRooms::cleanupTestCase()
{
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk));
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

// Every test starts with no guests, every room clean and the physical counts as loaded.
void TestRooms::init()
{
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM room_assignments")));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET state = 'CHECKED_OUT' WHERE state = 'CHECKED_IN'")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM room_assignments")));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE rooms SET housekeeping_state = 'CLEAN'")));
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE room_nights n SET physical = CASE WHEN n.room_type_id = :s THEN 2 ELSE 1 END "
                                  "WHERE n.room_type_id IN (:s, :d)"),
                   {{QStringLiteral("s"), m_standard}, {QStringLiteral("d"), m_deluxe}}));
}

std::unique_ptr<DatabaseConnection> TestRooms::signIn() const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = m_clerk;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, m_clerk);
    return connection ? std::move(connection.value()) : nullptr;
}

// A booked stay; its nights are released again by cancelling it at the end of each test that needs so.
StayId TestRooms::book(const QString &guest, RoomTypeId roomType, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("room-stay-%1").arg(++m_carts);
    StayRequest request;
    request.roomType = roomType;
    request.cart = cart;
    request.checkIn = m_first.addDays(fromDay);
    request.checkOut = request.checkIn.addDays(nights);
    request.guestName = guest;
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    const auto order = m_inventory->carts.createOrder(cart);
    if (!order || !m_inventory->carts.confirm(order->id))
        return 0;
    return held->id;
}

RoomId TestRooms::room(const QString &number) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT id FROM rooms WHERE hotel_id = :h AND number = :n"),
                 {{QStringLiteral("h"), m_hotel}, {QStringLiteral("n"), number}})
        .toLongLong();
}

QString TestRooms::housekeeping(const QString &number) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT housekeeping_state FROM rooms WHERE id = :r"),
                 {{QStringLiteral("r"), room(number)}})
        .toString();
}

QString TestRooms::claimsOf(StayId stay) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT COALESCE(string_agg(r.number || ' ' || (lower(a.nights) - current_date) || '-' "
                                "|| (upper(a.nights) - current_date), ', ' ORDER BY lower(a.nights)), '') "
                                "FROM room_assignments a JOIN rooms r ON r.id = a.room_id WHERE a.stay_id = :s"),
                 {{QStringLiteral("s"), stay}})
        .toString();
}

int TestRooms::physical(RoomTypeId type, int day) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT physical FROM room_nights WHERE room_type_id = :r AND night = :n"),
                 {{QStringLiteral("r"), type}, {QStringLiteral("n"), m_first.addDays(day)}})
        .toInt();
}

QString TestRooms::stateOf(StayId stay) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
        .toString();
}

void TestRooms::theDemoHotelHasARoomPerPhysicalRoom()
{
    const auto json = PropertyLoader::demoHotel();
    QVERIFY(json.ok());
    const auto loaded = PropertyLoader(m_db->database()).loadHotel(json.value());
    QVERIFY(loaded.ok());
    const QString perType
        = m_db->scalar(QStringLiteral("SELECT string_agg(rt.code || ' ' || (SELECT count(*) FROM rooms r WHERE "
                                      "r.room_type_id = rt.id) || '/' || n.physical || ' ' || "
                                      "(SELECT min(number) FROM rooms r WHERE r.room_type_id = rt.id), ', ' "
                                      "ORDER BY rt.rank) FROM room_types rt JOIN room_nights n ON "
                                      "n.room_type_id = rt.id AND n.night = current_date WHERE rt.hotel_id = :h"),
                       {{QStringLiteral("h"), loaded->id}})
              .toString();
    QCOMPARE(perType, QStringLiteral("STD 20/20 101, DLX 10/10 201, STE 3/3 301"));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM rooms WHERE hotel_id = :h AND housekeeping_state = 'CLEAN'"),
                     {{QStringLiteral("h"), loaded->id}})
            .toInt(),
        33);
}

void TestRooms::aRoomGoesToOneStayPerNight_data()
{
    QTest::addColumn<int>("secondFrom");
    QTest::addColumn<int>("secondNights");
    QTest::addColumn<QString>("answer");
    QTest::newRow("same nights") << 2 << 3 << QString::fromLatin1(ErrorReason::RoomTaken);
    QTest::newRow("last night overlaps") << 4 << 2 << QString::fromLatin1(ErrorReason::RoomTaken);
    QTest::newRow("first night overlaps") << 1 << 2 << QString::fromLatin1(ErrorReason::RoomTaken);
    QTest::newRow("inside") << 3 << 1 << QString::fromLatin1(ErrorReason::RoomTaken);
    QTest::newRow("arrives as the other leaves") << 5 << 2 << QStringLiteral("done");
    QTest::newRow("leaves as the other arrives") << 0 << 2 << QStringLiteral("done");
}

void TestRooms::aRoomGoesToOneStayPerNight()
{
    QFETCH(int, secondFrom);
    QFETCH(int, secondNights);
    QFETCH(QString, answer);
    const StayId first = book(QStringLiteral("First Guest"), m_standard, 2, 3);
    const StayId second = book(QStringLiteral("Second Guest"), m_standard, secondFrom, secondNights);
    QVERIFY(first && second);
    QCOMPARE(reasonOf(m_rooms->assign(first, room(QStringLiteral("S01")))), QStringLiteral("done"));
    const Status again = m_rooms->assign(second, room(QStringLiteral("S01")));
    QCOMPARE(reasonOf(again), answer);
    if (!again.ok()) {
        QCOMPARE(again.error().code, ErrorCode::Lost);
        QCOMPARE(claimsOf(second), QString());
        // the other room is free: the same stay takes it
        QCOMPARE(reasonOf(m_rooms->assign(second, room(QStringLiteral("S02")))), QStringLiteral("done"));
    }
    QCOMPARE(claimsOf(first), QStringLiteral("S01 2-5"));
    // a second assignment replaces the first
    QVERIFY(m_desk->cancelStay(second, inEuros(0), QStringLiteral("test")).ok());
    QCOMPARE(reasonOf(m_rooms->assign(first, room(QStringLiteral("S02")))), QStringLiteral("done"));
    QCOMPARE(claimsOf(first), QStringLiteral("S02 2-5"));
    QVERIFY(m_desk->cancelStay(first, inEuros(0), QStringLiteral("test")).ok());
    QCOMPARE(claimsOf(first), QString());
}

void TestRooms::theDatabaseRefusesADoubleClaimWrittenDirectly()
{
    const StayId first = book(QStringLiteral("Direct One"), m_standard, 1, 3);
    const StayId second = book(QStringLiteral("Direct Two"), m_standard, 3, 2);
    QVERIFY(first && second);
    const QString insert = QStringLiteral("INSERT INTO room_assignments (room_id, stay_id, nights) "
                                          "VALUES (:r, :s, daterange(CAST(:a AS date), CAST(:b AS date)))");
    QVERIFY(m_db->exec(insert,
                       {{QStringLiteral("r"), room(QStringLiteral("S01"))},
                        {QStringLiteral("s"), first},
                        {QStringLiteral("a"), m_first.addDays(1)},
                        {QStringLiteral("b"), m_first.addDays(4)}}));
    QString error;
    QVERIFY(!m_db->exec(insert,
                        {{QStringLiteral("r"), room(QStringLiteral("S01"))},
                         {QStringLiteral("s"), second},
                         {QStringLiteral("a"), m_first.addDays(3)},
                         {QStringLiteral("b"), m_first.addDays(5)}},
                        &error));
    QVERIFY2(error.contains(QLatin1String("room_assignments_one_per_night")), qPrintable(error));
    QVERIFY(m_desk->cancelStay(first, inEuros(0), QStringLiteral("test")).ok());
    QVERIFY(m_desk->cancelStay(second, inEuros(0), QStringLiteral("test")).ok());
}

// The first connection claims the room and holds its transaction open; the second asks for the same
// room on an overlapping night and waits. When the first commits, the second is refused: by the room
// function (which locks the room) or, written as a bare INSERT, by the exclusion constraint itself.
void TestRooms::twoConnectionsAssigningOneRoomAtOnce_data()
{
    QTest::addColumn<bool>("throughTheFunction");
    QTest::newRow("assign function") << true;
    QTest::newRow("bare insert") << false;
}

void TestRooms::twoConnectionsAssigningOneRoomAtOnce()
{
    QFETCH(bool, throughTheFunction);
    const StayId first = book(QStringLiteral("Race One"), m_standard, 6, 3);
    const StayId second = book(QStringLiteral("Race Two"), m_standard, 7, 3);
    QVERIFY(first && second);
    const RoomId contested = room(QStringLiteral("S02"));
    const QString bare = QStringLiteral("INSERT INTO room_assignments (room_id, stay_id, nights) SELECT :r, id, "
                                        "daterange(check_in, check_out) FROM stays WHERE id = :s");

    auto one = m_db->connect(QStringLiteral("first"));
    QVERIFY(one);
    QSqlQuery q(one->database());
    QVERIFY(q.exec(QStringLiteral("BEGIN")));
    if (throughTheFunction) {
        PgRoomStore store(one->database());
        QCOMPARE(reasonOf(store.assign(first, contested)), QStringLiteral("done"));
    } else {
        q.prepare(bare);
        q.bindValue(QStringLiteral(":r"), contested);
        q.bindValue(QStringLiteral(":s"), first);
        QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
    }

    QString secondAnswer;
    std::thread other([&] {
        auto two = m_db->connect(QStringLiteral("second"));
        if (!two) {
            secondAnswer = QStringLiteral("no connection");
            return;
        }
        if (throughTheFunction) {
            PgRoomStore store(two->database());
            secondAnswer = reasonOf(store.assign(second, contested));
        } else {
            QSqlQuery insert(two->database());
            insert.prepare(bare);
            insert.bindValue(QStringLiteral(":r"), contested);
            insert.bindValue(QStringLiteral(":s"), second);
            secondAnswer = insert.exec() ? QStringLiteral("done") : insert.lastError().nativeErrorCode();
        }
    });
    // the second waits on the first's uncommitted claim
    QTRY_COMPARE_WITH_TIMEOUT(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                    "AND wait_event_type = 'Lock'"))
            .toInt(),
        1, 10000);
    QVERIFY(q.exec(QStringLiteral("COMMIT")));
    other.join();
    QCOMPARE(secondAnswer, throughTheFunction ? QString::fromLatin1(ErrorReason::RoomTaken) : QStringLiteral("23P01"));
    QCOMPARE(claimsOf(first), QStringLiteral("S02 6-9"));
    QCOMPARE(claimsOf(second), QString());
    QVERIFY(m_desk->cancelStay(first, inEuros(0), QStringLiteral("test")).ok());
    QVERIFY(m_desk->cancelStay(second, inEuros(0), QStringLiteral("test")).ok());
}

void TestRooms::onlyARoomOfTheStaysTypeIsAssigned()
{
    const StayId stay = book(QStringLiteral("Type Guest"), m_standard, 1, 2);
    QVERIFY(stay);
    QCOMPARE(reasonOf(m_rooms->assign(stay, room(QStringLiteral("D01")))),
             QString::fromLatin1(ErrorReason::RoomWrongType));
    QCOMPARE(reasonOf(m_rooms->assign(stay, 0)), QString::fromLatin1(ErrorReason::RoomNotChosen));
    QCOMPARE(reasonOf(m_rooms->assign(0, room(QStringLiteral("S01")))),
             QString::fromLatin1(ErrorReason::RoomStayNotChosen));
    QCOMPARE(reasonOf(m_rooms->assign(stay, 999999)), QString::fromLatin1(ErrorReason::RoomUnknown));
    QVERIFY(
        m_rooms->outOfOrder({room(QStringLiteral("S01")), m_first, m_first.addDays(1), QStringLiteral("leak")}).ok());
    QCOMPARE(reasonOf(m_rooms->assign(stay, room(QStringLiteral("S01")))),
             QString::fromLatin1(ErrorReason::RoomOutOfOrder));
    QVERIFY(m_rooms->backInService(room(QStringLiteral("S01"))).ok());
    QVERIFY(m_desk->cancelStay(stay, inEuros(0), QStringLiteral("test")).ok());
    QCOMPARE(reasonOf(m_rooms->assign(stay, room(QStringLiteral("S01")))),
             QString::fromLatin1(ErrorReason::RoomStayNotBooked));
}

void TestRooms::checkInAssignsAReadyRoom()
{
    QVERIFY(m_rooms->setHousekeeping(room(QStringLiteral("S02")), Housekeeping::Inspected).ok());
    const StayId stay = book(QStringLiteral("Arriving Guest"), m_standard, 0, 2);
    QVERIFY(stay);
    QCOMPARE(claimsOf(stay), QString());
    QVERIFY(m_desk->checkIn(stay).ok());
    QCOMPARE(claimsOf(stay), QStringLiteral("S02 0-2")); // inspected rooms first
    // a room chosen beforehand is kept
    const StayId next = book(QStringLiteral("Chosen Room"), m_standard, 0, 1);
    QVERIFY(m_rooms->assign(next, room(QStringLiteral("S01"))).ok());
    QVERIFY(m_desk->checkIn(next).ok());
    QCOMPARE(claimsOf(next), QStringLiteral("S01 0-1"));
}

void TestRooms::checkInWithNoReadyRoomIsRefused()
{
    const StayId inHouse = book(QStringLiteral("In House"), m_standard, 0, 3);
    QVERIFY(m_desk->checkIn(inHouse).ok());
    QCOMPARE(claimsOf(inHouse), QStringLiteral("S01 0-3"));
    QVERIFY(m_rooms->setHousekeeping(room(QStringLiteral("S02")), Housekeeping::Dirty).ok());
    const StayId arriving = book(QStringLiteral("No Room Yet"), m_standard, 0, 1);
    QVERIFY(arriving);
    const Status refused = m_desk->checkIn(arriving);
    QCOMPARE(reasonOf(refused), QString::fromLatin1(ErrorReason::RoomNoneFree));
    QCOMPARE(refused.error().code, ErrorCode::Lost);
    QCOMPARE(stateOf(arriving), QStringLiteral("BOOKED"));
    QCOMPARE(claimsOf(arriving), QString());
    // once housekeeping has cleaned the other room, the guest checks in there
    QVERIFY(m_rooms->setHousekeeping(room(QStringLiteral("S02")), Housekeeping::Clean).ok());
    QVERIFY(m_desk->checkIn(arriving).ok());
    QCOMPARE(claimsOf(arriving), QStringLiteral("S02 0-1"));
}

void TestRooms::checkInToAnAssignedRoomThatIsNotReadyIsRefused()
{
    const StayId stay = book(QStringLiteral("Dirty Room"), m_deluxe, 0, 2);
    QVERIFY(m_rooms->assign(stay, room(QStringLiteral("D01"))).ok());
    QVERIFY(m_rooms->setHousekeeping(room(QStringLiteral("D01")), Housekeeping::Dirty).ok());
    QCOMPARE(reasonOf(m_desk->checkIn(stay)), QString::fromLatin1(ErrorReason::RoomNotReady));
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));
    QVERIFY(m_rooms->setHousekeeping(room(QStringLiteral("D01")), Housekeeping::Clean).ok());
    QVERIFY(m_desk->checkIn(stay).ok());
}

// A guest who arrived days ago keeps those nights in the old room; one who arrived today moves whole.
void TestRooms::aGuestInHouseMovesRooms_data()
{
    QTest::addColumn<int>("arrivedDaysAgo");
    QTest::addColumn<QString>("claims");
    QTest::newRow("arrived today") << 0 << QStringLiteral("S02 0-3");
    QTest::newRow("arrived two days ago") << 2 << QStringLiteral("S01 -2-0, S02 0-3");
}

void TestRooms::aGuestInHouseMovesRooms()
{
    QFETCH(int, arrivedDaysAgo);
    QFETCH(QString, claims);
    const StayId stay = book(QStringLiteral("Moving Guest"), m_standard, 0, 3);
    QVERIFY(stay);
    // as if booked before the calendar's first night: the past nights have no room_nights rows
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET check_in = check_in - CAST(:d AS integer) WHERE id = :s"),
                       {{QStringLiteral("d"), arrivedDaysAgo}, {QStringLiteral("s"), stay}}));
    QVERIFY(m_rooms->assign(stay, room(QStringLiteral("S01"))).ok());
    QVERIFY(m_desk->checkIn(stay).ok());
    QCOMPARE(reasonOf(m_rooms->move(stay, room(QStringLiteral("S02")))), QStringLiteral("done"));
    QCOMPARE(claimsOf(stay), claims);
    QCOMPARE(housekeeping(QStringLiteral("S01")), QStringLiteral("DIRTY"));
    QCOMPARE(reasonOf(m_rooms->move(stay, room(QStringLiteral("S02")))), QString::fromLatin1(ErrorReason::RoomSame));
    // the old room is free again from tonight
    const StayId next = book(QStringLiteral("Next Guest"), m_standard, 0, 1);
    QCOMPARE(reasonOf(m_rooms->assign(next, room(QStringLiteral("S01")))), QStringLiteral("done"));
    QVERIFY(m_desk->cancelStay(next, inEuros(0), QStringLiteral("test")).ok());
}

void TestRooms::aMoveToATakenOrUnreadyRoomIsRefused()
{
    const StayId guest = book(QStringLiteral("Stays Put"), m_standard, 0, 3);
    const StayId other = book(QStringLiteral("Other Guest"), m_standard, 1, 2);
    QVERIFY(guest && other);
    QCOMPARE(reasonOf(m_rooms->move(guest, room(QStringLiteral("S02")))),
             QString::fromLatin1(ErrorReason::RoomStayNotInHouse));
    QVERIFY(m_rooms->assign(other, room(QStringLiteral("S02"))).ok());
    QVERIFY(m_desk->checkIn(guest).ok());
    QCOMPARE(claimsOf(guest), QStringLiteral("S01 0-3"));
    QCOMPARE(reasonOf(m_rooms->move(guest, room(QStringLiteral("S02")))), QString::fromLatin1(ErrorReason::RoomTaken));
    QCOMPARE(claimsOf(guest), QStringLiteral("S01 0-3")); // nothing changed
    QCOMPARE(housekeeping(QStringLiteral("S01")), QStringLiteral("CLEAN"));
    QCOMPARE(reasonOf(m_rooms->move(guest, room(QStringLiteral("D01")))),
             QString::fromLatin1(ErrorReason::RoomWrongType));
    QVERIFY(m_desk->cancelStay(other, inEuros(0), QStringLiteral("test")).ok());
    QVERIFY(m_rooms->setHousekeeping(room(QStringLiteral("S02")), Housekeeping::Dirty).ok());
    QCOMPARE(reasonOf(m_rooms->move(guest, room(QStringLiteral("S02")))),
             QString::fromLatin1(ErrorReason::RoomNotReady));
}

void TestRooms::checkOutLeavesTheRoomDirtyAndFreesIt()
{
    const StayId stay = book(QStringLiteral("Leaving Early"), m_deluxe, 0, 4);
    QVERIFY(m_desk->checkIn(stay).ok());
    QCOMPARE(claimsOf(stay), QStringLiteral("D01 0-4"));
    QCOMPARE(housekeeping(QStringLiteral("D01")), QStringLiteral("CLEAN"));
    QVERIFY(m_desk->checkOut(stay).ok());
    QCOMPARE(housekeeping(QStringLiteral("D01")), QStringLiteral("DIRTY"));
    QCOMPARE(claimsOf(stay), QString()); // left on the day of arrival: no night was slept
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state_changed_by FROM rooms WHERE id = :r"),
                          {{QStringLiteral("r"), room(QStringLiteral("D01"))}})
                 .toString(),
             m_db->settings().user);
}

void TestRooms::aCancelledStayGivesItsRoomBack()
{
    const StayId stay = book(QStringLiteral("Cancels"), m_deluxe, 3, 2);
    QVERIFY(m_rooms->assign(stay, room(QStringLiteral("D01"))).ok());
    QVERIFY(m_desk->cancelStay(stay, inEuros(0), QStringLiteral("guest asked")).ok());
    QCOMPARE(claimsOf(stay), QString());
    const StayId next = book(QStringLiteral("Takes It"), m_deluxe, 3, 2);
    QCOMPARE(reasonOf(m_rooms->assign(next, room(QStringLiteral("D01")))), QStringLiteral("done"));
    QVERIFY(m_desk->cancelStay(next, inEuros(0), QStringLiteral("test")).ok());
}

void TestRooms::aStayMovedBeforeArrivalLosesItsRoom()
{
    const StayId stay = book(QStringLiteral("Changes Dates"), m_standard, 2, 2);
    QVERIFY(m_rooms->assign(stay, room(QStringLiteral("S01"))).ok());
    const auto moved = m_desk->moveStay(stay, m_standard, m_first.addDays(4), m_first.addDays(6));
    QVERIFY2(moved.ok(), moved.ok() ? "" : qPrintable(moved.error().message));
    QCOMPARE(claimsOf(stay), QString()); // chosen again, at the latest at check-in
    QVERIFY(m_desk->cancelStay(stay, inEuros(0), QStringLiteral("test")).ok());
}

void TestRooms::housekeepingGoesRoundInOrder()
{
    const RoomId s1 = room(QStringLiteral("S01"));
    QVERIFY(m_rooms->setHousekeeping(s1, Housekeeping::Dirty).ok());
    QCOMPARE(reasonOf(m_rooms->setHousekeeping(s1, Housekeeping::Inspected)),
             QString::fromLatin1(ErrorReason::HousekeepingNotAllowed));
    QCOMPARE(reasonOf(m_rooms->setHousekeeping(s1, Housekeeping::Dirty)),
             QString::fromLatin1(ErrorReason::HousekeepingUnchanged));
    QVERIFY(m_rooms->setHousekeeping(s1, Housekeeping::Clean).ok());
    QVERIFY(m_rooms->setHousekeeping(s1, Housekeeping::Inspected).ok());
    QCOMPARE(housekeeping(QStringLiteral("S01")), QStringLiteral("INSPECTED"));
    // out of order only with dates and a reason
    QVERIFY(!m_rooms->setHousekeeping(s1, Housekeeping::OutOfOrder).ok());
    const auto rack = m_rooms->rack(m_hotel, m_first, m_first.addDays(7));
    QVERIFY(rack.ok());
    QCOMPARE(rack->rooms.size(), 3);
    QCOMPARE(rack->rooms.at(0).number, QStringLiteral("S01"));
    QCOMPARE(rack->rooms.at(0).housekeeping, Housekeeping::Inspected);
    QCOMPARE(rack->rooms.at(2).roomTypeCode, QStringLiteral("D"));
}

void TestRooms::outOfOrderTakesPhysicalAndGivesItBack()
{
    const RoomId s2 = room(QStringLiteral("S02"));
    QCOMPARE(reasonOf(m_rooms->outOfOrder({s2, m_first, m_first.addDays(3), QStringLiteral("  ")})),
             QString::fromLatin1(ErrorReason::OutOfOrderReasonMissing));
    QCOMPARE(reasonOf(m_rooms->outOfOrder({s2, m_first.addDays(-1), m_first.addDays(3), QStringLiteral("leak")})),
             QString::fromLatin1(ErrorReason::OutOfOrderDates));
    QCOMPARE(reasonOf(m_rooms->outOfOrder({s2, m_first, m_first.addDays(3), QStringLiteral("water leak")})),
             QStringLiteral("done"));
    QCOMPARE(housekeeping(QStringLiteral("S02")), QStringLiteral("OUT_OF_ORDER"));
    QCOMPARE(physical(m_standard, 0), 1);
    QCOMPARE(physical(m_standard, 2), 1);
    QCOMPARE(physical(m_standard, 3), 2);
    QCOMPARE(physical(m_deluxe, 0), 1);
    // housekeeping cannot clean a room that is out of order; it comes back into service instead
    QCOMPARE(reasonOf(m_rooms->setHousekeeping(s2, Housekeeping::Clean)),
             QString::fromLatin1(ErrorReason::HousekeepingNotAllowed));
    auto rack = m_rooms->rack(m_hotel, m_first, m_first.addDays(7));
    QVERIFY(rack->claimOn(s2, m_first.addDays(2)) && rack->claimOn(s2, m_first.addDays(2))->outOfOrder());
    QCOMPARE(rack->claimOn(s2, m_first.addDays(2))->outOfOrderReason, QStringLiteral("water leak"));
    QVERIFY(!rack->claimOn(s2, m_first.addDays(3)));
    QVERIFY(m_rooms->backInService(s2).ok());
    QCOMPARE(housekeeping(QStringLiteral("S02")), QStringLiteral("DIRTY"));
    QCOMPARE(physical(m_standard, 0), 2);
    QCOMPARE(physical(m_standard, 2), 2);
    QCOMPARE(reasonOf(m_rooms->backInService(s2)), QString::fromLatin1(ErrorReason::RoomNotOutOfOrder));

    // Nights ahead (no other test books them): the room stays in service today, the physical count
    // drops on those nights only, and two guests on one physical room make the night overbooked.
    const StayId one = book(QStringLiteral("Risk One"), m_standard, 21, 1);
    const StayId two = book(QStringLiteral("Risk Two"), m_standard, 21, 1);
    QVERIFY(one && two);
    QVERIFY(m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(21))->isEmpty());
    QVERIFY(m_rooms->outOfOrder({s2, m_first.addDays(20), m_first.addDays(23), QStringLiteral("painting")}).ok());
    QCOMPARE(housekeeping(QStringLiteral("S02")), QStringLiteral("DIRTY"));
    QCOMPARE(physical(m_standard, 19), 2);
    QCOMPARE(physical(m_standard, 21), 1);
    const auto calendar = m_desk->calendar(m_hotel, m_first.addDays(20), m_first.addDays(23));
    QVERIFY(calendar.ok());
    QVERIFY(calendar->at(0, 1)->overbooked());
    QVERIFY(!calendar->at(1, 1)->overbooked());
    const auto atRisk = m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(21));
    QVERIFY(atRisk.ok());
    QCOMPARE(atRisk->size(), 1);
    QVERIFY(m_rooms->backInService(s2).ok());
    QCOMPARE(physical(m_standard, 21), 2);
    QVERIFY(m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(21))->isEmpty());
    QVERIFY(m_desk->cancelStay(one, inEuros(0), QStringLiteral("test")).ok());
    QVERIFY(m_desk->cancelStay(two, inEuros(0), QStringLiteral("test")).ok());
}

void TestRooms::outOfOrderIsRefusedUnderAGuest()
{
    const StayId stay = book(QStringLiteral("Sleeping"), m_deluxe, 2, 2);
    QVERIFY(m_rooms->assign(stay, room(QStringLiteral("D01"))).ok());
    QCOMPARE(reasonOf(m_rooms->outOfOrder(
                 {room(QStringLiteral("D01")), m_first, m_first.addDays(3), QStringLiteral("leak")})),
             QString::fromLatin1(ErrorReason::OutOfOrderTaken));
    QCOMPARE(physical(m_deluxe, 0), 1);
    // no physical room left to take out: refused, nothing changed
    QVERIFY(m_db->exec(QStringLiteral("UPDATE room_nights SET physical = 0 WHERE room_type_id = :d AND night = :n"),
                       {{QStringLiteral("d"), m_deluxe}, {QStringLiteral("n"), m_first}}));
    QCOMPARE(reasonOf(m_rooms->outOfOrder(
                 {room(QStringLiteral("D01")), m_first, m_first.addDays(2), QStringLiteral("leak")})),
             QString::fromLatin1(ErrorReason::OutOfOrderPhysical));
    QCOMPARE(physical(m_deluxe, 1), 1);
    QCOMPARE(housekeeping(QStringLiteral("D01")), QStringLiteral("CLEAN"));
    QVERIFY(m_desk->cancelStay(stay, inEuros(0), QStringLiteral("test")).ok());
}

void TestRooms::aClerkChangesRoomsOnlyThroughTheFunctions()
{
    auto clerk = signIn();
    QVERIFY(clerk);
    PgRoomStore store(clerk->database());
    RoomService rooms(store);
    QVERIFY(rooms.setHousekeeping(room(QStringLiteral("S01")), Housekeeping::Dirty).ok());
    QVERIFY(rooms.outOfOrder({room(QStringLiteral("S01")), m_first, m_first.addDays(1), QStringLiteral("fan")}).ok());
    QVERIFY(rooms.backInService(room(QStringLiteral("S01"))).ok());
    QVERIFY(rooms.rack(m_hotel, m_first, m_first.addDays(3)).ok());
    QSqlQuery q(clerk->database());
    QVERIFY(!q.exec(QStringLiteral("UPDATE rooms SET housekeeping_state = 'INSPECTED'")));
    QCOMPARE(q.lastError().nativeErrorCode(), QStringLiteral("42501"));
    QVERIFY(!q.exec(QStringLiteral("DELETE FROM room_assignments")));
    QCOMPARE(q.lastError().nativeErrorCode(), QStringLiteral("42501"));
}

QTEST_GUILESS_MAIN(TestRooms)
#include "tst_rooms.moc"
