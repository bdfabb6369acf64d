// The hotel front desk against a real database, through its use-cases (FrontDeskService) as the desk
// and boxoffice-ctl call them: the calendar, moving a stay in one step, arrivals and departures, guest
// search, and a manager's answers to an overbooked night, which a clerk's connection is refused. And
// the money of a stay: a paid stay is cancelled only by a manager (refund or fee), a walked guest is
// refunded, a move settles its price difference, all through the order ledger; a decision made over
// money that changed before it was carried out is refused, and a guaranteed check-out pays and checks
// out together or not at all.

#include "buyercrowd.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/staymoneyrules.h"
#include "moneycompare.h"
#include "statenames.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pghotelstore.h"
#include "storage/pginventory.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "storage/transactionguard.h"
#include "testdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

Money eur(qint64 minor) // every hotel here sells in euros
{
    return Money(minor, QStringLiteral("EUR"));
}

// The refusal a call met, by name, or "done": a call that wrongly succeeds fails its test instead of
// ending the whole suite.
template<typename T> QString refusal(const Result<T> &result)
{
    return result ? QStringLiteral("done") : errorCodeName(result.error().code);
}

// The value, or an empty one that the next comparison reports.
template<typename T> T got(const Result<T> &result)
{
    return result ? result.value() : T{};
}

// Refused because the figures a decision was made on changed before the store carried it out (not for
// any other conflict, such as a price change the decision did not settle).
template<typename T> bool changedSinceRead(const Result<T> &result)
{
    return !result && result.error().code == ErrorCode::Conflict
        && result.error().message.contains(QLatin1String("changed since you looked"));
}

// What the desk's use-cases need on one connection, wired as the desktop wires them.
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

// The front desk's use-cases on one signed-in connection.
class Desk : private DeskStores, public FrontDeskService
{
public:
    explicit Desk(const QSqlDatabase &database) : DeskStores(database), FrontDeskService(store, counter, unit) { }
};

} // namespace

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
    void clerkCannotCancelAPaidStay();
    void managerCancelsAPaidStayWithRefund();
    void managerCancelsAPaidStayKeepingAFee();
    void walkedGuestIsRefundedAndNightsReturn();
    void moveToADearerRoomTypeChargesOrWaivesTheDifference();
    void moveToACheaperRoomTypeRefundsTheDifference();
    void aPaidOrderMovedCheaperKeepsItsChargeAsItsAmount();
    void movesAndUpgradesTakeNightsFromExpiredHolds();
    void aCancelOverMoneyThatChangedSinceItWasReadIsRefused();
    void aMoveQuotedBeforeTheMoneyChangedIsRefused();
    void aWalkOrUpgradeOverMoneyThatChangedIsRefused();
    void aGuaranteedCheckOutThatIsRefusedTakesNoPayment();
    void checkInOpensOnTheArrivalDay();
    void aManagerAllowsAnEarlyCheckInOnRecord();
    void cancelMoveAndWalkOfTheSameStaysNeverDeadlock();

private:
    StayId book(const QString &guest, RoomTypeId roomType, int fromDay, int nights);
    QVector<RoomTypeId> loadHotel(const QByteArray &json, QDate *firstNight);
    // Sold at the counter: cash (handed over exactly), card, or on guarantee (nothing taken).
    StayId sell(const QString &guest, RoomTypeId roomType, int fromDay, int nights, PaymentMethod method);
    // Paid online: the payment as the checkout saga leaves it once the provider said yes.
    StayId sellOnline(const QString &guest, RoomTypeId roomType, int fromDay, int nights);
    void overbook(int day); // three sellable standard rooms on two physical ones
    // A hotel of the test's own, like Desk Inn (STD 90.00 a night, 2 rooms; DLX 150.00, 1 room); m_first
    // becomes its first night. Answers (standard, deluxe).
    QPair<RoomTypeId, RoomTypeId> freshInn(const QString &name);
    // A guarantee paid at the counter on the suite's own connection: a change another desk makes.
    void settleElsewhere(OrderId order, qint64 dueMinor);
    OrderId orderOf(StayId stay) const;
    QString stateOf(StayId stay) const;
    QString orderStateOf(OrderId order) const;
    qint64 ledger(OrderId order, const QString &entry) const; // sum of one kind of ledger row
    qint64 balance(OrderId order) const; // captured - refunded - delivered - fees: zero when it adds up
    int booked(RoomTypeId roomType, int day) const;
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;
    qint64 partnerFor(RoomTypeId roomType) const; // the room type's hotel's partner property, for walks

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<Desk> m_desk;
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
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Desk Inn", "currency": "EUR", "nights": 40,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2},
                                              {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 15000, "rooms": 1}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_desk = std::make_unique<Desk>(m_db->database());
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

qint64 TestFrontDesk::partnerFor(RoomTypeId roomType) const
{
    return m_db
        ->scalar(QStringLiteral("INSERT INTO partner_hotels (hotel_id, name) SELECT hotel_id, 'Harbour View' FROM "
                                "room_types WHERE id = :t ON CONFLICT (hotel_id, name) DO UPDATE SET active = true "
                                "RETURNING id"),
                 {{QStringLiteral("t"), roomType}})
        .toLongLong();
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
    return m_db
        ->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :r AND night = :n"),
                 {{QStringLiteral("r"), roomType}, {QStringLiteral("n"), m_first.addDays(day)}})
        .toInt();
}

