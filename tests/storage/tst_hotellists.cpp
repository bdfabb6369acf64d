// The front desk's lists against a real database: a day's arrivals, departures and in-house with stays
// in every state, occupancy and room revenue per night to the minor unit, the cancellation history the
// overbooking suggestion is computed from, partner properties (a manager's), and a walk that names its
// partner and gives every night of the stay back.

#include "domain/frontdeskservice.h"
#include "domain/hotellists.h"
#include "domain/hotelservice.h"
#include "moneycompare.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pghotellists.h"
#include "storage/pginventory.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

Money inEuros(qint64 minor) // the hotel here sells in euros
{
    return Money(minor, QStringLiteral("EUR"));
}

struct DeskStores
{
    explicit DeskStores(const QSqlDatabase &database)
        : inventory(database), store(database), counter(database, inventory.carts), unit(database), lists(database)
    { }
    PgInventory inventory;
    PgFrontDesk store;
    PgCounterSales counter;
    PgUnitOfWork unit;
    PgHotelLists lists;
};

// The desk's use-cases on one signed-in connection.
struct Desk : DeskStores
{
    explicit Desk(const QSqlDatabase &database)
        : DeskStores(database), frontDesk(store, counter, unit), hotelLists(lists)
    { }
    FrontDeskService frontDesk;
    HotelListService hotelLists;
};

QStringList references(const QVector<HotelListRow> &rows)
{
    QStringList out;
    for (const HotelListRow &row : rows)
        out << row.guest + QLatin1Char(' ') + row.state;
    return out;
}

} // namespace

class TestHotelLists : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aDayListsArrivalsDeparturesAndInHouse();
    void occupancyAndRevenuePerNightAreExact();
    void revenueFollowsEachNightsRate();
    void theHistoryCountsLateCancellationsAndWalks();
    void partnersAreAManagersList();
    void aWalkNamesItsPartnerAndGivesTheNightsBack();

private:
    StayId book(const QString &guest, RoomTypeId roomType, int fromDay, int nights);
    StayId pastStay(const QString &guest, int fromDay, int nights, const QString &state);
    int booked(RoomTypeId roomType, int day) const;
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<Desk> m_desk;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0; // 5 rooms at 100.00
    RoomTypeId m_deluxe = 0; // 1 room at 150.00
    QDate m_first;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("lists-pass-7");
    int m_carts = 0;
    StayId m_discounted = 0; // in the house over nights 4..6, its line at 250.01
};

void TestHotelLists::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("hotellists"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Lists Inn", "currency": "EUR", "nights": 30,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 10000, "rooms": 5},
                                              {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 15000, "rooms": 1}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_desk = std::make_unique<Desk>(m_db->database());
    const auto hotels = m_desk->inventory.hotels.hotels();
    for (const HotelSummary &hotel : hotels.value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes)
            (type.code == QLatin1String("STD") ? m_standard : m_deluxe) = type.id;
    }
    QVERIFY(m_standard && m_deluxe);
    m_clerk = QStringLiteral("listsclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("listsmanager_%1").arg(QCoreApplication::applicationPid());
    StaffAdmin admin(m_db->database());
    QVERIFY(admin.addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(admin.addStaff(m_manager, m_password, StaffRole::Manager).ok());

    // The day looked at is night 5. Arrivals: one booked, one checked in, one only held, one cancelled.
    FrontDeskService &desk = m_desk->frontDesk;
    QVERIFY(book(QStringLiteral("Ada Arrives"), m_standard, 5, 2));
    const StayId inNow = book(QStringLiteral("Ben Checkedin"), m_standard, 5, 1);
    // The day looked at lies ahead: checked in early, as a manager allows (migration 028).
    QVERIFY(desk.allowEarlyCheckIn(inNow, QStringLiteral("lists test: the day looked at lies ahead")).ok());
    QVERIFY(desk.checkIn(inNow).ok());
    StayRequest held{m_standard,         QStringLiteral("lists-held"), m_first.addDays(5),
                     m_first.addDays(6), QStringLiteral("Hal Held"),   std::nullopt};
    QVERIFY(HotelService(m_desk->inventory.hotels).holdStay(held).ok());
    const StayId cancelled = book(QStringLiteral("Cat Cancelled"), m_standard, 5, 1);
    QVERIFY(desk.cancelStay(cancelled, inEuros(0), QString()).ok());
    // Departures on night 5: one still in the house, one checked out, one never arrived.
    const StayId leaving = book(QStringLiteral("Dan Leaving"), m_standard, 3, 2);
    QVERIFY(desk.allowEarlyCheckIn(leaving, QStringLiteral("lists test: the day looked at lies ahead")).ok());
    QVERIFY(desk.checkIn(leaving).ok());
    const StayId gone = book(QStringLiteral("Eve Gone"), m_deluxe, 4, 1);
    QVERIFY(desk.allowEarlyCheckIn(gone, QStringLiteral("lists test: the day looked at lies ahead")).ok());
    QVERIFY(desk.checkIn(gone).ok());
    QVERIFY(desk.checkOut(gone).ok());
    QVERIFY(book(QStringLiteral("Fay Never"), m_standard, 3, 2));
    // In the house over night 5, arrived the night before; its line discounted to an odd amount.
    m_discounted = book(QStringLiteral("Gus Staying"), m_standard, 4, 3);
    QVERIFY(desk.allowEarlyCheckIn(m_discounted, QStringLiteral("lists test: the day looked at lies ahead")).ok());
    QVERIFY(desk.checkIn(m_discounted).ok());
    QVERIFY(m_db->exec(QStringLiteral("UPDATE order_stay_lines SET amount_minor = 25001 WHERE stay_id = :s"),
                       {{QStringLiteral("s"), m_discounted}}));
}

void TestHotelLists::cleanupTestCase()
{
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<DatabaseConnection> TestHotelLists::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, login);
    return connection ? std::move(connection.value()) : nullptr;
}

