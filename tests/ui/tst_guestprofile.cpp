// Guest profiles at the front desk, offscreen, signed in as a real clerk and wired as the desktop wires
// it: the name and details typed after the hold are the ones booked and the profile shows the stay; a
// returning guest is offered while the clerk types and, chosen, gets the stay without a second profile;
// a booking without a name is refused before any payment is asked for; the profile's details and notes
// are edited from the Guests tab.

#include "testdatabase.h"

#include "desksession.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/guestprofiledialog.h"
#include "ui/frontdesk/guestprofilefields.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestGuestProfile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void detailsTypedAfterTheHoldAreBookedAndTheProfileShowsTheStay();
    void aReturningGuestIsOfferedAndChosen();
    void aBookingWithoutANameAsksForNoPayment();
    void theProfileIsEditedFromTheGuestsTab();

private:
    std::unique_ptr<FrontDeskPanel> openPanel();
    void holdNights(FrontDeskPanel &panel, int fromDay, int nights);
    void payCash(FrontDeskPanel &panel);
    QVariant value(const QString &sql, qint64 id) const;

    std::unique_ptr<TestDatabase> m_db;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    QDate m_first;
    QString m_clerk;
    const QString m_password = QStringLiteral("profile-pass-77");
    ServerClock m_clock;
    std::vector<std::unique_ptr<DeskSession>> m_sessions;
};

void TestGuestProfile::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("guestprofile"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Profile Inn", "currency": "EUR", "nights": 60,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 10}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    PgInventory inventory(m_db->database());
    for (const HotelSummary &hotel : inventory.hotels.hotels().value()) {
        if (hotel.id == m_hotel) {
            m_first = hotel.firstNight;
            m_standard = hotel.roomTypes.first().id;
        }
    }
    m_clerk = QStringLiteral("profileclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
}

void TestGuestProfile::cleanupTestCase()
{
    m_sessions.clear();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk));
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

std::unique_ptr<FrontDeskPanel> TestGuestProfile::openPanel()
{
    ConnectionSettings settings = m_db->settings();
    settings.user = m_clerk;
    settings.password = m_password;
    auto session = DeskSession::open(settings);
    if (!session)
        return nullptr;
    auto panel
        = std::make_unique<FrontDeskPanel>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, m_clock);
    panel->setServices(session.value()->services());
    m_sessions.push_back(std::move(session.value()));
    panel->resize(1300, 800);
    panel->show();
    panel->selectHotel(m_hotel);
    return panel;
}

void TestGuestProfile::holdNights(FrontDeskPanel &panel, int fromDay, int nights)
{
    panel.chooseNights(m_standard, m_first.addDays(fromDay), m_first.addDays(fromDay + nights));
    panel.holdChosenNights();
    QVERIFY2(panel.heldStay() != 0, qPrintable(panel.message()));
}

void TestGuestProfile::payCash(FrontDeskPanel &panel)
{
    panel.paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("1000"));
        return true;
    };
    panel.book(false);
    QVERIFY2(panel.message().contains(QLatin1String("Booked")), qPrintable(panel.message()));
}

QVariant TestGuestProfile::value(const QString &sql, qint64 id) const
{
    return m_db->scalar(sql, {{QStringLiteral("id"), id}});
}

