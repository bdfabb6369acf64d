// The desk window against a real database, driven as a clerk drives it: clicks on the map, the
// keyboard's best-available, the payment dialog, and a second connection selling at the same time.

#include "testdatabase.h"

#include "desksession.h"
#include "staffswitch.h"
#include "storage/pginventorywatch.h"
#include "storage/pgseatstore.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"
#include "ui/signin/signindialog.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QApplication>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestDeskWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void clickingASeatHoldsItWithACountdown();
    void clickingAHeldSeatGivesItBack();
    void anotherTerminalsHoldShowsLive();
    void aLostRaceSaysWhoTookTheSeat();
    void anExpiredHoldLeavesTheCart();
    void bestAvailableThenCashSalePrintsScannableTickets();
    void cardSaleNeedsTheTerminalReference();
    void extendIsDisabledAfterTheLimit();
    void aLostConnectionShowsABannerThenReloads();
    void paymentDialogListsASeatAddedByAnotherTerminal();
    void paymentDialogClosesWhenAHoldRunsOut();
    void aSaleRefusedForAChangedCartShowsTheNewTotal();
    void theSignedInClerkAndTerminalAreAlwaysShown();
    void switchingToAManagerShowsThemAndTheirServicesWork();
    void signingOutGivesBackTheCartAfterTheClerkAgrees();

private:
    QPoint viewportPointOf(const QString &label) const;
    UnitId unitOf(const QString &label) const;
    QString seatState(const QString &label) const;
    // The sign-in dialog, answered as the next clerk would: their login, then "Sign in".
    static bool signInAs(SignInDialog &dialog, const QString &user, const QString &password);
    int connectionsOf(const QString &login) const;

    std::unique_ptr<TestDatabase> m_db;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("desk-test-pass-7");
    ConnectionSettings m_staff;
    LoadedVenue m_hall;
    LoadedVenue m_quickHall; // 2-second holds, one extension
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<InventoryWatchThread> m_watch;
    std::unique_ptr<DeskWindow> m_window;
    std::unique_ptr<SessionKeeper> m_keeper;
    QTemporaryDir m_tickets;
};

