// Room rates at the front desk, offscreen, signed in as a real manager and a clerk, wired as the desktop
// wires them: the manager opens Rates… from the front desk, types a weekend rate, sees the nights'
// prices previewed before adding it, adds it, and the calendar's nights and their tooltips show the new
// prices; a season's preview and removing a rate; a clerk may look but the database refuses a change,
// worded for the clerk.

#include "desksession.h"
#include "moneycompare.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/ratesdialog.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/sale/serverclock.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QHelpEvent>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QToolTip>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestRatesDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aManagerAddsAWeekendRateSeenOnTheCalendar();
    void theSeasonIsPreviewedAndARateRemoved();
    void aClerkLooksButIsRefusedAChange();

private:
    std::unique_ptr<FrontDeskPanel> openPanel(const QString &login, StaffRole role);
    int dayOf(Qt::DayOfWeek weekday) const; // the first such night on or after the calendar's first
    qint64 shownPrice(FrontDeskPanel &panel, int day) const; // the standard row's night on the calendar

    std::unique_ptr<TestDatabase> m_db;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    QDate m_first;
    QString m_manager;
    QString m_clerk;
    const QString m_password = QStringLiteral("rates-pass-1234");
    ServerClock m_clock;
    std::vector<std::unique_ptr<DeskSession>> m_sessions;
};

void TestRatesDialog::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("ratesdialog"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Rates Inn", "currency": "EUR", "nights": 60,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 2},
                                              {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 14000, "rooms": 1}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    PgInventory inventory(m_db->database());
    for (const HotelSummary &hotel : inventory.hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes) {
            if (type.code == QLatin1String("STD"))
                m_standard = type.id;
        }
    }
    QVERIFY(m_standard);
    m_manager = QStringLiteral("ratesmanager_%1").arg(QCoreApplication::applicationPid());
    m_clerk = QStringLiteral("ratesclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
}

void TestRatesDialog::cleanupTestCase()
{
    m_sessions.clear();
    for (const QString &login : {m_manager, m_clerk}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login));
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<FrontDeskPanel> TestRatesDialog::openPanel(const QString &login, StaffRole role)
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

int TestRatesDialog::dayOf(Qt::DayOfWeek weekday) const
{
    return (int(weekday) - m_first.dayOfWeek() + 7) % 7;
}

qint64 TestRatesDialog::shownPrice(FrontDeskPanel &panel, int day) const
{
    const HotelGridView *grid = panel.grid();
    const NightAvailability *night = grid->calendar().at(grid->rowOf(m_standard), grid->dayOf(m_first.addDays(day)));
    return night ? night->price.minor() : -1;
}

void TestRatesDialog::aManagerAddsAWeekendRateSeenOnTheCalendar()
{
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    auto *ratesButton = panel->findChild<QPushButton *>(QStringLiteral("ratesButton"));
    QVERIFY(ratesButton && ratesButton->isEnabled());
    const int friday = dayOf(Qt::Friday);
    QCOMPARE(shownPrice(*panel, friday), 8000);

    bool opened = false;
    panel->ratesHook = [&](RatesDialog &dialog) {
        opened = true;
        QCOMPARE(dialog.rulesTable()->rowCount(), 0);
        QTest::keyClicks(dialog.nameEdit(), QStringLiteral("Weekend"));
        dialog.firstNightEdit()->setDate(m_first);
        dialog.lastNightEdit()->setDate(m_first.addDays(59));
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("rateWeekend")), Qt::LeftButton);
        QVERIFY(dialog.weekdayBox(Qt::Friday)->isChecked() && dialog.weekdayBox(Qt::Saturday)->isChecked());
        QVERIFY(!dialog.weekdayBox(Qt::Sunday)->isChecked());
        QTest::keyClicks(dialog.priceEdit(), QStringLiteral("125.50"));
        // Previewed before anything is added: Friday and Saturday at the new rate, the rest as before.
        const QVector<NightPrice> preview = dialog.preview();
        QCOMPARE(preview.size(), RatesDialog::previewNights);
        QCOMPARE(preview.at(friday).price, Money(12550, QStringLiteral("EUR")));
        QCOMPARE(preview.at(dayOf(Qt::Saturday)).price, Money(12550, QStringLiteral("EUR")));
        QCOMPARE(preview.at(dayOf(Qt::Sunday)).price, Money(8000, QStringLiteral("EUR")));
        QVERIFY(dialog.previewTable()->item(friday, 2)->text().contains(QStringLiteral("Weekend")));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM room_rates")).toInt(), 0);

        QTest::mouseClick(dialog.addButton(), Qt::LeftButton);
        QVERIFY2(dialog.message().contains(QStringLiteral("added")), qPrintable(dialog.message()));
        QCOMPARE(dialog.rulesTable()->rowCount(), 1);
        QCOMPARE(dialog.rulesTable()->item(0, 0)->text(), QStringLiteral("Weekend"));
        QVERIFY(dialog.nameEdit()->text().isEmpty());
    };
    QTest::mouseClick(ratesButton, Qt::LeftButton);
    QVERIFY(opened);
    // The calendar read again: Friday's night costs the weekend rate, and its tooltip says so.
    QCOMPARE(shownPrice(*panel, friday), 12550);
    QCOMPARE(shownPrice(*panel, dayOf(Qt::Monday)), 8000);
    HotelGridView *grid = panel->grid();
    grid->scrollToNight(m_first.addDays(friday));
    const QPoint pos = grid->cellRect(grid->rowOf(m_standard), grid->dayOf(m_first.addDays(friday))).center();
    QHelpEvent help(QEvent::ToolTip, pos, grid->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(grid->viewport(), &help);
    const QString tip = QToolTip::text();
    QVERIFY2(tip.contains(QStringLiteral("125.50")), qPrintable(tip));
    QToolTip::hideText();
}

