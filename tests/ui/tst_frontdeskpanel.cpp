// The hotel front desk in the desktop, offscreen, signed in as a real manager (and a clerk), wired as
// the desktop wires it (the panel calls the front desk service, never a store): drag across nights to
// hold a stay and book it, an overbooked night in the grid and in arrivals at risk, and walking a guest
// with a compensation that lands in the ledger and the report. And the money of a stay through the
// panel: a paid stay cancelled only by a manager (here keeping a fee), a move that says its price
// difference and charges it, and a guaranteed check-out that pays and checks out together or not at all.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/hotelservice.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/frontdesk/compensationdialog.h"
#include "ui/frontdesk/compensationreport.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/movestaydialog.h"
#include "ui/frontdesk/staycanceldialog.h"
#include "ui/hotel/arrivalsatriskmodel.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestFrontDeskPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void draggingAcrossNightsHoldsAStayAndBooksIt();
    void anOverbookedNightShowsInTheGridAndInArrivalsAtRisk();
    void aManagerWalksAGuestIntoTheLedger();
    void aClerkIsRefusedByTheDatabase();
    void typedDatesHoldAStay();
    void aManagerRaisesTheSellableLimitAClerkCannot();
    void refundCasesAreListedAndClosed();
    void aGuaranteeIsPaidAtCheckOut();
    void aRefusedCheckOutTakesNoPayment();
    void aPaidStayIsCancelledOnlyByAManager();
    void aMoveSaysItsPriceDifferenceAndChargesIt();
    void aFloodOfLiveChangesLeavesTheClerksWorkAlone();
    void aFailedMoveLeavesNothingBehind();
    void checkInOpensOnTheArrivalDayOrAsAManagerAllows();

private:
    std::unique_ptr<FrontDeskPanel> openPanel(const QString &login, StaffRole role);
    StayId book(const QString &guest, int fromDay, int nights);
    StayId sellForCash(const QString &guest, int fromDay, int nights); // paid at the counter
    void clickOnStay(FrontDeskPanel &panel, const QString &guest, const QString &button);
    QVariant value(const QString &sql, qint64 id) const; // one value, `:id` bound

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    RoomTypeId m_deluxe = 0;
    QDate m_first;
    QString m_manager;
    QString m_clerk;
    const QString m_password = QStringLiteral("panel-pass-1234");
    ServerClock m_clock;
    std::vector<std::unique_ptr<DeskSession>> m_sessions;
    int m_carts = 0;
};

void TestFrontDeskPanel::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("frontdeskpanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Panel Inn", "currency": "EUR", "nights": 60,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 2},
                                              {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 14000, "rooms": 1}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes)
            (type.code == QLatin1String("STD") ? m_standard : m_deluxe) = type.id;
    }
    m_manager = QStringLiteral("panelmanager_%1").arg(QCoreApplication::applicationPid());
    m_clerk = QStringLiteral("panelclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
}

