// The till in the desktop, offscreen, signed in as a real clerk and then a real manager and wired as the
// desktop wires them (the desk window's Till tab over the session's till opener): the clerk opens the
// till with a float typed as a clerk types it, sells through the desk's own services, counts the cash
// (an unreadable amount refused) and closes it short; the figures come from the server, computed on a
// worker thread; a manager sees the closed till waiting, countersigns it, and reads the day report.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/seatholdservice.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"
#include "ui/sale/serverclock.h"
#include "ui/till/tillpanel.h"
#include "ui/till/tillrunner.h"

#include <QElapsedTimer>
#include <QGroupBox>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestTillPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void unreadableFloatsOpenNothing_data();
    void unreadableFloatsOpenNothing();
    void aClerkOpensSellsCountsAndCloses();
    void theServerIsAskedOffTheGuiThread();
    void aNewConnectionDoesNotWaitForTheOldOne();
    void aManagerCountersignsAndReadsTheDay();

private:
    struct Signed
    {
        std::unique_ptr<DeskSession> session;
        std::unique_ptr<DeskWindow> window;
    };
    Signed signIn(const QString &login, StaffRole role);
    OrderId sell(DeskSession &session, int seats, const CounterPayment &payment);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<ServerClock> m_clock;
    Signed m_clerkDesk;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    int m_nextUnit = 0;
    int m_carts = 0;
    QString m_clerk;
    QString m_manager;
    ShiftId m_closedShift = 0;
    const QString m_password = QStringLiteral("till-panel-pass-1234");
    const QString m_terminal = QStringLiteral("Box office 1");
};