void TestRatesDialog::theSeasonIsPreviewedAndARateRemoved()
{
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    const int monday = dayOf(Qt::Monday) + 7;
    panel->ratesHook = [&](RatesDialog &dialog) {
        QCOMPARE(dialog.rulesTable()->rowCount(), 1); // the weekend from the test before
        QTest::keyClicks(dialog.nameEdit(), QStringLiteral("Season"));
        dialog.firstNightEdit()->setDate(m_first.addDays(monday));
        dialog.lastNightEdit()->setDate(m_first.addDays(monday + 13));
        QTest::keyClicks(dialog.priceEdit(), QStringLiteral("100"));
        // Shorter than the year's weekend, so the season wins on its weekend too.
        QCOMPARE(dialog.preview().at(0).night, m_first.addDays(monday));
        QCOMPARE(dialog.preview().at(0).price, Money(10000, QStringLiteral("EUR")));
        QCOMPARE(dialog.preview().at(4).price, Money(10000, QStringLiteral("EUR"))); // its Friday
        QCOMPARE(dialog.preview().at(14).price, Money(8000, QStringLiteral("EUR"))); // the Monday after it
        QCOMPARE(dialog.preview().at(18).price, Money(12550, QStringLiteral("EUR"))); // the weekend after it
        QVERIFY(dialog.addRate());
        QCOMPARE(dialog.rulesTable()->rowCount(), 2);

        // The weekend removed: its nights fall back to the room type's price.
        int row = -1;
        for (int r = 0; r < dialog.rulesTable()->rowCount(); ++r) {
            if (dialog.rulesTable()->item(r, 0)->text() == QLatin1String("Weekend"))
                row = r;
        }
        QVERIFY(row >= 0);
        dialog.rulesTable()->selectRow(row);
        QVERIFY(dialog.removeButton()->isEnabled());
        QTest::mouseClick(dialog.removeButton(), Qt::LeftButton);
        QVERIFY2(dialog.message().contains(QStringLiteral("removed")), qPrintable(dialog.message()));
        QCOMPARE(dialog.rulesTable()->rowCount(), 1);
    };
    QTest::mouseClick(panel->findChild<QPushButton *>(QStringLiteral("ratesButton")), Qt::LeftButton);
    QCOMPARE(shownPrice(*panel, monday + 4), 10000);
    QCOMPARE(shownPrice(*panel, dayOf(Qt::Friday)), 8000);
}

void TestRatesDialog::aClerkLooksButIsRefusedAChange()
{
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    auto *ratesButton = panel->findChild<QPushButton *>(QStringLiteral("ratesButton"));
    QVERIFY(ratesButton->isEnabled()); // reading is everyone's
    bool opened = false;
    panel->ratesHook = [&](RatesDialog &dialog) {
        opened = true;
        QCOMPARE(dialog.rulesTable()->rowCount(), 1);
        QVERIFY(!dialog.addButton()->isEnabled());
        // A tampered desk that adds anyway: the database refuses, and the clerk reads why.
        QTest::keyClicks(dialog.nameEdit(), QStringLiteral("Clerk's bargain"));
        QTest::keyClicks(dialog.priceEdit(), QStringLiteral("1"));
        QVERIFY(!dialog.addRate());
        QVERIFY2(dialog.message().contains(QStringLiteral("Only a manager")), qPrintable(dialog.message()));
        QVERIFY(!dialog.changed());
    };
    QTest::mouseClick(ratesButton, Qt::LeftButton);
    QVERIFY(opened);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM room_rates")).toInt(), 1);
}

QTEST_MAIN(TestRatesDialog)
#include "tst_ratesdialog.moc"
