// Cancellation policy, no-shows and the night audit against a real database (migration 033): a
// cancellation is free before the policy's deadline and carries the policy's fee after it (never more,
// never more than was paid); the night audit marks guaranteed and prepaid stays that did not arrive as
// no-shows, charges or keeps the no-show fee through the order ledger exactly once (also when two audits
// of the same day run at once), cancels stays secured by nothing, and gives every one of their nights
// back; the ledger and the whole audit balance afterwards; a clerk reads the report but cannot run it.

#include "domain/cancellationpolicy.h"
#include "domain/countersale.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/nightaudit.h"
#include "domain/staymoneyrules.h"
#include "moneycompare.h"
#include "statenames.h"
#include "storage/pgcancellationpolicies.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgnightaudit.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

Money inEuros(qint64 minor) // every inn here sells in euros
{
    return Money(minor, QStringLiteral("EUR"));
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
    PgFrontDesk &frontDeskStore() { return store; }
};

struct Inn
{
    HotelId hotel = 0;
    RoomTypeId standard = 0; // 100.00 a night, 4 rooms
    QDate first; // today, on the database's clock
};

} // namespace

class TestNightAudit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void policyFeeArithmetic_data();
    void policyFeeArithmetic();
    void aManagerSetsThePolicyAndAClerkCannot();
    void thePolicyIsSetAndReadThroughItsStore();
    void cancellingIsFreeBeforeTheDeadline();
    void aLateCancellationKeepsAtMostThePolicysFee();
    void theNightAuditSettlesEveryStayThatDidNotArrive();
    void twoAuditsOfOneDayAtOnceChargeTheFeeOnce();
    void aClerkReadsTheReportButCannotRunTheAudit();
    void aDayNotYetBegunCannotBeAudited();
    void aNoShowKeepingItsLineSoldIsRefused();
    void theReportExportsAsCsv();

private:
    Inn freshInn(const QString &name);
    void setPolicy(HotelId hotel, int freeUntilHours, const QString &lateKind, qint64 lateValue,
                   const QString &noShowKind, qint64 noShowValue);
    StayId sell(const Inn &inn, const QString &guest, int fromDay, int nights, PaymentMethod method);
    StayId bookUnpaid(const Inn &inn, const QString &guest, int fromDay, int nights);
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;
    OrderId orderOf(StayId stay) const;
    QString stateOf(StayId stay) const;
    qint64 ledger(OrderId order, const QString &entry) const;
    qint64 balance(OrderId order) const; // captured - refunded - delivered - fees
    int booked(RoomTypeId roomType, const QDate &night) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("night-audit-pass-3");
    int m_carts = 0;
};

void TestNightAudit::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("nightaudit"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_clerk = QStringLiteral("auditclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("auditmanager_%1").arg(QCoreApplication::applicationPid());
    StaffAdmin admin(m_db->database());
    QVERIFY(admin.addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(admin.addStaff(m_manager, m_password, StaffRole::Manager).ok());
}

void TestNightAudit::cleanupTestCase()
{
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

Inn TestNightAudit::freshInn(const QString &name)
{
    Inn inn;
    const auto loaded = PropertyLoader(m_db->database())
                            .loadHotel(QStringLiteral(R"({"name": "%1", "currency": "EUR", "nights": 20,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 10000,
                                               "rooms": 4}]})")
                                           .arg(name)
                                           .toUtf8());
    if (!loaded)
        return inn;
    inn.hotel = loaded->id;
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != inn.hotel)
            continue;
        inn.first = hotel.firstNight;
        inn.standard = hotel.roomTypes.value(0).id;
    }
    return inn;
}

void TestNightAudit::setPolicy(HotelId hotel, int freeUntilHours, const QString &lateKind, qint64 lateValue,
                               const QString &noShowKind, qint64 noShowValue)
{
    QString error;
    QVERIFY2(m_db->exec(QStringLiteral("INSERT INTO hotel_cancellation_policies (hotel_id, free_until_hours, "
                                       "late_fee_kind, late_fee_value, no_show_fee_kind, no_show_fee_value) "
                                       "VALUES (:h, :hours, :lk, :lv, :nk, :nv)"),
                        {{QStringLiteral("h"), hotel},
                         {QStringLiteral("hours"), freeUntilHours},
                         {QStringLiteral("lk"), lateKind},
                         {QStringLiteral("lv"), lateValue},
                         {QStringLiteral("nk"), noShowKind},
                         {QStringLiteral("nv"), noShowValue}},
                        &error),
             qPrintable(error));
}