StayId TestFrontDesk::sell(const QString &guest, RoomTypeId roomType, int fromDay, int nights, PaymentMethod method)
{
    const CartId cart = QStringLiteral("desk-sale-%1").arg(++m_carts);
    StayRequest request{roomType, cart,        m_first.addDays(fromDay), m_first.addDays(fromDay + nights),
                        guest,    std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    const qint64 due = m_db->scalar(QStringLiteral("SELECT price_minor * :n FROM room_types WHERE id = :r"),
                                    {{QStringLiteral("n"), nights}, {QStringLiteral("r"), roomType}})
                           .toLongLong();
    CounterPayment payment;
    payment.method = method;
    payment.tendered = Money(due, QStringLiteral("EUR"));
    payment.cardReference = method == PaymentMethod::Cash ? QString() : QStringLiteral("TERM-%1").arg(m_carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return 0;
    const auto sold = sales.sell(cart, payment, quote.value());
    return sold ? held->id : 0;
}

StayId TestFrontDesk::sellOnline(const QString &guest, RoomTypeId roomType, int fromDay, int nights)
{
    const StayId stay = book(guest, roomType, fromDay, nights);
    const QVariantMap order{{QStringLiteral("o"), orderOf(stay)}};
    const bool charged = stay
        && m_db->exec(
            QStringLiteral("INSERT INTO payments (order_id, provider, idempotency_key, amount_minor, currency) "
                           "SELECT id, 'fakepay', 'boxoffice-order-' || id || '-charge', amount_minor, currency "
                           "FROM orders WHERE id = :o"),
            order)
        && m_db->exec(
            QStringLiteral("UPDATE payments SET state = 'SUCCEEDED', provider_payment_id = 'pi_desk_' || order_id "
                           "WHERE order_id = :o"),
            order);
    return charged ? stay : 0;
}

void TestFrontDesk::overbook(int day)
{
    CapacityChange change;
    change.roomType = m_standard;
    change.from = m_first.addDays(day);
    change.until = m_first.addDays(day + 1);
    change.sellable = 3;
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(change).ok());
}

QPair<RoomTypeId, RoomTypeId> TestFrontDesk::freshInn(const QString &name)
{
    QDate first;
    const QVector<RoomTypeId> types = loadHotel(QStringLiteral(R"({"name": "%1", "currency": "EUR", "nights": 20,
            "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2},
                           {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 15000, "rooms": 1}]})")
                                                    .arg(name)
                                                    .toUtf8(),
                                                &first);
    if (types.size() != 2)
        return {};
    m_first = first;
    return {types.at(0), types.at(1)};
}

void TestFrontDesk::settleElsewhere(OrderId order, qint64 dueMinor)
{
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment cash;
    cash.tendered = Money(dueMinor, QStringLiteral("EUR"));
    const auto settled
        = CounterSaleService(counter).settleGuarantee(order, cash, Money(dueMinor, QStringLiteral("EUR")));
    QVERIFY2(settled.ok(), settled.ok() ? "" : qPrintable(settled.error().message));
}

OrderId TestFrontDesk::orderOf(StayId stay) const
{
    return m_db->scalar(QStringLiteral("SELECT order_id FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
        .toLongLong();
}

QString TestFrontDesk::stateOf(StayId stay) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
        .toString();
}

QString TestFrontDesk::orderStateOf(OrderId order) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
        .toString();
}

qint64 TestFrontDesk::ledger(OrderId order, const QString &entry) const
{
    return m_db
        ->scalar(QStringLiteral(
                     "SELECT COALESCE(sum(amount_minor), 0) FROM order_ledger WHERE order_id = :o AND entry = :e"),
                 {{QStringLiteral("o"), order}, {QStringLiteral("e"), entry}})
        .toLongLong();
}

qint64 TestFrontDesk::balance(OrderId order) const
{
    const qint64 delivered
        = m_db->scalar(QStringLiteral("SELECT COALESCE((SELECT sum(amount_minor) FROM order_stay_lines WHERE order_id "
                                      "= :o AND state = 'SOLD'), 0)"),
                       {{QStringLiteral("o"), order}})
              .toLongLong();
    return ledger(order, QStringLiteral("CAPTURED")) - ledger(order, QStringLiteral("REFUND_DUE"))
        + ledger(order, QStringLiteral("REFUND_FAILED")) - delivered - ledger(order, QStringLiteral("FEE_KEPT"));
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
    QCOMPARE(m_desk->calendar(m_hotel, m_first, m_first).error().reason, QLatin1String(ErrorReason::CalendarRange));
    QCOMPARE(m_desk->calendar(987654, m_first, m_first.addDays(3)).error().code, ErrorCode::NotFound);
    QCOMPARE(m_desk->calendar(987654, m_first, m_first.addDays(3)).error().reason,
             QLatin1String(ErrorReason::HotelUnknown));
}

