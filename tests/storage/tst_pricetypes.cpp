// Price types against PostgreSQL, with real clerk and manager logins: a child price is what the quote,
// the order line and the counter sale charge; a comp by a manager sells at 0 with the manager and the
// reason recorded; a clerk's comp and a clerk's price are refused by the database itself (42501), also
// when typed by hand; the web channel (no choice) keeps charging the band's price; the money audit
// balances throughout.

#include "domain/countersale.h"
#include "domain/pricetypes.h"
#include "domain/seatholdservice.h"
#include "moneycompare.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/pgpricetypestore.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr qint64 adultPrice = 5000;
constexpr qint64 childPrice = 2500;
constexpr qint64 concessionPrice = 3500;

Money eur(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

// One signed-in person's stores on their own connection.
struct Desk
{
    std::unique_ptr<DatabaseConnection> connection;
    std::unique_ptr<PgInventory> inventory;
    std::unique_ptr<PgCounterSales> counter;
    std::unique_ptr<PgPriceTypeStore> prices;
};

} // namespace

class TestPriceTypes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();
    void managersSetPricesClerksCannot_data();
    void managersSetPricesClerksCannot();
    void aPriceIsOnlyWrittenInItsEventsCurrency_data();
    void aPriceIsOnlyWrittenInItsEventsCurrency();
    void theChildPriceIsCharged();
    void aCompByAManagerIsSoldAtZeroWithItsReason();
    void aClerksCompIsRefusedByTheDatabase();
    void aCompNeedsAReason();
    void aCompCannotBeForgedByHand_data();
    void aCompCannotBeForgedByHand();
    void noChoiceChargesTheBandsPrice();
    void aChoiceEndsWithItsHold();
    void onlyOfferedTypesCanBeChosen();

private:
    Desk signIn(const QString &login) const;
    CartId holdSeat(Desk &desk, UnitId unit);

    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QString m_clerk;
    QString m_manager;
    Desk m_clerkDesk;
    Desk m_managerDesk;
    int m_carts = 0;
    int m_nextSeat = 0;
    const QString m_password = QStringLiteral("price-pass-1234");
};

