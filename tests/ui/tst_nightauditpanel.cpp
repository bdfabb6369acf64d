// The night audit in the desktop, offscreen, on the front desk's "Night audit" tab, signed in as a real
// manager and a clerk and wired as the desktop wires it: the manager confirms and runs the audit of a
// day, the guaranteed guest who did not arrive becomes a no-show charged the policy's fee, the report
// shows it and exports as CSV; a clerk reads the same report, cannot press Run, and is refused by the
// database when the run is asked for anyway.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/hotelservice.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/common/money.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/nightauditpanel.h"
#include "ui/frontdesk/staycanceldialog.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/serverclock.h"

#include <QDateEdit>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestNightAuditPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aManagerRunsTheAuditAfterConfirming();
    void aClerkReadsTheReportButCannotRunIt();
    void theCancelDialogProposesThePolicysFee();

private:
    std::unique_ptr<FrontDeskPanel> openPanel(const QString &login, StaffRole role);
    NightAuditPanel *auditTab(FrontDeskPanel &panel);
    StayId sellOnGuarantee(const QString &guest, int fromDay, int nights);
    StayId sellForCash(const QString &guest, int fromDay, int nights);
    QString stateOf(StayId stay) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    QDate m_first;
    QString m_manager;
    QString m_clerk;
    const QString m_password = QStringLiteral("audit-panel-pass-7");
    ServerClock m_clock;
    std::vector<std::unique_ptr<DeskSession>> m_sessions;
    StayId m_noShow = 0;
    int m_carts = 0;
};

void TestNightAuditPanel::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("nightauditpanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Night Panel Inn", "currency": "EUR", "nights": 10,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 3}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        m_standard = hotel.roomTypes.value(0).id;
    }
    QVERIFY(m_db->exec(QStringLiteral("INSERT INTO hotel_cancellation_policies (hotel_id, free_until_hours, "
                                      "no_show_fee_kind) VALUES (:h, 72, 'FIRST_NIGHT')"),
                       {{QStringLiteral("h"), m_hotel}}));
    m_manager = QStringLiteral("auditpanelmanager_%1").arg(QCoreApplication::applicationPid());
    m_clerk = QStringLiteral("auditpanelclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    m_noShow = sellOnGuarantee(QStringLiteral("Nora No-Show"), 0, 2);
    QVERIFY(m_noShow);
}

