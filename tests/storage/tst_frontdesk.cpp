// The hotel front desk against a real database: the calendar, moving a stay in one step, arrivals
// and departures, guest search, and a manager's answers to an overbooked night, which a clerk's
// connection is refused.

#include "buyercrowd.h"
#include "domain/frontdesk.h"
#include "domain/hotelservice.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestFrontDesk : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void theCalendarShowsEveryNight();
    void aStayMovesInOneStepOrNotAtAll();
    void arrivalsCheckInAndOut();
    void guestsAreFoundByNameOrReference();
    void anOverbookedNightListsTheStaysAtRisk();
    void aClerkCannotWalkAGuest();
    void aManagerWalksAndUpgradesWithALedger();
    void theLedgerExportsAsCsv();
    void aStayBookedOnGuaranteeIsPaidOnDeparture();
    void movesAndUpgradesTakeNightsFromExpiredHolds();
    void cancelMoveAndWalkOfTheSameStaysNeverDeadlock();

private:
    StayId book(const QString &guest, RoomTypeId roomType, int fromDay, int nights);
    QVector<RoomTypeId> loadHotel(const QByteArray &json, QDate *firstNight);
    int booked(RoomTypeId roomType, int day) const;
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgFrontDesk> m_desk;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0; // 2 rooms
    RoomTypeId m_deluxe = 0; // 1 room, a better rank
    QDate m_first;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("front-desk-pass-9");
    int m_carts = 0;
};

void TestFrontDesk::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("frontdesk"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded = PropertyLoader(m_db->database())
                            .loadHotel(R"({"name": "Desk Inn", "currency": "EUR", "nights": 40,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2},
                                              {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 15000, "rooms": 1}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_desk = std::make_unique<PgFrontDesk>(m_db->database());
    const auto hotels = m_inventory->hotels.hotels();
    for (const HotelSummary &hotel : hotels.value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes)
            (type.code == QLatin1String("STD") ? m_standard : m_deluxe) = type.id;
    }
    QVERIFY(m_standard && m_deluxe);
    m_clerk = QStringLiteral("deskclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("deskmanager_%1").arg(QCoreApplication::applicationPid());
    StaffAdmin admin(m_db->database());
    QVERIFY(admin.addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(admin.addStaff(m_manager, m_password, StaffRole::Manager).ok());
}

void TestFrontDesk::cleanupTestCase()
{
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<DatabaseConnection> TestFrontDesk::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, login);
    return connection ? std::move(connection.value()) : nullptr;
}

StayId TestFrontDesk::book(const QString &guest, RoomTypeId roomType, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("desk-stay-%1").arg(++m_carts);
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

QVector<RoomTypeId> TestFrontDesk::loadHotel(const QByteArray &json, QDate *firstNight)
{
    const auto loaded = PropertyLoader(m_db->database()).loadHotel(json);
    if (!loaded)
        return {};
    QVector<RoomTypeId> types; // by rank
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != loaded->id)
            continue;
        *firstNight = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes)
            types << type.id;
    }
    return types;
}

int TestFrontDesk::booked(RoomTypeId roomType, int day) const
{
    return m_db->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :r AND night = :n"),
                        {{QStringLiteral("r"), roomType}, {QStringLiteral("n"), m_first.addDays(day)}})
        .toInt();
}

void TestFrontDesk::theCalendarShowsEveryNight()
{
    QVERIFY(book(QStringLiteral("Calendar Guest"), m_standard, 1, 2));
    const auto calendar = m_desk->calendar(m_hotel, m_first, m_first.addDays(40));
    QVERIFY2(calendar.ok(), calendar.ok() ? "" : qPrintable(calendar.error().message));
    QCOMPARE(calendar->roomTypes.size(), 2);
    QCOMPARE(calendar->roomTypes.first().code, QStringLiteral("STD")); // by rank
    QCOMPARE(calendar->days(), 40);
    QCOMPARE(calendar->at(0, 1)->booked, 1);
    QCOMPARE(calendar->at(0, 1)->physical, 2);
    QCOMPARE(calendar->at(0, 3)->booked, 0);
    QCOMPARE(calendar->at(1, 0)->capacity, 1);
    QCOMPARE(m_desk->calendar(m_hotel, m_first, m_first).error().code, ErrorCode::BadInput);
    QCOMPARE(m_desk->calendar(987654, m_first, m_first.addDays(3)).error().code, ErrorCode::NotFound);
}