void TestDeskWindow::initTestCase()
{
    // The terminal's name is a setting: keep this run's out of the user's own.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_deskwindow"));
    QSettings().remove(QStringLiteral("desk/terminal"));
    m_db = std::make_unique<TestDatabase>(QStringLiteral("deskwindow"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Desk Hall"), 6, 12, 600, 1, 4500);
    m_quickHall = m_db->loadHall(QStringLiteral("Quick Hall"), 2, 8, 2, 1, 3000);
    m_clerk = QStringLiteral("deskclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    m_manager = QStringLiteral("deskmanager_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    m_staff = m_db->settings();
    m_staff.user = m_clerk;
    m_staff.password = m_password;
}

void TestDeskWindow::cleanupTestCase()
{
    m_keeper.reset();
    m_window.reset();
    m_watch.reset();
    for (const QString &login : {m_clerk, m_manager}) { // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login));
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
    QSettings().remove(QStringLiteral("desk/terminal"));
}

void TestDeskWindow::init()
{
    auto session = DeskSession::open(m_staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    QCOMPARE(session.value()->role(), StaffRole::Clerk);
    m_clock = std::make_unique<ServerClock>();
    auto reading = session.value()->readServerClock();
    QVERIFY(reading.ok());
    m_clock->calibrate(reading->serverNow, reading->sentAtUtc, reading->receivedAtUtc);
    InventoryWatchTiming timing;
    timing.leadRetryMs = 300;
    timing.reconnectMs = 300;
    m_watch = std::make_unique<InventoryWatchThread>(m_staff, timing);
    m_window = std::make_unique<DeskWindow>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, *m_clock,
                                            m_watch->watch());
    m_window->setTicketFolder(m_tickets.path());
    m_keeper = std::make_unique<SessionKeeper>(m_staff, std::move(session.value()), *m_window, m_watch->watch());
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->view()->fitAll();
    m_clock->start();
    m_watch->start();
}

void TestDeskWindow::cleanup()
{
    m_keeper.reset();
    m_window.reset();
    m_watch.reset();
    m_clock.reset();
    // Every test starts from an empty house.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, extensions_used = 0 WHERE state = 'HELD'")));
}

UnitId TestDeskWindow::unitOf(const QString &label) const
{
    for (const SeatMapSeat &seat : m_window->scene()->seatMap().seats) {
        if (seat.label == label)
            return seat.unit;
    }
    return 0;
}

QPoint TestDeskWindow::viewportPointOf(const QString &label) const
{
    SeatItem *item = m_window->scene()->seatItem(unitOf(label));
    if (!item)
        return {};
    return m_window->view()->mapFromScene(item->sceneBoundingRect().center());
}

QString TestDeskWindow::seatState(const QString &label) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT es.state FROM event_seats es JOIN seats s ON s.id = es.seat_id "
                                "WHERE es.event_id IN (:a, :b) AND s.label = :label AND es.state <> 'AVAILABLE' "
                                "UNION ALL SELECT 'AVAILABLE' LIMIT 1"),
                 {{QStringLiteral("a"), m_hall.eventId},
                  {QStringLiteral("b"), m_quickHall.eventId},
                  {QStringLiteral("label"), label}})
        .toString();
}

void TestDeskWindow::clickingASeatHoldsItWithACountdown()
{
    QAbstractItemModelTester tester(m_window->cart(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QPoint point = viewportPointOf(QStringLiteral("A-3-6"));
    QVERIFY(!point.isNull());
    QTest::mouseClick(m_window->view()->viewport(), Qt::LeftButton, {}, point);
    QTRY_COMPARE(m_window->cart()->rowCount(), 1);
    QCOMPARE(m_window->cart()->entries().first().label, QStringLiteral("A-3-6"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), unitOf(QStringLiteral("A-3-6"))}})
                 .toString(),
             m_window->cartId());
    // The countdown reads the server's expiry: about ten minutes, then it moves with the shared clock.
    const QModelIndex timeLeft = m_window->cart()->index(0, CartModel::TimeLeftColumn);
    QTRY_VERIFY(m_window->cart()->data(timeLeft).toString().startsWith(QLatin1String("9:"))
                || m_window->cart()->data(timeLeft).toString() == QLatin1String("10:00"));
    const QString first = m_window->cart()->data(timeLeft).toString();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->cart()->data(timeLeft).toString() != first, 3000);
    QCOMPARE(m_window->scene()->lookOf(*m_window->scene()->seat(unitOf(QStringLiteral("A-3-6")))), SeatLook::Mine);
}

void TestDeskWindow::clickingAHeldSeatGivesItBack()
{
    const QPoint point = viewportPointOf(QStringLiteral("A-1-1"));
    QTest::mouseClick(m_window->view()->viewport(), Qt::LeftButton, {}, point);
    QTRY_COMPARE(m_window->cart()->rowCount(), 1);
    QCOMPARE(seatState(QStringLiteral("A-1-1")), QStringLiteral("HELD"));
    QTest::mouseClick(m_window->view()->viewport(), Qt::LeftButton, {}, point);
    QTRY_COMPARE(m_window->cart()->rowCount(), 0);
    QCOMPARE(seatState(QStringLiteral("A-1-1")), QStringLiteral("AVAILABLE"));
    QVERIFY2(m_window->message().contains(QLatin1String("A-1-1")), qPrintable(m_window->message()));
}

