// The front desk's Groups tab, offscreen, signed in as a real manager and a clerk and wired as the
// desktop wires it: a manager holds rooms for a group by typing them in, and the calendar counts them as
// booked; a clerk picks a guest up by name and books the room for cash even with the hotel full; a
// cancelled payment leaves the room in the block; a clerk cannot hold rooms for a group (the button is
// off, and the database refuses anyway); a manager lets the block go and the rooms are on sale at once.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/hotelservice.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/groupblockstab.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDateTimeEdit>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestGroupBlocksTab : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aManagerHoldsRoomsAndTheCalendarCountsThem();
    void aClerkPicksAGuestUpWhenTheHotelIsFull();
    void aCancelledPaymentLeavesTheRoomInTheBlock();
    void aClerkCannotHoldRoomsForAGroup();
    void aManagerLetsTheBlockGo();

private:
    std::unique_ptr<FrontDeskPanel> openPanel(const QString &login, StaffRole role);
    int bookedOnCalendar(FrontDeskPanel &panel, int day) const;
    GroupBlockId blockNamed(const QString &group) const;
    void fillGeneralSale(int fromDay, int nights);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    QDate m_first;
    QString m_manager;
    QString m_clerk;
    const QString m_password = QStringLiteral("groups-pass-1234");
    ServerClock m_clock;
    std::vector<std::unique_ptr<DeskSession>> m_sessions;
    int m_carts = 0;
};

void TestGroupBlocksTab::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("groupblockstab"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Group Inn", "currency": "EUR", "nights": 60,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 4}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id == m_hotel) {
            m_first = hotel.firstNight;
            m_standard = hotel.roomTypes.first().id;
        }
    }
    m_manager = QStringLiteral("groupsmanager_%1").arg(QCoreApplication::applicationPid());
    m_clerk = QStringLiteral("groupsclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
}

void TestGroupBlocksTab::cleanupTestCase()
{
    m_sessions.clear();
    for (const QString &login : {m_manager, m_clerk}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<FrontDeskPanel> TestGroupBlocksTab::openPanel(const QString &login, StaffRole role)
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
    panel->resize(1400, 900);
    panel->show();
    panel->selectHotel(m_hotel);
    for (QTabWidget *tabs : panel->findChildren<QTabWidget *>()) {
        if (tabs->indexOf(panel->groups()) >= 0)
            tabs->setCurrentWidget(panel->groups());
    }
    return panel;
}

int TestGroupBlocksTab::bookedOnCalendar(FrontDeskPanel &panel, int day) const
{
    const HotelCalendar &calendar = panel.grid()->calendar();
    const NightAvailability *cell
        = calendar.at(panel.grid()->rowOf(m_standard), panel.grid()->dayOf(m_first.addDays(day)));
    return cell ? cell->booked : -1;
}

GroupBlockId TestGroupBlocksTab::blockNamed(const QString &group) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT max(id) FROM group_blocks WHERE group_name = :g"),
                 {{QStringLiteral("g"), group}})
        .toLongLong();
}

void TestGroupBlocksTab::fillGeneralSale(int fromDay, int nights)
{
    for (;;) {
        StayRequest request{m_standard,
                            QStringLiteral("walkin-%1").arg(++m_carts),
                            m_first.addDays(fromDay),
                            m_first.addDays(fromDay + nights),
                            QStringLiteral("Walk-in"),
                            std::nullopt};
        if (!HotelService(m_inventory->hotels).holdStay(request))
            return;
    }
}

void TestGroupBlocksTab::aManagerHoldsRoomsAndTheCalendarCountsThem()
{
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    GroupBlocksTab *groups = panel->groups();
    QVERIFY(groups->isVisible());
    QVERIFY(groups->createButton()->isEnabled());
    QTest::keyClicks(groups->groupNameEdit(), QStringLiteral("Thomanerchor"));
    groups->firstNightEdit()->setDate(m_first.addDays(10));
    groups->nightsSpin()->setValue(3);
    groups->roomsSpin()->selectAll();
    QTest::keyClicks(groups->roomsSpin(), QStringLiteral("3"));
    groups->cutoffEdit()->setDateTime(QDateTime::currentDateTime().addDays(5));
    QTest::mouseClick(groups->createButton(), Qt::LeftButton);
    QVERIFY2(groups->message().startsWith(QLatin1String("Holding 3 room")), qPrintable(groups->message()));
    QVERIFY(groups->message().contains(QLatin1String("a night for Thomanerchor until")));
    QCOMPARE(groups->blockTable()->rowCount(), 1);
    QCOMPARE(groups->blockTable()->item(0, 0)->text(), QStringLiteral("Thomanerchor"));
    QCOMPARE(groups->blockTable()->item(0, 6)->text(), QStringLiteral("9")); // remaining room-nights
    QCOMPARE(groups->nightTable()->rowCount(), 3);
    // the calendar reads availability: the block's rooms are booked there until the cut-off
    QCOMPARE(bookedOnCalendar(*panel, 10), 3);
    QCOMPARE(bookedOnCalendar(*panel, 12), 3);
    QCOMPARE(bookedOnCalendar(*panel, 13), 0);
    // and a block the hotel has no room for is refused whole, worded for the desk
    QTest::keyClicks(groups->groupNameEdit(), QStringLiteral("Too Big"));
    groups->roomsSpin()->setValue(2);
    QTest::mouseClick(groups->createButton(), Qt::LeftButton);
    QVERIFY2(groups->message().contains(QLatin1String("Not enough rooms are on sale on")),
             qPrintable(groups->message()));
    QCOMPARE(groups->blockTable()->rowCount(), 1);
}