void TestFrontDesk::aStayMovesInOneStepOrNotAtAll()
{
    const StayId stay = book(QStringLiteral("Mover"), m_standard, 5, 2);
    QVERIFY(stay);
    // Later by one night, and to the deluxe room: old nights free, new nights taken.
    QVERIFY(m_desk->moveStay(stay, m_deluxe, m_first.addDays(6), m_first.addDays(9)).ok());
    QCOMPARE(booked(m_standard, 5), 0);
    QCOMPARE(booked(m_deluxe, 6), 1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT to_state FROM inventory_audit WHERE entity = 'stay' AND entity_id = :s ORDER BY id DESC LIMIT 1"),
                          {{QStringLiteral("s"), stay}})
                 .toString(),
             QStringLiteral("BOOKED (moved)"));
    QCOMPARE(booked(m_deluxe, 8), 1);
    // The deluxe room is full on night 8 for anyone else: a move there changes nothing.
    const StayId other = book(QStringLiteral("Blocked"), m_standard, 8, 1);
    QVERIFY(other);
    const auto refused = m_desk->moveStay(other, m_deluxe, m_first.addDays(8), m_first.addDays(9));
    QCOMPARE(refused.error().code, ErrorCode::Lost);
    QCOMPARE(booked(m_standard, 8), 1);
    QCOMPARE(booked(m_deluxe, 8), 1);
    QCOMPARE(m_desk->moveStay(stay, m_deluxe, m_first.addDays(9), m_first.addDays(9)).error().code, ErrorCode::BadInput);
    QCOMPARE(m_desk->moveStay(stay, m_deluxe, m_first.addDays(-5), m_first.addDays(-3)).error().code, ErrorCode::BadInput);
    QCOMPARE(m_desk->moveStay(424242, m_deluxe, m_first.addDays(1), m_first.addDays(2)).error().code, ErrorCode::NotFound);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::arrivalsCheckInAndOut()
{
    const StayId stay = book(QStringLiteral("Arrival"), m_standard, 12, 1);
    QVERIFY(stay);
    QCOMPARE(m_desk->checkOut(stay).error().code, ErrorCode::Conflict); // not in yet
    QVERIFY(m_desk->checkIn(stay).ok());
    QCOMPARE(m_desk->checkIn(stay).error().code, ErrorCode::Conflict); // twice
    QVERIFY(m_desk->checkOut(stay).ok());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}}).toString(),
             QStringLiteral("CHECKED_OUT"));
}

void TestFrontDesk::guestsAreFoundByNameOrReference()
{
    const StayId stay = book(QStringLiteral("Grace Hopper"), m_standard, 14, 1);
    QVERIFY(stay);
    const auto byName = m_desk->findStays(QStringLiteral("hopp"));
    QVERIFY(byName.ok());
    QCOMPARE(byName->size(), 1);
    QCOMPARE(byName->first().guest, QStringLiteral("Grace Hopper"));
    const auto byReference = m_desk->findStays(byName->first().reference);
    QCOMPARE(byReference->first().id, stay);
    QCOMPARE(m_desk->findStays(QStringLiteral("x")).error().code, ErrorCode::BadInput);
    QVERIFY(m_desk->findStays(QStringLiteral("%' OR '1'='1")).value().isEmpty());
}

void TestFrontDesk::anOverbookedNightListsTheStaysAtRisk()
{
    // Night 20: three sellable standard rooms on two physical ones, all sold.
    CapacityChange change;
    change.roomType = m_standard;
    change.from = m_first.addDays(20);
    change.until = m_first.addDays(21);
    change.sellable = 3;
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(change).ok());
    QVERIFY(book(QStringLiteral("First Booker"), m_standard, 20, 1));
    QVERIFY(book(QStringLiteral("Second Booker"), m_standard, 19, 2));
    const StayId last = book(QStringLiteral("Last Booker"), m_standard, 20, 2);
    QVERIFY(last);
    const auto calendar = m_desk->calendar(m_hotel, m_first.addDays(20), m_first.addDays(21));
    QVERIFY(calendar->at(0, 0)->overbooked());
    const auto risk = m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(20));
    QVERIFY(risk.ok());
    QCOMPARE(risk->size(), 1);
    QCOMPARE(risk->first().stay.id, last); // the latest booking is the one without a room
    QCOMPARE(risk->first().overBy, 1);
    QVERIFY(m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(25))->isEmpty());
}