void TestFrontDeskPanel::cleanupTestCase()
{
    m_sessions.clear();
    for (const QString &login : {m_manager, m_clerk}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<FrontDeskPanel> TestFrontDeskPanel::openPanel(const QString &login, StaffRole role)
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto session = DeskSession::open(settings);
    if (!session)
        return nullptr;
    auto panel = std::make_unique<FrontDeskPanel>(StaffIdentity{login, role, QStringLiteral("test")}, m_clock);
    panel->setServices(session.value()->services());
    m_sessions.push_back(std::move(session.value()));
    panel->resize(1300, 800);
    panel->show();
    panel->selectHotel(m_hotel);
    return panel;
}

StayId TestFrontDeskPanel::book(const QString &guest, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("panel-stay-%1").arg(++m_carts);
    StayRequest request{m_standard, cart,        m_first.addDays(fromDay), m_first.addDays(fromDay + nights),
                        guest,      std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    const auto order = m_inventory->carts.createOrder(cart);
    return order && m_inventory->carts.confirm(order->id) ? held->id : 0;
}

StayId TestFrontDeskPanel::sellForCash(const QString &guest, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("panel-sale-%1").arg(++m_carts);
    StayRequest request{m_standard, cart,        m_first.addDays(fromDay), m_first.addDays(fromDay + nights),
                        guest,      std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment cash;
    cash.tendered = Money(8000 * nights, QStringLiteral("EUR"));
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    return quote && sales.sell(cart, cash, quote.value()) ? held->id : 0;
}

void TestFrontDeskPanel::clickOnStay(FrontDeskPanel &panel, const QString &guest, const QString &button)
{
    panel.findGuests(guest);
    QCOMPARE(panel.stays()->rowCount(), 1);
    for (QTableView *view : panel.findChildren<QTableView *>())
        if (view->model() == panel.stays())
            view->selectRow(0);
    QPushButton *target = nullptr;
    for (QPushButton *candidate : panel.findChildren<QPushButton *>())
        if (candidate->text() == button)
            target = candidate;
    QVERIFY2(target, qPrintable(button));
    target->click();
}

QVariant TestFrontDeskPanel::value(const QString &sql, qint64 id) const
{
    return m_db->scalar(sql, {{QStringLiteral("id"), id}});
}

void TestFrontDeskPanel::draggingAcrossNightsHoldsAStayAndBooksIt()
{
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
    HotelGridView *grid = panel->grid();
    const int row = grid->rowOf(m_standard);
    QVERIFY(row >= 0);
    panel->guestEdit()->setText(QStringLiteral("Dragged Guest"));
    grid->scrollToNight(m_first.addDays(2));
    QTest::qWait(50);
    const QPoint from = grid->cellRect(row, 2).center();
    const QPoint to = grid->cellRect(row, 4).center();
    const auto heldStays
        = [&] { return m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE state = 'HELD'")).toLongLong(); };
    const qint64 heldBefore = heldStays();
    auto *holdChosen = panel->findChild<QPushButton *>(QStringLiteral("holdChosenButton"));
    QVERIFY(holdChosen);
    QVERIFY(!holdChosen->isEnabled()); // nothing chosen yet
    // One click selects a night and holds nothing.
    QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, from);
    QCOMPARE(grid->selectedCheckIn(), m_first.addDays(2));
    QCOMPARE(panel->heldStay(), StayId(0));
    QCOMPARE(heldStays(), heldBefore);
    // A drag selects three nights; still nothing held until the clerk holds them on purpose.
    QTest::mousePress(grid->viewport(), Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, to, grid->viewport()->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(grid->viewport(), &move);
    QTest::mouseRelease(grid->viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(panel->heldStay(), StayId(0));
    QCOMPARE(heldStays(), heldBefore);
    QVERIFY2(panel->message().contains(QLatin1String("3 night")), qPrintable(panel->message()));
    QVERIFY(holdChosen->isEnabled());
    holdChosen->click();
    QTRY_VERIFY(panel->heldStay() != 0);
    const QVariantMap stay{{QStringLiteral("s"), panel->heldStay()}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state || ' ' || check_in || ' ' || check_out || ' ' || guest_name "
                                         "FROM stays WHERE id = :s"),
                          stay)
                 .toString(),
             QStringLiteral("HELD %1 %2 Dragged Guest")
                 .arg(m_first.addDays(2).toString(Qt::ISODate), m_first.addDays(5).toString(Qt::ISODate)));

    panel->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("300"));
        return true;
    };
    const StayId held = panel->heldStay();
    panel->book(false);
    QVERIFY2(panel->message().contains(QLatin1String("Booked")), qPrintable(panel->message()));
    QVERIFY(panel->message().contains(QStringLiteral("Give €60.00 change"))); // 3 nights at €80
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), held}}).toString(),
        QStringLiteral("BOOKED"));
    QCOMPARE(panel->grid()->calendar().at(row, 3)->booked, 1);
}