void TestTillPanel::initTestCase()
{
    // The terminal's name goes to a scratch settings file, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_tillpanel"));
    QSettings().clear();
    QSettings().setValue(QStringLiteral("desk/terminal"), m_terminal);

    m_db = std::make_unique<TestDatabase>(QStringLiteral("tillpanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Till Panel Hall"), 4, 10, 600, 1, 3000);
    m_units = m_db->units(m_hall.eventId);
    m_clerk = QStringLiteral("tillpanelclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("tillpanelmanager_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    m_clock = std::make_unique<ServerClock>();
    m_clerkDesk = signIn(m_clerk, StaffRole::Clerk);
    QVERIFY(m_clerkDesk.window);
    // The tab shown asks the server at once; the answer: no till yet.
    QTRY_VERIFY(m_clerkDesk.window->till()->reportTitle().contains(QLatin1String("no till open")));
    QVERIFY(!m_clerkDesk.window->till()->countersignButton()->isVisible());
}

void TestTillPanel::cleanupTestCase()
{
    m_clerkDesk.window.reset();
    m_clerkDesk.session.reset();
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

TestTillPanel::Signed TestTillPanel::signIn(const QString &login, StaffRole role)
{
    ConnectionSettings staff = m_db->settings();
    staff.user = login;
    staff.password = m_password;
    auto session = DeskSession::open(staff);
    if (!session) {
        qWarning("sign-in failed: %s", qPrintable(session.error().message));
        return {};
    }
    Signed desk;
    desk.session = std::move(session.value());
    desk.window = std::make_unique<DeskWindow>(StaffIdentity{login, role, QStringLiteral("test")}, *m_clock, nullptr);
    desk.window->setServices(desk.session->services());
    desk.window->pages()->setCurrentWidget(desk.window->till());
    desk.window->resize(1300, 800);
    desk.window->show();
    if (!QTest::qWaitForWindowExposed(desk.window.get()))
        return {};
    return desk;
}

OrderId TestTillPanel::sell(DeskSession &session, int seats, const CounterPayment &payment)
{
    const CartId cart = QStringLiteral("till-panel-%1").arg(++m_carts);
    QVector<UnitId> units;
    for (int i = 0; i < seats; ++i)
        units << m_units.at(m_nextUnit++);
    const DeskServices services = session.services();
    // On the session's own database thread, as the desk window calls it.
    return services.calls([&]() -> OrderId {
        if (!services.holds->hold(HoldRequest{m_hall.eventId, cart, units, std::nullopt}))
            return 0;
        const auto quote = services.sales->quote(cart);
        if (!quote)
            return 0;
        const auto sale = services.sales->sell(cart, payment, quote.value());
        return sale ? sale->order.id : 0;
    });
}

void TestTillPanel::unreadableFloatsOpenNothing_data()
{
    QTest::addColumn<QString>("typed");
    QTest::newRow("minus") << QStringLiteral("-200");
    QTest::newRow("letter O") << QStringLiteral("2OO");
    QTest::newRow("exponent") << QStringLiteral("1e3");
    QTest::newRow("x") << QStringLiteral("2x00");
    QTest::newRow("blank") << QString();
}

void TestTillPanel::unreadableFloatsOpenNothing()
{
    QFETCH(QString, typed);
    TillPanel *till = m_clerkDesk.window->till();
    till->floatEdit()->clear();
    QTest::keyClicks(till->floatEdit(), typed);
    QTest::mouseClick(till->openButton(), Qt::LeftButton);
    QVERIFY(!till->busy()); // refused before the server is asked
    QVERIFY(!till->message().isEmpty());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM till_shifts")).toInt(), 0);
}

void TestTillPanel::aClerkOpensSellsCountsAndCloses()
{
    TillPanel *till = m_clerkDesk.window->till();
    till->floatEdit()->clear();
    QTest::keyClicks(till->floatEdit(), QStringLiteral("100.00"));
    QTest::keyClick(till->floatEdit(), Qt::Key_Return);
    QTRY_VERIFY(till->shownShift() > 0);
    QVERIFY2(till->message().contains(QLatin1String("Till opened")), qPrintable(till->message()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT clerk || '@' || terminal || ':' || float_minor FROM till_shifts"))
                 .toString(),
             QStringLiteral("%1@%2:10000").arg(m_clerk, m_terminal));
    QVERIFY(!till->openButton()->isEnabled());

    // Sold through the desk's own services: two seats for cash (50.00 back from 100.00), one by card.
    CounterPayment cash;
    cash.tendered = Money(10000, QStringLiteral("EUR"));
    QVERIFY(sell(*m_clerkDesk.session, 2, cash) > 0);
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("TRM-PANEL-1");
    QVERIFY(sell(*m_clerkDesk.session, 1, card) > 0);

    QTest::mouseClick(m_clerkDesk.window->till()->findChild<QPushButton *>(QStringLiteral("tillRefresh")),
                      Qt::LeftButton);
    QTRY_VERIFY(till->shownReport() && till->shownReport()->figures.cardSales == 1);
    QCOMPARE(till->shownReport()->expectedCash.minor(), qint64(16000));
    QCOMPARE(till->shownReport()->figures.change.minor(), qint64(4000));
    QVERIFY2(till->reportText().contains(QStringLiteral("Cash expected in the drawer: €160.00")),
             qPrintable(till->reportText()));
    QCOMPARE(till->cards()->rowCount(), 1);
    QCOMPARE(till->cards()->item(0, 0)->text(), QStringLiteral("TRM-PANEL-1"));

    // A letter O typed for a zero is refused; nothing closes.
    QTest::keyClicks(till->countedEdit(), QStringLiteral("15O.00"));
    QTest::mouseClick(till->closeButton(), Qt::LeftButton);
    QVERIFY(!till->busy());
    QVERIFY(till->message().contains(QLatin1String("15O.00")));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM till_shifts WHERE closed_at IS NOT NULL")).toInt(), 0);

    till->countedEdit()->clear();
    QTest::keyClicks(till->countedEdit(), QStringLiteral("150.00"));
    QTest::keyClicks(till->noteEdit(), QStringLiteral("a ten short"));
    QTest::mouseClick(till->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(till->shownReport() && till->shownReport()->shift.state() == ShiftState::Closed);
    QCOMPARE(till->shownReport()->difference->minor(), qint64(-1000));
    QVERIFY2(till->message().contains(QStringLiteral("€10.00 short")), qPrintable(till->message()));
    QVERIFY(till->reportText().contains(QStringLiteral("Difference: short: − €10.00")));
    m_closedShift = till->shownShift();
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT counted_minor FROM till_shifts WHERE id = :s"),
                          {{QStringLiteral("s"), m_closedShift}})
                 .toLongLong(),
             qint64(15000));
    // The closed till stays on screen after a refresh; the next one can be opened.
    till->refresh();
    QTRY_VERIFY(!till->busy());
    QCOMPARE(till->shownShift(), m_closedShift);
    QVERIFY(till->openButton()->isEnabled());
    QVERIFY(!till->closeButton()->isEnabled());
}

void TestTillPanel::theServerIsAskedOffTheGuiThread()
{
    TillPanel *till = m_clerkDesk.window->till();
    QThread *worker = nullptr;
    bool answered = false;
    till->runner()->run<int>(
        [&worker](TillService &) -> Result<int> {
            worker = QThread::currentThread();
            QThread::msleep(300); // a slow report
            return 1;
        },
        [&answered](const Result<int> &) { answered = true; });
    // The window goes on while the server works, and says it is waiting.
    QVERIFY(till->busy());
    QTRY_VERIFY(till->progress()->isVisible());
    QVERIFY(!answered);
    QTRY_VERIFY(answered);
    QVERIFY(worker != nullptr);
    QVERIFY(worker != QCoreApplication::instance()->thread());
    QTRY_VERIFY(!till->progress()->isVisible());
}

void TestTillPanel::aNewConnectionDoesNotWaitForTheOldOne()
{
    // A reconnect while a report hangs on the old connection: the window takes the new one at once, the
    // old answer is never shown, and the old runner goes away once its job ends.
    TillPanel *till = m_clerkDesk.window->till();
    QPointer<TillRunner> old = till->runner();
    bool oldAnswered = false;
    old->run<int>(
        [](TillService &) -> Result<int> {
            // Longer than the new connection can take to answer, even on a machine busy with other suites.
            QThread::msleep(8000);
            return 1;
        },
        [&oldAnswered](const Result<int> &) { oldAnswered = true; });
    QElapsedTimer replacing;
    replacing.start();
    m_clerkDesk.window->setServices(m_clerkDesk.session->services());
    // Far less than the old job's 8 s: the window did not wait for it.
    QVERIFY2(replacing.elapsed() < 4000, qPrintable(QString::number(replacing.elapsed())));
    QVERIFY(till->runner() != old.data());
    // The new connection answers while the old job still runs.
    till->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(!till->busy(), 7000);
    QVERIFY(till->reportTitle().contains(QLatin1String("no till open")));
    QVERIFY(!old.isNull());
    QTRY_VERIFY_WITH_TIMEOUT(old.isNull(), 30000);
    QVERIFY(!oldAnswered);
}

void TestTillPanel::aManagerCountersignsAndReadsTheDay()
{
    QVERIFY(m_closedShift > 0);
    Signed managerDesk = signIn(m_manager, StaffRole::Manager);
    QVERIFY(managerDesk.window);
    TillPanel *till = managerDesk.window->till();
    QVERIFY(till->countersignButton()->isVisible());
    QTRY_COMPARE(till->awaiting()->rowCount(), 1);
    QCOMPARE(till->awaiting()->item(0, 1)->text(), m_clerk);
    QCOMPARE(till->awaiting()->item(0, 6)->text(), QStringLiteral("-€10.00"));
    till->awaiting()->selectRow(0);
    QTRY_VERIFY(till->countersignButton()->isEnabled());
    QTest::mouseClick(till->countersignButton(), Qt::LeftButton);
    QTRY_VERIFY2(till->message().contains(QLatin1String("Countersigned")), qPrintable(till->message()));
    QTRY_COMPARE(till->awaiting()->rowCount(), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT countersigned_by FROM till_shifts WHERE id = :s"),
                          {{QStringLiteral("s"), m_closedShift}})
                 .toString(),
             m_manager);
    QVERIFY(till->reportTitle().contains(QLatin1String("countersigned by")));

    till->showDay(QDate::currentDate());
    QTRY_VERIFY(till->dayTable()->rowCount() >= 2);
    QTableWidget *day = till->dayTable();
    QCOMPARE(day->item(0, 0)->text(), m_clerk);
    QCOMPARE(day->item(0, 1)->text(), m_terminal);
    QCOMPARE(day->item(0, 2)->text(), QStringLiteral("€60.00"));
    QCOMPARE(day->item(0, 3)->text(), QStringLiteral("€30.00"));
    QCOMPARE(day->item(0, 6)->text(), QStringLiteral("0 / 1 / 1"));
    QCOMPARE(day->item(0, 7)->text(), QStringLiteral("-€10.00"));
    QCOMPARE(day->item(1, 0)->text(), QStringLiteral("All counters"));
}

QTEST_MAIN(TestTillPanel)
#include "tst_tillpanel.moc"