void TestFrontDesk::aClerkCannotWalkAGuest()
{
    const auto risk = m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(20));
    QCOMPARE(risk->size(), 1);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    PgFrontDesk desk(clerk->database());
    const auto refused = desk.resolveOverbooking(risk->first().stay.id, OverbookingAction::Walk, 0, 12000,
                                                 QStringLiteral("first night at the partner hotel"), m_first.addDays(20));
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM compensation_ledger")).toInt(), 0);
    QCOMPARE(m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(20))->size(), 1);
    // A clerk may still move a stay to free nights: that is front-desk work, not compensation.
    const StayId stay = book(QStringLiteral("Clerk Move"), m_standard, 30, 1);
    QVERIFY(desk.moveStay(stay, m_standard, m_first.addDays(31), m_first.addDays(32)).ok());
}

void TestFrontDesk::aManagerWalksAndUpgradesWithALedger()
{
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgFrontDesk desk(manager->database());
    const QDate night = m_first.addDays(20);
    const StayId walked = m_desk->arrivalsAtRisk(m_hotel, night)->first().stay.id;
    QCOMPARE(desk.resolveOverbooking(walked, OverbookingAction::Walk, 0, 12000, QString(), night).error().code, ErrorCode::BadInput);
    QVERIFY(desk.resolveOverbooking(walked, OverbookingAction::Walk, 0, 12000,
                                    QStringLiteral("first night at the Harbour View, taxi paid"), night)
                .ok());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), walked}}).toString(),
             QStringLiteral("WALKED"));
    QCOMPARE(booked(m_standard, 20), 2);
    QVERIFY(m_desk->arrivalsAtRisk(m_hotel, night)->isEmpty());

    // Another overbooked night, answered with an upgrade to the free deluxe room at the same price.
    CapacityChange change;
    change.roomType = m_standard;
    change.from = m_first.addDays(22);
    change.until = m_first.addDays(23);
    change.sellable = 3;
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(change).ok());
    QVERIFY(book(QStringLiteral("U1"), m_standard, 22, 1));
    QVERIFY(book(QStringLiteral("U2"), m_standard, 22, 1));
    const StayId upgraded = book(QStringLiteral("U3"), m_standard, 22, 1);
    QCOMPARE(desk.resolveOverbooking(upgraded, OverbookingAction::Upgrade, m_standard, 0, QStringLiteral("same room"), m_first.addDays(22))
                 .error()
                 .code,
             ErrorCode::BadInput);
    QVERIFY(desk.resolveOverbooking(upgraded, OverbookingAction::Upgrade, m_deluxe, 0, QStringLiteral("standard overbooked"),
                                    m_first.addDays(22))
                .ok());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT room_type_id FROM stays WHERE id = :s"), {{QStringLiteral("s"), upgraded}}).toLongLong(),
             m_deluxe);
    QCOMPARE(booked(m_deluxe, 22), 1);
    const auto ledger = m_desk->compensations(m_hotel, m_first, m_first.addDays(40));
    QVERIFY(ledger.ok());
    QCOMPARE(ledger->size(), 2);
    QCOMPARE(ledger->first().action, OverbookingAction::Walk);
    QCOMPARE(ledger->first().amountMinor, 12000);
    QCOMPARE(ledger->first().by, m_manager);
    QCOMPARE(ledger->last().action, OverbookingAction::Upgrade);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE entity = 'stay' AND to_state = 'WALKED' "
                                         "AND db_user = :u"),
                          {{QStringLiteral("u"), m_manager}})
                 .toInt(),
             1);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::theLedgerExportsAsCsv()
{
    CompensationEntry entry;
    entry.night = QDate(2026, 3, 12);
    entry.at = QDateTime(QDate(2026, 3, 12), QTime(22, 5), Qt::UTC);
    entry.by = QStringLiteral("manager");
    entry.stay = 7;
    entry.guest = QStringLiteral("O'Brien, \"Pat\"");
    entry.action = OverbookingAction::Walk;
    entry.amountMinor = 12005;
    entry.currency = QStringLiteral("EUR");
    entry.reason = QStringLiteral("taxi, first night");
    const QString csv = compensationsCsv({entry});
    QCOMPARE(csv, QStringLiteral("night,at,by,stay,guest,action,amount,currency,reason\r\n"
                                 "2026-03-12,2026-03-12T22:05:00Z,manager,7,\"O'Brien, \"\"Pat\"\"\",WALK,120.05,EUR,"
                                 "\"taxi, first night\"\r\n"));
}

