// The Orders tab in the desktop, offscreen, signed in as a real clerk and wired as the desktop wires it
// (the desk window's Orders tab over the session's lookup service): a scanner types a ticket's QR
// payload into the search field and Enter; the order is listed and selected, and its lines, card
// payment and tickets are shown. A name part finds the order too; a bad search says why.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/hotelservice.h"
#include "domain/seatholdservice.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"
#include "ui/orders/orderlookuppanel.h"
#include "ui/sale/serverclock.h"

#include <QLineEdit>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestOrderLookupPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void scanningATicketShowsItsOrder();
    void aGuestNamePartFindsTheOrder();
    void aBadSearchSaysWhy();

private:
    void typeAndEnter(const QString &text);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<DeskSession> m_session;
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<DeskWindow> m_window;
    LoadedVenue m_hall;
    QString m_clerk;
    CounterSale m_sale;
};

void TestOrderLookupPanel::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("orderlookuppanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Orders Hall"), 2, 8, 600, 1, 3000);
    const QVector<UnitId> units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    QVERIFY(PropertyLoader(m_db->database())
                .loadHotel(R"({"name": "Orders Inn", "currency": "EUR", "nights": 30, "room_types":
                    [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2}]})")
                .ok());
    const HotelSummary hotel = m_inventory->hotels.hotels()->first();

    const CartId cart = QStringLiteral("orders-panel-1");
    QVERIFY(SeatHoldService(m_inventory->seats)
                .hold(HoldRequest{m_hall.eventId, cart, {units.at(0), units.at(1)}, std::nullopt})
                .ok());
    const QDate checkIn = hotel.firstNight.addDays(1);
    QVERIFY(HotelService(m_inventory->hotels)
                .holdStay(
                    {hotel.roomTypes.first().id, cart, checkIn, checkIn.addDays(1), QStringLiteral("Jonas Ekberg"), {}})
                .ok());
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    QVERIFY(quote.ok());
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("TRM-55012");
    auto sale = sales.sell(cart, card, quote.value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    m_sale = sale.value();

    m_clerk = QStringLiteral("orderspanelclerk_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("orders-panel-pass-1234");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, password, StaffRole::Clerk).ok());
    ConnectionSettings staff = m_db->settings();
    staff.user = m_clerk;
    staff.password = password;
    auto session = DeskSession::open(staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    m_session = std::move(session.value());
    m_clock = std::make_unique<ServerClock>();
    m_window = std::make_unique<DeskWindow>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, *m_clock,
                                            nullptr);
    m_window->setServices(m_session->services());
    m_window->pages()->setCurrentWidget(m_window->orders());
    QCOMPARE(m_window->pages()->tabText(m_window->pages()->currentIndex()), QStringLiteral("Orders"));
    m_window->resize(1000, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestOrderLookupPanel::cleanupTestCase()
{
    m_window.reset();
    m_session.reset();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk)); // letters, digits and '_' only
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

void TestOrderLookupPanel::typeAndEnter(const QString &text)
{
    QLineEdit *search = m_window->orders()->searchEdit();
    search->setFocus();
    QTest::keyClicks(search, text);
    QTest::keyClick(search, Qt::Key_Return);
}

void TestOrderLookupPanel::scanningATicketShowsItsOrder()
{
    OrderLookupPanel *orders = m_window->orders();
    typeAndEnter(ticketQrPayload(m_sale.tickets.first()));
    QCOMPARE(orders->results()->rowCount(), 1);
    QCOMPARE(orders->results()->item(0, OrderLookupPanel::OrderColumn)->text(), QString::number(m_sale.order.id));
    QCOMPARE(orders->results()->item(0, OrderLookupPanel::StateColumn)->text(), QStringLiteral("paid"));
    QVERIFY(
        orders->results()->item(0, OrderLookupPanel::MatchColumn)->text().startsWith(QStringLiteral("ticket code")));
    const QString details = orders->detailsText();
    QVERIFY2(details.contains(QStringLiteral("Order %1").arg(m_sale.order.id)), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Seat A-1-1")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Seat A-1-2")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Stay STD")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("card at the counter")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("reference TRM-55012")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Tickets (2)")), qPrintable(details));
    QVERIFY2(details.contains(m_sale.tickets.last().code), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Refunds (0)")), qPrintable(details));
    // The search stays selected, so the next scan replaces it.
    QVERIFY(orders->searchEdit()->hasSelectedText());
    QCOMPARE(orders->searchEdit()->selectedText(), orders->searchEdit()->text());
}

void TestOrderLookupPanel::aGuestNamePartFindsTheOrder()
{
    OrderLookupPanel *orders = m_window->orders();
    typeAndEnter(QStringLiteral("ekberg"));
    QCOMPARE(orders->results()->rowCount(), 1);
    QCOMPARE(orders->results()->item(0, OrderLookupPanel::MatchColumn)->text(),
             QStringLiteral("guest name: Jonas Ekberg"));
    QVERIFY(orders->detailsText().contains(QStringLiteral("Order %1").arg(m_sale.order.id)));

    typeAndEnter(QStringLiteral("nobody-by-this-name"));
    QCOMPARE(orders->results()->rowCount(), 0);
    QVERIFY(orders->detailsText().isEmpty());
    QVERIFY2(orders->message().contains(QStringLiteral("No order matches")), qPrintable(orders->message()));
}

void TestOrderLookupPanel::aBadSearchSaysWhy()
{
    OrderLookupPanel *orders = m_window->orders();
    orders->searchEdit()->clear();
    typeAndEnter(QStringLiteral("   "));
    QCOMPARE(orders->results()->rowCount(), 0);
    QVERIFY2(orders->message().contains(QStringLiteral("Type an order number")), qPrintable(orders->message()));
}

QTEST_MAIN(TestOrderLookupPanel)
#include "tst_orderlookuppanel.moc"
