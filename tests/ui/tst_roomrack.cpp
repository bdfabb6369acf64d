// The front desk's Rooms tab, offscreen, signed in as a real clerk and wired as the desktop wires it:
// the room rack shows every room with its housekeeping state in colour and words; the clerk finds a
// stay by name, selects a room and gives it to the stay, is told plainly when the room is taken, moves
// a guest in house to another room, goes round housekeeping, and takes a room out of order, which the
// calendar above counts as one room fewer until it is back in service.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/hotelservice.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/roomrackmodel.h"
#include "ui/hotel/roomrackpanel.h"
#include "ui/sale/serverclock.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestRoomRack : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void theRoomsTabShowsEveryRoomAndItsHousekeeping();
    void aClerkGivesABookedStayARoom();
    void aRoomTakenOnOneOfTheNightsIsRefusedInPlainWords();
    void housekeepingGoesRoundFromTheRack();
    void aGuestInHouseMovesToAnotherRoom();
    void outOfOrderNightsShowInTheRackAndTheCalendar();

private:
    void openPanel();
    StayId book(const QString &guest, RoomTypeId type, int fromDay, int nights);
    void click(const QString &objectName);
    void clickRoom(const QString &number); // a click on the room's number in the rack
    void findAndChoose(const QString &guest);
    QString claimsOf(StayId stay) const; // "STD02 0-3": room and nights as days after today
    QString housekeeping(const QString &number) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    RoomTypeId m_deluxe = 0;
    QDate m_first;
    QString m_clerk;
    const QString m_password = QStringLiteral("rack-pass-1234");
    ServerClock m_clock;
    std::unique_ptr<DeskSession> m_session;
    std::unique_ptr<FrontDeskPanel> m_panel;
    RoomRackPanel *m_rooms = nullptr;
    int m_carts = 0;
};

void TestRoomRack::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("roomrack"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Rack Inn", "currency": "EUR", "nights": 30,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 2, "sellable": 4},
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
    m_clerk = QStringLiteral("rackclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    openPanel();
    QVERIFY(m_rooms);
}

void TestRoomRack::cleanupTestCase()
{
    m_panel.reset();
    m_session.reset();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk)); // letters, digits and '_' only
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

void TestRoomRack::openPanel()
{
    ConnectionSettings settings = m_db->settings();
    settings.user = m_clerk;
    settings.password = m_password;
    auto session = DeskSession::open(settings);
    QVERIFY(session.ok());
    m_session = std::move(session.value());
    m_panel
        = std::make_unique<FrontDeskPanel>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, m_clock);
    m_panel->setServices(m_session->services());
    m_panel->resize(1500, 900);
    m_panel->show();
    QVERIFY(m_panel->selectHotel(m_hotel));
    m_rooms = m_panel->rooms();
}

StayId TestRoomRack::book(const QString &guest, RoomTypeId type, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("rack-stay-%1").arg(++m_carts);
    StayRequest request{type, cart, m_first.addDays(fromDay), m_first.addDays(fromDay + nights), guest, std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    const auto order = m_inventory->carts.createOrder(cart);
    return order && m_inventory->carts.confirm(order->id) ? held->id : 0;
}

void TestRoomRack::click(const QString &objectName)
{
    auto *button = m_rooms->findChild<QPushButton *>(objectName);
    QVERIFY2(button, qPrintable(objectName));
    QVERIFY2(button->isEnabled(), qPrintable(objectName));
    QTest::mouseClick(button, Qt::LeftButton);
}

void TestRoomRack::clickRoom(const QString &number)
{
    const int row = m_rooms->model()->rowOf(number);
    QVERIFY2(row >= 0, qPrintable(number));
    QTableView *view = m_rooms->view();
    const QModelIndex cell = m_rooms->model()->index(row, RoomRackModel::RoomColumn);
    view->scrollTo(cell);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(cell).center());
    QCOMPARE(view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(view->selectionModel()->selectedRows().first().row(), row);
}

void TestRoomRack::findAndChoose(const QString &guest)
{
    auto *search = m_rooms->findChild<QLineEdit *>(QStringLiteral("roomStaySearch"));
    QVERIFY(search);
    search->clear();
    QTest::keyClicks(search, guest);
    QTest::keyClick(search, Qt::Key_Return);
    auto *stays = m_rooms->findChild<QComboBox *>(QStringLiteral("roomStays"));
    QCOMPARE(stays->count(), 1);
    QVERIFY2(stays->currentText().contains(guest), qPrintable(stays->currentText()));
}

QString TestRoomRack::claimsOf(StayId stay) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT COALESCE(string_agg(r.number || ' ' || (lower(a.nights) - current_date) || '-' "
                                "|| (upper(a.nights) - current_date), ', ' ORDER BY lower(a.nights)), '') "
                                "FROM room_assignments a JOIN rooms r ON r.id = a.room_id WHERE a.stay_id = :s"),
                 {{QStringLiteral("s"), stay}})
        .toString();
}

QString TestRoomRack::housekeeping(const QString &number) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT housekeeping_state FROM rooms WHERE hotel_id = :h AND number = :n"),
                 {{QStringLiteral("h"), m_hotel}, {QStringLiteral("n"), number}})
        .toString();
}