StayId TestHotelLists::book(const QString &guest, RoomTypeId roomType, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("lists-stay-%1").arg(++m_carts);
    StayRequest request;
    request.roomType = roomType;
    request.cart = cart;
    request.checkIn = m_first.addDays(fromDay);
    request.checkOut = request.checkIn.addDays(nights);
    request.guestName = guest;
    const auto held = HotelService(m_desk->inventory.hotels).holdStay(request);
    if (!held)
        return 0;
    const auto order = m_desk->inventory.carts.createOrder(cart);
    if (!order || !m_desk->inventory.carts.confirm(order->id))
        return 0;
    return held->id;
}

// A stay before the hotel's calendar begins, as years of trading leave them: written directly.
StayId TestHotelLists::pastStay(const QString &guest, int fromDay, int nights, const QString &state)
{
    return m_db
        ->scalar(QStringLiteral("INSERT INTO stays (reference, room_type_id, cart_id, check_in, check_out, state, "
                                "order_id, guest_name) VALUES (:r, :t, 'history', :in, :out, :st, "
                                "(SELECT min(order_id) FROM stays WHERE order_id IS NOT NULL), :g) RETURNING id"),
                 {{QStringLiteral("r"), QStringLiteral("PAST-%1").arg(++m_carts)},
                  {QStringLiteral("t"), m_standard},
                  {QStringLiteral("in"), m_first.addDays(fromDay)},
                  {QStringLiteral("out"), m_first.addDays(fromDay + nights)},
                  {QStringLiteral("st"), state},
                  {QStringLiteral("g"), guest}})
        .toLongLong();
}

int TestHotelLists::booked(RoomTypeId roomType, int day) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :t AND night = :n"),
                 {{QStringLiteral("t"), roomType}, {QStringLiteral("n"), m_first.addDays(day)}})
        .toInt();
}

void TestHotelLists::aDayListsArrivalsDeparturesAndInHouse()
{
    const auto lists = m_desk->hotelLists.dayLists(m_hotel, m_first.addDays(5));
    QVERIFY(lists.ok());
    QCOMPARE(references(lists->arrivals),
             (QStringList{QStringLiteral("Ada Arrives BOOKED"), QStringLiteral("Ben Checkedin CHECKED_IN")}));
    QCOMPARE(lists->arrivals.first().nights(), 2);
    QCOMPARE(lists->arrivals.first().roomTypeCode, QStringLiteral("STD"));
    // Fay never arrived: not a departure.
    QCOMPARE(references(lists->departures),
             (QStringList{QStringLiteral("Dan Leaving CHECKED_IN"), QStringLiteral("Eve Gone CHECKED_OUT")}));
    QCOMPARE(references(lists->inHouse),
             (QStringList{QStringLiteral("Ben Checkedin CHECKED_IN"), QStringLiteral("Gus Staying CHECKED_IN")}));
    // The night before: Eve arrived and has left since; a night to come counts no one checked out.
    const auto before = m_desk->hotelLists.dayLists(m_hotel, m_first.addDays(4));
    QVERIFY(before.ok());
    QCOMPARE(references(before->arrivals),
             (QStringList{QStringLiteral("Eve Gone CHECKED_OUT"), QStringLiteral("Gus Staying CHECKED_IN")}));
    QCOMPARE(references(before->inHouse),
             (QStringList{QStringLiteral("Dan Leaving CHECKED_IN"), QStringLiteral("Gus Staying CHECKED_IN")}));
    const auto empty = m_desk->hotelLists.dayLists(m_hotel, m_first.addDays(20));
    QVERIFY(empty->arrivals.isEmpty() && empty->departures.isEmpty() && empty->inHouse.isEmpty());
    QCOMPARE(m_desk->hotelLists.dayLists(m_hotel, QDate()).error().code, ErrorCode::BadInput);
}