void TestGroupBlocksTab::aClerkPicksAGuestUpWhenTheHotelIsFull()
{
    const GroupBlockId block = blockNamed(QStringLiteral("Thomanerchor"));
    QVERIFY(block);
    fillGeneralSale(10, 3);
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    QCOMPARE(bookedOnCalendar(*panel, 11), 4); // full
    GroupBlocksTab *groups = panel->groups();
    QVERIFY(groups->selectBlock(block));
    QTest::keyClicks(groups->guestEdit(), QStringLiteral("Johann Sebastian"));
    groups->methodBox()->setCurrentIndex(groups->methodBox()->findData(int(PaymentMethod::Cash)));
    groups->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("250"));
        return true;
    };
    QSignalSpy receipts(groups, &GroupBlocksTab::counterSaleMade);
    QTest::mouseClick(groups->pickUpButton(), Qt::LeftButton);
    QVERIFY2(groups->message().contains(QLatin1String("Booked Johann Sebastian of Thomanerchor")),
             qPrintable(groups->message()));
    QVERIFY(groups->message().contains(QStringLiteral("Give €10.00 change"))); // 3 nights at €80
    QCOMPARE(receipts.count(), 1);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE block_id = :b AND guest_name = 'Johann Sebastian'"),
                     {{QStringLiteral("b"), block}})
            .toString(),
        QStringLiteral("BOOKED"));
    QCOMPARE(groups->blockTable()->item(0, 5)->text(), QStringLiteral("3")); // picked up room-nights
    QCOMPARE(groups->blockTable()->item(0, 6)->text(), QStringLiteral("6"));
    QCOMPARE(groups->nightTable()->item(0, 1)->text(), QStringLiteral("1"));
    QCOMPARE(groups->nightTable()->item(0, 2)->text(), QStringLiteral("2"));
    QCOMPARE(bookedOnCalendar(*panel, 11), 4);
    QVERIFY(groups->guestEdit()->text().isEmpty());
}

void TestGroupBlocksTab::aCancelledPaymentLeavesTheRoomInTheBlock()
{
    const GroupBlockId block = blockNamed(QStringLiteral("Thomanerchor"));
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    GroupBlocksTab *groups = panel->groups();
    QVERIFY(groups->selectBlock(block));
    QTest::keyClicks(groups->guestEdit(), QStringLiteral("Changed Mind"));
    groups->paymentHook = [](PaymentDialog &) { return false; };
    QTest::keyClick(groups->guestEdit(), Qt::Key_Return);
    QVERIFY2(groups->message().contains(QLatin1String("Nothing was booked")), qPrintable(groups->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT min(rooms - picked) FROM group_block_nights WHERE block_id = :b"),
                          {{QStringLiteral("b"), block}})
                 .toInt(),
             2);
    QCOMPARE(groups->blockTable()->item(0, 6)->text(), QStringLiteral("6"));
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestGroupBlocksTab::aClerkCannotHoldRoomsForAGroup()
{
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    GroupBlocksTab *groups = panel->groups();
    QVERIFY(!groups->createButton()->isEnabled());
    // A tampered desktop that calls anyway is refused by the database, worded for the clerk.
    QTest::keyClicks(groups->groupNameEdit(), QStringLiteral("Sneaky Tour"));
    groups->firstNightEdit()->setDate(m_first.addDays(30));
    groups->cutoffEdit()->setDateTime(QDateTime::currentDateTime().addDays(5));
    groups->createBlock();
    QCOMPARE(groups->message(), QStringLiteral("Only a manager holds, shrinks or lets go of a group's rooms."));
    QCOMPARE(blockNamed(QStringLiteral("Sneaky Tour")), 0);
    QVERIFY(groups->selectBlock(blockNamed(QStringLiteral("Thomanerchor"))));
    groups->releaseSelected();
    QCOMPARE(groups->message(), QStringLiteral("Only a manager holds, shrinks or lets go of a group's rooms."));
}

void TestGroupBlocksTab::aManagerLetsTheBlockGo()
{
    const GroupBlockId block = blockNamed(QStringLiteral("Thomanerchor"));
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    GroupBlocksTab *groups = panel->groups();
    QVERIFY(groups->selectBlock(block));
    QCOMPARE(bookedOnCalendar(*panel, 10), 4);
    groups->shrinkSpin()->setValue(2);
    for (QPushButton *button : groups->findChildren<QPushButton *>()) {
        if (button->text() == QLatin1String("&Shrink the block"))
            QTest::mouseClick(button, Qt::LeftButton);
    }
    QVERIFY2(groups->message().contains(QLatin1String("3 room-night")), qPrintable(groups->message()));
    QCOMPARE(bookedOnCalendar(*panel, 10), 3);
    for (QPushButton *button : groups->findChildren<QPushButton *>()) {
        if (button->text() == QLatin1String("&Let the whole block go"))
            QTest::mouseClick(button, Qt::LeftButton);
    }
    QVERIFY2(groups->message().contains(QLatin1String("3 room-night")), qPrintable(groups->message()));
    QCOMPARE(bookedOnCalendar(*panel, 10), 2); // the walk-ins and the guest picked up keep theirs
    QCOMPARE(groups->blockTable()->item(0, 6)->text(), QStringLiteral("0"));
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

QTEST_MAIN(TestGroupBlocksTab)
#include "tst_groupblocks.moc"