void TestDeskWindow::anotherTerminalsHoldShowsLive()
{
    auto other = m_db->connect(QStringLiteral("other-terminal"));
    PgSeatStore store(other->database());
    HoldRequest request;
    request.event = m_hall.eventId;
    request.cart = QStringLiteral("web-buyer-1");
    request.units = {unitOf(QStringLiteral("A-5-7")), unitOf(QStringLiteral("A-5-8"))};
    QVERIFY(store.hold(request).ok());
    // Nothing here polls on purpose: the notification (or the watch's fallback tick) brings it.
    QTRY_COMPARE_WITH_TIMEOUT(m_window->scene()->lookOf(*m_window->scene()->seat(request.units.first())),
                              SeatLook::HeldByOther, 5000);
    QCOMPARE(m_window->scene()->lookOf(*m_window->scene()->seat(request.units.last())), SeatLook::HeldByOther);
}

void TestDeskWindow::aLostRaceSaysWhoTookTheSeat()
{
    // Another terminal takes the seat, and the clerk clicks it before the map has heard.
    auto other = m_db->connect(QStringLiteral("other-terminal"));
    PgSeatStore store(other->database());
    HoldRequest request;
    request.event = m_hall.eventId;
    request.cart = QStringLiteral("web-buyer-2");
    request.units = {unitOf(QStringLiteral("A-6-2"))};
    QVERIFY(store.hold(request).ok());
    m_window->holdUnits(request.units);
    QCOMPARE(m_window->cart()->rowCount(), 0);
    QVERIFY2(m_window->message().contains(QLatin1String("Seat A-6-2 was just taken by another buyer")),
             qPrintable(m_window->message()));
    QCOMPARE(m_window->scene()->lookOf(*m_window->scene()->seat(request.units.first())), SeatLook::HeldByOther);
}

void TestDeskWindow::anExpiredHoldLeavesTheCart()
{
    QVERIFY(m_window->selectEvent(m_quickHall.eventId));
    m_window->holdUnits({unitOf(QStringLiteral("A-1-3"))});
    QCOMPARE(m_window->cart()->rowCount(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->cart()->rowCount(), 0, 6000);
    QVERIFY2(m_window->message().contains(QLatin1String("ran out")), qPrintable(m_window->message()));
    // On the map the seat is free again, although nothing swept it in the database.
    QCOMPARE(m_window->scene()->lookOf(*m_window->scene()->seat(unitOf(QStringLiteral("A-1-3")))), SeatLook::Available);
}

void TestDeskWindow::bestAvailableThenCashSalePrintsScannableTickets()
{
    QTest::keyClick(m_window.get(), Qt::Key_B, Qt::ControlModifier);
    QCOMPARE(m_window->cart()->rowCount(), 2);
    const qint64 due = m_window->cart()->total().value_or(Money()).minor();
    QCOMPARE(due, 9000);
    // Best available starts near the stage: the first rows (ranked by quality, so a held centre can
    // send it a row back rather than to the side).
    const QString first = m_window->cart()->entries().first().label;
    QVERIFY2(first.startsWith(QLatin1String("A-1-")) || first.startsWith(QLatin1String("A-2-"))
                 || first.startsWith(QLatin1String("A-3-")),
             qPrintable(first));

    m_window->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("100"));
        return dialog.payment().tendered.minor() == 10000;
    };
    QTest::keyClick(m_window.get(), Qt::Key_F9);
    QVERIFY2(m_window->message().contains(QStringLiteral("Give €10.00 change")), qPrintable(m_window->message()));
    QCOMPARE(m_window->cart()->rowCount(), 0);

    const QString pdf = m_window->lastTicketsPdf();
    QVERIFY(QFileInfo::exists(pdf));
    const qint64 order = QFileInfo(pdf).completeBaseName().mid(6).toLongLong();
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE order_id = :o AND state = 'SOLD'"),
                          {{QStringLiteral("o"), order}})
                 .toInt(),
             2);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT tendered_minor - amount_minor FROM counter_payments WHERE order_id = :o"),
                     {{QStringLiteral("o"), order}})
            .toLongLong(),
        1000);
    const QString codes
        = m_db->scalar(QStringLiteral("SELECT string_agg('BOXOFFICE-TICKET:' || code, ' ' ORDER BY unit_id) "
                                      "FROM tickets WHERE order_id = :o"),
                       {{QStringLiteral("o"), order}})
              .toString();
    QCOMPARE(codes.split(QLatin1Char(' ')).size(), 2);

    // What a door scanner would read from the printed pages.
    QProcess render;
    render.start(QStringLiteral("pdftoppm"),
                 {QStringLiteral("-r"), QStringLiteral("150"), QStringLiteral("-png"), pdf,
                  m_tickets.filePath(QStringLiteral("page"))});
    QVERIFY2(render.waitForFinished(60000) && render.exitCode() == 0, "pdftoppm (poppler-utils) failed");
    QStringList decoded;
    for (const QString &page :
         QDir(m_tickets.path()).entryList({QStringLiteral("page*.png")}, QDir::Files, QDir::Name)) {
        QProcess scan;
        scan.start(QStringLiteral("zbarimg"),
                   {QStringLiteral("--quiet"), QStringLiteral("--raw"), m_tickets.filePath(page)});
        QVERIFY2(scan.waitForFinished(60000), "zbarimg (zbar-tools) did not finish");
        decoded << QString::fromUtf8(scan.readAllStandardOutput()).trimmed();
    }
    QCOMPARE(decoded.join(QLatin1Char(' ')), codes);
}