void TestHotelLists::occupancyAndRevenuePerNightAreExact()
{
    const auto report = m_desk->hotelLists.occupancy(m_hotel, m_first.addDays(3), m_first.addDays(7), m_first);
    QVERIFY(report.ok());
    QCOMPARE(report->currency, QStringLiteral("EUR"));
    QCOMPARE(report->nights.size(), 4 * 3); // two room types and the total, four nights
    struct Expected
    {
        int day;
        RoomTypeId type;
        int physical, sellable, booked, sold;
        qint64 revenue;
    };
    const Expected expected[] = {
        {3, m_standard, 5, 5, 2, 2, 20000}, // Dan and Fay, 100.00 each
        {3, m_deluxe, 1, 1, 0, 0, 0},
        {3, 0, 6, 6, 2, 2, 20000},
        {4, m_standard, 5, 5, 3, 3, 28334}, // Dan, Fay, and Gus's first third of 250.01 (83.34)
        {4, m_deluxe, 1, 1, 1, 1, 15000}, // Eve, checked out since
        {4, 0, 6, 6, 4, 4, 43334},
        {5, m_standard, 5, 5, 4, 3, 28334}, // Ada, Ben, Gus (83.34); Hal only holds; Cat cancelled
        {5, m_deluxe, 1, 1, 0, 0, 0},
        {5, 0, 6, 6, 4, 3, 28334},
        {6, m_standard, 5, 5, 2, 2, 18333}, // Ada, Gus's last third (83.33)
        {6, m_deluxe, 1, 1, 0, 0, 0},
        {6, 0, 6, 6, 2, 2, 18333},
    };
    for (int i = 0; i < report->nights.size(); ++i) {
        const OccupancyNight &row = report->nights.at(i);
        const Expected &want = expected[i];
        const QByteArray where = QByteArray::number(i);
        QVERIFY2(row.night == m_first.addDays(want.day), where);
        QVERIFY2(row.roomType == want.type, where);
        QVERIFY2(row.physical == want.physical, where);
        QVERIFY2(row.sellable == want.sellable, where);
        QVERIFY2(row.booked == want.booked, where + ' ' + QByteArray::number(row.booked));
        QVERIFY2(row.sold == want.sold, where + ' ' + QByteArray::number(row.sold));
        QVERIFY2(row.revenue == Money(want.revenue, QStringLiteral("EUR")),
                 where + ' ' + QByteArray::number(row.revenue.minor()));
        QVERIFY2(row.suggestedSellable == want.physical, where); // too little history to overbook
    }
    // Gus's three nights add up to his line exactly: 83.34 + 83.34 + 83.33.
    const OccupancyNight total = report->totals().at(1);
    QCOMPARE(total.occupancyPerMille(), 666);
    QCOMPARE(total.adr(), Money(10833, QStringLiteral("EUR")));
    QCOMPARE(total.revPar(), Money(7222, QStringLiteral("EUR")));
    const QString csv = occupancyCsv(report.value());
    QVERIFY2(csv.contains(QStringLiteral("\r\n%1,ALL,6,6,6,4,4,66.6,433.34,108.33,72.22,EUR\r\n")
                              .arg(m_first.addDays(4).toString(Qt::ISODate))),
             qPrintable(csv));
    QCOMPARE(m_desk->hotelLists.occupancy(m_hotel, m_first, m_first, m_first).error().reason,
             QString::fromLatin1(ErrorReason::ListsRange));
}

