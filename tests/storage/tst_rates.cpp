// Room rates against a real database (migration 031): a manager's rules price each night (a weekend, a
// season, a season's weekend, with the documented precedence), a stay costs the sum of its nights at
// every place that prices it (the calendar, availability, the cart's order, the counter's quote, the
// stay's money), a clerk is refused setting a rate by the database itself, and a move reprices through
// the order ledger: onto dearer weekend nights it charges exactly the difference, onto cheaper nights it
// refunds it, and the money audit balances.

#include "domain/countersale.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/rates.h"
#include "moneycompare.h"
#include "statenames.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgratestore.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

template<typename T> QString refusal(const Result<T> &result)
{
    return result ? QStringLiteral("done") : errorCodeName(result.error().code);
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

// Rates on one connection, wired as the desktop wires them.
struct Rates
{
    explicit Rates(const QSqlDatabase &database) : store(database), service(store) { }
    PgRateStore store;
    RateService service;
};

} // namespace

class TestRates : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aClerkIsRefusedSettingARateByTheDatabase();
    void rulesAreChecked_data();
    void rulesAreChecked();
    void eachNightIsPricedByTheMostSpecificRule_data();
    void eachNightIsPricedByTheMostSpecificRule();
    void theDatabaseAndThePreviewAgreeOnEveryNight();
    void aLaterRuleOfTheSameSpanWinsUntilRemoved();
    void aNightOpenedLaterIsPricedByTheRules();
    void aStayCostsTheSumOfItsNightsEverywhere();
    void aMoveOntoTheWeekendChargesTheDifference();
    void aMoveOntoCheaperNightsRefundsTheDifference();
    void aGuaranteedStayMovedOntoTheWeekendOwesTheNewSum();

private:
    int day(int week, Qt::DayOfWeek weekday) const; // day offset of that weekday in that week from m_first
    qint64 nightPrice(RoomTypeId type, int dayOffset) const;
    StayId sell(const QString &guest, RoomTypeId type, int fromDay, int nights, qint64 *paid = nullptr,
                PaymentMethod method = PaymentMethod::Cash);
    RateId addRule(const QString &name, RoomTypeId type, int firstDay, int lastDay, int weekdays, qint64 price);
    OrderId orderOf(StayId stay) const;
    qint64 ledger(OrderId order, const QString &entry) const;
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<DatabaseConnection> m_managerConnection;
    std::unique_ptr<Rates> m_managerRates;
    HotelId m_hotel = 0;
    RoomTypeSummary m_standard; // 100.00 a night without a rule
    RoomTypeSummary m_deluxe; // 200.00, no rules
    QDate m_first;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("rates-pass-9");
    int m_carts = 0;
    RateId m_weekend = 0;
};

void TestRates::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("rates"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Rate Inn", "currency": "EUR", "nights": 70,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 10000, "rooms": 4},
                                              {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 20000, "rooms": 2}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes)
            (type.code == QLatin1String("STD") ? m_standard : m_deluxe) = type;
    }
    QVERIFY(m_standard.id && m_deluxe.id);
    m_clerk = QStringLiteral("rateclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("ratemanager_%1").arg(QCoreApplication::applicationPid());
    StaffAdmin admin(m_db->database());
    QVERIFY(admin.addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(admin.addStaff(m_manager, m_password, StaffRole::Manager).ok());
    m_managerConnection = signIn(m_manager);
    QVERIFY(m_managerConnection);
    m_managerRates = std::make_unique<Rates>(m_managerConnection->database());

    // The year's weekend, a season in weeks 3 and 4, and the season's own weekend.
    m_weekend = addRule(QStringLiteral("Weekend"), m_standard.id, 0, 69, RateRule::weekendNights, 15000);
    QVERIFY(m_weekend);
    QVERIFY(addRule(QStringLiteral("Season"), m_standard.id, day(3, Qt::Monday), day(4, Qt::Sunday), 0, 12000));
    QVERIFY(addRule(QStringLiteral("Season weekend"), m_standard.id, day(3, Qt::Monday), day(4, Qt::Sunday),
                    RateRule::weekendNights, 18000));
}

void TestRates::cleanupTestCase()
{
    m_managerRates.reset();
    m_managerConnection.reset();
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login));
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<DatabaseConnection> TestRates::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, login);
    return connection ? std::move(connection.value()) : nullptr;
}

int TestRates::day(int week, Qt::DayOfWeek weekday) const
{
    // Week 1 starts on the first Monday after the first night, so every week lies wholly in the calendar.
    const int toMonday = (8 - m_first.dayOfWeek()) % 7 + (m_first.dayOfWeek() == Qt::Monday ? 7 : 0);
    return toMonday + (week - 1) * 7 + (int(weekday) - 1);
}