void TestDeskWindow::cardSaleNeedsTheTerminalReference()
{
    m_window->holdUnits({unitOf(QStringLiteral("A-4-4"))});
    QCOMPARE(m_window->cart()->rowCount(), 1);
    bool okWasEnabled = true;
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        okWasEnabled = bool(CounterPaymentRules::check(dialog.payment(), Money(4500, QStringLiteral("EUR"))));
        return false; // the clerk cancels
    };
    m_window->sell(true);
    QVERIFY(!okWasEnabled);
    QCOMPARE(m_window->cart()->rowCount(), 1);
    QCOMPARE(seatState(QStringLiteral("A-4-4")), QStringLiteral("HELD"));

    m_window->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.referenceEdit(), QStringLiteral("TRM-0042-7781"));
        return true;
    };
    m_window->sell(true);
    QCOMPARE(m_window->cart()->rowCount(), 0);
    QCOMPARE(seatState(QStringLiteral("A-4-4")), QStringLiteral("SOLD"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT reference FROM counter_payments ORDER BY id DESC LIMIT 1")).toString(),
             QStringLiteral("TRM-0042-7781"));
}

void TestDeskWindow::extendIsDisabledAfterTheLimit()
{
    m_window->holdUnits({unitOf(QStringLiteral("A-2-9"))});
    QPushButton *extend = nullptr;
    for (QPushButton *button : m_window->findChildren<QPushButton *>()) {
        if (button->text().contains(QLatin1String("xtend")))
            extend = button;
    }
    QVERIFY(extend);
    QVERIFY(extend->isEnabled());
    const QDateTime before = m_window->cart()->entries().first().expiresAt;
    QTest::keyClick(m_window.get(), Qt::Key_E, Qt::ControlModifier);
    QVERIFY2(m_window->message().startsWith(QLatin1String("Extended")), qPrintable(m_window->message()));
    QVERIFY(m_window->cart()->entries().first().expiresAt > before);
    // The hall allows one extension: the button says so and stops.
    QVERIFY(!extend->isEnabled());
}

void TestDeskWindow::aLostConnectionShowsABannerThenReloads()
{
    QSignalSpy replaced(m_keeper.get(), &SessionKeeper::sessionReplaced);
    auto *banner = m_window->findChild<QLabel *>(QStringLiteral("connectionBanner"));
    QVERIFY(banner);
    QVERIFY(!banner->isVisible());
    // The server drops every connection of this terminal (a restart, a network cut).
    // The terminal's two connections: the session's and the watch's (it connects in its own thread).
    QTRY_COMPARE_WITH_TIMEOUT(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity "
                                                          "WHERE datname = current_database() AND usename = :clerk"),
                                           {{QStringLiteral("clerk"), m_clerk}})
                                  .toInt(),
                              2, 10000);
    QVERIFY(m_db->exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                      "WHERE datname = current_database() AND usename = :clerk"),
                       {{QStringLiteral("clerk"), m_clerk}}));
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 10000);
    QVERIFY(banner->text().contains(QLatin1String("reconnecting")));
    // Back by itself: the banner goes, the map reloads on a new session, and selling works again.
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(replaced.size(), 1, 10000);
    m_window->holdUnits({unitOf(QStringLiteral("A-6-11"))});
    QCOMPARE(m_window->cart()->rowCount(), 1);
    QCOMPARE(seatState(QStringLiteral("A-6-11")), QStringLiteral("HELD"));
}