void TestHotelLists::theHistoryCountsLateCancellationsAndWalks()
{
    // Thirty nights before the calendar: 3 + 2 nights stayed, 2 nights cancelled the day of arrival,
    // 1 night cancelled ten days ahead (resold: not counted), 1 night walked, and a stay that began
    // before the window (2 of its 4 nights inside).
    QVERIFY(pastStay(QStringLiteral("Past One"), -20, 3, QStringLiteral("CHECKED_OUT")));
    QVERIFY(pastStay(QStringLiteral("Past Two"), -10, 2, QStringLiteral("CHECKED_OUT")));
    QVERIFY(pastStay(QStringLiteral("Past Edge"), -32, 4, QStringLiteral("CHECKED_OUT")));
    const StayId late = pastStay(QStringLiteral("Past Late"), -5, 2, QStringLiteral("BOOKED"));
    const StayId early = pastStay(QStringLiteral("Past Early"), -15, 1, QStringLiteral("BOOKED"));
    QVERIFY(late && early);
    for (StayId stay : {late, early}) {
        QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET state = 'CANCELLED' WHERE id = :s"),
                           {{QStringLiteral("s"), stay}}));
    }
    // the early one was cancelled ten days before it began
    QVERIFY(m_db->exec(QStringLiteral("UPDATE inventory_audit SET at = CAST(:at AS timestamptz) WHERE entity = 'stay' "
                                      "AND entity_id = :s AND to_state = 'CANCELLED'"),
                       {{QStringLiteral("at"), m_first.addDays(-25).startOfDay()}, {QStringLiteral("s"), early}}));
    QVERIFY(pastStay(QStringLiteral("Past Walked"), -7, 1, QStringLiteral("WALKED")));

    const auto history = m_desk->lists.attrition(m_hotel, m_first.addDays(-30), m_first);
    QVERIFY(history.ok());
    QCOMPARE(history->size(), 2);
    const AttritionHistory &standard = history->first();
    QCOMPARE(standard.roomType, m_standard);
    QCOMPARE(standard.bookedRoomNights, 3 + 2 + 2 + 2 + 1);
    QCOMPARE(standard.lateCancelledRoomNights, 2);
    QCOMPARE(standard.noShowRoomNights, 0);
    QCOMPARE(standard.walkedRoomNights, 1);
    QCOMPARE(history->at(1).bookedRoomNights, 0);
    // Too little history for the rule: the suggestion is the physical rooms, with its figures.
    const auto suggestion
        = m_desk->hotelLists.suggestion(m_hotel, m_standard, m_first.addDays(3), m_first.addDays(5), m_first);
    QVERIFY(suggestion.ok());
    QCOMPARE(suggestion->history.bookedRoomNights, 12); // 90 days: the edge stay's four nights all count
    QVERIFY(!suggestion->enoughHistory);
    QCOMPARE(suggestion->suggestedSellable, 5);
    // With the threshold lowered, the same history suggests 5 / (1 - 10%) = 5.5 -> 5; a policy allowing
    // more per room shows the figure moving.
    HotelListService lenient(m_desk->lists, OverbookingPolicy{5, 150, 100}, 30);
    const auto more = lenient.suggestion(m_hotel, m_standard, m_first.addDays(3), m_first.addDays(5), m_first);
    QVERIFY(more.ok());
    QCOMPARE(more->attritionPerMille, 100);
    QCOMPARE(more->suggestedSellable, 5);
    // The manager's limit is never touched by a suggestion.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT max(capacity) FROM room_nights WHERE room_type_id = :t"),
                          {{QStringLiteral("t"), m_standard}})
                 .toInt(),
             5);
}

void TestHotelLists::partnersAreAManagersList()
{
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    PgHotelLists clerkStore(clerk->database());
    HotelListService clerkLists(clerkStore);
    const auto refused = clerkLists.addPartner(m_hotel, QStringLiteral("Clerk's Cousin Inn"));
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgHotelLists managerStore(manager->database());
    HotelListService managerLists(managerStore);
    QCOMPARE(managerLists.addPartner(m_hotel, QStringLiteral("  ")).error().reason,
             QString::fromLatin1(ErrorReason::PartnerNameMissing));
    const auto harbour = managerLists.addPartner(m_hotel, QStringLiteral("Harbour View"), QStringLiteral("+49 40 123"));
    QVERIFY(harbour.ok());
    const auto again = managerLists.addPartner(m_hotel, QStringLiteral("Harbour View"));
    QVERIFY(again.ok());
    QCOMPARE(again->id, harbour->id);
    QCOMPARE(again->contact, QStringLiteral("+49 40 123"));
    QVERIFY(managerLists.addPartner(m_hotel, QStringLiteral("Alpine Lodge")).ok());
    const auto listed = clerkLists.partners(m_hotel);
    QVERIFY(listed.ok());
    QCOMPARE(listed->size(), 2);
    QCOMPARE(listed->first().name, QStringLiteral("Alpine Lodge"));
}