void TestPriceTypes::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("pricetypes"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Price Hall"), 3, 10, 600, 1, adultPrice);
    m_units = m_db->units(m_hall.eventId);
    m_clerk = QStringLiteral("priceclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("pricemanager_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    m_clerkDesk = signIn(m_clerk);
    m_managerDesk = signIn(m_manager);
    QVERIFY(m_clerkDesk.connection && m_managerDesk.connection);
    PriceTypeService manager(*m_managerDesk.prices);
    QVERIFY(manager.setPrice(m_hall.eventId, QStringLiteral("S"), PriceType::Child, eur(childPrice)).ok());
    QVERIFY(manager.setPrice(m_hall.eventId, QStringLiteral("S"), PriceType::Concession, eur(concessionPrice)).ok());
}

void TestPriceTypes::cleanupTestCase()
{
    m_clerkDesk = {};
    m_managerDesk = {};
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

void TestPriceTypes::cleanup()
{
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

Desk TestPriceTypes::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, QStringLiteral("pricetypes"));
    if (!connection) {
        qWarning("sign-in failed: %s", qPrintable(connection.error().message));
        return {};
    }
    Desk desk;
    desk.connection = std::move(connection.value());
    desk.inventory = std::make_unique<PgInventory>(desk.connection->database());
    desk.counter = std::make_unique<PgCounterSales>(desk.connection->database(), desk.inventory->carts);
    desk.prices = std::make_unique<PgPriceTypeStore>(desk.connection->database());
    return desk;
}

CartId TestPriceTypes::holdSeat(Desk &desk, UnitId unit)
{
    const CartId cart = QStringLiteral("price-%1").arg(++m_carts);
    const auto held
        = SeatHoldService(desk.inventory->seats).hold(HoldRequest{m_hall.eventId, cart, {unit}, std::nullopt});
    if (!held)
        qWarning("hold failed: %s", qPrintable(held.error().message));
    return cart;
}

void TestPriceTypes::managersSetPricesClerksCannot_data()
{
    QTest::addColumn<bool>("asManager");
    QTest::addColumn<int>("type");
    QTest::newRow("clerk, child") << false << int(PriceType::Child);
    QTest::newRow("clerk, adult") << false << int(PriceType::Adult);
    QTest::newRow("manager, concession") << true << int(PriceType::Concession);
    QTest::newRow("manager, adult") << true << int(PriceType::Adult);
}

void TestPriceTypes::managersSetPricesClerksCannot()
{
    QFETCH(bool, asManager);
    QFETCH(int, type);
    const PriceType priceType = PriceType(type);
    const qint64 current = priceType == PriceType::Adult ? adultPrice : concessionPrice;
    Desk &desk = asManager ? m_managerDesk : m_clerkDesk;
    const auto status
        = PriceTypeService(*desk.prices).setPrice(m_hall.eventId, QStringLiteral("S"), priceType, eur(current));
    if (asManager) {
        QVERIFY2(status.ok(), status.ok() ? "" : qPrintable(status.error().detail));
    } else {
        QVERIFY(!status.ok());
        QCOMPARE(status.error().code, ErrorCode::PermissionDenied);
        QCOMPARE(status.error().sqlState, QStringLiteral("42501"));
        QCOMPARE(status.error().message, QStringLiteral("Only a manager may set prices."));
    }
    const auto prices = PriceTypeService(*m_clerkDesk.prices).prices(m_hall.eventId);
    QVERIFY(prices.ok());
    QCOMPARE(prices->size(), 4); // adult, child, concession, complimentary
    QCOMPARE(prices->at(1).type, PriceType::Child);
    QCOMPARE(prices->at(1).amount, eur(childPrice));
    QCOMPARE(prices->at(3).type, PriceType::Complimentary);
    QCOMPARE(prices->at(3).amount, eur(0));
}

void TestPriceTypes::aPriceIsOnlyWrittenInItsEventsCurrency_data()
{
    QTest::addColumn<int>("type");
    QTest::newRow("adult: the band's own price") << int(PriceType::Adult);
    QTest::newRow("child") << int(PriceType::Child);
}

void TestPriceTypes::aPriceIsOnlyWrittenInItsEventsCurrency()
{
    QFETCH(int, type);
    PriceTypeService manager(*m_managerDesk.prices);
    const auto before = manager.prices(m_hall.eventId);
    QVERIFY(before.ok());
    // Pounds for a euro event: refused by the statement itself, not by a read before it.
    const Status pounds
        = manager.setPrice(m_hall.eventId, QStringLiteral("S"), PriceType(type), Money(999, QStringLiteral("GBP")));
    QVERIFY(!pounds.ok());
    QCOMPARE(pounds.error().code, ErrorCode::BadInput);
    QVERIFY2(pounds.error().message.contains(QStringLiteral("EUR")), qPrintable(pounds.error().message));
    const Status unstated = manager.setPrice(m_hall.eventId, QStringLiteral("S"), PriceType(type), Money(999, {}));
    QCOMPARE(unstated.error().code, ErrorCode::BadInput);
    // An unknown band is still told apart from a foreign currency.
    const Status noBand
        = manager.setPrice(m_hall.eventId, QStringLiteral("ZZ"), PriceType(type), Money(999, QStringLiteral("GBP")));
    QCOMPARE(noBand.error().code, ErrorCode::NotFound);
    const auto after = manager.prices(m_hall.eventId);
    QVERIFY(after.ok());
    QCOMPARE(after->size(), before->size());
    for (int i = 0; i < after->size(); ++i)
        QCOMPARE(after->at(i).amount, before->at(i).amount);
}

void TestPriceTypes::theChildPriceIsCharged()
{
    const UnitId unit = m_units.at(m_nextSeat++);
    const CartId cart = holdSeat(m_clerkDesk, unit);
    const auto charged = PriceTypeService(*m_clerkDesk.prices).choose({cart, unit, PriceType::Child, {}});
    QVERIFY2(charged.ok(), charged.ok() ? "" : qPrintable(charged.error().detail));
    QCOMPARE(charged.value(), Money(childPrice, QStringLiteral("EUR")));

    CounterSaleService sales(*m_clerkDesk.counter);
    const auto quote = sales.quote(cart);
    QVERIFY(quote.ok());
    QCOMPARE(quote->lines.size(), 1);
    QCOMPARE(quote->lines.first().priceType, PriceType::Child);
    QCOMPARE(quote->total.minor(), childPrice);
    CounterPayment cash;
    cash.tendered = Money(3000, QStringLiteral("EUR"));
    const auto sale = sales.sell(cart, cash, quote.value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    QCOMPARE(sale->charged.minor(), childPrice);
    QCOMPARE(sale->change.minor(), qint64(500));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT price_type || ' ' || amount_minor FROM order_lines WHERE unit_id = :u"),
                     {{QStringLiteral("u"), unit}})
            .toString(),
        QStringLiteral("CHILD 2500"));
}