void TestFrontDesk::aStayMovesInOneStepOrNotAtAll()
{
    const StayId stay = book(QStringLiteral("Mover"), m_standard, 5, 2);
    QVERIFY(stay);
    // Later by one night, and to the deluxe room: old nights free, new nights taken.
    QVERIFY(m_desk->moveStay(stay, m_deluxe, m_first.addDays(6), m_first.addDays(9)).ok());
    QCOMPARE(booked(m_standard, 5), 0);
    QCOMPARE(booked(m_deluxe, 6), 1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT to_state FROM inventory_audit WHERE entity = 'stay' AND entity_id = "
                                         ":s ORDER BY id DESC LIMIT 1"),
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
    QCOMPARE(m_desk->moveStay(stay, m_deluxe, m_first.addDays(9), m_first.addDays(9)).error().code,
             ErrorCode::BadInput);
    QCOMPARE(m_desk->moveStay(stay, m_deluxe, m_first.addDays(-5), m_first.addDays(-3)).error().code,
             ErrorCode::BadInput);
    QCOMPARE(m_desk->moveStay(424242, m_deluxe, m_first.addDays(1), m_first.addDays(2)).error().code,
             ErrorCode::NotFound);
    QCOMPARE(m_desk->moveStay(424242, m_deluxe, m_first.addDays(1), m_first.addDays(2)).error().reason,
             QLatin1String(ErrorReason::StayOrRoomTypeUnknown));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::arrivalsCheckInAndOut()
{
    const StayId stay = book(QStringLiteral("Arrival"), m_standard, 0, 1); // arrives today
    QVERIFY(stay);
    QCOMPARE(m_desk->checkOut(stay).error().code, ErrorCode::Conflict); // not in yet
    QCOMPARE(m_desk->checkOut(stay).error().reason, QLatin1String(ErrorReason::CheckOutNotCheckedIn));
    QVERIFY(m_desk->checkIn(stay).ok());
    QCOMPARE(m_desk->checkIn(stay).error().code, ErrorCode::Conflict); // twice
    QCOMPARE(m_desk->checkIn(stay).error().reason, QLatin1String(ErrorReason::CheckInNotBooked));
    QVERIFY(m_desk->checkOut(stay).ok());
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}}).toString(),
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
    Desk desk(clerk->database());
    const auto refused = desk.resolveOverbooking(risk->first().stay.id, OverbookingAction::Walk, 0, eur(12000),
                                                 QStringLiteral("first night at the partner hotel"),
                                                 m_first.addDays(20), partnerFor(m_standard));
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
    Desk desk(manager->database());
    const QDate night = m_first.addDays(20);
    const StayId walked = m_desk->arrivalsAtRisk(m_hotel, night)->first().stay.id;
    QCOMPARE(desk.resolveOverbooking(walked, OverbookingAction::Walk, 0, eur(12000), QString(), night,
                                     partnerFor(m_standard))
                 .error()
                 .code,
             ErrorCode::BadInput);
    QVERIFY(desk.resolveOverbooking(walked, OverbookingAction::Walk, 0, eur(12000),
                                    QStringLiteral("first night at the Harbour View, taxi paid"), night,
                                    partnerFor(m_standard))
                .ok());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), walked}})
                 .toString(),
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
    QCOMPARE(desk.resolveOverbooking(upgraded, OverbookingAction::Upgrade, m_standard, eur(0),
                                     QStringLiteral("same room"), m_first.addDays(22))
                 .error()
                 .code,
             ErrorCode::BadInput);
    QVERIFY(desk.resolveOverbooking(upgraded, OverbookingAction::Upgrade, m_deluxe, eur(0),
                                    QStringLiteral("standard overbooked"), m_first.addDays(22))
                .ok());
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT room_type_id FROM stays WHERE id = :s"), {{QStringLiteral("s"), upgraded}})
            .toLongLong(),
        m_deluxe);
    QCOMPARE(booked(m_deluxe, 22), 1);
    const auto ledger = m_desk->compensations(m_hotel, m_first, m_first.addDays(40));
    QVERIFY(ledger.ok());
    QCOMPARE(ledger->size(), 2);
    QCOMPARE(ledger->first().action, OverbookingAction::Walk);
    QCOMPARE(ledger->first().amount, eur(12000));
    QCOMPARE(ledger->first().by, m_manager);
    QCOMPARE(ledger->last().action, OverbookingAction::Upgrade);
    QCOMPARE(m_db->scalar(QStringLiteral(
                              "SELECT count(*) FROM inventory_audit WHERE entity = 'stay' AND to_state = 'WALKED' "
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
    entry.currency = QStringLiteral("EUR");
    entry.amount = Money(12005, entry.currency);
    entry.reason = QStringLiteral("taxi, first night");
    const QString csv = compensationsCsv({entry});
    QCOMPARE(csv,
             QStringLiteral("night,at,by,stay,guest,action,amount,currency,reason,partner\r\n"
                            "2026-03-12,2026-03-12T22:05:00Z,manager,7,\"O'Brien, \"\"Pat\"\"\",WALK,120.05,EUR,"
                            "\"taxi, first night\",\r\n"));
}

void TestFrontDesk::aStayBookedOnGuaranteeIsPaidOnDeparture()
{
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    StayRequest request{m_standard,          QStringLiteral("guarantee-1"),  m_first.addDays(35),
                        m_first.addDays(37), QStringLiteral("Card On File"), std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).holdStay(request).ok());
    CounterPayment guarantee;
    guarantee.method = PaymentMethod::Guarantee;
    const auto quote = sales.quote(QStringLiteral("guarantee-1"));
    QVERIFY(quote.ok());
    QCOMPARE(quote->total.minor(), 18000);
    QCOMPARE(sales.sell(QStringLiteral("guarantee-1"), guarantee, quote.value()).error().code,
             ErrorCode::BadInput); // no card
    guarantee.cardReference = QStringLiteral("VISA-4242-EXP-1228");
    const auto booked = sales.sell(QStringLiteral("guarantee-1"), guarantee, quote.value());
    QVERIFY2(booked.ok(), booked.ok() ? "" : qPrintable(booked.error().message));
    QCOMPARE(booked->charged.minor(), qint64(0));
    QCOMPARE(booked->order.state, OrderState::Guaranteed);
    const QVariantMap order{{QStringLiteral("o"), booked->order.id}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT method || ':' || amount_minor || ':' || reference FROM "
                                         "counter_payments WHERE order_id = :o"),
                          order)
                 .toString(),
             QStringLiteral("guarantee:0:VISA-4242-EXP-1228"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));

    CounterPayment cash;
    cash.tendered = Money(20000, QStringLiteral("EUR"));
    QCOMPARE(sales.settleGuarantee(booked->order.id, cash, Money(18000, QStringLiteral("EUR"))).value().change.minor(),
             qint64(2000));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), order).toString(),
             QStringLiteral("PAID"));
    QCOMPARE(sales.settleGuarantee(booked->order.id, cash, Money(18000, QStringLiteral("EUR"))).error().code,
             ErrorCode::Conflict); // once
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// A tampered desktop or a hand-typed statement: the database refuses a clerk, and nothing changes.
void TestFrontDesk::clerkCannotCancelAPaidStay()
{
    const StayId stay = sell(QStringLiteral("Paid Guest"), m_standard, 24, 2, PaymentMethod::Cash);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    const int before = booked(m_standard, 24);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk desk(clerk->database());
    QCOMPARE(refusal(desk.cancelStay(stay, eur(0), QStringLiteral("guest asked"))),
             QStringLiteral("permission_denied"));
    // The old one-click path, and the row written by hand.
    QCOMPARE(refusal(PgHotelStore(clerk->database()).cancelStay(stay)), QStringLiteral("permission_denied"));
    QSqlQuery byHand(clerk->database());
    QVERIFY(!byHand.exec(QStringLiteral("UPDATE stays SET state = 'CANCELLED' WHERE id = %1").arg(stay)));
    QCOMPARE(byHand.lastError().nativeErrorCode(), QStringLiteral("42501"));
    QVERIFY(
        !byHand.exec(QStringLiteral("UPDATE order_stay_lines SET state = 'REFUNDED' WHERE stay_id = %1").arg(stay)));
    QCOMPARE(byHand.lastError().nativeErrorCode(), QStringLiteral("42501"));
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));
    QCOMPARE(booked(m_standard, 24), before);
    QCOMPARE(orderStateOf(order), QStringLiteral("PAID"));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM refunds WHERE order_id = :o"), {{QStringLiteral("o"), order}})
            .toInt(),
        0);
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 18000);

    // Nothing taken yet (a card on file): the clerk cancels, the nights go back, nothing is owed.
    const StayId unpaid = sell(QStringLiteral("Guarantee Guest"), m_standard, 24, 1, PaymentMethod::Guarantee);
    QVERIFY(unpaid);
    QVERIFY(!got(desk.stayMoney(unpaid)).paid());
    const auto cancelled = desk.cancelStay(unpaid, eur(0), QString());
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->refunded, eur(0));
    QCOMPARE(cancelled->orderState, OrderState::Cancelled);
    QCOMPARE(stateOf(unpaid), QStringLiteral("CANCELLED"));
    QCOMPARE(booked(m_standard, 24), before);
    QCOMPARE(refusal(desk.cancelStay(unpaid, eur(0), QString())), QStringLiteral("conflict")); // once
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::managerCancelsAPaidStayWithRefund()
{
    const StayId stay = sell(QStringLiteral("Refunded Guest"), m_standard, 26, 3, PaymentMethod::Cash);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    // a paid stay needs a reason
    QCOMPARE(refusal(desk.cancelStay(stay, eur(0), QString())), QStringLiteral("bad_input"));
    const auto money = desk.stayMoney(stay);
    QVERIFY2(money.ok(), money.ok() ? "" : qPrintable(money.error().message));
    QCOMPARE(money->amountPaid, eur(27000));
    QVERIFY(!money->paidOnline);

    const auto cancelled = desk.cancelStay(stay, eur(0), QStringLiteral("guest fell ill"));
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->refunded, eur(27000));
    QVERIFY(cancelled->refundAtDesk); // cash: handed back now
    QCOMPARE(cancelled->nightsReturned, 3);
    QCOMPARE(cancelled->orderState, OrderState::Refunded);
    QCOMPARE(stateOf(stay), QStringLiteral("CANCELLED"));
    QCOMPARE(booked(m_standard, 26), 0);
    QCOMPARE(booked(m_standard, 28), 0);
    QCOMPARE(orderStateOf(order), QStringLiteral("REFUNDED"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM order_stay_lines WHERE stay_id = :s"),
                          {{QStringLiteral("s"), stay}})
                 .toString(),
             QStringLiteral("REFUNDED"));
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DUE")), 27000);
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DONE")), 27000);
    QCOMPARE(balance(order), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::managerCancelsAPaidStayKeepingAFee()
{
    const StayId stay = sell(QStringLiteral("Fee Guest"), m_deluxe, 26, 2, PaymentMethod::Card);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    QCOMPARE(refusal(desk.cancelStay(stay, eur(30001), QStringLiteral("more than was paid"))),
             QStringLiteral("bad_input"));
    QCOMPARE(refusal(desk.cancelStay(stay, eur(-1), QStringLiteral("negative"))), QStringLiteral("bad_input"));
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));

    const auto cancelled = desk.cancelStay(stay, eur(5000), QStringLiteral("late cancellation, 24-hour policy"));
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->fee, eur(5000));
    QCOMPARE(cancelled->refunded, eur(25000));
    QCOMPARE(cancelled->orderState, OrderState::Refunded);
    QCOMPARE(booked(m_deluxe, 26), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT reason || ' by ' || recorded_by FROM order_ledger WHERE order_id = :o "
                                         "AND entry = 'FEE_KEPT'"),
                          {{QStringLiteral("o"), order}})
                 .toString(),
             QStringLiteral("late cancellation, 24-hour policy by %1").arg(m_manager));
    QCOMPARE(ledger(order, QStringLiteral("FEE_KEPT")), 5000);
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DUE")), 25000);
    // captured - refunded = delivered + fees: 30000 - 25000 = 0 + 5000
    QCOMPARE(
        m_db->scalar(QStringLiteral(
                         "SELECT captured_minor - refunded_minor - fees_minor FROM order_money WHERE order_id = :o"),
                     {{QStringLiteral("o"), order}})
            .toLongLong(),
        0);
    QCOMPARE(balance(order), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::walkedGuestIsRefundedAndNightsReturn()
{
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    // Paid online, two nights, the latest booking on an overbooked night: walked.
    overbook(10);
    QVERIFY(book(QStringLiteral("Early One"), m_standard, 10, 1));
    QVERIFY(book(QStringLiteral("Early Two"), m_standard, 10, 1));
    const StayId online = sellOnline(QStringLiteral("Online Walker"), m_standard, 10, 2);
    QVERIFY(online);
    const OrderId order = orderOf(online);
    QCOMPARE(m_desk->arrivalsAtRisk(m_hotel, m_first.addDays(10))->first().stay.id, online);
    const auto walked = desk.resolveOverbooking(online, OverbookingAction::Walk, 0, eur(8000),
                                                QStringLiteral("partner hotel and taxi"), m_first.addDays(10),
                                                partnerFor(m_standard));
    QVERIFY2(walked.ok(), walked.ok() ? "" : qPrintable(walked.error().message));
    QCOMPARE(stateOf(online), QStringLiteral("WALKED"));
    QCOMPARE(booked(m_standard, 10), 2);
    QCOMPARE(booked(m_standard, 11), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM order_stay_lines WHERE stay_id = :s"),
                          {{QStringLiteral("s"), online}})
                 .toString(),
             QStringLiteral("REFUNDED"));
    QCOMPARE(orderStateOf(order), QStringLiteral("REFUNDED"));
    // The provider returns the card money later: the refund is due, against the order's payment.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state || ' ' || amount_minor || ' ' || (payment_id IS NOT NULL) FROM "
                                         "refunds WHERE order_id = :o"),
                          {{QStringLiteral("o"), order}})
                 .toString(),
             QStringLiteral("DUE 18000 true"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT via FROM order_ledger WHERE order_id = :o AND entry = 'REFUND_DUE'"),
                          {{QStringLiteral("o"), order}})
                 .toString(),
             QStringLiteral("provider"));
    QCOMPARE(ledger(order, QStringLiteral("COMPENSATION_PAID")), 8000);
    QCOMPARE(balance(order), 0);
    const StayMoney left = got(desk.stayMoney(online));
    QVERIFY(left.paidOnline);
    QCOMPARE(left.amountPaid, eur(0)); // nothing left to give back

    // Paid in cash at the counter: handed back at once.
    overbook(16);
    QVERIFY(book(QStringLiteral("Early Three"), m_standard, 16, 1));
    QVERIFY(book(QStringLiteral("Early Four"), m_standard, 16, 1));
    const StayId counter = sell(QStringLiteral("Counter Walker"), m_standard, 16, 1, PaymentMethod::Cash);
    QVERIFY(counter);
    QVERIFY(desk.resolveOverbooking(counter, OverbookingAction::Walk, 0, eur(0), QStringLiteral("partner hotel"),
                                    m_first.addDays(16), partnerFor(m_standard))
                .ok());
    QCOMPARE(booked(m_standard, 16), 2);
    QCOMPARE(ledger(orderOf(counter), QStringLiteral("REFUND_DONE")), 9000);
    QCOMPARE(orderStateOf(orderOf(counter)), QStringLiteral("REFUNDED"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::moveToADearerRoomTypeChargesOrWaivesTheDifference()
{
    const StayId stay = sell(QStringLiteral("Upgrade Payer"), m_standard, 31, 2, PaymentMethod::Cash);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk clerkDesk(clerk->database());
    const QDate in = m_first.addDays(31);
    const QDate out = m_first.addDays(33);
    // Keeping the old price without a word is refused: nothing changes.
    QCOMPARE(refusal(clerkDesk.moveStay(stay, m_deluxe, in, out)), QStringLiteral("conflict"));
    QCOMPARE(booked(m_deluxe, 31), 0);
    QCOMPARE(booked(m_standard, 31), 2);
    const auto quote = clerkDesk.quoteMove(stay, m_deluxe, in, out);
    QVERIFY2(quote.ok(), quote.ok() ? "" : qPrintable(quote.error().message));
    QCOMPARE(quote->difference(), eur(12000)); // 2 x (150 - 90)

    MoveSettlement charge;
    charge.how = PriceSettlement::Charge;
    charge.payment.tendered = Money(11000, QStringLiteral("EUR"));
    QCOMPARE(refusal(clerkDesk.moveStay(stay, m_deluxe, in, out, charge)), QStringLiteral("bad_input")); // short
    charge.payment.tendered = Money(15000, QStringLiteral("EUR"));
    const auto charged = clerkDesk.moveStay(stay, m_deluxe, in, out, charge);
    QVERIFY2(charged.ok(), charged.ok() ? "" : qPrintable(charged.error().message));
    QCOMPARE(charged->charged, eur(12000));
    QCOMPARE(charged->change, eur(3000));
    QVERIFY(charged->supplementOrder != 0 && charged->supplementOrder != order);
    QCOMPARE(booked(m_deluxe, 32), 1);
    QCOMPARE(booked(m_standard, 31), 1);
    QCOMPARE(booked(m_standard, 32), 0);
    // One captured charge per order: the supplement is its own small order, captured at the counter.
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 18000);
    QCOMPARE(ledger(charged->supplementOrder, QStringLiteral("CAPTURED")), 12000);
    QCOMPARE(orderStateOf(charged->supplementOrder), QStringLiteral("PAID"));
    QCOMPARE(got(clerkDesk.stayMoney(stay)).amountPaid, eur(30000));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));

    // Waived: a manager's decision with a reason, a ledger row that moves no money.
    const StayId guest = sell(QStringLiteral("Upgrade Gift"), m_standard, 33, 1, PaymentMethod::Card);
    QVERIFY(guest);
    MoveSettlement waive;
    waive.how = PriceSettlement::Waive;
    waive.reason = QStringLiteral("anniversary, manager's gift");
    QCOMPARE(refusal(clerkDesk.moveStay(guest, m_deluxe, m_first.addDays(33), m_first.addDays(34), waive)),
             QStringLiteral("permission_denied"));
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk managerDesk(manager->database());
    waive.reason.clear();
    QCOMPARE(refusal(managerDesk.moveStay(guest, m_deluxe, m_first.addDays(33), m_first.addDays(34), waive)),
             QStringLiteral("bad_input"));
    waive.reason = QStringLiteral("anniversary, manager's gift");
    const auto waived = managerDesk.moveStay(guest, m_deluxe, m_first.addDays(33), m_first.addDays(34), waive);
    QVERIFY2(waived.ok(), waived.ok() ? "" : qPrintable(waived.error().message));
    QCOMPARE(waived->waived, eur(6000));
    QCOMPARE(
        m_db->scalar(
                QStringLiteral(
                    "SELECT amount_minor || ' ' || reason FROM order_ledger WHERE order_id = :o AND entry = 'WAIVED'"),
                {{QStringLiteral("o"), orderOf(guest)}})
            .toString(),
        QStringLiteral("6000 anniversary, manager's gift"));
    QCOMPARE(balance(orderOf(guest)), 0);

    // The supplement belongs to its stay: cancelling it refunds both orders.
    const auto cancelled = managerDesk.cancelStay(stay, eur(0), QStringLiteral("plans changed"));
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->refunded, eur(30000));
    QCOMPARE(orderStateOf(order), QStringLiteral("REFUNDED"));
    QCOMPARE(orderStateOf(charged->supplementOrder), QStringLiteral("REFUNDED"));
    QCOMPARE(ledger(charged->supplementOrder, QStringLiteral("REFUND_DONE")), 12000);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));

    // Whatever ends the stay takes its supplement along: here a manager's refund of the order itself.
    const StayId refunded = sell(QStringLiteral("Supplement Refund"), m_standard, 34, 1, PaymentMethod::Cash);
    QVERIFY(refunded);
    charge.payment.tendered = Money(6000, QStringLiteral("EUR"));
    const auto supplement = clerkDesk.moveStay(refunded, m_deluxe, m_first.addDays(34), m_first.addDays(35), charge);
    QVERIFY2(supplement.ok(), supplement.ok() ? "" : qPrintable(supplement.error().message));
    const auto returned
        = PgCheckoutStore(m_db->database(), m_inventory->carts)
              .refundUnits(orderOf(refunded), {OrderItemRef{ItemKind::Stay, refunded}}, QStringLiteral("guest left"));
    QVERIFY2(returned.ok(), returned.ok() ? "" : qPrintable(returned.error().message));
    QCOMPARE(orderStateOf(supplement->supplementOrder), QStringLiteral("REFUNDED"));
    QCOMPARE(ledger(supplement->supplementOrder, QStringLiteral("REFUND_DONE")), 6000);
    QCOMPARE(booked(m_deluxe, 34), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::moveToACheaperRoomTypeRefundsTheDifference()
{
    const StayId stay = sell(QStringLiteral("Downgrader"), m_deluxe, 36, 2, PaymentMethod::Cash);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    const QDate in = m_first.addDays(36);
    const QDate out = m_first.addDays(38);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk clerkDesk(clerk->database());
    QCOMPARE(refusal(clerkDesk.moveStay(stay, m_standard, in, out)), QStringLiteral("conflict"));
    MoveSettlement refund;
    refund.how = PriceSettlement::Refund;
    refund.reason = QStringLiteral("guest asked for a cheaper room");
    QCOMPARE(refusal(clerkDesk.moveStay(stay, m_standard, in, out, refund)), QStringLiteral("permission_denied"));
    QCOMPARE(booked(m_deluxe, 36), 1);

    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    QCOMPARE(got(desk.quoteMove(stay, m_standard, in, out)).difference(), eur(-12000));
    const auto moved = desk.moveStay(stay, m_standard, in, out, refund);
    QVERIFY2(moved.ok(), moved.ok() ? "" : qPrintable(moved.error().message));
    QCOMPARE(moved->refunded, eur(12000));
    QVERIFY(moved->refundAtDesk);
    QCOMPARE(booked(m_deluxe, 36), 0);
    QCOMPARE(orderStateOf(order), QStringLiteral("PAID"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT amount_minor FROM order_stay_lines WHERE stay_id = :s"),
                          {{QStringLiteral("s"), stay}})
                 .toLongLong(),
             18000);
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DONE")), 12000);
    QCOMPARE(balance(order), 0);

    // Nothing taken yet (on guarantee): the new, lower price is what the guest pays on departure.
    const StayId guaranteed = sell(QStringLiteral("Guaranteed Downgrader"), m_deluxe, 38, 2, PaymentMethod::Guarantee);
    QVERIFY(guaranteed);
    const auto repriced
        = clerkDesk.moveStay(guaranteed, m_standard, m_first.addDays(38), m_first.addDays(40), MoveSettlement{});
    QVERIFY2(repriced.ok(), repriced.ok() ? "" : qPrintable(repriced.error().message));
    QCOMPARE(repriced->refunded, eur(0));
    QCOMPARE(got(clerkDesk.stayMoney(guaranteed)).price, eur(18000));
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment cash;
    cash.tendered = Money(18000, QStringLiteral("EUR"));
    QCOMPARE(
        got(CounterSaleService(counter).settleGuarantee(orderOf(guaranteed), cash, Money(18000, QStringLiteral("EUR"))))
            .change.minor(),
        qint64(0));
    QCOMPARE(ledger(orderOf(guaranteed), QStringLiteral("CAPTURED")), 18000);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDesk::aPaidOrderMovedCheaperKeepsItsChargeAsItsAmount()
{
    // Paid online for a deluxe room; a manager moves the guest to a standard one for an overbooked night.
    const StayId stay = sellOnline(QStringLiteral("Online Downgrade"), m_deluxe, 14, 2);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    const auto moved = desk.resolveOverbooking(stay, OverbookingAction::Move, m_standard, eur(0),
                                               QStringLiteral("deluxe out of order"), m_first.addDays(14));
    QVERIFY2(moved.ok(), moved.ok() ? "" : qPrintable(moved.error().message));
    const auto scalar = [this, order](const char *sql) {
        return m_db->scalar(QString::fromLatin1(sql), {{QStringLiteral("o"), order}}).toLongLong();
    };
    // The order's amount is what the buyer was charged, as its payment says; the stay's line is what is
    // still sold, lowered by the difference handed back. The lines fall short of the amount by that refund.
    QCOMPARE(scalar("SELECT amount_minor FROM orders WHERE id = :o"), 30000);
    QCOMPARE(scalar("SELECT amount_minor FROM payments WHERE order_id = :o AND state = 'SUCCEEDED'"), 30000);
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 30000);
    QCOMPARE(scalar("SELECT amount_minor FROM order_stay_lines WHERE order_id = :o AND state = 'SOLD'"), 18000);
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DUE")), 12000);
    QCOMPARE(orderStateOf(order), QStringLiteral("PAID"));
    QCOMPARE(balance(order), 0);

    // The rest goes back when the stay is cancelled: the line's 18000, not the order's amount.
    const auto cancelled = desk.cancelStay(stay, eur(0), QStringLiteral("guest declined the standard room"));
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->refunded, eur(18000));
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DUE")), 30000);
    QCOMPARE(scalar("SELECT amount_minor FROM orders WHERE id = :o"), 30000);
    QCOMPARE(orderStateOf(order), QStringLiteral("REFUNDED"));
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
    const auto upgrade = m_desk->resolveOverbooking(upgraded, OverbookingAction::Upgrade, better, eur(0),
                                                    QStringLiteral("single overbooked"), first.addDays(10));
    QVERIFY2(upgrade.ok(), upgrade.ok() ? "" : qPrintable(upgrade.error().message));
    QVERIFY(lapsedHold(QStringLiteral("lapsed-3"), 12, 1));
    CapacityChange twelfth{single, first.addDays(12), first.addDays(13), 2, std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(twelfth).ok());
    const StayId late = book(QStringLiteral("Lapsed Late"), single, 12, 1);
    QVERIFY(book(QStringLiteral("Lapsed Later"), single, 12, 1));
    const auto managerMove = m_desk->resolveOverbooking(late, OverbookingAction::Move, better, eur(0),
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

// The manager looked at an unpaid stay; another desk took the guarantee's payment before the manager
// confirmed. The cancel decided over "nothing paid" is refused, a clerk's is refused as for any paid
// stay, and nothing changes until someone looks again.
void TestFrontDesk::aCancelOverMoneyThatChangedSinceItWasReadIsRefused()
{
    const auto [standard, deluxe] = freshInn(QStringLiteral("Changed Cancel Inn"));
    QVERIFY(standard && deluxe);
    const StayId stay = sell(QStringLiteral("Changed Cancel"), standard, 1, 2, PaymentMethod::Guarantee);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    auto manager = signIn(m_manager);
    auto clerk = signIn(m_clerk);
    QVERIFY(manager && clerk);
    Desk managerDesk(manager->database());
    Desk clerkDesk(clerk->database());
    const StayMoney shown = got(managerDesk.stayMoney(stay));
    QCOMPARE(shown.stay, stay);
    QVERIFY(!shown.paid());

    settleElsewhere(order, 18000);
    QVERIFY(changedSinceRead(managerDesk.cancelStay(shown, eur(0), QString())));
    QCOMPARE(refusal(clerkDesk.cancelStay(shown, eur(0), QString())), QStringLiteral("permission_denied"));
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));
    QCOMPARE(booked(standard, 1), 1);
    QCOMPARE(orderStateOf(order), QStringLiteral("PAID"));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM refunds WHERE order_id = :o"), {{QStringLiteral("o"), order}})
            .toInt(),
        0);

    // Looked at again: the manager refunds what is paid now.
    const auto cancelled
        = managerDesk.cancelStay(got(managerDesk.stayMoney(stay)), eur(0), QStringLiteral("guest fell ill"));
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->refunded, eur(18000));
    QCOMPARE(booked(standard, 1), 0);
    QCOMPARE(balance(order), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// A move is carried out only at the prices and payment its quote showed: not once the guarantee was
// paid (the dearer price would no longer simply be paid on departure), nor once another desk changed
// the stay's price (its difference is no longer the one the guest was told).
void TestFrontDesk::aMoveQuotedBeforeTheMoneyChangedIsRefused()
{
    const auto [standard, deluxe] = freshInn(QStringLiteral("Changed Move Inn"));
    QVERIFY(standard && deluxe);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk clerkDesk(clerk->database());
    const StayId guaranteed = sell(QStringLiteral("Changed Move"), standard, 1, 2, PaymentMethod::Guarantee);
    QVERIFY(guaranteed);
    const auto repriced = clerkDesk.quoteMove(guaranteed, deluxe, m_first.addDays(1), m_first.addDays(3));
    QVERIFY2(repriced.ok(), repriced.ok() ? "" : qPrintable(repriced.error().message));
    QCOMPARE(repriced->difference(), eur(12000));
    QVERIFY(!repriced->money.paid());
    settleElsewhere(orderOf(guaranteed), 18000);
    QVERIFY(changedSinceRead(clerkDesk.moveStay(repriced.value(), MoveSettlement{})));
    QCOMPARE(booked(standard, 1), 1);
    QCOMPARE(booked(deluxe, 1), 0);

    const StayId paid = sell(QStringLiteral("Changed Price"), standard, 5, 2, PaymentMethod::Cash);
    QVERIFY(paid);
    const auto quote = clerkDesk.quoteMove(paid, deluxe, m_first.addDays(5), m_first.addDays(7));
    QCOMPARE(got(quote).difference(), eur(12000));
    // Another desk keeps the guest a third night, charging it.
    MoveSettlement extraNight{PriceSettlement::Charge, {}, QString()};
    extraNight.payment.tendered = Money(9000, QStringLiteral("EUR"));
    const auto longer = m_desk->moveStay(paid, standard, m_first.addDays(5), m_first.addDays(8), extraNight);
    QVERIFY2(longer.ok(), longer.ok() ? "" : qPrintable(longer.error().message));
    MoveSettlement charge{PriceSettlement::Charge, {}, QString()};
    charge.payment.tendered = Money(12000, QStringLiteral("EUR"));
    QVERIFY(changedSinceRead(clerkDesk.moveStay(quote.value(), charge)));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM order_supplement_lines WHERE stay_id = :s"),
                          {{QStringLiteral("s"), paid}})
                 .toInt(),
             1); // the third night's, not the refused difference
    QCOMPARE(booked(standard, 7), 1);
    QCOMPARE(booked(deluxe, 5), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// A walk refunds what was paid, so it goes ahead only while that is what the manager saw; an upgrade
// decided over the quote is carried out by the store only with those figures.
void TestFrontDesk::aWalkOrUpgradeOverMoneyThatChangedIsRefused()
{
    const auto [standard, deluxe] = freshInn(QStringLiteral("Changed Walk Inn"));
    QVERIFY(standard && deluxe);
    const StayId stay = sell(QStringLiteral("Changed Walk"), standard, 1, 1, PaymentMethod::Guarantee);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk managerDesk(manager->database());
    const QDate night = m_first.addDays(1);
    const StayMoney shown = got(managerDesk.stayMoney(stay));
    const MoveQuote quoted = got(managerDesk.quoteMove(stay, deluxe, QDate(), QDate()));
    QCOMPARE(quoted.newPrice, eur(15000)); // the stay's own night, on the better room
    const auto upgrade = StayMoneyRules::decideOverbookingMove(OverbookingAction::Upgrade, quoted, eur(0),
                                                               QStringLiteral("standard overbooked"), night);
    QVERIFY(upgrade.ok());
    QCOMPARE(upgrade->settlement, PriceSettlement::Waive);

    settleElsewhere(order, 9000);
    QVERIFY(changedSinceRead(
        managerDesk.walk(shown, eur(5000), QStringLiteral("partner hotel"), night, partnerFor(standard))));
    QVERIFY(changedSinceRead(PgFrontDesk(manager->database()).resolveOverbooking(upgrade.value())));
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));
    QCOMPARE(booked(standard, 1), 1);
    QCOMPARE(booked(deluxe, 1), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM compensation_ledger WHERE stay_id = :s"),
                          {{QStringLiteral("s"), stay}})
                 .toInt(),
             0);
    QCOMPARE(ledger(order, QStringLiteral("WAIVED")), 0);

    // Looked at again: the walk refunds the 90.00 now paid, at the counter.
    QVERIFY(managerDesk
                .resolveOverbooking(stay, OverbookingAction::Walk, 0, eur(5000), QStringLiteral("partner hotel"), night,
                                    partnerFor(standard))
                .ok());
    QCOMPARE(stateOf(stay), QStringLiteral("WALKED"));
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DONE")), 9000);
    QCOMPARE(ledger(order, QStringLiteral("COMPENSATION_PAID")), 5000);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// A guest booked on guarantee pays on departure: the payment and the check-out are one unit of work, so