void TestFrontDeskPanel::anOverbookedNightShowsInTheGridAndInArrivalsAtRisk()
{
    CapacityChange change{m_standard, m_first.addDays(10), m_first.addDays(11), 3, std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(change).ok());
    QVERIFY(book(QStringLiteral("Risk One"), 10, 1));
    QVERIFY(book(QStringLiteral("Risk Two"), 10, 1));
    QVERIFY(book(QStringLiteral("Risk Three"), 9, 2));
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    const int row = panel->grid()->rowOf(m_standard);
    QVERIFY(panel->grid()->calendar().at(row, 10)->overbooked());
    QAbstractItemModelTester tester(panel->arrivals(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel->showArrivalsAtRisk(m_first.addDays(10));
    QCOMPARE(panel->arrivals()->rowCount(), 1);
    QCOMPARE(panel->arrivals()->arrival(0).stay.guest, QStringLiteral("Risk Three"));
}

void TestFrontDeskPanel::aManagerWalksAGuestIntoTheLedger()
{
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    panel->showArrivalsAtRisk(m_first.addDays(10));
    QCOMPARE(panel->arrivals()->rowCount(), 1);
    panel->compensationHook = [](CompensationDialog &dialog) {
        QTest::keyClicks(dialog.amountEdit(), QStringLiteral("150"));
        QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("partner hotel, taxi paid"));
        // A partner not yet on the hotel's list: the manager's walk puts it there.
        QTest::keyClicks(dialog.partnerBox()->lineEdit(), QStringLiteral("Harbour View"));
        return true;
    };
    panel->resolveArrival(0, OverbookingAction::Walk);
    QVERIFY2(panel->message().contains(QLatin1String("walk"), Qt::CaseInsensitive), qPrintable(panel->message()));
    QCOMPARE(
        m_db
            ->scalar(QStringLiteral(
                "SELECT action || ' ' || amount_minor || ' ' || reason || ' ' || by_user FROM compensation_ledger"))
            .toString(),
        QStringLiteral("WALK 15000 partner hotel, taxi paid %1").arg(m_manager));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT p.name FROM compensation_ledger l JOIN partner_hotels p ON "
                                         "p.id = l.partner_hotel_id"))
                 .toString(),
             QStringLiteral("Harbour View"));
    QCOMPARE(panel->arrivals()->rowCount(), 0);
    QCOMPARE(panel->report()->entries().size(), 1);
    QCOMPARE(panel->report()->table()->rowCount(), 1);
    QTemporaryDir folder;
    const QString csv = folder.filePath(QStringLiteral("compensations.csv"));
    QVERIFY(panel->report()->exportCsv(csv).ok());
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("WALK,150.00,EUR,\"partner hotel, taxi paid\""));
}

void TestFrontDeskPanel::aClerkIsRefusedByTheDatabase()
{
    CapacityChange change{m_standard, m_first.addDays(20), m_first.addDays(21), 3, std::nullopt};
    QVERIFY(HotelService(m_inventory->hotels).changeCapacity(change).ok());
    for (const QString &guest : {QStringLiteral("C1"), QStringLiteral("C2"), QStringLiteral("C3")})
        QVERIFY(book(guest, 20, 1));
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    panel->showArrivalsAtRisk(m_first.addDays(20));
    QCOMPARE(panel->arrivals()->rowCount(), 1);
    // The buttons say a manager decides; a tampered client that calls anyway is refused by the server.
    panel->compensationHook = [](CompensationDialog &dialog) {
        QTest::keyClicks(dialog.amountEdit(), QStringLiteral("10"));
        QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("trying"));
        QTest::keyClicks(dialog.partnerBox()->lineEdit(), QStringLiteral("Harbour View")); // on the list already
        return true;
    };
    panel->resolveArrival(0, OverbookingAction::Walk);
    QVERIFY2(panel->message().contains(QLatin1String("manager")), qPrintable(panel->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM compensation_ledger WHERE by_user = :u"),
                          {{QStringLiteral("u"), m_clerk}})
                 .toInt(),
             0);
    QCOMPARE(panel->arrivals()->rowCount(), 1);
}

void TestFrontDeskPanel::typedDatesHoldAStay()
{
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    panel->holdTyped(m_standard, m_first.addDays(30), 3);
    QVERIFY2(panel->heldStay() != 0, qPrintable(panel->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT check_out FROM stays WHERE id = :s"),
                          {{QStringLiteral("s"), panel->heldStay()}})
                 .toDate(),
             m_first.addDays(33));
    panel->releaseHeldStay();
    QCOMPARE(panel->heldStay(), 0);
    panel->holdTyped(m_standard, m_first.addDays(-10), 2);
    QVERIFY2(panel->message().contains(QLatin1String("outside")), qPrintable(panel->message()));
}