void TestPriceTypes::aCompByAManagerIsSoldAtZeroWithItsReason()
{
    const UnitId comped = m_units.at(m_nextSeat++);
    const UnitId paid = m_units.at(m_nextSeat++);
    const CartId cart = QStringLiteral("price-%1").arg(++m_carts);
    QVERIFY(SeatHoldService(m_managerDesk.inventory->seats)
                .hold(HoldRequest{m_hall.eventId, cart, {comped, paid}, std::nullopt})
                .ok());
    const auto charged = PriceTypeService(*m_managerDesk.prices)
                             .choose({cart, comped, PriceType::Complimentary, QStringLiteral("Critic, Evening Post")});
    QVERIFY2(charged.ok(), charged.ok() ? "" : qPrintable(charged.error().detail));
    QCOMPARE(charged.value(), Money(0, QStringLiteral("EUR")));

    CounterSaleService sales(*m_managerDesk.counter);
    const auto quote = sales.quote(cart);
    QVERIFY(quote.ok());
    QCOMPARE(quote->total.minor(), adultPrice);
    CounterPayment cash;
    cash.tendered = Money(adultPrice, QStringLiteral("EUR"));
    const auto sale = sales.sell(cart, cash, quote.value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    QCOMPARE(sale->tickets.size(), 2); // a comp is a ticket like any other
    QCOMPARE(sale->charged.minor(), adultPrice);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT l.price_type || ' ' || l.amount_minor || ' ' || c.approved_by || ' ' "
                                         "|| c.reason FROM order_lines l JOIN seat_comps c ON c.id = l.comp_id "
                                         "WHERE l.unit_id = :u AND l.state = 'SOLD'"),
                          {{QStringLiteral("u"), comped}})
                 .toString(),
             QStringLiteral("COMPLIMENTARY 0 %1 Critic, Evening Post").arg(m_manager));
}

void TestPriceTypes::aClerksCompIsRefusedByTheDatabase()
{
    const UnitId unit = m_units.at(m_nextSeat++);
    const CartId cart = holdSeat(m_clerkDesk, unit);
    const qint64 compsBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM seat_comps")).toLongLong();
    const auto refused = PriceTypeService(*m_clerkDesk.prices)
                             .choose({cart, unit, PriceType::Complimentary, QStringLiteral("my friend")});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(refused.error().sqlState, QStringLiteral("42501"));
    QVERIFY(refused.error().message.contains(QStringLiteral("manager")));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM seat_comps")).toLongLong(), compsBefore);
    const auto quote = CounterSaleService(*m_clerkDesk.counter).quote(cart);
    QVERIFY(quote.ok());
    QCOMPARE(quote->total.minor(), adultPrice);
    QCOMPARE(quote->lines.first().priceType, PriceType::Adult);
    QVERIFY(m_clerkDesk.inventory->carts.releaseCart(cart).ok());
}

void TestPriceTypes::aCompNeedsAReason()
{
    const UnitId unit = m_units.at(m_nextSeat++);
    const CartId cart = holdSeat(m_managerDesk, unit);
    // The rule says so before anything is sent ...
    const auto refused
        = PriceTypeService(*m_managerDesk.prices).choose({cart, unit, PriceType::Complimentary, QStringLiteral("  ")});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::BadInput);
    // ... and the database, to a client that skips the rule.
    const auto direct = m_managerDesk.prices->choose({cart, unit, PriceType::Complimentary, QStringLiteral("  ")});
    QVERIFY(!direct.ok());
    QCOMPARE(direct.error().sqlState, QStringLiteral("23514"));
    QVERIFY(m_managerDesk.inventory->carts.releaseCart(cart).ok());
}

