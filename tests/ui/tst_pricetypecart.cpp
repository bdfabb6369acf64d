// Price types and house seats at the desk window, against a real database, driven as staff drive it:
// the cart's type column (a combo with each type's price) changes what the quote and the sale charge; a
// clerk picking Complimentary is asked for the reason and then refused by the database, in a clerk's
// words; a manager's comp sells at 0; a manager holds seats for the house and they are drawn apart on
// the map (their own colour and legend entry); a clerk does not see the house actions.

#include "testdatabase.h"

#include "desksession.h"
#include "moneycompare.h"
#include "storage/pgpricetypestore.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"
#include "ui/desk/householddialog.h"
#include "ui/desk/pricetypesdialog.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatitem.h"
#include "ui/seatmap/seatmaplegend.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestPriceTypeCart : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();

    void theTypeColumnChangesWhatTheSaleCharges();
    void aClerksCompIsRefusedInAClerksWords();
    void aManagersCompSellsAtZero();
    void houseSeatsAreShownApartAndOnlyManagersSeeTheActions();
    void aManagerSetsPricesAtTheDesk();

private:
    void open(const QString &login, StaffRole role);
    UnitId unitOf(const QString &label) const;
    // Picks a type in the cart row's combo, as a clerk does: F2 on the cell, arrow keys, Enter.
    void pickType(int row, PriceType type);

    std::unique_ptr<TestDatabase> m_db;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("type-cart-pass-3");
    LoadedVenue m_hall;
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<DeskSession> m_session;
    std::unique_ptr<DeskWindow> m_window;
};