void TestFrontDeskPanel::aManagerRaisesTheSellableLimitAClerkCannot()
{
    auto clerk = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(clerk);
    clerk->grid()->setSelection(m_standard, m_first.addDays(40), m_first.addDays(42));
    clerk->setSellableForSelection(4);
    QVERIFY2(clerk->message().contains(QLatin1String("Only a manager")), qPrintable(clerk->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT capacity FROM room_nights WHERE room_type_id = :r AND night = :n"),
                          {{QStringLiteral("r"), m_standard}, {QStringLiteral("n"), m_first.addDays(40)}})
                 .toInt(),
             2);
    auto manager = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(manager);
    manager->grid()->setSelection(m_standard, m_first.addDays(40), m_first.addDays(42));
    manager->setSellableForSelection(4);
    QCOMPARE(
        m_db->scalar(
                QStringLiteral(
                    "SELECT count(*) FROM room_nights WHERE room_type_id = :r AND night IN (:a, :b) AND capacity = 4"),
                {{QStringLiteral("r"), m_standard},
                 {QStringLiteral("a"), m_first.addDays(40)},
                 {QStringLiteral("b"), m_first.addDays(41)}})
            .toInt(),
        2);
    QCOMPARE(manager->grid()->calendar().at(manager->grid()->rowOf(m_standard), 40)->capacity, 4);
}

