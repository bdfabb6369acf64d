// Standing places and a restaurant table sold from the desk in the same cart as a seat: held with the
// panel's keys, listed with their countdowns, given back one by one, and sold in one cash sale that
// charges exactly what is still held.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/poolservice.h"
#include "moneycompare.h"
#include "storage/pgpoolstore.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/common/clerkerror.h"
#include "ui/desk/deskwindow.h"
#include "ui/desk/placestablespanel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatmapscene.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestDeskMixedCart : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void aSeatTwoPlacesAndATableSellInOneCashSale();
    void givingBackAPlaceKeepsTheRest();
    void aPlaceLostMeanwhileIsNotCharged();
    void standingHidesForAnEventWithoutIt();

private:
    UnitId unitOf(const QString &label) const;
    void holdMixedCart(const QString &seat, int places, int party);
    QVariant scalar(const QString &sql) const;

    std::unique_ptr<TestDatabase> m_db;
    QString m_clerk;
    const QString m_password = QStringLiteral("mixed-test-pass-3");
    ConnectionSettings m_staff;
    LoadedVenue m_hall;
    LoadedVenue m_plainHall; // no standing
    PoolId m_pool = 0;
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<DeskWindow> m_window;
    std::unique_ptr<SessionKeeper> m_keeper;
    QTemporaryDir m_tickets;
};

void TestDeskMixedCart::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_deskmixedcart"));
    m_db = std::make_unique<TestDatabase>(QStringLiteral("deskmixedcart"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Mixed Hall"), 4, 10, 600, 1, 4500);
    m_plainHall = m_db->loadHall(QStringLiteral("Plain Hall"), 2, 6, 600, 1, 3000);
    PgPoolStore pools(m_db->database());
    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("STAND");
    spec.name = QStringLiteral("Standing");
    spec.capacity = 20;
    spec.price = Money(1500, QStringLiteral("EUR"));
    auto pool = PoolService(pools).createPool(spec);
    QVERIFY2(pool.ok(), pool.ok() ? "" : qPrintable(pool.error().message));
    m_pool = pool->id;
    auto bistro = PropertyLoader(m_db->database())
                      .loadRestaurant(R"({"name": "Test Bistro", "currency": "EUR", "deposit_minor": 1000,
                                          "hold_seconds": 600, "max_extensions": 1,
                                          "tables": [{"code": "T1", "seats": 2}, {"code": "T2", "seats": 4}]})");
    QVERIFY2(bistro.ok(), bistro.ok() ? "" : qPrintable(bistro.error().message));
    m_clerk = QStringLiteral("mixedclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    m_staff = m_db->settings();
    m_staff.user = m_clerk;
    m_staff.password = m_password;
}

void TestDeskMixedCart::cleanupTestCase()
{
    m_keeper.reset();
    m_window.reset();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk));
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

void TestDeskMixedCart::init()
{
    auto session = DeskSession::open(m_staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    m_clock = std::make_unique<ServerClock>();
    auto reading = session.value()->readServerClock();
    QVERIFY(reading.ok());
    m_clock->calibrate(reading->serverNow, reading->sentAtUtc, reading->receivedAtUtc);
    m_window = std::make_unique<DeskWindow>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, *m_clock,
                                            nullptr);
    m_window->setTicketFolder(m_tickets.path());
    m_keeper = std::make_unique<SessionKeeper>(m_staff, std::move(session.value()), *m_window, nullptr);
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_clock->start();
}

void TestDeskMixedCart::cleanup()
{
    m_keeper.reset();
    m_window.reset();
    m_clock.reset();
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, extensions_used = 0 WHERE state = 'HELD'")));
}

UnitId TestDeskMixedCart::unitOf(const QString &label) const
{
    for (const SeatMapSeat &seat : m_window->scene()->seatMap().seats) {
        if (seat.label == label)
            return seat.unit;
    }
    return 0;
}

QVariant TestDeskMixedCart::scalar(const QString &sql) const
{
    return m_db->scalar(sql, {{QStringLiteral("cart"), m_window->cartId()}});
}

// One seat by the map, then places and a table with the panel's keys, as a clerk at the counter.
void TestDeskMixedCart::holdMixedCart(const QString &seat, int places, int party)
{
    m_window->holdUnits({unitOf(seat)});
    PlacesTablesPanel *panel = m_window->placesTables();
    QVERIFY(panel->hasStanding());
    QVERIFY(panel->isVisible());
    panel->placesCount()->setFocus();
    panel->placesCount()->selectAll();
    QTest::keyClicks(panel->placesCount(), QString::number(places));
    QTest::keyClick(panel->placesCount(), Qt::Key_Return); // Enter in the count holds the places
    panel->partySize()->setValue(party);
    QTest::keyClick(m_window.get(), Qt::Key_T, Qt::ControlModifier);
}