void TestFrontDesk::aStayBookedOnGuaranteeIsPaidOnDeparture()
{
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    StayRequest request{m_standard, QStringLiteral("guarantee-1"), m_first.addDays(35), m_first.addDays(37), QStringLiteral("Card On File"), std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).holdStay(request).ok());
    CounterPayment guarantee;
    guarantee.method = PaymentMethod::Guarantee;
    const auto quote = sales.quote(QStringLiteral("guarantee-1"));
    QVERIFY(quote.ok());
    QCOMPARE(quote->totalMinor, 18000);
    QCOMPARE(sales.sell(QStringLiteral("guarantee-1"), guarantee, quote.value()).error().code,
             ErrorCode::BadInput); // no card
    guarantee.cardReference = QStringLiteral("VISA-4242-EXP-1228");
    const auto booked = sales.sell(QStringLiteral("guarantee-1"), guarantee, quote.value());
    QVERIFY2(booked.ok(), booked.ok() ? "" : qPrintable(booked.error().message));
    QCOMPARE(booked->chargedMinor, 0);
    QCOMPARE(booked->order.state, QStringLiteral("GUARANTEED"));
    const QVariantMap order{{QStringLiteral("o"), booked->order.id}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT method || ':' || amount_minor || ':' || reference FROM counter_payments WHERE order_id = :o"), order)
                 .toString(),
             QStringLiteral("guarantee:0:VISA-4242-EXP-1228"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));

    CounterPayment cash;
    cash.tenderedMinor = 20000;
    QCOMPARE(sales.settleGuarantee(booked->order.id, cash, 18000).value().changeMinor, 2000);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), order).toString(), QStringLiteral("PAID"));
    QCOMPARE(sales.settleGuarantee(booked->order.id, cash, 18000).error().code, ErrorCode::Conflict); // once
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::movesAndUpgradesTakeNightsFromExpiredHolds()
{
    // One room of each type; the better one is "full" of holds that ran out and no sweeper has run.
    QDate first;
    const QVector<RoomTypeId> types = loadHotel(R"({"name": "Lapsed Inn", "currency": "EUR", "nights": 20,
        "room_types": [{"code": "S", "name": "Single", "rank": 1, "price_minor": 9000, "rooms": 1},
                       {"code": "D", "name": "Double", "rank": 2, "price_minor": 12000, "rooms": 1}]})",
                                                &first);
    QCOMPARE(types.size(), 2);
    const RoomTypeId single = types.at(0);
    const RoomTypeId better = types.at(1);
    const auto lapsedHold = [&](const QString &cart, int fromDay, int nights) {
        StayRequest request{better, cart, first.addDays(fromDay), first.addDays(fromDay + nights), QString(), {}};
        return HotelService(m_inventory->hotels).holdStay(request).ok()
            && m_db->backdateHolds(QStringLiteral("stays"), cart, 3600);
    };
    const auto bookedOn = [&](RoomTypeId type, int day) {
        return m_db
            ->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :r AND night = :n"),
                     {{QStringLiteral("r"), type}, {QStringLiteral("n"), first.addDays(day)}})
            .toInt();
    };

    // A clerk's move into nights 1-2, where a lapsed hold covers nights 0-2.
    m_first = first; // book() counts days from m_first
    const StayId moved = book(QStringLiteral("Lapsed Mover"), single, 1, 2);
    QVERIFY(moved);
    QVERIFY(lapsedHold(QStringLiteral("lapsed-1"), 0, 3));
    const auto move = m_desk->moveStay(moved, better, first.addDays(1), first.addDays(3));
    QVERIFY2(move.ok(), move.ok() ? "" : qPrintable(move.error().message));
    QCOMPARE(bookedOn(better, 0), 0); // the lapsed hold's other night is given back with it
    QCOMPARE(bookedOn(better, 1), 1);
    QCOMPARE(bookedOn(single, 1), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE cart_id = 'lapsed-1'")).toString(),
             QStringLiteral("EXPIRED"));

    // A manager's upgrade and move on an overbooked night, into nights held by lapsed holds.
    CapacityChange change{single, first.addDays(10), first.addDays(11), 2, std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(change).ok());
    QVERIFY(book(QStringLiteral("Lapsed Stayer"), single, 10, 1));
    const StayId upgraded = book(QStringLiteral("Lapsed Upgrade"), single, 10, 1);
    QVERIFY(upgraded);
    QVERIFY(lapsedHold(QStringLiteral("lapsed-2"), 10, 1));
    const auto upgrade = m_desk->resolveOverbooking(upgraded, OverbookingAction::Upgrade, better, 0,
                                                    QStringLiteral("single overbooked"), first.addDays(10));
    QVERIFY2(upgrade.ok(), upgrade.ok() ? "" : qPrintable(upgrade.error().message));
    QVERIFY(lapsedHold(QStringLiteral("lapsed-3"), 12, 1));
    CapacityChange twelfth{single, first.addDays(12), first.addDays(13), 2, std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(twelfth).ok());
    const StayId late = book(QStringLiteral("Lapsed Late"), single, 12, 1);
    QVERIFY(book(QStringLiteral("Lapsed Later"), single, 12, 1));
    const auto managerMove = m_desk->resolveOverbooking(late, OverbookingAction::Move, better, 0,
                                                        QStringLiteral("moved to a double"), first.addDays(12));
    QVERIFY2(managerMove.ok(), managerMove.ok() ? "" : qPrintable(managerMove.error().message));
    QCOMPARE(bookedOn(better, 10), 1);
    QCOMPARE(bookedOn(better, 12), 1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE cart_id IN ('lapsed-2', 'lapsed-3') "
                                         "AND state = 'EXPIRED'"))
                 .toInt(),
             2);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::cancelMoveAndWalkOfTheSameStaysNeverDeadlock()
{
    // A cancel, a move and a manager's walk or upgrade race for each of ten booked stays that share
    // their nights, 20 rounds: every path locks nights before the stay, so none may deadlock (40P01).
    QDate first;
    const QVector<RoomTypeId> types = loadHotel(R"({"name": "Race Inn", "currency": "EUR", "nights": 30,
        "room_types": [{"code": "S", "name": "Single", "rank": 1, "price_minor": 9000, "rooms": 40},
                       {"code": "D", "name": "Double", "rank": 2, "price_minor": 12000, "rooms": 40}]})",
                                                &first);
    QCOMPARE(types.size(), 2);
    m_first = first;
    constexpr int stays = 10;
    constexpr int rounds = 20;
    QVector<StayId> booked(stays);
    QStringList problems;
    BuyerCrowd crowd(*m_db, 3 * stays);
    const bool connected = crowd.runOnConnections(
        rounds,
        [&](DatabaseConnection &connection, PgInventory &inventory, int round, int buyer) {
            const StayId stay = booked.at(buyer % stays);
            const int shift = 1 + (round + buyer) % 3;
            const QDate from = first.addDays(buyer % 5 + shift);
            PgFrontDesk desk(connection.database());
            Status done = Done{};
            switch (buyer / stays) {
            case 0:
                if (auto cancelled = HotelService(inventory.hotels).cancelStay(stay); !cancelled)
                    done = cancelled.error();
                break;
            case 1:
                done = desk.moveStay(stay, types.at(round % 2), from, from.addDays(2));
                break;
            default:
                done = desk.resolveOverbooking(stay, round % 2 ? OverbookingAction::Walk : OverbookingAction::Upgrade,
                                               types.at(1), 0, QStringLiteral("race"), first.addDays(buyer % 5));
            }
            Attempt attempt;
            attempt.granted = done.ok();
            if (!done) {
                attempt.error = done.error().code;
                attempt.message = done.error().sqlState + QLatin1Char(' ') + done.error().message + QLatin1Char(' ')
                    + done.error().detail;
            }
            return attempt;
        },
        [&](int round) {
            for (int i = 0; i < stays; ++i)
                booked[i] = book(QStringLiteral("Racer %1-%2").arg(round).arg(i), types.at(0), i % 5, 3);
        },
        [&](int round, const QVector<Attempt> &attempts) {
            for (const Attempt &attempt : attempts) {
                // Refusals in words are fine (already cancelled, walked or moved; full); nothing else is.
                if (!attempt.granted && attempt.error != ErrorCode::Conflict && attempt.error != ErrorCode::Lost
                    && attempt.error != ErrorCode::BadInput)
                    problems << QStringLiteral("round %1: %2").arg(round).arg(attempt.message);
            }
            const QString failure = m_db->auditFailure();
            if (!failure.isEmpty())
                problems << QStringLiteral("round %1: audit: %2").arg(round).arg(failure);
        });
    QVERIFY(connected);
    QVERIFY(!booked.contains(0));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestFrontDesk)
#include "tst_frontdesk.moc"