// a check-out the database refuses (here: the guest never checked in) leaves no payment behind.
void TestFrontDesk::aGuaranteedCheckOutThatIsRefusedTakesNoPayment()
{
    const auto [standard, deluxe] = freshInn(QStringLiteral("Departure Inn"));
    QVERIFY(standard && deluxe);
    const StayId stay = sell(QStringLiteral("Departure"), standard, 1, 2, PaymentMethod::Guarantee);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk desk(clerk->database());
    CounterPayment cash;
    cash.tendered = Money(20000, QStringLiteral("EUR"));
    const auto paymentsTaken = [this, order] {
        return m_db
            ->scalar(
                QStringLiteral("SELECT count(*) FROM counter_payments WHERE order_id = :o AND method <> 'guarantee'"),
                {{QStringLiteral("o"), order}})
            .toInt();
    };

    QCOMPARE(refusal(desk.checkOut(stay, cash)), QStringLiteral("conflict"));
    QCOMPARE(paymentsTaken(), 0);
    QCOMPARE(orderStateOf(order), QStringLiteral("GUARANTEED"));
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 0);
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));
    QCOMPARE(TransactionGuard::depth(clerk->database()), 0);

    QVERIFY(m_desk->allowEarlyCheckIn(stay, QStringLiteral("arrives tomorrow; the room is ready")).ok());
    QVERIFY(desk.checkIn(stay).ok());
    QCOMPARE(refusal(desk.checkOut(stay)), QStringLiteral("bad_input")); // the payment first
    const auto out = desk.checkOut(stay, cash);
    QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().message));
    QVERIFY(out->settled);
    QCOMPARE(out->sale.charged.minor(), qint64(18000));
    QCOMPARE(out->sale.change.minor(), qint64(2000));
    QCOMPARE(paymentsTaken(), 1);
    QCOMPARE(stateOf(stay), QStringLiteral("CHECKED_OUT"));
    QCOMPARE(orderStateOf(order), QStringLiteral("PAID"));
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 18000);
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
    const qint64 partner = partnerFor(types.at(1));
    BuyerCrowd crowd(*m_db, 3 * stays);
    const bool connected = crowd.runOnConnections(
        rounds,
        [&](DatabaseConnection &connection, PgInventory &, int round, int buyer) {
            const StayId stay = booked.at(buyer % stays);
            const int shift = 1 + (round + buyer) % 3;
            const QDate from = first.addDays(buyer % 5 + shift);
            Desk desk(connection.database());
            Status done = Done{};
            switch (buyer / stays) {
            case 0:
                if (auto cancelled = desk.cancelStay(stay, eur(0), QString()); !cancelled)
                    done = cancelled.error();
                break;
            case 1:
                if (auto moved = desk.moveStay(stay, types.at(round % 2), from, from.addDays(2)); !moved)
                    done = moved.error();
                break;
            default:
                done = desk.resolveOverbooking(stay, round % 2 ? OverbookingAction::Walk : OverbookingAction::Upgrade,
                                               types.at(1), eur(0), QStringLiteral("race"), first.addDays(buyer % 5),
                                               partner);
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

// The database's calendar decides: a stay checks in on its arrival day or a later night of it, never
// before (whoever asks, however), and not once its last night has passed.
void TestFrontDesk::checkInOpensOnTheArrivalDay()
{
    const StayId tomorrow = book(QStringLiteral("Early Bird"), m_standard, 1, 2);
    QVERIFY(tomorrow);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk desk(clerk->database());
    const auto early = desk.checkIn(tomorrow);
    QCOMPARE(early.error().code, ErrorCode::Conflict);
    QCOMPARE(early.error().reason, QLatin1String(ErrorReason::CheckInBeforeArrival));
    QSqlQuery byHand(clerk->database());
    QVERIFY(!byHand.exec(QStringLiteral("UPDATE stays SET state = 'CHECKED_IN' WHERE id = %1").arg(tomorrow)));
    QCOMPARE(byHand.lastError().nativeErrorCode(), QStringLiteral("23514"));
    QCOMPARE(stateOf(tomorrow), QStringLiteral("BOOKED"));

    // A late arrival checks in for the nights left; a stay whose nights are over does not.
    const StayId late = book(QStringLiteral("Late Owl"), m_standard, 28, 2); // its dates are set below
    const StayId over = book(QStringLiteral("Long Gone"), m_deluxe, 28, 1);
    QVERIFY(late && over);
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE stays SET check_in = current_date - 1, check_out = current_date + 1 WHERE id = :s"),
        {{QStringLiteral("s"), late}}));
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE stays SET check_in = current_date - 2, check_out = current_date WHERE id = :s"),
        {{QStringLiteral("s"), over}}));
    QVERIFY(desk.checkIn(late).ok());
    QCOMPARE(desk.checkIn(over).error().reason, QLatin1String(ErrorReason::CheckInAfterDeparture));
    QCOMPARE(stateOf(over), QStringLiteral("BOOKED"));
    QCOMPARE(desk.checkIn(424242).error().code, ErrorCode::NotFound);
    // Their nights as booked again, so the inventory audit of later tests still adds up.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET check_in = :a, check_out = :b WHERE id = :s"),
                       {{QStringLiteral("s"), late},
                        {QStringLiteral("a"), m_first.addDays(28)},
                        {QStringLiteral("b"), m_first.addDays(30)}}));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET check_in = :a, check_out = :b WHERE id = :s"),
                       {{QStringLiteral("s"), over},
                        {QStringLiteral("a"), m_first.addDays(28)},
                        {QStringLiteral("b"), m_first.addDays(29)}}));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// Only a manager may let a guest in before the arrival day, with a reason; the database keeps who, when