qint64 TestRates::nightPrice(RoomTypeId type, int dayOffset) const
{
    return m_db
        ->scalar(
            QStringLiteral("SELECT COALESCE(n.price_minor, rt.price_minor) FROM room_nights n "
                           "JOIN room_types rt ON rt.id = n.room_type_id WHERE n.room_type_id = :r AND n.night = :n"),
            {{QStringLiteral("r"), type}, {QStringLiteral("n"), m_first.addDays(dayOffset)}})
        .toLongLong();
}

RateId TestRates::addRule(const QString &name, RoomTypeId type, int firstDay, int lastDay, int weekdays, qint64 price)
{
    RateRule rule;
    rule.roomType = type;
    rule.name = name;
    rule.firstNight = m_first.addDays(firstDay);
    rule.lastNight = m_first.addDays(lastDay);
    rule.weekdays = weekdays;
    rule.price = Money(price, QStringLiteral("EUR"));
    const auto added = m_managerRates->service.add(rule);
    if (!added)
        qWarning() << added.error().message;
    return added ? added.value() : 0;
}

OrderId TestRates::orderOf(StayId stay) const
{
    return m_db->scalar(QStringLiteral("SELECT order_id FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
        .toLongLong();
}

qint64 TestRates::ledger(OrderId order, const QString &entry) const
{
    return m_db
        ->scalar(QStringLiteral(
                     "SELECT COALESCE(sum(amount_minor), 0) FROM order_ledger WHERE order_id = :o AND entry = :e"),
                 {{QStringLiteral("o"), order}, {QStringLiteral("e"), entry}})
        .toLongLong();
}

StayId TestRates::sell(const QString &guest, RoomTypeId type, int fromDay, int nights, qint64 *paid,
                       PaymentMethod method)
{
    const CartId cart = QStringLiteral("rate-sale-%1").arg(++m_carts);
    StayRequest request{type, cart, m_first.addDays(fromDay), m_first.addDays(fromDay + nights), guest, std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return 0;
    CounterPayment payment;
    payment.method = method;
    payment.tendered = Money(quote->total.minor(), quote->currency);
    payment.cardReference = method == PaymentMethod::Cash ? QString() : QStringLiteral("TERM-%1").arg(m_carts);
    const auto sold = sales.sell(cart, payment, quote.value());
    if (paid)
        *paid = quote->total.minor();
    return sold ? held->id : 0;
}

void TestRates::aClerkIsRefusedSettingARateByTheDatabase()
{
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Rates rates(clerk->database());
    // Reading is everyone's.
    const auto rules = rates.service.rules(m_hotel);
    QVERIFY2(rules.ok(), rules.ok() ? "" : qPrintable(rules.error().message));
    QCOMPARE(rules->size(), 3);

    RateRule rule;
    rule.roomType = m_standard.id;
    rule.name = QStringLiteral("Clerk's bargain");
    rule.firstNight = m_first;
    rule.lastNight = m_first.addDays(5);
    rule.price = Money(1, QStringLiteral("EUR"));
    const auto added = rates.service.add(rule);
    QCOMPARE(refusal(added), QStringLiteral("permission_denied"));
    QCOMPARE(added.error().reason, QString::fromLatin1(ErrorReason::RateManagerOnly));
    QCOMPARE(refusal(rates.service.remove(m_weekend)), QStringLiteral("permission_denied"));

    // Nor around the service: the table and the nights' prices are not a clerk's to write.
    QSqlQuery byHand(clerk->database());
    QVERIFY(
        !byHand.exec(QStringLiteral("INSERT INTO room_rates (room_type_id, name, first_night, last_night, price_minor) "
                                    "VALUES (%1, 'x', current_date, current_date, 1)")
                         .arg(m_standard.id)));
    QVERIFY(!byHand.exec(
        QStringLiteral("UPDATE room_nights SET price_minor = 1 WHERE room_type_id = %1").arg(m_standard.id)));
    QVERIFY(!byHand.exec(
        QStringLiteral("SELECT boxoffice_reprice_nights(%1, current_date, current_date)").arg(m_standard.id)));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM room_rates")).toInt(), 3);
    QCOMPARE(nightPrice(m_standard.id, day(1, Qt::Monday)), 10000);
}

void TestRates::rulesAreChecked_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("firstDay");
    QTest::addColumn<int>("lastDay");
    QTest::addColumn<int>("weekdays");
    QTest::addColumn<qint64>("price");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no name") << QStringLiteral("  ") << 0 << 1 << 0 << qint64(100) << ErrorReason::RateNameMissing;
    QTest::newRow("backwards") << QStringLiteral("x") << 5 << 4 << 0 << qint64(100) << ErrorReason::RateNightsOrder;
    QTest::newRow("three years") << QStringLiteral("x") << 0 << 1100 << 0 << qint64(100) << ErrorReason::RateTooLong;
    QTest::newRow("weekdays") << QStringLiteral("x") << 0 << 1 << 128 << qint64(100) << ErrorReason::RateWeekdays;
    QTest::newRow("negative") << QStringLiteral("x") << 0 << 1 << 0 << qint64(-1) << ErrorReason::RateNegative;
}

void TestRates::rulesAreChecked()
{
    QFETCH(QString, name);
    QFETCH(int, firstDay);
    QFETCH(int, lastDay);
    QFETCH(int, weekdays);
    QFETCH(qint64, price);
    QFETCH(QString, reason);
    RateRule rule{0,
                  m_standard.id,
                  name,
                  m_first.addDays(firstDay),
                  m_first.addDays(lastDay),
                  weekdays,
                  Money(price, QStringLiteral("EUR"))};
    const auto added = m_managerRates->service.add(rule);
    QCOMPARE(refusal(added), QStringLiteral("bad_input"));
    QCOMPARE(added.error().reason, reason);
    // The database holds the same line when the service is bypassed.
    QSqlQuery byHand(m_managerConnection->database());
    byHand.prepare(
        QStringLiteral("SELECT * FROM boxoffice_set_room_rate(:t, :n, CAST(:f AS date), CAST(:l AS date), :w, :p)"));
    byHand.bindValue(QStringLiteral(":t"), m_standard.id);
    byHand.bindValue(QStringLiteral(":n"), name);
    byHand.bindValue(QStringLiteral(":f"), rule.firstNight);
    byHand.bindValue(QStringLiteral(":l"), rule.lastNight);
    byHand.bindValue(QStringLiteral(":w"), weekdays);
    byHand.bindValue(QStringLiteral(":p"), price);
    QVERIFY(!byHand.exec());
    QCOMPARE(byHand.lastError().nativeErrorCode(), QStringLiteral("23514"));
}

void TestRates::eachNightIsPricedByTheMostSpecificRule_data()
{
    QTest::addColumn<int>("week");
    QTest::addColumn<int>("weekday");
    QTest::addColumn<qint64>("price");
    QTest::newRow("weekday, no rule") << 1 << int(Qt::Tuesday) << qint64(10000);
    QTest::newRow("Friday: the weekend") << 1 << int(Qt::Friday) << qint64(15000);
    QTest::newRow("Saturday: the weekend") << 2 << int(Qt::Saturday) << qint64(15000);
    QTest::newRow("Sunday night is a weekday's") << 2 << int(Qt::Sunday) << qint64(10000);
    QTest::newRow("season weekday") << 3 << int(Qt::Wednesday) << qint64(12000);
    QTest::newRow("season Sunday") << 4 << int(Qt::Sunday) << qint64(12000);
    QTest::newRow("season weekend beats the season and the year's weekend") << 3 << int(Qt::Friday) << qint64(18000);
    QTest::newRow("after the season") << 5 << int(Qt::Saturday) << qint64(15000);
}

void TestRates::eachNightIsPricedByTheMostSpecificRule()
{
    QFETCH(int, week);
    QFETCH(int, weekday);
    QFETCH(qint64, price);
    const int offset = day(week, Qt::DayOfWeek(weekday));
    QCOMPARE(nightPrice(m_standard.id, offset), price);
    // The calendar shows it, and the deluxe room, with no rules, keeps its own price.
    Desk desk(m_db->database());
    const auto calendar = desk.calendar(m_hotel, m_first.addDays(offset), m_first.addDays(offset + 1));
    QVERIFY(calendar.ok());
    for (int row = 0; row < calendar->roomTypes.size(); ++row) {
        const bool standard = calendar->roomTypes.at(row).id == m_standard.id;
        QCOMPARE(calendar->nights.at(row).at(0).price, standard ? Money(price, QStringLiteral("EUR")) : m_deluxe.price);
    }
}

void TestRates::theDatabaseAndThePreviewAgreeOnEveryNight()
{
    const auto rules = m_managerRates->service.rules(m_hotel);
    QVERIFY(rules.ok());
    const QVector<NightPrice> preview = RateRules::preview(rules.value(), m_standard, m_first, m_first.addDays(70));
    QCOMPARE(preview.size(), 70);
    for (int d = 0; d < preview.size(); ++d)
        QVERIFY2(preview.at(d).price == Money(nightPrice(m_standard.id, d), QStringLiteral("EUR")),
                 qPrintable(preview.at(d).night.toString(Qt::ISODate)));
}

void TestRates::aLaterRuleOfTheSameSpanWinsUntilRemoved()
{
    const int wednesday = day(3, Qt::Wednesday);
    const RateId late
        = addRule(QStringLiteral("Late change"), m_standard.id, day(3, Qt::Monday), day(4, Qt::Sunday), 0, 13000);
    QVERIFY(late);
    QCOMPARE(nightPrice(m_standard.id, wednesday), 13000);
    QCOMPARE(nightPrice(m_standard.id, day(3, Qt::Friday)), 18000); // the weekend rule is still more specific
    QVERIFY(m_managerRates->service.remove(late).ok());
    QCOMPARE(nightPrice(m_standard.id, wednesday), 12000);
    const auto again = m_managerRates->service.remove(late);
    QCOMPARE(refusal(again), QStringLiteral("not_found"));
    QCOMPARE(again.error().reason, QString::fromLatin1(ErrorReason::RateUnknown));
}

void TestRates::aNightOpenedLaterIsPricedByTheRules()
{
    // The owner opens a night past the calendar; the year's weekend rule does not reach it, a new one does.
    QDate friday = m_first.addDays(70);
    while (friday.dayOfWeek() != Qt::Friday)
        friday = friday.addDays(1);
    RateRule rule{0,
                  m_standard.id,
                  QStringLiteral("Next year's weekend"),
                  friday,
                  friday.addDays(6),
                  RateRule::weekendNights,
                  Money(17000, QStringLiteral("EUR"))};
    QVERIFY(m_managerRates->service.add(rule).ok());
    QVERIFY(m_db->exec(QStringLiteral("INSERT INTO room_nights (room_type_id, night, capacity, physical) "
                                      "VALUES (:r, :n, 4, 4)"),
                       {{QStringLiteral("r"), m_standard.id}, {QStringLiteral("n"), friday}}));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT price_minor FROM room_nights WHERE room_type_id = :r AND night = :n"),
                          {{QStringLiteral("r"), m_standard.id}, {QStringLiteral("n"), friday}})
                 .toLongLong(),
             17000);
}