void TestRoomRack::theRoomsTabShowsEveryRoomAndItsHousekeeping()
{
    auto *tabs = m_panel->findChild<QTabWidget *>();
    QVERIFY(tabs);
    const int roomsTab = tabs->indexOf(m_rooms);
    QVERIFY(roomsTab >= 0);
    QCOMPARE(tabs->tabText(roomsTab), QStringLiteral("Room rac&k"));
    tabs->setCurrentIndex(roomsTab);
    QAbstractItemModelTester tester(m_rooms->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    RoomRackModel *model = m_rooms->model();
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->columnCount(), RoomRackModel::FirstNightColumn + 14);
    QCOMPARE(model->index(0, RoomRackModel::RoomColumn).data().toString(), QStringLiteral("STD01"));
    QCOMPARE(model->index(2, RoomRackModel::TypeColumn).data().toString(), QStringLiteral("DLX"));
    const QModelIndex state = model->index(0, RoomRackModel::HousekeepingColumn);
    QCOMPARE(state.data().toString(), QStringLiteral("Clean"));
    QCOMPARE(state.data(Qt::BackgroundRole).value<QColor>(), RoomRackModel::housekeepingColour(Housekeeping::Clean));
    QVERIFY(RoomRackModel::housekeepingColour(Housekeeping::Dirty)
            != RoomRackModel::housekeepingColour(Housekeeping::Clean));
    QCOMPARE(model->index(0, RoomRackModel::FirstNightColumn).data(Qt::AccessibleTextRole).toString(),
             QStringLiteral("Free"));
}

void TestRoomRack::aClerkGivesABookedStayARoom()
{
    const StayId stay = book(QStringLiteral("Ada Lovelace"), m_standard, 1, 3);
    QVERIFY(stay);
    findAndChoose(QStringLiteral("Lovelace"));
    // no room selected yet: said, nothing changed
    m_rooms->view()->clearSelection();
    click(QStringLiteral("assignRoom"));
    QCOMPARE(m_rooms->message(), QStringLiteral("Choose a room first."));
    clickRoom(QStringLiteral("STD02"));
    click(QStringLiteral("assignRoom"));
    QVERIFY2(m_rooms->message().startsWith(QLatin1String("Room STD02 is Ada Lovelace's")),
             qPrintable(m_rooms->message()));
    QCOMPARE(claimsOf(stay), QStringLiteral("STD02 1-4"));
    const int row = m_rooms->model()->rowOf(QStringLiteral("STD02"));
    const QModelIndex night = m_rooms->model()->index(row, RoomRackModel::FirstNightColumn + 2);
    QCOMPARE(night.data().toString(), QStringLiteral("Ada Lovelace"));
    QCOMPARE(night.data(RoomRackModel::StayIdRole).toLongLong(), stay);
    QVERIFY(!m_rooms->model()->index(row, RoomRackModel::FirstNightColumn).data(RoomRackModel::StayIdRole).isValid());
}

void TestRoomRack::aRoomTakenOnOneOfTheNightsIsRefusedInPlainWords()
{
    const StayId stay = book(QStringLiteral("Grace Hopper"), m_standard, 3, 2);
    QVERIFY(stay);
    findAndChoose(QStringLiteral("Hopper"));
    clickRoom(QStringLiteral("STD02")); // Ada Lovelace's on night 3
    click(QStringLiteral("assignRoom"));
    QCOMPARE(m_rooms->message(), QStringLiteral("The room is taken or out of order on one of those nights."));
    QCOMPARE(claimsOf(stay), QString());
    clickRoom(QStringLiteral("DLX01"));
    click(QStringLiteral("assignRoom"));
    QCOMPARE(m_rooms->message(), QStringLiteral("The room is not of the stay's room type."));
    clickRoom(QStringLiteral("STD01"));
    click(QStringLiteral("assignRoom"));
    QCOMPARE(claimsOf(stay), QStringLiteral("STD01 3-5"));
}

void TestRoomRack::housekeepingGoesRoundFromTheRack()
{
    clickRoom(QStringLiteral("DLX01"));
    click(QStringLiteral("housekeepingDIRTY"));
    QCOMPARE(m_rooms->message(), QStringLiteral("Room DLX01 is dirty."));
    QCOMPARE(housekeeping(QStringLiteral("DLX01")), QStringLiteral("DIRTY"));
    const int row = m_rooms->model()->rowOf(QStringLiteral("DLX01"));
    QCOMPARE(m_rooms->model()->index(row, RoomRackModel::HousekeepingColumn).data().toString(),
             QStringLiteral("Dirty"));
    QCOMPARE(m_rooms->model()
                 ->index(row, RoomRackModel::HousekeepingColumn)
                 .data(Qt::ToolTipRole)
                 .toString()
                 .contains(m_clerk),
             true);
    click(QStringLiteral("housekeepingINSPECTED"));
    QVERIFY2(m_rooms->message().startsWith(QLatin1String("Housekeeping goes dirty, clean, inspected")),
             qPrintable(m_rooms->message()));
    QCOMPARE(housekeeping(QStringLiteral("DLX01")), QStringLiteral("DIRTY"));
    // the selection survived the rack being read again
    QCOMPARE(m_rooms->view()->selectionModel()->selectedRows().first().row(), row);
    click(QStringLiteral("housekeepingCLEAN"));
    click(QStringLiteral("housekeepingINSPECTED"));
    QCOMPARE(housekeeping(QStringLiteral("DLX01")), QStringLiteral("INSPECTED"));
    QCOMPARE(m_rooms->model()->index(row, RoomRackModel::HousekeepingColumn).data().toString(),
             QStringLiteral("Inspected"));
}