StayId TestNightAudit::sell(const Inn &inn, const QString &guest, int fromDay, int nights, PaymentMethod method)
{
    const CartId cart = QStringLiteral("audit-sale-%1").arg(++m_carts);
    StayRequest request{inn.standard, cart,        inn.first.addDays(fromDay), inn.first.addDays(fromDay + nights),
                        guest,        std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment payment;
    payment.method = method;
    payment.tendered = Money(10000LL * nights, QStringLiteral("EUR"));
    payment.cardReference = method == PaymentMethod::Cash ? QString() : QStringLiteral("CARD-ON-FILE-%1").arg(m_carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return 0;
    const auto sold = sales.sell(cart, payment, quote.value());
    return sold ? held->id : 0;
}

StayId TestNightAudit::bookUnpaid(const Inn &inn, const QString &guest, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("audit-stay-%1").arg(++m_carts);
    StayRequest request{inn.standard, cart,        inn.first.addDays(fromDay), inn.first.addDays(fromDay + nights),
                        guest,        std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    const auto order = m_inventory->carts.createOrder(cart);
    if (!order || !m_inventory->carts.confirm(order->id))
        return 0;
    return held->id;
}

std::unique_ptr<DatabaseConnection> TestNightAudit::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, login);
    return connection ? std::move(connection.value()) : nullptr;
}

OrderId TestNightAudit::orderOf(StayId stay) const
{
    return m_db->scalar(QStringLiteral("SELECT order_id FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
        .toLongLong();
}

QString TestNightAudit::stateOf(StayId stay) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
        .toString();
}

qint64 TestNightAudit::ledger(OrderId order, const QString &entry) const
{
    return m_db
        ->scalar(QStringLiteral(
                     "SELECT COALESCE(sum(amount_minor), 0) FROM order_ledger WHERE order_id = :o AND entry = :e"),
                 {{QStringLiteral("o"), order}, {QStringLiteral("e"), entry}})
        .toLongLong();
}

qint64 TestNightAudit::balance(OrderId order) const
{
    const qint64 delivered
        = m_db->scalar(QStringLiteral("SELECT COALESCE((SELECT sum(amount_minor) FROM order_stay_lines WHERE order_id "
                                      "= :o AND state = 'SOLD'), 0)"),
                       {{QStringLiteral("o"), order}})
              .toLongLong();
    return ledger(order, QStringLiteral("CAPTURED")) - ledger(order, QStringLiteral("REFUND_DUE"))
        + ledger(order, QStringLiteral("REFUND_FAILED")) - delivered - ledger(order, QStringLiteral("FEE_KEPT"));
}

int TestNightAudit::booked(RoomTypeId roomType, const QDate &night) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :r AND night = :n"),
                 {{QStringLiteral("r"), roomType}, {QStringLiteral("n"), night}})
        .toInt();
}

void TestNightAudit::policyFeeArithmetic_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("value");
    QTest::addColumn<qint64>("price");
    QTest::addColumn<int>("nights");
    QTest::addColumn<qint64>("fee");
    QTest::newRow("no fee") << int(PolicyFeeKind::None) << 0LL << 30000LL << 3 << 0LL;
    QTest::newRow("first night") << int(PolicyFeeKind::FirstNight) << 0LL << 30000LL << 3 << 10000LL;
    QTest::newRow("first night rounds down") << int(PolicyFeeKind::FirstNight) << 0LL << 10000LL << 3 << 3333LL;
    QTest::newRow("half the stay") << int(PolicyFeeKind::Percent) << 50LL << 30001LL << 3 << 15000LL;
    QTest::newRow("fixed") << int(PolicyFeeKind::Fixed) << 2500LL << 30000LL << 3 << 2500LL;
    QTest::newRow("fixed above the price") << int(PolicyFeeKind::Fixed) << 50000LL << 30000LL << 3 << 30000LL;
}