void TestDeskMixedCart::aSeatTwoPlacesAndATableSellInOneCashSale()
{
    QAbstractItemModelTester tester(m_window->cart(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    holdMixedCart(QStringLiteral("A-1-1"), 2, 3);
    QVERIFY2(m_window->message().contains(QLatin1String("Held table T2")), qPrintable(m_window->message()));
    CartModel *cart = m_window->cart();
    QCOMPARE(cart->rowCount(), 3);
    QCOMPARE(cart->count(ItemKind::Seat), 1);
    QCOMPARE(cart->count(ItemKind::Pool), 1);
    QCOMPARE(cart->count(ItemKind::Slot), 1);
    QCOMPARE(cart->total().value_or(Money()), Money(4500 + 2 * 1500 + 1000, QStringLiteral("EUR")));
    // Every row counts down from the server's expiry, the table's and the places' as the seat's.
    for (int row = 0; row < 3; ++row)
        QTRY_VERIFY(cart->data(cart->index(row, CartModel::TimeLeftColumn)).toString().startsWith(QLatin1String("9:"))
                    || cart->data(cart->index(row, CartModel::TimeLeftColumn)).toString() == QLatin1String("10:00"));
    const CartId cartId = m_window->cartId();
    QCOMPARE(
        scalar(QStringLiteral("SELECT sum(quantity) FROM ga_holds WHERE cart_id = :cart AND state = 'HELD'")).toInt(),
        2);
    QCOMPARE(
        scalar(QStringLiteral("SELECT party_size FROM slot_bookings WHERE cart_id = :cart AND state = 'HELD'")).toInt(),
        3);

    QStringList shown;
    QString due;
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        auto *lines = dialog.findChild<QAbstractItemView *>(QStringLiteral("quoteLines"));
        for (int row = 0; lines && row < lines->model()->rowCount(); ++row)
            shown << lines->model()->index(row, 0).data().toString();
        due = dialog.findChild<QLabel *>(QStringLiteral("amountDue"))->text();
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("100"));
        return true;
    };
    QTest::keyClick(m_window.get(), Qt::Key_F9);
    // The quote listed all three lines and the total of them.
    QCOMPARE(shown.size(), 3);
    QCOMPARE(shown.at(0), QStringLiteral("A-1-1"));
    QVERIFY2(shown.at(1).startsWith(QLatin1String("Standing")), qPrintable(shown.at(1)));
    QVERIFY2(shown.at(2).startsWith(QLatin1String("T2")), qPrintable(shown.at(2)));
    QVERIFY2(due.contains(QStringLiteral("€85.00")), qPrintable(due));
    const QString message = m_window->message();
    QVERIFY2(message.contains(QStringLiteral("Give €15.00 change")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("Standing places have no printed ticket")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("table is booked under order number")), qPrintable(message));
    QVERIFY(!message.contains(cartId));
    QCOMPARE(cart->rowCount(), 0);

    // One order, one payment, every line sold in it.
    const auto order = m_db->scalar(QStringLiteral("SELECT id FROM orders WHERE cart_id = :c AND state = 'PAID'"),
                                    {{QStringLiteral("c"), cartId}})
                           .toLongLong();
    QVERIFY(order > 0);
    const QVariantMap byOrder{{QStringLiteral("o"), order}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments WHERE order_id = :o"), byOrder).toInt(),
             1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT amount_minor FROM counter_payments WHERE order_id = :o"), byOrder)
                 .toLongLong(),
             8500);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM order_lines WHERE order_id = :o AND state = 'SOLD'"), byOrder)
            .toInt(),
        1);
    QCOMPARE(m_db->scalar(QStringLiteral(
                              "SELECT sum(quantity) FROM order_pool_lines WHERE order_id = :o AND state = 'SOLD'"),
                          byOrder)
                 .toInt(),
             2);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM order_slot_lines WHERE order_id = :o AND state = 'SOLD'"),
                     byOrder)
            .toInt(),
        1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM slot_bookings WHERE cart_id = :c AND state = 'BOOKED'"),
                          {{QStringLiteral("c"), cartId}})
                 .toInt(),
             1);
    // Tickets for the seat and for each standing place (migration 047); the table has none.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM tickets WHERE order_id = :o"), byOrder).toInt(), 3);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM tickets WHERE order_id = :o AND place IS NOT NULL"), byOrder)
            .toInt(),
        2);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestDeskMixedCart::givingBackAPlaceKeepsTheRest()
{
    holdMixedCart(QStringLiteral("A-3-3"), 2, 2);
    CartModel *cart = m_window->cart();
    QCOMPARE(cart->rowCount(), 3);
    int placesRow = -1;
    for (int row = 0; row < cart->rowCount(); ++row) {
        if (cart->entries().at(row).kind == ItemKind::Pool)
            placesRow = row;
    }
    QVERIFY(placesRow >= 0);
    auto *view = m_window->findChild<QTableView *>(QStringLiteral("cartView"));
    QVERIFY(view);
    view->setFocus();
    view->selectRow(placesRow);
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(cart->rowCount(), 2);
    QCOMPARE(cart->count(ItemKind::Pool), 0);
    QVERIFY2(m_window->message().contains(QLatin1String("Gave back Standing")), qPrintable(m_window->message()));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE cart_id = :cart AND state = 'HELD'")).toInt(),
             0);
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :cart AND state = 'HELD'")).toInt(), 1);
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM slot_bookings WHERE cart_id = :cart AND state = 'HELD'")).toInt(),
        1);
    // The places are on sale again: the picker counts them back.
    PgPoolStore pools(m_db->database());
    const int available = PoolService(pools).pool(m_pool)->available;
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE state = 'HELD'")).toInt(), 0);
    QVERIFY2(m_window->placesTables()->poolPicker()->currentText().contains(QStringLiteral("%1 left").arg(available)),
             qPrintable(m_window->placesTables()->poolPicker()->currentText()));

    // Nothing selected: the whole sale, every kind, goes back.
    view->clearSelection();
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(cart->rowCount(), 0);
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM slot_bookings WHERE cart_id = :cart AND state = 'HELD'")).toInt(),
        0);
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :cart AND state = 'HELD'")).toInt(), 0);
}