void TestRoomRack::aGuestInHouseMovesToAnotherRoom()
{
    const StayId stay = book(QStringLiteral("Alan Turing"), m_deluxe, 0, 2);
    QVERIFY(stay);
    // checked in at the Guests tab's button: the check-in gives the guest the inspected room
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET state = 'CHECKED_IN' WHERE id = :s"),
                       {{QStringLiteral("s"), stay}}));
    QCOMPARE(claimsOf(stay), QStringLiteral("DLX01 0-2"));
    findAndChoose(QStringLiteral("Turing"));
    QVERIFY(m_rooms->findChild<QComboBox *>(QStringLiteral("roomStays"))
                ->currentText()
                .contains(QLatin1String("in house")));
    clickRoom(QStringLiteral("DLX01"));
    click(QStringLiteral("moveGuest"));
    QCOMPARE(m_rooms->message(), QStringLiteral("The guest is in that room already."));
    // a move to a room of another type is refused; the guest stays where they are
    clickRoom(QStringLiteral("STD01"));
    click(QStringLiteral("moveGuest"));
    QCOMPARE(m_rooms->message(), QStringLiteral("The room is not of the stay's room type."));
    QCOMPARE(claimsOf(stay), QStringLiteral("DLX01 0-2"));
    // the database's own answer for an in-house guest on a booked-stay action
    click(QStringLiteral("assignRoom"));
    QCOMPARE(m_rooms->message(), QStringLiteral("Only a booked stay gets a room ahead of arrival."));
}

void TestRoomRack::outOfOrderNightsShowInTheRackAndTheCalendar()
{
    HotelGridView *grid = m_panel->grid();
    const int standardRow = grid->rowOf(m_standard);
    QCOMPARE(grid->calendar().at(standardRow, grid->dayOf(m_first.addDays(1)))->physical, 2);
    clickRoom(QStringLiteral("STD01"));
    auto *reason = m_rooms->findChild<QLineEdit *>(QStringLiteral("outOfOrderReason"));
    QVERIFY(reason);
    click(QStringLiteral("outOfOrder"));
    QCOMPARE(m_rooms->message(), QStringLiteral("Say why the room is out of order."));
    // STD01 is Grace Hopper's from night 3: out of order over it is refused
    m_rooms->markOutOfOrder(m_first, m_first.addDays(4), QStringLiteral("broken window"));
    QVERIFY2(m_rooms->message().startsWith(QLatin1String("A guest has the room")), qPrintable(m_rooms->message()));
    QTest::keyClicks(reason, QStringLiteral("broken window"));
    click(QStringLiteral("outOfOrder")); // tonight only: the dates as the tab opens
    QVERIFY2(m_rooms->message().startsWith(QLatin1String("Room STD01 is out of order for 1 night")),
             qPrintable(m_rooms->message()));
    QCOMPARE(housekeeping(QStringLiteral("STD01")), QStringLiteral("OUT_OF_ORDER"));
    const int row = m_rooms->model()->rowOf(QStringLiteral("STD01"));
    const QModelIndex tonight = m_rooms->model()->index(row, RoomRackModel::FirstNightColumn);
    QVERIFY(tonight.data(RoomRackModel::OutOfOrderRole).toBool());
    QCOMPARE(tonight.data(Qt::ToolTipRole).toString(), QStringLiteral("Out of order: broken window"));
    QCOMPARE(m_rooms->model()->index(row, RoomRackModel::HousekeepingColumn).data().toString(),
             QStringLiteral("Out of order"));
    // the calendar above counts one room fewer tonight, and only tonight
    QCOMPARE(grid->calendar().at(standardRow, grid->dayOf(m_first))->physical, 1);
    QCOMPARE(grid->calendar().at(standardRow, grid->dayOf(m_first.addDays(1)))->physical, 2);
    click(QStringLiteral("backInService"));
    QCOMPARE(m_rooms->message(), QStringLiteral("Room STD01 is back in service and waits for housekeeping."));
    QCOMPARE(housekeeping(QStringLiteral("STD01")), QStringLiteral("DIRTY"));
    QCOMPARE(grid->calendar().at(standardRow, grid->dayOf(m_first))->physical, 2);
    QVERIFY(
        !m_rooms->model()->index(row, RoomRackModel::FirstNightColumn).data(RoomRackModel::OutOfOrderRole).toBool());
}

QTEST_MAIN(TestRoomRack)
#include "tst_roomrack.moc"