void TestDeskWindow::paymentDialogListsASeatAddedByAnotherTerminal()
{
    m_window->holdUnits({unitOf(QStringLiteral("A-4-8")), unitOf(QStringLiteral("A-4-9"))});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    auto other = m_db->connect(QStringLiteral("other-terminal"));
    PgSeatStore store(other->database());
    bool otherHeld = false;
    bool listed = false;
    QString shownDue;
    QStringList shownLines;
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        // While the clerk counts the cash, another terminal holds a seat into this very cart.
        HoldRequest request;
        request.event = m_hall.eventId;
        request.cart = m_window->cartId();
        request.units = {unitOf(QStringLiteral("A-4-10"))};
        otherHeld = store.hold(request).ok();
        auto *lines = dialog.findChild<QAbstractItemView *>(QStringLiteral("quoteLines"));
        auto *due = dialog.findChild<QLabel *>(QStringLiteral("amountDue"));
        listed = QTest::qWaitFor(
            [&] {
                return lines && due && lines->model()->rowCount() == 3 && due->text().contains(QLatin1String("135.00"));
            },
            6000);
        shownDue = due ? due->text() : QString();
        for (int row = 0; lines && row < lines->model()->rowCount(); ++row)
            shownLines << lines->model()->index(row, 0).data().toString();
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("150"));
        return true;
    };
    m_window->sell(false);
    QVERIFY(otherHeld);
    QVERIFY2(
        listed,
        qPrintable(
            QStringLiteral("the dialog showed \"%1\" over [%2]").arg(shownDue, shownLines.join(QStringLiteral(", ")))));
    QCOMPARE(shownLines, QStringList({QStringLiteral("A-4-8"), QStringLiteral("A-4-9"), QStringLiteral("A-4-10")}));
    // What the clerk saw is what was charged.
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT amount_minor FROM counter_payments ORDER BY id DESC LIMIT 1")).toLongLong(),
        13500);
    QVERIFY2(m_window->message().contains(QStringLiteral("Give €15.00 change")), qPrintable(m_window->message()));
    QCOMPARE(seatState(QStringLiteral("A-4-10")), QStringLiteral("SOLD"));
}

void TestDeskWindow::paymentDialogClosesWhenAHoldRunsOut()
{
    m_window->holdUnits({unitOf(QStringLiteral("A-5-1")), unitOf(QStringLiteral("A-5-2"))});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    const CartId cart = m_window->cartId();
    // The holds have run all but three seconds of their ten minutes.
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), cart, 597));
    bool closedByItself = false;
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        dialog.show();
        closedByItself = QTest::qWaitFor([&] { return !dialog.isVisible(); }, 8000);
        if (closedByItself)
            return dialog.result() == QDialog::Accepted;
        // Still open: the clerk presses Sell on seats nobody holds any more.
        return true;
    };
    m_window->sell(false);
    QVERIFY2(closedByItself, "the payment dialog stayed open after the holds ran out");
    QVERIFY2(m_window->message().contains(QLatin1String("ran out")), qPrintable(m_window->message()));
    QVERIFY2(m_window->message().contains(QLatin1String("nothing was sold")), qPrintable(m_window->message()));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE cart_id = :c"), {{QStringLiteral("c"), cart}})
            .toInt(),
        0);
}