// and why, and the first permission stands.
void TestFrontDesk::aManagerAllowsAnEarlyCheckInOnRecord()
{
    const StayId stay = book(QStringLiteral("Early Flight"), m_deluxe, 2, 1);
    QVERIFY(stay);
    auto clerk = signIn(m_clerk);
    auto manager = signIn(m_manager);
    QVERIFY(clerk && manager);
    Desk clerkDesk(clerk->database());
    Desk managerDesk(manager->database());

    QCOMPARE(clerkDesk.allowEarlyCheckIn(stay, QStringLiteral("please")).error().code, ErrorCode::PermissionDenied);
    QCOMPARE(managerDesk.allowEarlyCheckIn(stay, QStringLiteral("  ")).error().reason,
             QLatin1String(ErrorReason::EarlyCheckInNeedsReason));
    QCOMPARE(managerDesk.allowEarlyCheckIn(stay, QStringLiteral("red-eye\u0000flight")).error().code,
             ErrorCode::BadInput);
    QCOMPARE(managerDesk.allowEarlyCheckIn(424242, QStringLiteral("who?")).error().code, ErrorCode::NotFound);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM early_check_ins WHERE stay_id = :s"),
                          {{QStringLiteral("s"), stay}})
                 .toInt(),
             0);

    QVERIFY(managerDesk.allowEarlyCheckIn(stay, QStringLiteral(" Red-eye flight, room ready ")).ok());
    QVERIFY(managerDesk.allowEarlyCheckIn(stay, QStringLiteral("asked again")).ok());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT allowed_by || '|' || reason FROM early_check_ins WHERE stay_id = :s"),
                          {{QStringLiteral("s"), stay}})
                 .toString(),
             m_manager + QStringLiteral("|Red-eye flight, room ready"));
    QVERIFY(clerkDesk.checkIn(stay).ok());
    QCOMPARE(stateOf(stay), QStringLiteral("CHECKED_IN"));
    QCOMPARE(managerDesk.allowEarlyCheckIn(stay, QStringLiteral("again")).error().reason,
             QLatin1String(ErrorReason::CheckInNotBooked));

    const StayId today = book(QStringLiteral("On Time"), m_deluxe, 0, 1);
    QCOMPARE(managerDesk.allowEarlyCheckIn(today, QStringLiteral("not needed")).error().reason,
             QLatin1String(ErrorReason::EarlyCheckInNotEarly));
}

QTEST_MAIN(TestFrontDesk)
#include "tst_frontdesk.moc"