void TestDeskMixedCart::aPlaceLostMeanwhileIsNotCharged()
{
    m_window->holdUnits({unitOf(QStringLiteral("A-2-2"))});
    PlacesTablesPanel *panel = m_window->placesTables();
    panel->placesCount()->setValue(2);
    QTest::keyClick(m_window.get(), Qt::Key_G, Qt::ControlModifier);
    QCOMPARE(m_window->cart()->rowCount(), 2);
    const CartId cartId = m_window->cartId();
    // The places' hold runs out, and another buyer takes every place of the pool.
    QVERIFY(m_db->backdateHolds(QStringLiteral("ga_holds"), cartId, 601));
    auto other = m_db->connect(QStringLiteral("other-terminal"));
    PgPoolStore pools(other->database());
    PoolHoldRequest request;
    request.pool = m_pool;
    request.cart = QStringLiteral("web-buyer-standing");
    request.quantity = PoolService(pools).pool(m_pool)->available;
    QVERIFY(request.quantity > 0);
    auto taken = PoolService(pools).hold(request);
    QVERIFY2(taken.ok(), taken.ok() ? "" : qPrintable(taken.error().message));

    QStringList shown;
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        auto *lines = dialog.findChild<QAbstractItemView *>(QStringLiteral("quoteLines"));
        for (int row = 0; lines && row < lines->model()->rowCount(); ++row)
            shown << lines->model()->index(row, 0).data().toString();
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("45"));
        return true;
    };
    m_window->sell(false);
    QCOMPARE(shown, QStringList{QStringLiteral("A-2-2")});
    const auto order = m_db->scalar(QStringLiteral("SELECT id FROM orders WHERE cart_id = :c AND state = 'PAID'"),
                                    {{QStringLiteral("c"), cartId}})
                           .toLongLong();
    QVERIFY(order > 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT amount_minor FROM counter_payments WHERE order_id = :o"),
                          {{QStringLiteral("o"), order}})
                 .toLongLong(),
             4500);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM order_pool_lines WHERE order_id = :o"),
                          {{QStringLiteral("o"), order}})
                 .toInt(),
             0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE cart_id = :c AND state = 'SOLD'"),
                          {{QStringLiteral("c"), cartId}})
                 .toInt(),
             0);
    QVERIFY2(!m_window->message().contains(QLatin1String("Standing places have no printed ticket")),
             qPrintable(m_window->message()));
    QCOMPARE(m_window->cart()->rowCount(), 0);
    QCOMPARE(PoolService(pools).release(request.cart, m_pool).value(), request.quantity);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestDeskMixedCart::standingHidesForAnEventWithoutIt()
{
    QVERIFY(m_window->placesTables()->hasStanding());
    QVERIFY(m_window->selectEvent(m_plainHall.eventId));
    QVERIFY(!m_window->placesTables()->hasStanding());
    QVERIFY(!m_window->placesTables()->poolPicker()->isVisible());
    // Tables are not tied to an event: still there.
    QVERIFY(m_window->placesTables()->restaurantPicker()->isVisible());
    QCOMPARE(m_window->placesTables()->restaurantPicker()->count(), 1);
}

QTEST_MAIN(TestDeskMixedCart)
#include "tst_deskmixedcart.moc"