void TestNightAudit::policyFeeArithmetic()
{
    QFETCH(int, kind);
    QFETCH(qint64, value);
    QFETCH(qint64, price);
    QFETCH(int, nights);
    QFETCH(qint64, fee);
    const PolicyFee policy{PolicyFeeKind(kind), value};
    QCOMPARE(CancellationPolicy::fee(policy, inEuros(price), nights), inEuros(fee));
    // the database's own arithmetic agrees
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT boxoffice_policy_fee(:k, :v, :p, :n)"),
                          {{QStringLiteral("k"), CancellationPolicy::kindName(policy.kind)},
                           {QStringLiteral("v"), value},
                           {QStringLiteral("p"), price},
                           {QStringLiteral("n"), nights}})
                 .toLongLong(),
             fee);
}

void TestNightAudit::aManagerSetsThePolicyAndAClerkCannot()
{
    const Inn inn = freshInn(QStringLiteral("Policy Inn"));
    QVERIFY(inn.hotel);
    const QString insert = QStringLiteral("INSERT INTO hotel_cancellation_policies (hotel_id, free_until_hours) "
                                          "VALUES (%1, 48)")
                               .arg(inn.hotel);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    QSqlQuery refused(clerk->database());
    QVERIFY(!refused.exec(insert));
    QCOMPARE(refused.lastError().nativeErrorCode(), QStringLiteral("42501"));
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    QSqlQuery allowed(manager->database());
    QVERIFY2(allowed.exec(insert), qPrintable(allowed.lastError().text()));
    // a percentage above 100 is no policy
    QSqlQuery nonsense(manager->database());
    QVERIFY(!nonsense.exec(QStringLiteral("UPDATE hotel_cancellation_policies SET late_fee_kind = 'PERCENT', "
                                          "late_fee_value = 150 WHERE hotel_id = %1")
                               .arg(inn.hotel)));
    QCOMPARE(nonsense.lastError().nativeErrorCode(), QStringLiteral("23514"));
}

void TestNightAudit::thePolicyIsSetAndReadThroughItsStore()
{
    const Inn inn = freshInn(QStringLiteral("Store Inn"));
    QVERIFY(inn.hotel);
    auto manager = signIn(m_manager);
    auto clerk = signIn(m_clerk);
    QVERIFY(manager && clerk);
    PgCancellationPolicies managerStore(manager->database());
    PgCancellationPolicies clerkStore(clerk->database());
    const auto none = clerkStore.policy(inn.hotel);
    QVERIFY(none.ok());
    QVERIFY(!none->has_value());

    HotelCancellationPolicy policy;
    policy.hotel = inn.hotel;
    policy.freeUntilHours = 48;
    policy.checkInTime = QTime(14, 0);
    policy.lateFee = {PolicyFeeKind::Percent, 50};
    policy.noShowFee = {PolicyFeeKind::Fixed, 7500};
    const Status refused = clerkStore.setPolicy(policy);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QVERIFY(managerStore.setPolicy(policy).ok());
    policy.freeUntilHours = 72; // set again: the same row, changed
    QVERIFY(managerStore.setPolicy(policy).ok());
    const auto read = clerkStore.policy(inn.hotel);
    QVERIFY(read.ok() && read->has_value());
    QCOMPARE((*read)->freeUntilHours, 72);
    QCOMPARE((*read)->checkInTime, QTime(14, 0));
    QCOMPARE((*read)->lateFee.kind, PolicyFeeKind::Percent);
    QCOMPARE((*read)->lateFee.value, 50LL);
    QCOMPARE((*read)->noShowFee.kind, PolicyFeeKind::Fixed);
    QCOMPARE((*read)->noShowFee.value, 7500LL);

    policy.lateFee = {PolicyFeeKind::Percent, 101};
    const Status nonsense = managerStore.setPolicy(policy);
    QVERIFY(!nonsense.ok());
    QCOMPARE(nonsense.error().code, ErrorCode::BadInput);
}