void TestPriceTypes::aCompCannotBeForgedByHand_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("sqlState");
    QTest::newRow("a comp row") << "INSERT INTO seat_comps (unit_id, cart_id, reason) VALUES (:unit, 'x', 'mine')"
                                << "42501";
    QTest::newRow("a choice row") << "INSERT INTO seat_price_choices (unit_id, cart_id, price_type) "
                                     "VALUES (:unit, 'x', 'CHILD')"
                                  << "42501";
    QTest::newRow("a child price") << "UPDATE event_type_prices SET amount_minor = 1 WHERE price_band_id > :unit * 0"
                                   << "42501";
    QTest::newRow("a comp line without a comp")
        << "INSERT INTO order_lines (order_id, unit_id, amount_minor, price_type) "
           "SELECT id, :unit, 0, 'COMPLIMENTARY' FROM orders LIMIT 1"
        << "23514";
    QTest::newRow("an adult price") << "UPDATE event_prices SET amount_minor = 1 WHERE price_band_id > :unit * 0"
                                    << "42501";
}

void TestPriceTypes::aCompCannotBeForgedByHand()
{
    QFETCH(QString, sql);
    QFETCH(QString, sqlState);
    QSqlQuery query(m_clerkDesk.connection->database());
    QVERIFY(query.prepare(sql));
    query.bindValue(QStringLiteral(":unit"), m_units.last());
    QVERIFY(!query.exec());
    QCOMPARE(query.lastError().nativeErrorCode(), sqlState);
}

void TestPriceTypes::noChoiceChargesTheBandsPrice()
{
    // The web channel never chooses: its carts are charged the band's (ADULT) price, as before.
    const UnitId unit = m_units.at(m_nextSeat++);
    const CartId cart = holdSeat(m_clerkDesk, unit);
    CounterSaleService sales(*m_clerkDesk.counter);
    const auto quote = sales.quote(cart);
    QVERIFY(quote.ok());
    QCOMPARE(quote->total.minor(), adultPrice);
    CounterPayment cash;
    cash.tendered = Money(adultPrice, QStringLiteral("EUR"));
    const auto sale = sales.sell(cart, cash, quote.value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    QCOMPARE(sale->order.amount.minor(), adultPrice);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT price_type || ' ' || amount_minor FROM order_lines WHERE unit_id = :u"),
                     {{QStringLiteral("u"), unit}})
            .toString(),
        QStringLiteral("ADULT 5000"));
}

void TestPriceTypes::aChoiceEndsWithItsHold()
{
    const UnitId unit = m_units.at(m_nextSeat++);
    const CartId first = holdSeat(m_clerkDesk, unit);
    QVERIFY(PriceTypeService(*m_clerkDesk.prices).choose({first, unit, PriceType::Concession, {}}).ok());
    QCOMPARE(CounterSaleService(*m_clerkDesk.counter).quote(first)->total.minor(), concessionPrice);
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), first, 3600));
    // Another sale takes the seat once the hold ran out: the first sale's choice is not theirs.
    const CartId second = holdSeat(m_clerkDesk, unit);
    QCOMPARE(CounterSaleService(*m_clerkDesk.counter).quote(second)->total.minor(), adultPrice);
    // And a seat the sale no longer holds cannot be given a type.
    const auto lost = PriceTypeService(*m_clerkDesk.prices).choose({first, unit, PriceType::Child, {}});
    QVERIFY(!lost.ok());
    QCOMPARE(lost.error().code, ErrorCode::Lost);
    QCOMPARE(lost.error().reason, QLatin1String(ErrorReason::PriceSeatNotHeld));
    QVERIFY(m_clerkDesk.inventory->carts.releaseCart(second).ok());
}

void TestPriceTypes::onlyOfferedTypesCanBeChosen()
{
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM event_type_prices WHERE price_type = 'CONCESSION'")));
    const UnitId unit = m_units.at(m_nextSeat++);
    const CartId cart = holdSeat(m_clerkDesk, unit);
    const auto refused = PriceTypeService(*m_clerkDesk.prices).choose({cart, unit, PriceType::Concession, {}});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::NotFound);
    QCOMPARE(refused.error().reason, QLatin1String(ErrorReason::PriceTypeMissing));
    QVERIFY(PriceTypeService(*m_managerDesk.prices)
                .setPrice(m_hall.eventId, QStringLiteral("S"), PriceType::Concession, eur(concessionPrice))
                .ok());
    QVERIFY(m_clerkDesk.inventory->carts.releaseCart(cart).ok());
}

QTEST_GUILESS_MAIN(TestPriceTypes)
#include "tst_pricetypes.moc"