void TestPriceTypeCart::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("pricetypecart"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Type Hall"), 4, 8, 600, 1, 4500);
    m_clerk = QStringLiteral("typeclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("typemanager_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    PgPriceTypeStore prices(m_db->database());
    const Money childPrice(2000, QStringLiteral("EUR"));
    const Money concessionPrice(3000, QStringLiteral("EUR"));
    QVERIFY(prices.setPrice(m_hall.eventId, QStringLiteral("S"), PriceType::Child, childPrice).ok());
    QVERIFY(prices.setPrice(m_hall.eventId, QStringLiteral("S"), PriceType::Concession, concessionPrice).ok());
}

void TestPriceTypeCart::cleanupTestCase()
{
    cleanup();
    for (const QString &login : {m_clerk, m_manager}) { // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login));
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

void TestPriceTypeCart::cleanup()
{
    m_window.reset();
    m_session.reset();
    m_clock.reset();
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, extensions_used = 0 WHERE state = 'HELD'")));
}

void TestPriceTypeCart::open(const QString &login, StaffRole role)
{
    // A window never outlives the session it calls into (the desk's SessionKeeper hands over the same
    // way): the previous one goes first.
    m_window.reset();
    m_session.reset();
    ConnectionSettings staff = m_db->settings();
    staff.user = login;
    staff.password = m_password;
    auto session = DeskSession::open(staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    m_session = std::move(session.value());
    m_clock = std::make_unique<ServerClock>();
    auto reading = m_session->readServerClock();
    QVERIFY(reading.ok());
    m_clock->calibrate(reading->serverNow, reading->sentAtUtc, reading->receivedAtUtc);
    m_window = std::make_unique<DeskWindow>(StaffIdentity{login, role, QStringLiteral("test")}, *m_clock, nullptr);
    m_window->setServices(m_session->services());
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

UnitId TestPriceTypeCart::unitOf(const QString &label) const
{
    for (const SeatMapSeat &seat : m_window->scene()->seatMap().seats) {
        if (seat.label == label)
            return seat.unit;
    }
    return 0;
}

void TestPriceTypeCart::pickType(int row, PriceType type)
{
    auto *view = m_window->findChild<QTableView *>(QStringLiteral("cartView"));
    QVERIFY(view);
    const QModelIndex cell = m_window->cart()->index(row, CartModel::PriceTypeColumn);
    QVERIFY(m_window->cart()->flags(cell).testFlag(Qt::ItemIsEditable));
    view->setFocus();
    view->setCurrentIndex(cell);
    QTest::keyClick(view, Qt::Key_F2);
    QComboBox *combo = nullptr;
    QTRY_VERIFY((combo = qobject_cast<QComboBox *>(view->indexWidget(cell))) != nullptr);
    QCOMPARE(combo->objectName(), QStringLiteral("priceTypeEditor"));
    QCOMPARE(combo->count(), 4);
    const int target = combo->findData(int(type));
    QVERIFY(target >= 0);
    // The list opens by itself: arrow keys move through it, Enter picks.
    QTRY_VERIFY(combo->view()->isVisible());
    for (int at = combo->view()->currentIndex().row(); at < target; ++at)
        QTest::keyClick(combo->view(), Qt::Key_Down);
    QCOMPARE(combo->view()->currentIndex().row(), target);
    QTest::keyClick(combo->view(), Qt::Key_Return);
    QTRY_VERIFY(view->indexWidget(cell) == nullptr);
}

void TestPriceTypeCart::theTypeColumnChangesWhatTheSaleCharges()
{
    open(m_clerk, StaffRole::Clerk);
    QAbstractItemModelTester tester(m_window->cart(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_window->holdUnits({unitOf(QStringLiteral("A-1-1")), unitOf(QStringLiteral("A-1-2"))});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    const QModelIndex type = m_window->cart()->index(0, CartModel::PriceTypeColumn);
    QCOMPARE(type.data().toString(), QStringLiteral("Adult"));
    QCOMPARE(m_window->cart()->headerData(CartModel::PriceTypeColumn, Qt::Horizontal).toString(),
             QStringLiteral("Type"));

    pickType(0, PriceType::Child);
    QTRY_COMPARE(m_window->cart()->entries().at(0).priceType, PriceType::Child);
    QCOMPARE(m_window->cart()->entries().at(0).price, Money(2000, QStringLiteral("EUR")));
    QCOMPARE(m_window->cart()->index(0, CartModel::PriceColumn).data().toString(), QStringLiteral("€20.00"));
    QCOMPARE(m_window->findChild<QLabel *>(QStringLiteral("cartTotal"))->text(), QStringLiteral("Total: €65.00"));
    pickType(1, PriceType::Concession);
    QTRY_COMPARE(m_window->cart()->entries().at(1).priceType, PriceType::Concession);

    // The payment dialog shows the server's quote: the types and their prices.
    QStringList shown;
    qint64 due = 0;
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        due = dialog.quote().total.minor();
        for (const QuoteLine &line : dialog.quote().lines)
            shown << QStringLiteral("%1 %2").arg(line.label, priceTypeName(line.priceType));
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("50"));
        return true;
    };
    m_window->sell(false);
    QCOMPARE(due, 5000);
    QCOMPARE(shown, (QStringList{QStringLiteral("A-1-1 CHILD"), QStringLiteral("A-1-2 CONCESSION")}));
    QVERIFY2(m_window->message().contains(QStringLiteral("€50.00 charged")), qPrintable(m_window->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(price_type || ' ' || amount_minor, ', ' ORDER BY unit_id) "
                                         "FROM order_lines WHERE unit_id IN (:a, :b) AND state = 'SOLD'"),
                          {{QStringLiteral("a"), unitOf(QStringLiteral("A-1-1"))},
                           {QStringLiteral("b"), unitOf(QStringLiteral("A-1-2"))}})
                 .toString(),
             QStringLiteral("CHILD 2000, CONCESSION 3000"));
}

void TestPriceTypeCart::aClerksCompIsRefusedInAClerksWords()
{
    open(m_clerk, StaffRole::Clerk);
    m_window->holdUnits({unitOf(QStringLiteral("A-2-1"))});
    QString askedFor;
    m_window->compReasonHook = [&](const QString &label) {
        askedFor = label;
        return QStringLiteral("my cousin");
    };
    pickType(0, PriceType::Complimentary);
    QTRY_COMPARE(askedFor, QStringLiteral("A-2-1"));
    QTRY_VERIFY(m_window->message().contains(QStringLiteral("needs a manager")));
    QVERIFY(!m_window->message().contains(QStringLiteral("42501")));
    QVERIFY(!m_window->message().contains(m_window->cartId()));
    QCOMPARE(m_window->cart()->entries().at(0).priceType, PriceType::Adult);
    QCOMPARE(m_window->cart()->entries().at(0).price, Money(4500, QStringLiteral("EUR")));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM seat_comps")).toInt(), 0);
}

void TestPriceTypeCart::aManagersCompSellsAtZero()
{
    open(m_manager, StaffRole::Manager);
    m_window->holdUnits({unitOf(QStringLiteral("A-3-1"))});
    m_window->compReasonHook = [](const QString &) { return QStringLiteral("Lighting designer's guest"); };
    pickType(0, PriceType::Complimentary);
    QTRY_COMPARE(m_window->cart()->entries().at(0).priceType, PriceType::Complimentary);
    QCOMPARE(m_window->cart()->entries().at(0).price, Money(0, QStringLiteral("EUR")));
    m_window->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("0"));
        return true;
    };
    m_window->sell(false);
    QVERIFY2(m_window->message().contains(QStringLiteral("€0.00 charged")), qPrintable(m_window->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT c.approved_by || ': ' || c.reason FROM order_lines l "
                                         "JOIN seat_comps c ON c.id = l.comp_id WHERE l.unit_id = :u"),
                          {{QStringLiteral("u"), unitOf(QStringLiteral("A-3-1"))}})
                 .toString(),
             QStringLiteral("%1: Lighting designer's guest").arg(m_manager));
}

void TestPriceTypeCart::houseSeatsAreShownApartAndOnlyManagersSeeTheActions()
{
    open(m_clerk, StaffRole::Clerk);
    QVERIFY(m_window->houseBar());
    QVERIFY(!m_window->houseBar()->isVisible());
    cleanup();

    open(m_manager, StaffRole::Manager);
    QVERIFY(m_window->houseBar()->isVisible());
    const UnitId first = unitOf(QStringLiteral("A-4-4"));
    const UnitId second = unitOf(QStringLiteral("A-4-5"));
    m_window->scene()->seatItem(first)->setSelected(true);
    m_window->scene()->seatItem(second)->setSelected(true);
    bool refusedWithoutOwner = false;
    m_window->houseHoldHook = [&](HouseHoldDialog &dialog) {
        dialog.kindBox()->setCurrentIndex(dialog.kindBox()->findData(int(HouseKind::Technical)));
        refusedWithoutOwner = !dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled();
        QTest::keyClicks(dialog.ownerEdit(), QStringLiteral("Sound desk"));
        QTest::keyClicks(dialog.noteEdit(), QStringLiteral("mixing position"));
        return dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled();
    };
    QTest::mouseClick(m_window->houseBar()->findChild<QPushButton *>(QStringLiteral("houseHold")), Qt::LeftButton);
    QVERIFY(refusedWithoutOwner);
    QVERIFY2(m_window->message().contains(QStringLiteral("Sound desk")), qPrintable(m_window->message()));
    QCOMPARE(m_window->scene()->seat(first)->state, SeatState::House);
    QCOMPARE(m_window->scene()->lookOf(*m_window->scene()->seat(first)), SeatLook::House);
    // Apart on the map: a colour of its own, unlike every other look, and a legend entry.
    const QColor house = SeatItem::fillColor(SeatLook::House, 0);
    for (const SeatLook other : {SeatLook::Available, SeatLook::Mine, SeatLook::HeldByOther, SeatLook::Sold})
        QVERIFY(SeatItem::fillColor(other, 0) != house);
    bool listed = false;
    for (const QLabel *label : m_window->findChildren<QLabel *>())
        listed = listed || label->text() == seatLookText(SeatLook::House);
    QVERIFY(listed);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT kind || ' ' || owner || ' ' || held_by FROM house_holds "
                                         "WHERE unit_id = :u AND released_at IS NULL"),
                          {{QStringLiteral("u"), first}})
                 .toString(),
             QStringLiteral("TECHNICAL Sound desk %1").arg(m_manager));

    // A click on a house seat does not hold it.
    m_window->holdUnits({first});
    QCOMPARE(m_window->cart()->rowCount(), 0);

    m_window->scene()->seatItem(first)->setSelected(true);
    QTest::mouseClick(m_window->houseBar()->findChild<QPushButton *>(QStringLiteral("houseRelease")), Qt::LeftButton);
    QCOMPARE(m_window->scene()->seat(first)->state, SeatState::Available);
    QCOMPARE(m_window->scene()->seat(second)->state, SeatState::House);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"), {{QStringLiteral("u"), first}})
                 .toString(),
             QStringLiteral("AVAILABLE"));
}