void TestNightAudit::cancellingIsFreeBeforeTheDeadline()
{
    const Inn inn = freshInn(QStringLiteral("Early Inn"));
    QVERIFY(inn.hotel);
    setPolicy(inn.hotel, 24, QStringLiteral("FIRST_NIGHT"), 0, QStringLiteral("FIRST_NIGHT"), 0);
    // arriving in ten days: the deadline (the day before, at check-in time) is far ahead
    const StayId stay = sell(inn, QStringLiteral("Early Bird"), 10, 2, PaymentMethod::Cash);
    QVERIFY(stay);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    const auto money = desk.stayMoney(stay);
    QVERIFY(money.ok());
    QVERIFY(money->terms.hasPolicy);
    QVERIFY(!money->terms.late);
    QCOMPARE(money->terms.cancelFee, inEuros(0));
    QCOMPARE(money->terms.noShowFee, inEuros(10000));
    QCOMPARE(money->proposedFee(), inEuros(0));
    QCOMPARE(money->terms.freeUntil.toUTC().date() <= inn.first.addDays(10), true);

    // a fee before the deadline is refused by the rules and, sent anyway, by the database
    QVERIFY(!StayMoneyRules::decideCancel(money.value(), inEuros(1000), QStringLiteral("changed plans")).ok());
    const auto refused = desk.frontDeskStore().cancelStay(CancelDecision{
        money.value(), inEuros(1000), inEuros(money->amountPaid.minor() - 1000), QStringLiteral("changed plans")});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::BadInput);
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));

    const auto cancelled = desk.cancelStay(money.value(), inEuros(0), QStringLiteral("changed plans"));
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->fee, inEuros(0));
    QCOMPARE(cancelled->refunded, inEuros(20000));
    QCOMPARE(balance(orderOf(stay)), 0LL);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestNightAudit::aLateCancellationKeepsAtMostThePolicysFee()
{
    const Inn inn = freshInn(QStringLiteral("Late Inn"));
    QVERIFY(inn.hotel);
    // 72 hours before tomorrow's check-in has passed
    setPolicy(inn.hotel, 72, QStringLiteral("FIRST_NIGHT"), 0, QStringLiteral("NONE"), 0);
    const StayId stay = sell(inn, QStringLiteral("Late Larry"), 1, 2, PaymentMethod::Cash);
    const StayId waived = sell(inn, QStringLiteral("Waived Wanda"), 1, 2, PaymentMethod::Cash);
    const StayId unpaid = sell(inn, QStringLiteral("Guaranteed Gus"), 1, 2, PaymentMethod::Guarantee);
    QVERIFY(stay && waived && unpaid);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    const auto money = desk.stayMoney(stay);
    QVERIFY(money.ok());
    QVERIFY(money->terms.late);
    QCOMPARE(money->terms.cancelFee, inEuros(10000));
    QCOMPARE(money->proposedFee(), inEuros(10000));

    // more than the policy asks: refused by the rules and by the database
    QVERIFY(!StayMoneyRules::decideCancel(money.value(), inEuros(15000), QStringLiteral("late")).ok());
    const auto tooMuch = desk.frontDeskStore().cancelStay(CancelDecision{
        money.value(), inEuros(15000), inEuros(money->amountPaid.minor() - 15000), QStringLiteral("late")});
    QVERIFY(!tooMuch.ok());
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));

    const auto cancelled = desk.cancelStay(money.value(), money->proposedFee(), QStringLiteral("late, per policy"));
    QVERIFY2(cancelled.ok(), cancelled.ok() ? "" : qPrintable(cancelled.error().message));
    QCOMPARE(cancelled->fee, inEuros(10000));
    QCOMPARE(cancelled->refunded, inEuros(10000));
    QCOMPARE(ledger(orderOf(stay), QStringLiteral("FEE_KEPT")), 10000LL);
    QCOMPARE(balance(orderOf(stay)), 0LL);

    // a manager may keep less than the policy asks, saying why
    const auto waivedMoney = desk.stayMoney(waived);
    QVERIFY(waivedMoney.ok());
    const auto kind = desk.cancelStay(waivedMoney.value(), inEuros(2500), QStringLiteral("regular guest: fee reduced"));
    QVERIFY2(kind.ok(), kind.ok() ? "" : qPrintable(kind.error().message));
    QCOMPARE(kind->fee, inEuros(2500));
    QCOMPARE(kind->refunded, inEuros(17500));

    // nothing was paid: nothing can be kept, the nights go back for free
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    Desk clerkDesk(clerk->database());
    const auto unpaidMoney = clerkDesk.stayMoney(unpaid);
    QVERIFY(unpaidMoney.ok());
    QVERIFY(unpaidMoney->terms.late);
    QCOMPARE(unpaidMoney->proposedFee(), inEuros(0));
    const auto free = clerkDesk.cancelStay(unpaidMoney.value(), inEuros(0), QString());
    QVERIFY2(free.ok(), free.ok() ? "" : qPrintable(free.error().message));
    QCOMPARE(booked(inn.standard, inn.first.addDays(1)), 0);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestNightAudit::theNightAuditSettlesEveryStayThatDidNotArrive()
{
    const Inn inn = freshInn(QStringLiteral("Audit Inn"));
    QVERIFY(inn.hotel);
    setPolicy(inn.hotel, 24, QStringLiteral("FIRST_NIGHT"), 0, QStringLiteral("FIRST_NIGHT"), 0);
    const StayId guaranteed = sell(inn, QStringLiteral("Gina Guarantee"), 0, 3, PaymentMethod::Guarantee);
    const StayId prepaid = sell(inn, QStringLiteral("Paul Prepaid"), 0, 2, PaymentMethod::Cash);
    const StayId unsecured = bookUnpaid(inn, QStringLiteral("Una Unsecured"), 0, 2);
    QVERIFY(guaranteed && prepaid && unsecured);
    // one guest came, one is due tomorrow: neither is the audit's
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    Desk desk(manager->database());
    const StayId arrived = bookUnpaid(inn, QStringLiteral("Anna Arrived"), 0, 1);
    const StayId tomorrow = sell(inn, QStringLiteral("Tom Tomorrow"), 1, 1, PaymentMethod::Guarantee);
    QVERIFY(arrived && tomorrow);
    QVERIFY(desk.checkIn(arrived).ok());
    QCOMPARE(booked(inn.standard, inn.first), 4);
    QCOMPARE(booked(inn.standard, inn.first.addDays(1)), 4);

    PgNightAudit store(manager->database());
    NightAuditService audit(store);
    const auto report = audit.run(inn.hotel, inn.first);
    QVERIFY2(report.ok(), report.ok() ? "" : qPrintable(report.error().message));
    QVERIFY(report->ranNow);
    QCOMPARE(report->noShows, 2);
    QCOMPARE(report->cancellations, 1);
    // a first night each from the guaranteed and the prepaid stay
    QCOMPARE(report->fees, Money(20000, QStringLiteral("EUR")));
    QCOMPARE(report->refunded, Money(10000, QStringLiteral("EUR"))); // the prepaid stay's second night
    QCOMPARE(report->nightsReleased, 7);
    QCOMPARE(report->arrivals, 1);
    QCOMPARE(report->inHouse, 1);
    QCOMPARE(report->rooms, 4);
    QCOMPARE(report->occupancyPercent(), 25);
    QCOMPARE(report->roomRevenue, Money(10000, QStringLiteral("EUR"))); // Anna's night
    QCOMPARE(report->stays.size(), 3);

    QCOMPARE(stateOf(guaranteed), QStringLiteral("NO_SHOW"));
    QCOMPARE(stateOf(prepaid), QStringLiteral("NO_SHOW"));
    QCOMPARE(stateOf(unsecured), QStringLiteral("CANCELLED"));
    QCOMPARE(stateOf(arrived), QStringLiteral("CHECKED_IN"));
    QCOMPARE(stateOf(tomorrow), QStringLiteral("BOOKED"));
    QCOMPARE(booked(inn.standard, inn.first), 1); // Anna
    QCOMPARE(booked(inn.standard, inn.first.addDays(1)), 1); // Tom
    QCOMPARE(booked(inn.standard, inn.first.addDays(2)), 0);

    // the guarantee's card paid the first night, kept whole as the fee
    const OrderId guaranteeOrder = orderOf(guaranteed);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments WHERE order_id = :o AND method = 'card'"),
                     {{QStringLiteral("o"), guaranteeOrder}})
            .toInt(),
        1);
    QCOMPARE(ledger(guaranteeOrder, QStringLiteral("CAPTURED")), 10000LL);
    QCOMPARE(ledger(guaranteeOrder, QStringLiteral("FEE_KEPT")), 10000LL);
    QCOMPARE(balance(guaranteeOrder), 0LL);
    QCOMPARE(ledger(orderOf(prepaid), QStringLiteral("FEE_KEPT")), 10000LL);
    QCOMPARE(ledger(orderOf(prepaid), QStringLiteral("REFUND_DUE")), 10000LL);
    QCOMPARE(balance(orderOf(prepaid)), 0LL);
    QCOMPARE(m_db->auditFailure(), QString());

    // run again: the same report, nothing charged twice
    const auto again = audit.run(inn.hotel, inn.first);
    QVERIFY(again.ok());
    QVERIFY(!again->ranNow);
    QCOMPARE(again->run, report->run);
    QCOMPARE(again->fees, Money(20000, QStringLiteral("EUR")));
    QCOMPARE(ledger(guaranteeOrder, QStringLiteral("CAPTURED")), 10000LL);
    const auto reprinted = audit.report(inn.hotel, inn.first);
    QVERIFY(reprinted.ok() && reprinted->has_value());
    QCOMPARE((*reprinted)->stays.size(), 3);
}