void TestFrontDeskPanel::refundCasesAreListedAndClosed()
{
    const StayId stay = book(QStringLiteral("Refund Case"), 45, 1);
    QVERIFY(stay);
    const qint64 order
        = m_db->scalar(QStringLiteral("SELECT order_id FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
              .toLongLong();
    QVERIFY(m_db->exec(
        QStringLiteral("INSERT INTO compensations (order_id, unit, amount_minor, reason) VALUES (:o, 'A-1-5', 4500, "
                       "'taken by another buyer after the hold ran out')"),
        {{QStringLiteral("o"), order}}));
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    QCOMPARE(panel->refundCaseCount(), 1);
    panel->closeRefundCase(0);
    QCOMPARE(panel->refundCaseCount(), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT resolved_by FROM compensations WHERE order_id = :o"),
                          {{QStringLiteral("o"), order}})
                 .toString(),
             m_clerk);
}

void TestFrontDeskPanel::aGuaranteeIsPaidAtCheckOut()
{
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    panel->guestEdit()->setText(QStringLiteral("Guarantee Guest"));
    panel->holdTyped(m_standard, m_first, 2); // arrives today: check-in opens on the arrival day
    QVERIFY(panel->heldStay());
    const StayId stay = panel->heldStay();
    panel->paymentHook = [](PaymentDialog &dialog) {
        if (!dialog.guaranteeEdit())
            return false;
        QTest::keyClicks(dialog.guaranteeEdit(), QStringLiteral("MC-5555-EXP-0327"));
        return true;
    };
    panel->bookOnGuarantee();
    QVERIFY2(panel->message().contains(QLatin1String("on guarantee")), qPrintable(panel->message()));
    const qint64 order
        = m_db->scalar(QStringLiteral("SELECT order_id FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
              .toLongLong();
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
                 .toString(),
             QStringLiteral("GUARANTEED"));

    panel->findGuests(QStringLiteral("Guarantee Guest"));
    QCOMPARE(panel->stays()->rowCount(), 1);
    auto *view = panel->findChildren<QTableView *>().first();
    for (QTableView *candidate : panel->findChildren<QTableView *>())
        if (candidate->model() == panel->stays())
            view = candidate;
    view->selectRow(0);
    QPushButton *checkIn = nullptr;
    QPushButton *checkOut = nullptr;
    for (QPushButton *button : panel->findChildren<QPushButton *>()) {
        if (button->text() == QLatin1String("Check &in"))
            checkIn = button;
        if (button->text() == QLatin1String("Check &out"))
            checkOut = button;
    }
    QVERIFY(checkIn && checkOut);
    checkIn->click();
    view->selectRow(0);
    panel->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("200"));
        return true;
    };
    QSignalSpy receipts(panel.get(), &FrontDeskPanel::counterSaleMade);
    checkOut->click();
    QVERIFY2(panel->message().contains(QStringLiteral("Paid €160.00; give €40.00 change.")),
             qPrintable(panel->message()));
    // Paid at the desk on departure: a counter sale, with its receipt like a booking's.
    QCOMPARE(receipts.count(), 1);
    const Receipt paper = Receipts::forSale(receipts.first().at(0).value<CounterSale>(),
                                            receipts.first().at(1).value<CounterPayment>(), {});
    QCOMPARE(paper.order, order);
    QCOMPARE(paper.total.minor(), qint64(16000));
    QCOMPARE(paper.tendered.minor(), qint64(20000));
    QCOMPARE(paper.change.minor(), qint64(4000));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}}).toString(),
        QStringLiteral("CHECKED_OUT"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
                 .toString(),
             QStringLiteral("PAID"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// Check-out of a guest on guarantee who never checked in: the clerk is asked for the payment first, the
// check-out is refused, and no payment is left behind: the panel makes one call, one unit of work.
void TestFrontDeskPanel::aRefusedCheckOutTakesNoPayment()
{
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    panel->guestEdit()->setText(QStringLiteral("Early Leaver"));
    panel->holdTyped(m_standard, m_first.addDays(47), 2);
    const StayId stay = panel->heldStay();
    QVERIFY(stay);
    panel->paymentHook = [](PaymentDialog &dialog) {
        if (!dialog.guaranteeEdit())
            return false;
        QTest::keyClicks(dialog.guaranteeEdit(), QStringLiteral("VISA-4000-EXP-0128"));
        return true;
    };
    panel->bookOnGuarantee();
    const qint64 order = value(QStringLiteral("SELECT order_id FROM stays WHERE id = :id"), stay).toLongLong();
    QCOMPARE(value(QStringLiteral("SELECT state FROM orders WHERE id = :id"), order).toString(),
             QStringLiteral("GUARANTEED"));

    bool asked = false;
    panel->paymentHook = [&asked](PaymentDialog &dialog) {
        asked = true;
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("200"));
        return true;
    };
    clickOnStay(*panel, QStringLiteral("Early Leaver"), QStringLiteral("Check &out"));
    QVERIFY(asked);
    QVERIFY2(panel->message().contains(QLatin1String("checked-in")), qPrintable(panel->message()));
    QVERIFY2(panel->message().contains(QLatin1String("No payment was recorded")), qPrintable(panel->message()));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("BOOKED"));
    QCOMPARE(value(QStringLiteral("SELECT state FROM orders WHERE id = :id"), order).toString(),
             QStringLiteral("GUARANTEED"));
    QCOMPARE(
        value(QStringLiteral("SELECT count(*) FROM counter_payments WHERE order_id = :id AND method <> 'guarantee'"),
              order)
            .toInt(),
        0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// Cancel on a paid stay: the clerk is told in words to ask a manager and nothing changes; the manager
// keeps a fee with a reason and the rest goes back, through the ledger.
void TestFrontDeskPanel::aPaidStayIsCancelledOnlyByAManager()
{
    const StayId stay = sellForCash(QStringLiteral("Paid Panel Guest"), 55, 2);
    QVERIFY(stay);
    const qint64 order = value(QStringLiteral("SELECT order_id FROM stays WHERE id = :id"), stay).toLongLong();
    auto clerk = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(clerk);
    QString told;
    bool clerkMayConfirm = true;
    clerk->cancelHook = [&](StayCancelDialog &dialog) {
        told = dialog.explanation();
        clerkMayConfirm = dialog.mayConfirm();
        return false;
    };
    clickOnStay(*clerk, QStringLiteral("Paid Panel Guest"), QStringLiteral("Ca&ncel stay"));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("BOOKED"));
    QVERIFY2(told.contains(QLatin1String("Only a manager can cancel a paid stay")), qPrintable(told));
    QVERIFY(!clerkMayConfirm);
    QVERIFY2(clerk->message().contains(QLatin1String("manager")), qPrintable(clerk->message()));

    auto manager = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(manager);
    QString summary;
    manager->cancelHook = [&](StayCancelDialog &dialog) {
        told = dialog.explanation();
        dialog.keepFeeButton()->setChecked(true);
        QTest::keyClicks(dialog.feeEdit(), QStringLiteral("20"));
        QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("late cancellation"));
        summary = dialog.summary();
        return dialog.mayConfirm();
    };
    QSignalSpy receipts(manager.get(), &FrontDeskPanel::stayReceiptDue);
    clickOnStay(*manager, QStringLiteral("Paid Panel Guest"), QStringLiteral("Ca&ncel stay"));
    QVERIFY2(told.contains(QStringLiteral("€160.00")), qPrintable(told));
    // The refund's receipt: what went back, handed over at the desk (the stay was paid in cash), and why.
    QCOMPARE(receipts.count(), 1);
    const auto paper = Receipts::forStayMoney(receipts.first().at(0).value<StayMoneyReceipt>(), {});
    QVERIFY(paper);
    QCOMPARE(paper->kind, Receipt::Kind::Refund);
    QCOMPARE(paper->order, order);
    QCOMPARE(paper->total.minor(), qint64(14000));
    QCOMPARE(paper->refunds.size(), 1);
    QCOMPARE(paper->refunds.first().money, ReceiptRefund::Money::Cash);
    QVERIFY2(paper->refunds.first().reason.contains(QLatin1String("late cancellation")),
             qPrintable(paper->refunds.first().reason));
    QVERIFY2(paper->refunds.first().reason.contains(QStringLiteral("fee kept €20.00")),
             qPrintable(paper->refunds.first().reason));
    QVERIFY(paper->lines.first().label.contains(QLatin1String("Paid Panel Guest")));
    QCOMPARE(summary, QStringLiteral("Refund €140.00 · fee kept €20.00"));
    QVERIFY2(manager->message().contains(QStringLiteral("€140.00")), qPrintable(manager->message()));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("CANCELLED"));
    QCOMPARE(value(QStringLiteral("SELECT state FROM orders WHERE id = :id"), order).toString(),
             QStringLiteral("REFUNDED"));
    QCOMPARE(value(QStringLiteral("SELECT string_agg(entry || ' ' || amount_minor, ', ' ORDER BY id) FROM order_ledger "
                                  "WHERE order_id = :id AND entry IN ('FEE_KEPT', 'REFUND_DONE')"),
                   order)
                 .toString(),
             QStringLiteral("FEE_KEPT 2000, REFUND_DONE 14000"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// Move to a dearer room: the dialog says the difference before anything changes; the clerk charges it.
void TestFrontDeskPanel::aMoveSaysItsPriceDifferenceAndChargesIt()
{
    const StayId stay = sellForCash(QStringLiteral("Move Panel Guest"), 57, 1);
    QVERIFY(stay);
    auto clerk = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(clerk);
    clerk->grid()->setSelection(m_deluxe, m_first.addDays(57), m_first.addDays(58));
    QString told;
    clerk->moveHook = [&](MoveStayDialog &dialog) {
        told = dialog.explanation();
        return dialog.mayConfirm() && dialog.settlement() == PriceSettlement::Charge;
    };
    clerk->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("100"));
        return true;
    };
    QSignalSpy receipts(clerk.get(), &FrontDeskPanel::stayReceiptDue);
    clickOnStay(*clerk, QStringLiteral("Move Panel Guest"), QStringLiteral("&Move to the selected nights"));
    QVERIFY2(told.contains(QStringLiteral("€60.00 more")), qPrintable(told));
    // The difference is a small sale of its own: its receipt says what was charged and the change.
    QCOMPARE(receipts.count(), 1);
    const auto paper = Receipts::forStayMoney(receipts.first().at(0).value<StayMoneyReceipt>(), {});
    QVERIFY(paper);
    QCOMPARE(paper->kind, Receipt::Kind::Sale);
    QCOMPARE(paper->total.minor(), qint64(6000));
    QCOMPARE(paper->tendered.minor(), qint64(10000));
    QCOMPARE(paper->change.minor(), qint64(4000));
    QCOMPARE(
        paper->order,
        value(QStringLiteral("SELECT order_id FROM order_supplement_lines WHERE stay_id = :id"), stay).toLongLong());
    QVERIFY2(clerk->message().contains(QStringLiteral("€60.00")), qPrintable(clerk->message()));
    QCOMPARE(value(QStringLiteral("SELECT room_type_id FROM stays WHERE id = :id"), stay).toLongLong(), m_deluxe);
    QCOMPARE(value(QStringLiteral("SELECT COALESCE(sum(l.amount_minor), 0) FROM order_ledger l "
                                  "JOIN order_supplement_lines s ON s.order_id = l.order_id "
                                  "WHERE s.stay_id = :id AND l.entry = 'CAPTURED'"),
                   stay)
                 .toLongLong(),
             6000);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFrontDeskPanel::aFloodOfLiveChangesLeavesTheClerksWorkAlone()
{
    const StayId guest = book(QStringLiteral("Flood Guest"), 40, 2);
    QVERIFY(guest);
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
    auto *tabs = panel->findChild<QTabWidget *>(QStringLiteral("frontDeskTasks"));
    QVERIFY(tabs);
    QTableView *staysView = nullptr;
    for (QTableView *view : panel->findChildren<QTableView *>())
        if (view->model() == panel->stays())
            staysView = view;
    QVERIFY(staysView);

    // The clerk's work in progress: arrivals at risk looked at, then the guest list searched and a stay
    // chosen on the Guests tab; the calendar scrolled to a later week; a name half typed into the guest
    // field; a drag across three nights begun on the calendar (which takes the focus) and not yet let go.
    panel->showArrivalsAtRisk(m_first.addDays(31));
    panel->findGuests(QStringLiteral("Flood Guest"));
    QCOMPARE(panel->stays()->rowCount(), 1);
    staysView->selectRow(0);
    QCOMPARE(tabs->currentIndex(), 1);
    const QString message = panel->message();
    HotelGridView *grid = panel->grid();
    grid->scrollToNight(m_first.addDays(30));
    const int scrolled = grid->horizontalScrollBar()->value();
    QVERIFY(scrolled > 0);
    panel->guestEdit()->setFocus();
    QTest::keyClicks(panel->guestEdit(), QStringLiteral("Ada Lo"));
    const int row = grid->rowOf(m_standard);
    const int deluxe = grid->rowOf(m_deluxe);
    const auto freeDeluxe = [&] { return grid->calendar().at(deluxe, 31)->free(); };
    const int freeBefore = freeDeluxe();
    QTest::mousePress(grid->viewport(), Qt::LeftButton, {}, grid->cellRect(row, 32).center());
    QWidget *focused = panel->focusWidget(); // the press gave it to the calendar
    QVERIFY(focused);

    // The flood: another connection holds and gives back the deluxe room on the nights in view, and
    // each change reaches the panel the way the desk's live refresh brings it; the clerk goes on typing.
    HotelService others(m_inventory->hotels);
    const QString rest = QStringLiteral("velace");
    for (int i = 0; i < rest.size(); ++i) {
        const CartId cart = QStringLiteral("flood-%1").arg(i);
        const auto held = others.holdStay(StayRequest{m_deluxe, cart, m_first.addDays(31), m_first.addDays(32),
                                                      QStringLiteral("Other"), std::nullopt});
        QVERIFY(held.ok());
        panel->refresh();
        QCOMPARE(freeDeluxe(), freeBefore - 1); // the figures do change
        QTest::keyClick(panel->guestEdit(), rest.at(i).toLatin1());
        QVERIFY(others.releaseStay(cart, held->id).ok());
        panel->refresh();
        QCOMPARE(freeDeluxe(), freeBefore);
    }

    // Nothing the clerk was doing moved.
    QCOMPARE(tabs->currentIndex(), 1);
    QCOMPARE(panel->focusWidget(), focused);
    QCOMPARE(panel->guestEdit()->text(), QStringLiteral("Ada Lovelace"));
    const auto chosen = staysView->selectionModel()->selectedRows();
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(panel->stays()->stay(chosen.first().row()).id, guest);
    QCOMPARE(grid->horizontalScrollBar()->value(), scrolled);
    QCOMPARE(panel->message(), message);

    // And the drag, begun before the flood, ends where the clerk lets go: three nights chosen, then held
    // for the name typed meanwhile.
    const QPoint to = grid->cellRect(row, 34).center();
    QMouseEvent move(QEvent::MouseMove, to, grid->viewport()->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(grid->viewport(), &move);
    QTest::mouseRelease(grid->viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(panel->heldStay(), StayId(0)); // chosen, not held
    panel->holdChosenNights(); // Ctrl+H
    QTRY_VERIFY(panel->heldStay() != 0);
    QCOMPARE(value(QStringLiteral("SELECT check_in || ' ' || check_out || ' ' || guest_name FROM stays WHERE id = :id"),
                   panel->heldStay())
                 .toString(),
             QStringLiteral("%1 %2 Ada Lovelace")
                 .arg(m_first.addDays(32).toString(Qt::ISODate), m_first.addDays(35).toString(Qt::ISODate)));
    panel->releaseHeldStay();
}

// A move onto nights that are full fails as a whole: the stay keeps its room and nights, nothing is held
// for the clerk, no night's count changes, and the clerk's selection on the calendar stays for a retry.
void TestFrontDeskPanel::aFailedMoveLeavesNothingBehind()
{
    const StayId stay = book(QStringLiteral("Stuck Mover"), 54, 1);
    QVERIFY(stay);
    const CartId other = QStringLiteral("panel-full-deluxe");
    QVERIFY(
        HotelService(m_inventory->hotels)
            .holdStay({m_deluxe, other, m_first.addDays(55), m_first.addDays(56), QStringLiteral("Deluxe Taker"), {}})
            .ok()); // the only deluxe room that night
    const auto booked = [this](RoomTypeId type, int day) {
        return m_db
            ->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :r AND night = :n"),
                     {{QStringLiteral("r"), type}, {QStringLiteral("n"), m_first.addDays(day)}})
            .toInt();
    };
    const int heldBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE state = 'HELD'")).toInt();
    auto clerk = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(clerk);
    clerk->grid()->setSelection(m_deluxe, m_first.addDays(55), m_first.addDays(56));
    clerk->moveHook = [](MoveStayDialog &dialog) { return dialog.mayConfirm(); };
    clerk->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("100"));
        return true;
    };
    clickOnStay(*clerk, QStringLiteral("Stuck Mover"), QStringLiteral("&Move to the selected nights"));
    QVERIFY2(clerk->message().contains(QLatin1String("Not every night is free")), qPrintable(clerk->message()));
    QCOMPARE(value(QStringLiteral("SELECT room_type_id FROM stays WHERE id = :id"), stay).toLongLong(), m_standard);
    QCOMPARE(value(QStringLiteral("SELECT check_in FROM stays WHERE id = :id"), stay).toDate(), m_first.addDays(54));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("BOOKED"));
    QCOMPARE(booked(m_standard, 54), 1);
    QCOMPARE(booked(m_deluxe, 55), 1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM stays WHERE state = 'HELD'")).toInt(), heldBefore);
    QCOMPARE(clerk->heldStay(), StayId(0));
    QCOMPARE(value(QStringLiteral("SELECT count(*) FROM order_supplement_lines WHERE stay_id = :id"), stay).toInt(), 0);
    QCOMPARE(clerk->grid()->selectedCheckIn(), m_first.addDays(55));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// Check-in opens on the arrival day. A clerk asked to check in tomorrow's guest is told to wait or ask
// a manager; a manager at the desk is asked why and the database records the early check-in.
void TestFrontDeskPanel::checkInOpensOnTheArrivalDayOrAsAManagerAllows()
{
    QVERIFY(book(QStringLiteral("Tomorrow Arrival"), 52, 1));
    const StayId today = book(QStringLiteral("Today Arrival"), 0, 1);
    QVERIFY(today);
    auto clerk = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(clerk);
    int asked = 0;
    clerk->earlyCheckInHook = [&](const StayRecord &) -> std::optional<QString> {
        ++asked;
        return QStringLiteral("a clerk is never asked");
    };
    clickOnStay(*clerk, QStringLiteral("Tomorrow Arrival"), QStringLiteral("Check &in"));
    QVERIFY2(clerk->message().contains(QLatin1String("arrives on a later day")), qPrintable(clerk->message()));
    QVERIFY2(clerk->message().contains(QLatin1String("manager")), qPrintable(clerk->message()));
    QCOMPARE(asked, 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE guest_name = 'Tomorrow Arrival'")).toString(),
             QStringLiteral("BOOKED"));
    clickOnStay(*clerk, QStringLiteral("Today Arrival"), QStringLiteral("Check &in"));
    QVERIFY2(clerk->message().startsWith(QLatin1String("Done")), qPrintable(clerk->message()));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), today).toString(),
             QStringLiteral("CHECKED_IN"));

    auto manager = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(manager);
    QString askedAbout;
    manager->earlyCheckInHook = [&](const StayRecord &stay) -> std::optional<QString> {
        askedAbout = stay.guest;
        return QStringLiteral("Flight landed at dawn; room 12 is ready");
    };
    clickOnStay(*manager, QStringLiteral("Tomorrow Arrival"), QStringLiteral("Check &in"));
    QCOMPARE(askedAbout, QStringLiteral("Tomorrow Arrival"));
    QVERIFY2(manager->message().contains(QLatin1String("Early check-in allowed")), qPrintable(manager->message()));
    QCOMPARE(m_db->scalar(QStringLiteral(
                              "SELECT s.state || '|' || e.allowed_by || '|' || e.reason FROM stays s "
                              "JOIN early_check_ins e ON e.stay_id = s.id WHERE s.guest_name = 'Tomorrow Arrival'"))
                 .toString(),
             QStringLiteral("CHECKED_IN|%1|Flight landed at dawn; room 12 is ready").arg(m_manager));
}

QTEST_MAIN(TestFrontDeskPanel)
#include "tst_frontdeskpanel.moc"