void TestHotelLists::aWalkNamesItsPartnerAndGivesTheNightsBack()
{
    const StayId stay = book(QStringLiteral("Wal Walked"), m_standard, 10, 3);
    QVERIFY(stay);
    QCOMPARE(booked(m_standard, 10), 1);
    QCOMPARE(booked(m_standard, 12), 1);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    const auto partners = desk.hotelLists.partners(m_hotel);
    QVERIFY(partners.ok() && !partners->isEmpty());
    const qint64 partner = partners->last().id; // Harbour View
    const QDate night = m_first.addDays(10);
    const auto money = desk.frontDesk.stayMoney(stay);
    QVERIFY(money.ok());

    // No partner: refused before the database is asked; and the database refuses one too.
    QCOMPARE(desk.frontDesk.walk(money.value(), inEuros(5000), QStringLiteral("overbooked"), night, 0).error().reason,
             QString::fromLatin1(ErrorReason::WalkPartnerMissing));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM compensation_ledger")).toInt(), 0);
    // Another hotel's partner is no partner of this one.
    const HotelId other = PropertyLoader(m_db->database())
                              .loadHotel(R"({"name": "Other Inn", "currency": "EUR", "nights": 3,
                                 "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 100, "rooms": 1}]})")
                              ->id;
    const qint64 foreign
        = m_db->scalar(QStringLiteral("INSERT INTO partner_hotels (hotel_id, name) VALUES (:h, 'Elsewhere') "
                                      "RETURNING id"),
                       {{QStringLiteral("h"), other}})
              .toLongLong();
    QCOMPARE(
        desk.frontDesk.walk(money.value(), inEuros(5000), QStringLiteral("overbooked"), night, foreign).error().reason,
        QString::fromLatin1(ErrorReason::WalkPartnerMissing));
    QCOMPARE(booked(m_standard, 10), 1);
    // Whichever function writes it, the ledger takes no new walk without a partner.
    QVERIFY(!m_db->exec(QStringLiteral("SELECT boxoffice_resolve_overbooking(CAST(:s AS bigint), 'WALK', NULL, 0, 'x', "
                                       "CAST(:n AS date))"),
                        {{QStringLiteral("s"), stay}, {QStringLiteral("n"), night}}));

    QVERIFY(
        desk.frontDesk.walk(money.value(), inEuros(5000), QStringLiteral("first night and taxi"), night, partner).ok());
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}}).toString(),
        QStringLiteral("WALKED"));
    for (int day = 10; day < 13; ++day)
        QCOMPARE(booked(m_standard, day), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT partner_hotel_id FROM compensation_ledger WHERE stay_id = :s"),
                          {{QStringLiteral("s"), stay}})
                 .toLongLong(),
             partner);
    const auto report = desk.frontDesk.compensations(m_hotel, night, night.addDays(1));
    QVERIFY(report.ok());
    QCOMPARE(report->size(), 1);
    QCOMPARE(report->first().partner, QStringLiteral("Harbour View"));
    QVERIFY(compensationsCsv(report.value()).contains(QStringLiteral(",first night and taxi,Harbour View\r\n")));
}

// A stay sold over a plain night and a dearer one (a weekend or festival rate, migration 031) brings in
// more on the dear night: its line is spread by the nights' rates, and still adds up to the line.
void TestHotelLists::revenueFollowsEachNightsRate()
{
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE room_nights SET price_minor = 30001 WHERE room_type_id = :r AND night = :n"),
                   {{QStringLiteral("r"), m_standard}, {QStringLiteral("n"), m_first.addDays(26)}}));
    const StayId stay = book(QStringLiteral("Rita Rates"), m_standard, 25, 2);
    QVERIFY(stay);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT amount_minor FROM order_stay_lines WHERE stay_id = :s"),
                          {{QStringLiteral("s"), stay}})
                 .toLongLong(),
             40001);
    const auto report = m_desk->hotelLists.occupancy(m_hotel, m_first.addDays(25), m_first.addDays(27), m_first);
    QVERIFY(report.ok());
    QVector<qint64> standard;
    for (const OccupancyNight &row : report->nights) {
        if (row.roomType == m_standard)
            standard << row.revenue.minor();
    }
    QCOMPARE(standard, (QVector<qint64>{10000, 30001}));
}

QTEST_GUILESS_MAIN(TestHotelLists)
#include "tst_hotellists.moc"