void TestDeskWindow::aSaleRefusedForAChangedCartShowsTheNewTotal()
{
    m_window->holdUnits({unitOf(QStringLiteral("A-6-5")), unitOf(QStringLiteral("A-6-6"))});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    auto other = m_db->connect(QStringLiteral("other-terminal"));
    PgSeatStore store(other->database());
    QStringList dues;
    QString notice;
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        dues << dialog.findChild<QLabel *>(QStringLiteral("amountDue"))->text();
        if (dues.size() == 1) {
            // The other terminal is quicker than any refresh: the clerk presses Sell on the old total.
            HoldRequest request;
            request.event = m_hall.eventId;
            request.cart = m_window->cartId();
            request.units = {unitOf(QStringLiteral("A-6-7"))};
            return store.hold(request).ok();
        }
        notice = dialog.findChild<QLabel *>(QStringLiteral("quoteNotice"))->text();
        return dues.size() == 2; // the clerk accepts the new total, exact cash
    };
    m_window->sell(false);
    QCOMPARE(dues.size(), 2);
    QVERIFY2(dues.first().contains(QStringLiteral("€90.00")), qPrintable(dues.first()));
    QVERIFY2(dues.last().contains(QStringLiteral("€135.00")), qPrintable(dues.last()));
    QVERIFY2(notice.contains(QLatin1String("A-6-7 added")), qPrintable(notice));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT amount_minor FROM counter_payments ORDER BY id DESC LIMIT 1")).toLongLong(),
        13500);
    QCOMPARE(seatState(QStringLiteral("A-6-7")), QStringLiteral("SOLD"));
}

bool TestDeskWindow::signInAs(SignInDialog &dialog, const QString &user, const QString &password)
{
    dialog.userEdit()->setText(user);
    dialog.passwordEdit()->setText(password);
    dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    return dialog.result() == QDialog::Accepted;
}

int TestDeskWindow::connectionsOf(const QString &login) const
{
    return m_db
        ->scalar(
            QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND usename = :u"),
            {{QStringLiteral("u"), login}})
        .toInt();
}

void TestDeskWindow::theSignedInClerkAndTerminalAreAlwaysShown()
{
    auto *label = m_window->findChild<QLabel *>(QStringLiteral("staffLabel"));
    QVERIFY(label && label->isVisible());
    QVERIFY2(label->text().contains(m_clerk + QStringLiteral(" (clerk)")), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("terminal ") + QSysInfo::machineHostName()),
             qPrintable(label->text()));
    // A message in the status bar does not push it out.
    m_window->holdUnits({});
    QVERIFY(label->isVisible());
    QSettings().setValue(QStringLiteral("desk/terminal"), QStringLiteral("Counter 2"));
    QCOMPARE(DeskWindow::terminalName(), QStringLiteral("Counter 2"));
    m_window->setStaff(m_window->staff());
    QVERIFY2(label->text().contains(QLatin1String("terminal Counter 2")), qPrintable(label->text()));
    QSettings().remove(QStringLiteral("desk/terminal"));
}