void TestRates::aStayCostsTheSumOfItsNightsEverywhere()
{
    // Thursday to Sunday of week 1: 100 + 150 + 150.
    const int thursday = day(1, Qt::Thursday);
    const qint64 sum = 10000 + 15000 + 15000;
    const auto ranges
        = HotelService(m_inventory->hotels)
              .availability(m_hotel, m_first.addDays(thursday), m_first.addDays(thursday + 3), {QStringLiteral("STD")});
    QVERIFY(ranges.ok() && ranges->size() == 1);
    QCOMPARE(ranges->at(0).total, Money(sum, QStringLiteral("EUR")));
    QCOMPARE(ranges->at(0).nights.at(1).price, Money(15000, QStringLiteral("EUR")));

    // The hold's cart: the counter's quote and the order it writes.
    const CartId cart = QStringLiteral("rate-sum-cart");
    StayRequest request{
        m_standard.id, cart, m_first.addDays(thursday), m_first.addDays(thursday + 3), QStringLiteral("Sum Guest"),
        std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    QVERIFY(held.ok());
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    QVERIFY(quote.ok());
    QCOMPARE(quote->total.minor(), sum);
    QCOMPARE(quote->lines.at(0).amount.minor(), sum);
    CounterPayment payment;
    payment.method = PaymentMethod::Cash;
    payment.tendered = Money(sum, quote->currency);
    const auto sold = sales.sell(cart, payment, quote.value());
    QVERIFY2(sold.ok(), sold.ok() ? "" : qPrintable(sold.error().message));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT amount_minor FROM orders WHERE id = :o"),
                          {{QStringLiteral("o"), orderOf(held->id)}})
                 .toLongLong(),
             sum);
    Desk desk(m_db->database());
    const auto money = desk.stayMoney(held->id);
    QVERIFY(money.ok());
    QCOMPARE(money->price.minor(), sum);
    QCOMPARE(money->amountPaid.minor(), sum);

    // A web order over the cart statement prices the same way.
    const CartId web = QStringLiteral("rate-web-cart");
    StayRequest online{m_standard.id,
                       web,
                       m_first.addDays(day(2, Qt::Friday)),
                       m_first.addDays(day(2, Qt::Friday) + 2),
                       QStringLiteral("Web Guest"),
                       std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).holdStay(online).ok());
    const auto order = m_inventory->carts.createOrder(web);
    QVERIFY(order.ok());
    QCOMPARE(order->amount.minor(), qint64(30000));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestRates::aMoveOntoTheWeekendChargesTheDifference()
{
    // Monday and Tuesday of week 2 (2 x 100), paid; moved onto Friday and Saturday (2 x 150).
    qint64 paid = 0;
    const StayId stay = sell(QStringLiteral("Weekend Mover"), m_standard.id, day(2, Qt::Monday), 2, &paid);
    QVERIFY(stay);
    QCOMPARE(paid, 20000);
    const OrderId order = orderOf(stay);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk desk(clerk->database());
    const QDate in = m_first.addDays(day(2, Qt::Friday));
    const QDate out = in.addDays(2);
    const auto quote = desk.quoteMove(stay, m_standard.id, in, out);
    QVERIFY2(quote.ok(), quote.ok() ? "" : qPrintable(quote.error().message));
    QCOMPARE(quote->newPrice.minor(), 30000);
    QCOMPARE(quote->difference().minor(), 10000);

    MoveSettlement charge;
    charge.how = PriceSettlement::Charge;
    charge.payment.tendered = Money(10000, quote->money.currency);
    const auto moved = desk.moveStay(stay, m_standard.id, in, out, charge);
    QVERIFY2(moved.ok(), moved.ok() ? "" : qPrintable(moved.error().message));
    QCOMPARE(moved->charged.minor(), 10000);
    QCOMPARE(moved->change.minor(), 0);
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 20000);
    QCOMPARE(ledger(moved->supplementOrder, QStringLiteral("CAPTURED")), 10000);
    const auto money = desk.stayMoney(stay);
    QVERIFY(money.ok());
    QCOMPARE(money->price.minor(), 30000);
    QCOMPARE(money->amountPaid.minor(), 30000);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestRates::aMoveOntoCheaperNightsRefundsTheDifference()
{
    // Friday and Saturday of the season (2 x 180), moved to its Monday and Tuesday (2 x 120): 120 back.
    qint64 paid = 0;
    const StayId stay = sell(QStringLiteral("Cheaper Mover"), m_standard.id, day(4, Qt::Friday), 2, &paid);
    QVERIFY(stay);
    QCOMPARE(paid, 36000);
    const OrderId order = orderOf(stay);
    const QDate in = m_first.addDays(day(4, Qt::Monday));
    const QDate out = in.addDays(2);
    Desk desk(m_managerConnection->database());
    const auto quote = desk.quoteMove(stay, m_standard.id, in, out);
    QVERIFY(quote.ok());
    QCOMPARE(quote->difference().minor(), -12000);
    MoveSettlement refund;
    refund.how = PriceSettlement::Refund;
    refund.reason = QStringLiteral("guest came earlier in the week");
    const auto moved = desk.moveStay(stay, m_standard.id, in, out, refund);
    QVERIFY2(moved.ok(), moved.ok() ? "" : qPrintable(moved.error().message));
    QCOMPARE(moved->refunded.minor(), 12000);
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 36000);
    QCOMPARE(ledger(order, QStringLiteral("REFUND_DONE")), 12000);
    const auto money = desk.stayMoney(stay);
    QVERIFY(money.ok());
    QCOMPARE(money->amountPaid.minor(), 24000);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestRates::aGuaranteedStayMovedOntoTheWeekendOwesTheNewSum()
{
    // Nothing taken yet: Monday and Tuesday of week 5 (2 x 100) become its Friday and Saturday (2 x 150),
    // and the order owes the new sum on departure.
    const StayId stay = sell(QStringLiteral("Guaranteed Mover"), m_standard.id, day(5, Qt::Monday), 2, nullptr,
                             PaymentMethod::Guarantee);
    QVERIFY(stay);
    const OrderId order = orderOf(stay);
    Desk desk(m_db->database());
    const QDate in = m_first.addDays(day(5, Qt::Friday));
    const auto moved = desk.moveStay(stay, m_standard.id, in, in.addDays(2), MoveSettlement{});
    QVERIFY2(moved.ok(), moved.ok() ? "" : qPrintable(moved.error().message));
    QCOMPARE(moved->charged.minor(), 0);
    const auto money = desk.stayMoney(stay);
    QVERIFY(money.ok());
    QCOMPARE(money->price.minor(), 30000);
    QCOMPARE(money->amountPaid.minor(), 0);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT amount_minor FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
            .toLongLong(),
        30000);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_GUILESS_MAIN(TestRates)
#include "tst_rates.moc"