void TestNightAudit::twoAuditsOfOneDayAtOnceChargeTheFeeOnce()
{
    const Inn inn = freshInn(QStringLiteral("Race Inn"));
    QVERIFY(inn.hotel);
    setPolicy(inn.hotel, 24, QStringLiteral("NONE"), 0, QStringLiteral("FIXED"), 4500);
    const StayId guaranteed = sell(inn, QStringLiteral("Rita Race"), 0, 2, PaymentMethod::Guarantee);
    QVERIFY(guaranteed);

    // The first audit holds its run open (uncommitted) while a second one, on another connection in
    // another thread, asks for the same day: it waits, then answers with the first run and charges nothing.
    auto first = signIn(m_manager);
    QVERIFY(first);
    QSqlQuery open(first->database());
    QVERIFY(open.exec(QStringLiteral("BEGIN")));
    QVERIFY2(open.exec(QStringLiteral("SELECT run_id FROM boxoffice_night_audit(%1, current_date)").arg(inn.hotel)),
             qPrintable(open.lastError().text()));
    QVERIFY(open.next());
    const qint64 firstRun = open.value(0).toLongLong();
    open.finish();

    std::atomic<bool> done{false};
    bool secondOk = false;
    bool secondRanNow = true;
    qint64 secondRun = 0;
    QThread *second = QThread::create([&] {
        auto connection = signIn(m_manager);
        if (connection) {
            PgNightAudit store(connection->database());
            const auto report = NightAuditService(store).run(inn.hotel, inn.first);
            secondOk = report.ok();
            if (report) {
                secondRanNow = report->ranNow;
                secondRun = report->run;
            }
        }
        done = true;
    });
    second->start();
    QTest::qWait(700);
    QVERIFY2(!done, "the second audit did not wait for the first");
    QVERIFY(open.exec(QStringLiteral("COMMIT")));
    QVERIFY(second->wait(20000));
    delete second;
    QVERIFY(secondOk);
    QVERIFY(!secondRanNow);
    QCOMPARE(secondRun, firstRun);

    const OrderId order = orderOf(guaranteed);
    QCOMPARE(ledger(order, QStringLiteral("CAPTURED")), 4500LL);
    QCOMPARE(ledger(order, QStringLiteral("FEE_KEPT")), 4500LL);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM night_audit_stays WHERE stay_id = :s"),
                          {{QStringLiteral("s"), guaranteed}})
                 .toInt(),
             1);
    QCOMPARE(stateOf(guaranteed), QStringLiteral("NO_SHOW"));
    QCOMPARE(booked(inn.standard, inn.first), 0);
    QCOMPARE(booked(inn.standard, inn.first.addDays(1)), 0);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestNightAudit::aClerkReadsTheReportButCannotRunTheAudit()
{
    const Inn inn = freshInn(QStringLiteral("Clerk Inn"));
    QVERIFY(inn.hotel);
    const StayId guaranteed = sell(inn, QStringLiteral("Carl Clerk"), 0, 1, PaymentMethod::Guarantee);
    QVERIFY(guaranteed);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    PgNightAudit clerkStore(clerk->database());
    const auto refused = NightAuditService(clerkStore).run(inn.hotel, inn.first);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(stateOf(guaranteed), QStringLiteral("BOOKED"));
    // nor can a clerk mark a no-show by hand
    QSqlQuery byHand(clerk->database());
    QVERIFY(!byHand.exec(QStringLiteral("UPDATE stays SET state = 'NO_SHOW' WHERE id = %1").arg(guaranteed)));
    QCOMPARE(stateOf(guaranteed), QStringLiteral("BOOKED"));

    const auto none = NightAuditService(clerkStore).report(inn.hotel, inn.first);
    QVERIFY(none.ok());
    QVERIFY(!none->has_value());
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgNightAudit managerStore(manager->database());
    QVERIFY(NightAuditService(managerStore).run(inn.hotel, inn.first).ok());
    const auto read = NightAuditService(clerkStore).report(inn.hotel, inn.first);
    QVERIFY(read.ok() && read->has_value());
    QCOMPARE((*read)->noShows, 1);
    QCOMPARE((*read)->fees, Money(0, QStringLiteral("EUR"))); // no policy: no fee
    QCOMPARE((*read)->runBy, m_manager);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestNightAudit::aDayNotYetBegunCannotBeAudited()
{
    const Inn inn = freshInn(QStringLiteral("Future Inn"));
    QVERIFY(inn.hotel);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgNightAudit store(manager->database());
    const auto refused = NightAuditService(store).run(inn.hotel, inn.first.addDays(1));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::BadInput);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM night_audit_runs WHERE hotel_id = :h"),
                          {{QStringLiteral("h"), inn.hotel}})
                 .toInt(),
             0);
    QCOMPARE(NightAuditService(store).run(0, inn.first).error().code, ErrorCode::BadInput);
}