void TestNightAuditPanel::cleanupTestCase()
{
    m_sessions.clear();
    for (const QString &login : {m_manager, m_clerk}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<FrontDeskPanel> TestNightAuditPanel::openPanel(const QString &login, StaffRole role)
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

// The tab a clerk would click, and the day they would type.
NightAuditPanel *TestNightAuditPanel::auditTab(FrontDeskPanel &panel)
{
    auto *tabs = panel.findChild<QTabWidget *>();
    NightAuditPanel *audit = panel.nightAudit();
    if (!tabs || !audit)
        return nullptr;
    tabs->setCurrentWidget(audit);
    QDateEdit *date = audit->dateEdit();
    date->setFocus();
    date->selectAll();
    QTest::keyClicks(date, m_first.toString(QStringLiteral("yyyy-MM-dd")));
    QTest::keyClick(date, Qt::Key_Enter);
    if (date->date() != m_first) // typed sections may not take on every platform style
        date->setDate(m_first);
    return audit;
}

StayId TestNightAuditPanel::sellOnGuarantee(const QString &guest, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("audit-panel-%1").arg(++m_carts);
    StayRequest request{m_standard, cart,        m_first.addDays(fromDay), m_first.addDays(fromDay + nights),
                        guest,      std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment guarantee;
    guarantee.method = PaymentMethod::Guarantee;
    guarantee.cardReference = QStringLiteral("CARD-%1").arg(m_carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    return quote && sales.sell(cart, guarantee, quote.value()) ? held->id : 0;
}

StayId TestNightAuditPanel::sellForCash(const QString &guest, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("audit-panel-cash-%1").arg(++m_carts);
    StayRequest request{m_standard, cart,        m_first.addDays(fromDay), m_first.addDays(fromDay + nights),
                        guest,      std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment cash;
    cash.tendered = Money(9000LL * nights, QStringLiteral("EUR"));
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    return quote && sales.sell(cart, cash, quote.value()) ? held->id : 0;
}

QString TestNightAuditPanel::stateOf(StayId stay) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), {{QStringLiteral("s"), stay}})
        .toString();
}

void TestNightAuditPanel::aManagerRunsTheAuditAfterConfirming()
{
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
    NightAuditPanel *audit = auditTab(*panel);
    QVERIFY(audit);
    QCOMPARE(audit->dateEdit()->date(), m_first);
    QVERIFY2(audit->figures().contains(QLatin1String("has not run")), qPrintable(audit->figures()));
    QVERIFY(audit->runButton()->isEnabled());

    // Asked first; "no" changes nothing.
    QString asked;
    audit->confirmHook = [&](const QString &question) {
        asked = question;
        return false;
    };
    QTest::mouseClick(audit->runButton(), Qt::LeftButton);
    QVERIFY2(asked.contains(QLatin1String("no-show fee")), qPrintable(asked));
    QCOMPARE(stateOf(m_noShow), QStringLiteral("BOOKED"));

    audit->confirmHook = [](const QString &) { return true; };
    QTest::mouseClick(audit->runButton(), Qt::LeftButton);
    QCOMPARE(stateOf(m_noShow), QStringLiteral("NO_SHOW"));
    QVERIFY2(audit->message().contains(QStringLiteral("€90.00")), qPrintable(audit->message()));
    QVERIFY(audit->report().has_value());
    QCOMPARE(audit->table()->rowCount(), 1);
    QCOMPARE(audit->table()->item(0, 1)->text(), QStringLiteral("Nora No-Show"));
    QCOMPARE(audit->table()->item(0, 4)->text(), QStringLiteral("No-show (guaranteed)"));
    QCOMPARE(audit->table()->item(0, 5)->text(), QStringLiteral("€90.00"));
    QVERIFY2(audit->figures().contains(QLatin1String("No-shows 1")), qPrintable(audit->figures()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT booked FROM room_nights WHERE room_type_id = :r AND night = :n"),
                          {{QStringLiteral("r"), m_standard}, {QStringLiteral("n"), m_first}})
                 .toInt(),
             0);

    // Pressed again: nothing charged twice, and it says so.
    QTest::mouseClick(audit->runButton(), Qt::LeftButton);
    QVERIFY2(audit->message().contains(QLatin1String("already run")), qPrintable(audit->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments WHERE method = 'card'")).toInt(), 1);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("audit.csv"));
    audit->savePathHook = [&] { return path; };
    auto *exportButton = audit->findChild<QPushButton *>(QStringLiteral("exportNightAudit"));
    QVERIFY(exportButton && exportButton->isEnabled());
    QTest::mouseClick(exportButton, Qt::LeftButton);
    QFile csv(path);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(csv.readAll());
    QVERIFY2(written.contains(QLatin1String("Nora No-Show,STD")), qPrintable(written));
    QVERIFY2(written.contains(QLatin1String("NO_SHOW,GUARANTEE,90.00")), qPrintable(written));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestNightAuditPanel::aClerkReadsTheReportButCannotRunIt()
{
    const StayId later = sellOnGuarantee(QStringLiteral("Larry Later"), 0, 1);
    QVERIFY(later);
    auto panel = openPanel(m_clerk, StaffRole::Clerk);
    QVERIFY(panel);
    NightAuditPanel *audit = auditTab(*panel);
    QVERIFY(audit);
    QVERIFY(!audit->runButton()->isEnabled());
    QVERIFY2(audit->runButton()->toolTip().contains(QLatin1String("Only a manager")),
             qPrintable(audit->runButton()->toolTip()));
    // the manager's run, read back
    QVERIFY(audit->report().has_value());
    QCOMPARE(audit->report()->runBy, m_manager);
    QCOMPARE(audit->table()->rowCount(), 1);

    // asked for anyway (a tampered desktop): the database refuses, in words for a clerk
    audit->confirmHook = [](const QString &) { return true; };
    audit->runAudit();
    QVERIFY2(!audit->message().isEmpty(), "the refusal is said");
    QVERIFY2(!audit->message().contains(QLatin1String("42501")), qPrintable(audit->message()));
    QCOMPARE(stateOf(later), QStringLiteral("BOOKED"));
}

void TestNightAuditPanel::theCancelDialogProposesThePolicysFee()
{
    // Arriving tomorrow under a 72-hour policy: the free cancellation has ended, the first night is due.
    const StayId stay = sellForCash(QStringLiteral("Lena Late"), 1, 2);
    QVERIFY(stay);
    auto panel = openPanel(m_manager, StaffRole::Manager);
    QVERIFY(panel);
    QString policy;
    bool feeProposed = false;
    QString feeText;
    panel->cancelHook = [&](StayCancelDialog &dialog) {
        policy = dialog.policy();
        feeProposed = dialog.keepFeeButton()->isChecked();
        feeText = dialog.feeEdit()->text();
        QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("late cancellation, per policy"));
        return dialog.mayConfirm();
    };
    panel->findGuests(QStringLiteral("Lena Late"));
    QCOMPARE(panel->stays()->rowCount(), 1);
    for (QTableView *view : panel->findChildren<QTableView *>())
        if (view->model() == panel->stays())
            view->selectRow(0);
    QPushButton *cancel = nullptr;
    for (QPushButton *candidate : panel->findChildren<QPushButton *>())
        if (candidate->text() == QStringLiteral("Ca&ncel stay"))
            cancel = candidate;
    QVERIFY(cancel);
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY2(policy.contains(QStringLiteral("€90.00")), qPrintable(policy));
    QVERIFY(feeProposed);
    QCOMPARE(feeText, Money(9000, QStringLiteral("EUR")).inputText());
    QCOMPARE(stateOf(stay), QStringLiteral("CANCELLED"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT sum(amount_minor) FROM order_ledger l JOIN stays s ON s.order_id = "
                                         "l.order_id WHERE s.id = :s AND l.entry = 'FEE_KEPT'"),
                          {{QStringLiteral("s"), stay}})
                 .toLongLong(),
             9000LL);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_MAIN(TestNightAuditPanel)
#include "tst_nightauditpanel.moc"