void TestGuestProfile::detailsTypedAfterTheHoldAreBookedAndTheProfileShowsTheStay()
{
    auto panel = openPanel();
    QVERIFY(panel);
    GuestProfileFields *fields = panel->guestFields();
    QTest::keyClicks(fields->nameEdit(), QStringLiteral("Placeholder"));
    holdNights(*panel, 1, 2);
    const StayId stay = panel->heldStay();
    QCOMPARE(value(QStringLiteral("SELECT guest_name FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("Placeholder"));
    // The guest at the desk spells the name and gives the rest only now.
    fields->nameEdit()->clear();
    QTest::keyClicks(fields->nameEdit(), QStringLiteral("Henrike Maas"));
    QTest::keyClicks(fields->emailEdit(), QStringLiteral("henrike@maas.nl"));
    QTest::keyClicks(fields->phoneEdit(), QStringLiteral("+31 6 1234 5678"));
    QTest::keyClicks(fields->addressEdit(), QStringLiteral("Keizersgracht 1, Amsterdam"));
    payCash(*panel);
    QCOMPARE(value(QStringLiteral("SELECT state || ' ' || guest_name FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("BOOKED Henrike Maas"));
    const qint64 guest = value(QStringLiteral("SELECT guest_id FROM stays WHERE id = :id"), stay).toLongLong();
    QVERIFY(guest);
    QCOMPARE(value(QStringLiteral("SELECT email || ' ' || phone FROM guests WHERE id = :id"), guest).toString(),
             QStringLiteral("henrike@maas.nl +31 6 1234 5678"));
    QVERIFY(fields->nameEdit()->text().isEmpty()); // ready for the next guest

    // The Guests tab finds the stay; its profile shows it.
    panel->findGuests(QStringLiteral("Maas"));
    QCOMPARE(panel->stays()->rowCount(), 1);
    for (QTableView *view : panel->findChildren<QTableView *>())
        if (view->model() == panel->stays())
            view->selectRow(0);
    bool shown = false;
    panel->profileHook = [&](GuestProfileDialog &dialog) {
        shown = true;
        QAbstractItemModelTester tester(dialog.stays(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(dialog.guest(), guest);
        QCOMPARE(dialog.nameEdit()->text(), QStringLiteral("Henrike Maas"));
        QCOMPARE(dialog.addressEdit()->text(), QStringLiteral("Keizersgracht 1, Amsterdam"));
        QCOMPARE(dialog.stays()->rowCount(), 1);
        QCOMPARE(dialog.stays()->stay(0).id, stay);
        QCOMPARE(dialog.stays()->stay(0).state, StayState::Booked);
    };
    auto *button = panel->findChild<QPushButton *>(QStringLiteral("guestProfileButton"));
    QVERIFY(button);
    button->click();
    QVERIFY2(shown, qPrintable(panel->message()));
}

void TestGuestProfile::aReturningGuestIsOfferedAndChosen()
{
    auto panel = openPanel();
    QVERIFY(panel);
    const qint64 profiles = m_db->scalar(QStringLiteral("SELECT count(*) FROM guests")).toLongLong();
    holdNights(*panel, 10, 1);
    const StayId stay = panel->heldStay();
    GuestProfileFields *fields = panel->guestFields();
    QTest::keyClicks(fields->emailEdit(), QStringLiteral("HENRIKE@maas"));
    // Offered once the clerk pauses typing.
    QTRY_COMPARE(fields->offerCount(), 1);
    QVERIFY(fields->offers()->isVisible());
    QVERIFY2(fields->offers()->item(0)->text().contains(QLatin1String("Henrike Maas")),
             qPrintable(fields->offers()->item(0)->text()));
    QVERIFY2(fields->offers()->item(0)->text().contains(QLatin1String("1 stay")),
             qPrintable(fields->offers()->item(0)->text()));
    // Chosen with the keyboard: the fields are hers.
    fields->offers()->setFocus();
    fields->offers()->setCurrentRow(0);
    QTest::keyClick(fields->offers(), Qt::Key_Return);
    QCOMPARE(fields->nameEdit()->text(), QStringLiteral("Henrike Maas"));
    QCOMPARE(fields->emailEdit()->text(), QStringLiteral("henrike@maas.nl"));
    QVERIFY(fields->chosenGuest() != 0);
    QVERIFY(fields->chosenText().contains(QLatin1String("Returning guest")));
    payCash(*panel);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM guests")).toLongLong(), profiles);
    const qint64 guest = value(QStringLiteral("SELECT guest_id FROM stays WHERE id = :id"), stay).toLongLong();
    QCOMPARE(
        value(QStringLiteral("SELECT count(*) FROM stays WHERE guest_id = :id AND state = 'BOOKED'"), guest).toInt(),
        2);
}

void TestGuestProfile::aBookingWithoutANameAsksForNoPayment()
{
    auto panel = openPanel();
    QVERIFY(panel);
    holdNights(*panel, 20, 1);
    const StayId stay = panel->heldStay();
    bool asked = false;
    panel->paymentHook = [&](PaymentDialog &) {
        asked = true;
        return false;
    };
    panel->book(false);
    QVERIFY(!asked);
    QVERIFY2(panel->message().contains(QLatin1String("name")), qPrintable(panel->message()));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(), QStringLiteral("HELD"));
    panel->bookOnGuarantee();
    QVERIFY(!asked);
    // A control character pasted into the phone is refused the same way.
    QTest::keyClicks(panel->guestFields()->nameEdit(), QStringLiteral("Nora Lind"));
    panel->guestFields()->phoneEdit()->setText(QStringLiteral("12") + QChar(0x07));
    panel->book(false);
    QVERIFY(!asked);
    QCOMPARE(value(QStringLiteral("SELECT count(*) FROM guests WHERE name = 'Nora Lind'"), 0).toInt(), 0);
    panel->releaseHeldStay();
}

void TestGuestProfile::theProfileIsEditedFromTheGuestsTab()
{
    auto panel = openPanel();
    QVERIFY(panel);
    panel->findGuests(QStringLiteral("maas")); // fills the search the profile search starts from
    bool shown = false;
    panel->profileHook = [&](GuestProfileDialog &dialog) {
        shown = true;
        QCOMPARE(dialog.found()->count(), 1);
        QCOMPARE(dialog.stays()->rowCount(), 2);
        QSignalSpy chosen(&dialog, &GuestProfileDialog::staySelected);
        dialog.staysView()->selectRow(0);
        QCOMPARE(chosen.count(), 1);
        // A search by phone finds her too.
        QCOMPARE(dialog.search(QStringLiteral("1234 5678")), 1);
        dialog.phoneEdit()->clear();
        QTest::keyClicks(dialog.phoneEdit(), QStringLiteral("+31 20 555 0000"));
        QTest::keyClicks(dialog.notesEdit(), QStringLiteral("Late arrival, usually after 22:00."));
        QVERIFY2(dialog.save(), qPrintable(dialog.message()));
        dialog.emailEdit()->setText(QStringLiteral("not an address"));
        QVERIFY(!dialog.save());
        QVERIFY2(dialog.message().contains(QLatin1String("e-mail")), qPrintable(dialog.message()));
    };
    panel->findGuestProfile();
    QVERIFY(shown);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT phone || ' | ' || notes FROM guests WHERE name = 'Henrike Maas'"))
                 .toString(),
             QStringLiteral("+31 20 555 0000 | Late arrival, usually after 22:00."));
}

QTEST_MAIN(TestGuestProfile)
#include "tst_guestprofile.moc"