void TestNightAudit::aNoShowKeepingItsLineSoldIsRefused()
{
    // Even the schema's owner (no desk rule applies to it) cannot end a stay as a no-show while its
    // order line still says it was sold: the money has to be settled in the same transaction.
    const Inn inn = freshInn(QStringLiteral("Fault Inn"));
    QVERIFY(inn.hotel);
    const StayId stay = sell(inn, QStringLiteral("Fay Fault"), 0, 1, PaymentMethod::Cash);
    QVERIFY(stay);
    QString error;
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE stays SET state = 'NO_SHOW' WHERE id = :s"),
                        {{QStringLiteral("s"), stay}}, &error));
    QVERIFY2(error.startsWith(QStringLiteral("23514")), qPrintable(error));
    QCOMPARE(stateOf(stay), QStringLiteral("BOOKED"));
}

void TestNightAudit::theReportExportsAsCsv()
{
    NightAuditReport report;
    report.businessDate = QDate(2026, 3, 14);
    report.runAt = QDateTime(QDate(2026, 3, 15), QTime(2, 0), Qt::UTC);
    report.runBy = QStringLiteral("night, manager");
    report.currency = QStringLiteral("EUR");
    report.inHouse = 2;
    report.rooms = 3;
    report.fees = Money(10050, report.currency);
    NightAuditStay stay;
    stay.reference = QStringLiteral("H-1");
    stay.guest = QStringLiteral("Smith, \"Jo\"");
    stay.roomType = QStringLiteral("STD");
    stay.checkIn = report.businessDate;
    stay.checkOut = report.businessDate.addDays(2);
    stay.outcome = StayState::NoShow;
    stay.securedBy = NoShowSecurity::Guarantee;
    stay.fee = Money(10050, report.currency);
    stay.nightsReleased = 2;
    report.stays << stay;
    const QStringList lines = nightAuditCsv(report).split(QStringLiteral("\r\n"));
    QVERIFY(lines.at(0).startsWith(QStringLiteral("business_date,")));
    QCOMPARE(
        lines.at(1),
        QStringLiteral("2026-03-14,2026-03-15T02:00:00Z,\"night, manager\",EUR,0,0,2,3,67,0.00,0,0,100.50,0.00,0"));
    QCOMPARE(lines.at(4),
             QStringLiteral("H-1,\"Smith, \"\"Jo\"\"\",STD,2026-03-14,2026-03-16,NO_SHOW,GUARANTEE,100.50,0.00,2,"));
}

QTEST_GUILESS_MAIN(TestNightAudit)
#include "tst_nightaudit.moc"