void TestPriceTypeCart::aManagerSetsPricesAtTheDesk()
{
    open(m_manager, StaffRole::Manager);
    bool unreadableRefused = false;
    QString shownChild;
    m_window->priceTypesHook = [&](PriceTypesDialog &dialog) {
        QTableWidget *table = dialog.table();
        QTableWidgetItem *child = table->item(0, PriceTypesDialog::ChildColumn);
        shownChild = child->text(); // the price set in initTestCase, shown to be changed
        child->setText(QStringLiteral("1e3"));
        unreadableRefused = !dialog.buttons()->button(QDialogButtonBox::Save)->isEnabled();
        child->setText(QStringLiteral("22.50"));
        return dialog.buttons()->button(QDialogButtonBox::Save)->isEnabled();
    };
    QTest::mouseClick(m_window->houseBar()->findChild<QPushButton *>(QStringLiteral("priceTypesButton")),
                      Qt::LeftButton);
    QCOMPARE(shownChild, QStringLiteral("20"));
    QVERIFY(unreadableRefused);
    QVERIFY2(m_window->message().contains(QStringLiteral("1 price(s) saved")), qPrintable(m_window->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT amount_minor FROM event_type_prices WHERE event_id = :e "
                                         "AND price_type = 'CHILD'"),
                          {{QStringLiteral("e"), m_hall.eventId}})
                 .toLongLong(),
             2250);
    // The cart offers the new price at once.
    m_window->holdUnits({unitOf(QStringLiteral("A-4-1"))});
    QCOMPARE(m_window->cart()->optionsFor(0).at(1).amount, Money(2250, QStringLiteral("EUR")));
}

QTEST_MAIN(TestPriceTypeCart)
#include "tst_pricetypecart.moc"