void TestDeskWindow::switchingToAManagerShowsThemAndTheirServicesWork()
{
    StaffSwitch staffSwitch(*m_keeper, *m_window, QStringLiteral("the test server"), m_watch.get());
    bool lockedWhileAsked = false;
    bool clerkConnectionClosed = false;
    staffSwitch.signInHook = [&](SignInDialog &dialog) {
        lockedWhileAsked = m_window->locked() && !m_window->pages()->isEnabled()
            && m_window->staffText().contains(QLatin1String("Signed out"));
        // Both of the clerk's connections close: the session's and the watch's.
        clerkConnectionClosed = QTest::qWaitFor([&] { return connectionsOf(m_clerk) == 0; }, 10000);
        // A wrong password is refused in the dialog, and the desk stays locked.
        if (signInAs(dialog, m_manager, QStringLiteral("not-the-password")) || !m_window->locked())
            return false;
        return signInAs(dialog, m_manager, m_password);
    };
    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QVERIFY(lockedWhileAsked);
    QVERIFY(clerkConnectionClosed);
    QVERIFY(!m_window->locked());
    QVERIFY(m_window->pages()->isEnabled());
    QCOMPARE(m_window->staff().user, m_manager);
    QCOMPARE(m_window->staff().role, StaffRole::Manager);
    QCOMPARE(m_keeper->session().role(), StaffRole::Manager);
    QVERIFY2(m_window->staffText().contains(m_manager + QStringLiteral(" (manager)")),
             qPrintable(m_window->staffText()));
    QVERIFY2(m_window->windowTitle().contains(m_manager), qPrintable(m_window->windowTitle()));

    // The manager sells through their own session: the hold is on their connection and cart.
    QVERIFY(m_window->cartId().contains(m_manager));
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->holdUnits({unitOf(QStringLiteral("A-3-3"))});
    QCOMPARE(m_window->cart()->rowCount(), 1);
    QCOMPARE(seatState(QStringLiteral("A-3-3")), QStringLiteral("HELD"));
    m_window->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("50"));
        return true;
    };
    m_window->sell(false);
    QCOMPARE(seatState(QStringLiteral("A-3-3")), QStringLiteral("SOLD"));
    QVERIFY2(m_window->message().contains(QStringLiteral("Give €5.00 change")), qPrintable(m_window->message()));
    QTRY_VERIFY_WITH_TIMEOUT(connectionsOf(m_manager) == 2, 10000);
    QCOMPARE(connectionsOf(m_clerk), 0);
}

void TestDeskWindow::signingOutGivesBackTheCartAfterTheClerkAgrees()
{
    StaffSwitch staffSwitch(*m_keeper, *m_window, QStringLiteral("the test server"), m_watch.get());
    m_window->holdUnits({unitOf(QStringLiteral("A-2-4")), unitOf(QStringLiteral("A-2-5"))});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    QString asked;
    int signInsShown = 0;
    m_window->confirmSignOutHook = [&](const QString &question) {
        asked = question;
        return false; // the clerk keeps selling
    };
    staffSwitch.signInHook = [&](SignInDialog &) {
        ++signInsShown;
        return false; // nobody signs in
    };
    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QVERIFY2(asked.contains(QLatin1String("2 seat(s)")) || asked.contains(QLatin1String("2 seats")), qPrintable(asked));
    QCOMPARE(signInsShown, 0);
    QVERIFY(!m_window->locked());
    QCOMPARE(m_window->cart()->rowCount(), 2);
    QCOMPARE(seatState(QStringLiteral("A-2-4")), QStringLiteral("HELD"));

    // Agreed: the seats go back on sale, then the sign-in is cancelled and the desk stays locked.
    m_window->confirmSignOutHook = [](const QString &) { return true; };
    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(signInsShown, 1);
    QCOMPARE(seatState(QStringLiteral("A-2-4")), QStringLiteral("AVAILABLE"));
    QCOMPARE(seatState(QStringLiteral("A-2-5")), QStringLiteral("AVAILABLE"));
    QCOMPARE(m_window->cart()->rowCount(), 0);
    QVERIFY(m_window->locked());
    QVERIFY(!m_window->pages()->isEnabled());
    QVERIFY(!m_keeper->signedIn());
    // Locked, the sale keys do nothing.
    QTest::keyClick(m_window.get(), Qt::Key_B, Qt::ControlModifier);
    QCOMPARE(m_window->cart()->rowCount(), 0);

    // Ctrl+L again is "sign in": the same clerk comes back and sells again.
    staffSwitch.signInHook = [&](SignInDialog &dialog) { return signInAs(dialog, m_clerk, m_password); };
    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QVERIFY(!m_window->locked());
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->holdUnits({unitOf(QStringLiteral("A-2-4"))});
    QCOMPARE(seatState(QStringLiteral("A-2-4")), QStringLiteral("HELD"));
}

QTEST_MAIN(TestDeskWindow)
#include "tst_deskwindow.moc"
