// The desk on a bad night: a lock held elsewhere, a server that does not answer, a lost connection.
// Nothing may freeze the window for longer than the counter's time limits, nothing half-done may stay,
// and what the clerk reads says what happened and what to do, in words without internal ids.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/inventorywatch.h"
#include "storage/staffadmin.h"
#include "ui/common/clerkerror.h"
#include "ui/common/databasecalls.h"
#include "ui/desk/connectionbanner.h"
#include "ui/desk/databasewaitindicator.h"
#include "ui/desk/deskwindow.h"
#include "ui/door/doorpanel.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/orders/orderlookuppanel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatmapscene.h"

#include <QElapsedTimer>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUuid>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// One terminal setting changed for one test, and put back afterwards.
class ScopedSetting
{
public:
    ScopedSetting(const QString &key, const QVariant &value) : m_key(key), m_old(QSettings().value(key))
    {
        QSettings().setValue(key, value);
    }
    ~ScopedSetting() { QSettings().setValue(m_key, m_old); }

private:
    QString m_key;
    QVariant m_old;
};

} // namespace

class TestDeskResilience : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void counterConnectionsCarryTheirLimits();
    void aHoldBlockedByALockReturnsWithinTheTimeout();
    void aSaleBlockedByALockLeavesNothingHalfDone();
    void theBannerShowsOnEveryTabWithWhatStillHolds();
    void aProbeThatCannotReachTheServerNeverBlocksTheWindow();
    void theBannerGoesWhenTheSessionIsBack();
    void aCallThatFindsTheConnectionGoneReconnects();
    void messagesNameNoCart_data();
    void messagesNameNoCart();
    void desksRefusalsNameNoCart();
    void aStalledCallLeavesTheWindowPainting_data();
    void aStalledCallLeavesTheWindowPainting();
    void closingDuringACallWaitsForItsAnswer();

private:
    UnitId unitOf(const QString &label) const;
    void openWindow(const ConnectionSettings &keeperSettings);
    QString seatState(UnitId unit) const;

    std::unique_ptr<TestDatabase> m_db;
    QString m_clerk;
    const QString m_password = QStringLiteral("resilience-pass-5");
    ConnectionSettings m_staff;
    LoadedVenue m_hall;
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<InventoryWatch> m_watch; // the test reports losses itself
    std::unique_ptr<DeskWindow> m_window;
    std::unique_ptr<SessionKeeper> m_keeper;
    QTemporaryDir m_tickets;
};

void TestDeskResilience::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_deskresilience"));
    // Short limits, so the test waits little; the desk reads them as it would a terminal's settings.
    QSettings settings;
    settings.remove(QStringLiteral("connection"));
    settings.setValue(QStringLiteral("connection/lockTimeoutMs"), 800);
    settings.setValue(QStringLiteral("connection/statementTimeoutMs"), 1500);
    // Connecting is not what this suite times: beside a crowd suite's 300 connections a sign-in may take
    // seconds (the probe test below shortens it for itself).
    settings.setValue(QStringLiteral("connection/connectTimeoutSeconds"), 20);
    m_db = std::make_unique<TestDatabase>(QStringLiteral("deskresilience"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Storm Hall"), 4, 10, 600, 1, 4000);
    m_clerk = QStringLiteral("stormclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    m_staff = m_db->settings();
    m_staff.user = m_clerk;
    m_staff.password = m_password;
}

void TestDeskResilience::cleanupTestCase()
{
    m_keeper.reset();
    m_window.reset();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk));
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
    QSettings().remove(QStringLiteral("connection"));
}

void TestDeskResilience::init()
{
    openWindow(m_staff);
}

void TestDeskResilience::openWindow(const ConnectionSettings &keeperSettings)
{
    auto session = DeskSession::open(m_staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    m_clock = std::make_unique<ServerClock>();
    auto reading = session.value()->readServerClock();
    QVERIFY(reading.ok());
    m_clock->calibrate(reading->serverNow, reading->sentAtUtc, reading->receivedAtUtc);
    m_watch = std::make_unique<InventoryWatch>();
    m_window = std::make_unique<DeskWindow>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, *m_clock,
                                            m_watch.get());
    m_window->setTicketFolder(m_tickets.path());
    m_keeper = std::make_unique<SessionKeeper>(keeperSettings, std::move(session.value()), *m_window, m_watch.get());
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_clock->start();
}

void TestDeskResilience::cleanup()
{
    m_keeper.reset();
    m_window.reset();
    m_watch.reset();
    m_clock.reset();
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, extensions_used = 0 WHERE state = 'HELD'")));
}

UnitId TestDeskResilience::unitOf(const QString &label) const
{
    for (const SeatMapSeat &seat : m_window->scene()->seatMap().seats) {
        if (seat.label == label)
            return seat.unit;
    }
    return 0;
}

QString TestDeskResilience::seatState(UnitId unit) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"), {{QStringLiteral("u"), unit}})
        .toString();
}

void TestDeskResilience::counterConnectionsCarryTheirLimits()
{
    const ConnectionLimits limits = counterConnectionLimits();
    QCOMPARE(limits.lockTimeoutMs, 800);
    QCOMPARE(limits.statementTimeoutMs, 1500);
    QVERIFY(limits.keepalivesIdleSeconds > 0);
    ConnectionSettings settings = m_db->settings();
    settings.limits = limits;
    auto connection = DatabaseConnection::open(settings, QStringLiteral("limits"));
    QVERIFY(connection.ok());
    QSqlQuery query(connection.value()->database());
    QVERIFY(query.exec(QStringLiteral("SELECT current_setting('statement_timeout'), current_setting('lock_timeout')")));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toString(), QStringLiteral("1500ms"));
    QCOMPARE(query.value(1).toString(), QStringLiteral("800ms"));
    query.finish();
    // Defaults when nothing is configured: a counter's 5 s and 3 s.
    QSettings stored;
    const QVariant lock = stored.value(QStringLiteral("connection/lockTimeoutMs"));
    const QVariant statement = stored.value(QStringLiteral("connection/statementTimeoutMs"));
    stored.remove(QStringLiteral("connection/lockTimeoutMs"));
    stored.remove(QStringLiteral("connection/statementTimeoutMs"));
    QCOMPARE(counterConnectionLimits().statementTimeoutMs, 5000);
    QCOMPARE(counterConnectionLimits().lockTimeoutMs, 3000);
    stored.setValue(QStringLiteral("connection/lockTimeoutMs"), lock);
    stored.setValue(QStringLiteral("connection/statementTimeoutMs"), statement);
}

void TestDeskResilience::aHoldBlockedByALockReturnsWithinTheTimeout()
{
    const UnitId seat = unitOf(QStringLiteral("A-2-3"));
    // Another connection holds the seat's row lock and does not let go (a stuck transaction).
    auto other = m_db->connect(QStringLiteral("lock-holder"));
    QSqlDatabase database = other->database();
    // Should the desk wait without limit, the server ends this transaction after 6 s, and the test
    // fails on the time it took instead of hanging.
    QVERIFY(QSqlQuery(database).exec(QStringLiteral("SET idle_in_transaction_session_timeout = '6s'")));
    QVERIFY(database.transaction());
    QSqlQuery lock(database);
    lock.prepare(QStringLiteral("SELECT id FROM event_seats WHERE id = :u FOR UPDATE"));
    lock.bindValue(QStringLiteral(":u"), seat);
    QVERIFY(lock.exec() && lock.next());

    int ticks = 0;
    QTimer heartbeat;
    heartbeat.setInterval(20);
    connect(&heartbeat, &QTimer::timeout, this, [&] { ++ticks; });
    heartbeat.start();
    QElapsedTimer elapsed;
    elapsed.start();
    m_window->holdUnits({seat});
    const qint64 took = elapsed.elapsed();
    // Under the 6 s the lock holder may idle: the lock timeout ended the wait, not the holder.
    QVERIFY2(took >= 700 && took < 5000, qPrintable(QStringLiteral("the hold returned after %1 ms").arg(took)));
    const QString message = m_window->message();
    QVERIFY2(message.contains(QLatin1String("server is busy")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("nothing was changed")), qPrintable(message));
    QVERIFY(!message.contains(m_window->cartId()));
    QVERIFY(!ClerkError::leaksInternals(message));
    QCOMPARE(m_window->cart()->rowCount(), 0);
    // The window answers again at once: its event loop runs timers.
    const int before = ticks;
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= before + 3, 1000);
    // A busy server is not a lost one: no banner.
    QVERIFY(!m_window->connectionBanner()->isVisible());

    database.rollback();
    // The lock gone, the same session holds the seat: the timed-out statement left it usable.
    m_window->holdUnits({seat});
    QCOMPARE(m_window->cart()->rowCount(), 1);
    QCOMPARE(seatState(seat), QStringLiteral("HELD"));
}

void TestDeskResilience::aSaleBlockedByALockLeavesNothingHalfDone()
{
    const UnitId seat = unitOf(QStringLiteral("A-3-4"));
    m_window->holdUnits({seat});
    QCOMPARE(m_window->cart()->rowCount(), 1);
    const CartId cart = m_window->cartId();
    auto other = m_db->connect(QStringLiteral("lock-holder"));
    QSqlDatabase database = other->database();
    QVERIFY(QSqlQuery(database).exec(QStringLiteral("SET idle_in_transaction_session_timeout = '6s'")));
    m_window->paymentHook = [&](PaymentDialog &dialog) {
        // While the clerk takes the cash, another connection locks the seat and keeps it locked.
        if (!database.transaction())
            return false;
        QSqlQuery lock(database);
        lock.prepare(QStringLiteral("SELECT id FROM event_seats WHERE id = :u FOR UPDATE"));
        lock.bindValue(QStringLiteral(":u"), seat);
        if (!lock.exec() || !lock.next())
            return false;
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("40"));
        return true;
    };
    QElapsedTimer elapsed;
    elapsed.start();
    m_window->sell(false);
    // Under the 6 s the lock holder may idle: the sale gave up on its own lock timeout.
    QVERIFY2(elapsed.elapsed() < 5000, qPrintable(QString::number(elapsed.elapsed())));
    database.rollback();
    const QString message = m_window->message();
    QVERIFY2(message.contains(QLatin1String("server is busy")), qPrintable(message));
    QVERIFY(!message.contains(cart));
    // Nothing half-done: no order, no payment, and the seat still held for this sale.
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE cart_id = :c"), {{QStringLiteral("c"), cart}})
            .toInt(),
        0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments")).toInt(), 0);
    QCOMPARE(seatState(seat), QStringLiteral("HELD"));
    QCOMPARE(m_window->cart()->rowCount(), 1);
    // And the sale goes through once the lock is gone.
    m_window->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("40"));
        return true;
    };
    m_window->sell(false);
    QCOMPARE(seatState(seat), QStringLiteral("SOLD"));
}

void TestDeskResilience::theBannerShowsOnEveryTabWithWhatStillHolds()
{
    m_keeper->setRetryIntervals(60000, 60000); // this test looks at the banner, not at reconnecting
    m_window->holdUnits({unitOf(QStringLiteral("A-1-5")), unitOf(QStringLiteral("A-1-6"))});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    ConnectionBanner *banner = m_window->connectionBanner();
    QVERIFY(!banner->isVisible());
    const QString lostAt = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm"));
    emit m_watch->connectionLost(QStringLiteral("server closed the connection unexpectedly (SQLSTATE 57P01)"));
    QVERIFY(banner->isVisible());
    const QString text = banner->text();
    QVERIFY2(text.contains(QStringLiteral("The connection to the box-office server was lost at %1.").arg(lostAt))
                 || text.contains(QLatin1String("was lost at")),
             qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Everything held for this sale stays held until at least")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("nothing sold or paid is lost")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("wait until the connection is back")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("reconnecting")), qPrintable(text));
    // The driver's words are the log's.
    QVERIFY(!text.contains(QLatin1String("SQLSTATE")));
    QVERIFY(!text.contains(QLatin1String("unexpectedly")));
    QVERIFY(!ClerkError::leaksInternals(text));

    // The front desk tab shows the very same banner.
    QTabWidget *pages = m_window->pages();
    pages->setCurrentWidget(m_window->frontDesk());
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->text(), text);
    QVERIFY(!pages->isAncestorOf(banner));
    for (int tab = 0; tab < pages->count(); ++tab) {
        pages->setCurrentIndex(tab);
        QVERIFY2(banner->isVisible(), qPrintable(pages->tabText(tab)));
    }
    // The front desk holds, books and changes nothing meanwhile: its buttons are off, and a hold typed
    // anyway (Enter in a field) is refused in words, before the server is asked.
    FrontDeskPanel *frontDesk = m_window->frontDesk();
    QVERIFY(!frontDesk->connected());
    for (QPushButton *button : frontDesk->findChildren<QPushButton *>()) {
        if (button->text() == QLatin1String("&Hold") || button->text() == QLatin1String("Check &in"))
            QVERIFY2(!button->isEnabled(), qPrintable(button->text()));
    }
    frontDesk->holdTyped(1, QDate::currentDate(), 1);
    QVERIFY2(frontDesk->message().contains(QLatin1String("cannot be reached")), qPrintable(frontDesk->message()));
    QCOMPARE(frontDesk->heldStay(), StayId(0));
    pages->setCurrentIndex(0);
    // Selling waits: the sale keys do nothing, and say why.
    m_window->sell(false);
    QVERIFY2(m_window->message().contains(QLatin1String("Not connected")), qPrintable(m_window->message()));
    // Each attempt shows.
    banner->attemptFailed(3, QDateTime::currentDateTimeUtc().addSecs(4));
    QVERIFY2(banner->text().contains(QLatin1String("Attempt 3 did not reach the server; reconnecting again in")),
             qPrintable(banner->text()));
}

void TestDeskResilience::aProbeThatCannotReachTheServerNeverBlocksTheWindow()
{
    // Reconnecting goes to an address that never answers (or is unreachable): the wait is the probe's
    // thread's, never the window's.
    cleanup();
    const ScopedSetting giveUpSoon(QStringLiteral("connection/connectTimeoutSeconds"), 2);
    ConnectionSettings nowhere = m_staff;
    nowhere.host = QStringLiteral("10.255.255.1");
    nowhere.port = 5432;
    openWindow(nowhere);
    m_keeper->setRetryIntervals(0, 200);
    int ticks = 0;
    QTimer heartbeat;
    heartbeat.setInterval(20);
    connect(&heartbeat, &QTimer::timeout, this, [&] { ++ticks; });
    heartbeat.start();
    QElapsedTimer elapsed;
    elapsed.start();
    emit m_watch->connectionLost(QStringLiteral("test"));
    ConnectionBanner *banner = m_window->connectionBanner();
    QTRY_VERIFY_WITH_TIMEOUT(banner->text().contains(QLatin1String("did not reach the server")), 10000);
    // The timer kept ticking all the while: a window blocked for the 2 s connect would miss 100 ticks in
    // a row; a quarter of the nominal pace leaves room for a machine busy with other suites.
    QVERIFY2(ticks >= elapsed.elapsed() / 20 / 4,
             qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(ticks).arg(elapsed.elapsed())));
    QVERIFY(banner->isVisible());
    QVERIFY(m_keeper->reconnecting());
}

void TestDeskResilience::theBannerGoesWhenTheSessionIsBack()
{
    m_keeper->setRetryIntervals(300, 300);
    QSignalSpy replaced(m_keeper.get(), &SessionKeeper::sessionReplaced);
    emit m_watch->connectionLost(QStringLiteral("test"));
    ConnectionBanner *banner = m_window->connectionBanner();
    QVERIFY(banner->isVisible());
    QVERIFY(!m_window->frontDesk()->connected());
    QTRY_COMPARE_WITH_TIMEOUT(replaced.size(), 1, 10000);
    QVERIFY(!banner->isVisible());
    QVERIFY(!m_keeper->reconnecting());
    QVERIFY(m_window->frontDesk()->connected()); // the front desk works again too
    m_window->holdUnits({unitOf(QStringLiteral("A-4-1"))});
    QCOMPARE(m_window->cart()->rowCount(), 1);
}

void TestDeskResilience::aCallThatFindsTheConnectionGoneReconnects()
{
    m_keeper->setRetryIntervals(200, 300);
    QSignalSpy replaced(m_keeper.get(), &SessionKeeper::sessionReplaced);
    // The server drops the clerk's session (a restart, a cut) and no watch has noticed yet.
    QVERIFY(m_db->exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                      "WHERE datname = current_database() AND usename = :clerk"),
                       {{QStringLiteral("clerk"), m_clerk}}));
    QTRY_COMPARE_WITH_TIMEOUT(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity "
                                                          "WHERE datname = current_database() AND usename = :clerk"),
                                           {{QStringLiteral("clerk"), m_clerk}})
                                  .toInt(),
                              0, 5000);
    const UnitId seat = unitOf(QStringLiteral("A-4-4"));
    m_window->holdUnits({seat});
    const QString message = m_window->message();
    QVERIFY2(message.contains(QLatin1String("did not answer")), qPrintable(message));
    QVERIFY(!ClerkError::leaksInternals(message));
    // The call itself raised the alarm: the banner, and a reconnect off the GUI thread.
    QVERIFY(m_window->connectionBanner()->isVisible());
    QVERIFY(m_keeper->reconnecting());
    QTRY_COMPARE_WITH_TIMEOUT(replaced.size(), 1, 10000);
    QVERIFY(!m_window->connectionBanner()->isVisible());
    m_window->holdUnits({seat});
    QCOMPARE(m_window->cart()->rowCount(), 1);
    QCOMPARE(seatState(seat), QStringLiteral("HELD"));
}

void TestDeskResilience::messagesNameNoCart_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("mustNotShow");
    QTest::newRow("empty cart") << int(ErrorCode::NotFound)
                                << "Cart desk-clerk-0a1b2c3d4e5f holds nothing (its holds may have expired)."
                                << "desk-clerk";
    QTest::newRow("extensions") << int(ErrorCode::LimitReached)
                                << "The holds of cart desk-clerk-0a1b2c3d4e5f have used every extension allowed."
                                << "desk-clerk";
    QTest::newRow("bad cart") << int(ErrorCode::BadInput) << "Cart id \"x y\" is not valid: use up to 64 letters."
                              << "Cart id";
    QTest::newRow("uuid") << int(ErrorCode::Conflict) << "Ticket 1b4e28ba-2fa1-11d2-883f-0016d3cca427 is void."
                          << "1b4e28ba";
    QTest::newRow("busy") << int(ErrorCode::Busy) << "The database was busy while holding a seat (SQLSTATE 55P03)."
                          << "SQLSTATE";
    QTest::newRow("unavailable") << int(ErrorCode::Unavailable)
                                 << "The database could not be reached while connecting to postgresql:///x."
                                 << "postgresql";
    QTest::newRow("internal") << int(ErrorCode::Internal) << "Unexpected database error while creating an order."
                              << "database error";
}

void TestDeskResilience::messagesNameNoCart()
{
    QFETCH(int, code);
    QFETCH(QString, message);
    QFETCH(QString, mustNotShow);
    const QString text = ClerkError::text(makeError(ErrorCode(code), message));
    QVERIFY2(!text.contains(mustNotShow), qPrintable(text));
    QVERIFY2(!ClerkError::leaksInternals(text), qPrintable(text));
    QVERIFY(!text.isEmpty());
    // A clean sentence is kept as the domain wrote it.
    const QString clean = QStringLiteral("Seat A-1-1 was just taken by another buyer; nothing was held.");
    QCOMPARE(ClerkError::text(makeError(ErrorCode::Lost, clean)), clean);
}

void TestDeskResilience::desksRefusalsNameNoCart()
{
    QStringList shown;
    // Extending past the limit, straight through the window (the button would be off by then).
    m_window->holdUnits({unitOf(QStringLiteral("A-4-8"))});
    m_window->extendHolds();
    shown << m_window->message();
    m_window->extendHolds();
    shown << m_window->message();
    QVERIFY2(shown.last().contains(QLatin1String("every extension")), qPrintable(shown.last()));
    // A seat someone else holds.
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'HELD', cart_id = 'web-buyer-9', "
                                  "held_since = now(), hold_expires_at = now() + interval '5 minutes' WHERE id = :u"),
                   {{QStringLiteral("u"), unitOf(QStringLiteral("A-4-9"))}}));
    m_window->holdUnits({unitOf(QStringLiteral("A-4-9"))});
    shown << m_window->message();
    // The holds run out behind the window's back, then the clerk extends.
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), m_window->cartId(), 1200));
    m_window->extendHolds();
    shown << m_window->message();
    // Selling with nothing held.
    m_window->releaseSelection();
    m_window->sell(false);
    shown << m_window->message();
    for (const QString &text : shown) {
        QVERIFY2(!text.contains(m_window->cartId()), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("web-buyer-9")), qPrintable(text));
        QVERIFY2(!ClerkError::leaksInternals(text), qPrintable(text));
    }
}

namespace {

// Counts the paint events the desk window's widgets receive: the proof that it is drawn, not frozen.
class PaintCounter : public QObject
{
public:
    explicit PaintCounter(QWidget *window) : m_window(window) { qApp->installEventFilter(this); }
    ~PaintCounter() override { qApp->removeEventFilter(this); }
    int paints = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint) {
            auto *widget = qobject_cast<QWidget *>(watched);
            if (widget && widget->window() == m_window)
                ++paints;
        }
        return false;
    }

private:
    QWidget *m_window;
};

// Generous server limits for one test: the stall below ends well before them, so the call waits it
// out and succeeds, and the window must stay alive all the while.
class PatientLimits
{
public:
    PatientLimits()
    {
        QSettings settings;
        m_lock = settings.value(QStringLiteral("connection/lockTimeoutMs"));
        m_statement = settings.value(QStringLiteral("connection/statementTimeoutMs"));
        settings.setValue(QStringLiteral("connection/lockTimeoutMs"), 8000);
        settings.setValue(QStringLiteral("connection/statementTimeoutMs"), 10000);
    }
    ~PatientLimits()
    {
        QSettings settings;
        settings.setValue(QStringLiteral("connection/lockTimeoutMs"), m_lock);
        settings.setValue(QStringLiteral("connection/statementTimeoutMs"), m_statement);
    }

private:
    QVariant m_lock;
    QVariant m_statement;
};

} // namespace

void TestDeskResilience::aStalledCallLeavesTheWindowPainting_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("flow");
    QTest::newRow("hold a seat") << QStringLiteral("event_seats") << QStringLiteral("hold");
    QTest::newRow("scan at the door") << QStringLiteral("tickets") << QStringLiteral("door");
    QTest::newRow("find an order") << QStringLiteral("orders") << QStringLiteral("orders");
    QTest::newRow("find a guest") << QStringLiteral("stays") << QStringLiteral("guests");
}

void TestDeskResilience::aStalledCallLeavesTheWindowPainting()
{
    QFETCH(QString, table);
    QFETCH(QString, flow);
    const PatientLimits limits;
    cleanup();
    openWindow(m_staff); // signed in again under the patient limits
    const UnitId seat = unitOf(QStringLiteral("A-4-6"));
    QVERIFY(seat);
    m_window->door()->gateEdit()->setText(QStringLiteral("2"));

    // Another connection takes the whole table and keeps it: every statement of the desk's on it
    // waits. The stall is ended by a timer of the window's own thread, which can only fire if that
    // thread goes on running its event loop while the desk's call waits.
    auto other = m_db->connect(QStringLiteral("staller"));
    QSqlDatabase staller = other->database();
    QVERIFY(QSqlQuery(staller).exec(QStringLiteral("SET idle_in_transaction_session_timeout = '12s'")));
    QVERIFY(staller.transaction());
    QVERIFY(QSqlQuery(staller).exec(QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE").arg(table)));
    constexpr int stallMs = 1500;
    bool stalled = true;
    QTimer::singleShot(stallMs, this, [&] {
        staller.rollback();
        stalled = false;
    });

    int ticks = 0;
    bool indicatorShown = false;
    QString indicatorText;
    QTimer heartbeat;
    heartbeat.setInterval(20);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        ++ticks;
        if (m_window->databaseWait()->isVisible()) {
            indicatorShown = true;
            indicatorText = m_window->databaseWait()->text();
        }
    });
    const PaintCounter painted(m_window.get());
    heartbeat.start();
    QElapsedTimer elapsed;
    elapsed.start();
    if (flow == QLatin1String("hold")) {
        m_window->holdUnits({seat});
    } else if (flow == QLatin1String("door")) {
        m_window->pages()->setCurrentWidget(m_window->door());
        m_window->door()->scan(QUuid::createUuid().toString(QUuid::WithoutBraces));
    } else if (flow == QLatin1String("orders")) {
        m_window->pages()->setCurrentWidget(m_window->orders());
        m_window->orders()->search(QStringLiteral("Nobody Atall"));
    } else {
        m_window->pages()->setCurrentWidget(m_window->frontDesk());
        m_window->frontDesk()->findGuests(QStringLiteral("Nobody Atall"));
    }
    const qint64 took = elapsed.elapsed();
    const int ticksDuringCall = ticks;
    const int paintsDuringCall = painted.paints;
    heartbeat.stop();
    if (stalled)
        staller.rollback();

    // The call really waited for the stall, and came back once it ended, not at a time limit.
    QVERIFY2(
        took >= stallMs - 200,
        qPrintable(QStringLiteral("back after %1 ms: %2 / %3 / %4")
                       .arg(took)
                       .arg(m_window->message(), m_window->door()->resultTitle(), m_window->frontDesk()->message())));
    QVERIFY2(took < 7000, qPrintable(QStringLiteral("back after %1 ms").arg(took)));
    // Meanwhile the window's thread ran: timers fired (a frozen one fires once, late), widgets were
    // painted, and the status bar said that the desk waits for the server.
    QVERIFY2(ticksDuringCall >= 10,
             qPrintable(QStringLiteral("%1 timer ticks in %2 ms").arg(ticksDuringCall).arg(took)));
    QVERIFY2(paintsDuringCall > 0, "nothing was painted while the call waited");
    QVERIFY(indicatorShown);
    QVERIFY2(indicatorText.startsWith(QLatin1String("Waiting for the server")), qPrintable(indicatorText));
    QVERIFY(!m_window->databaseWait()->isVisible());
    QVERIFY(!DatabaseWaits::instance().waiting());

    // And the call did its work, on the session that waited.
    if (flow == QLatin1String("hold")) {
        QCOMPARE(m_window->cart()->rowCount(), 1);
        QCOMPARE(seatState(seat), QStringLiteral("HELD"));
    } else if (flow == QLatin1String("door")) {
        QVERIFY2(m_window->door()->resultTitle().contains(QLatin1String("NOT A TICKET")),
                 qPrintable(m_window->door()->resultTitle()));
    } else if (flow == QLatin1String("orders")) {
        QCOMPARE(m_window->orders()->results()->rowCount(), 0);
        QVERIFY2(!m_window->orders()->message().contains(QLatin1String("busy")),
                 qPrintable(m_window->orders()->message()));
    } else {
        QVERIFY2(!m_window->frontDesk()->message().contains(QLatin1String("busy")),
                 qPrintable(m_window->frontDesk()->message()));
    }
}

void TestDeskResilience::closingDuringACallWaitsForItsAnswer()
{
    const PatientLimits limits;
    cleanup();
    openWindow(m_staff);
    const UnitId seat = unitOf(QStringLiteral("A-4-8"));
    QVERIFY(seat);
    auto other = m_db->connect(QStringLiteral("staller"));
    QSqlDatabase staller = other->database();
    QVERIFY(QSqlQuery(staller).exec(QStringLiteral("SET idle_in_transaction_session_timeout = '12s'")));
    QVERIFY(staller.transaction());
    QVERIFY(QSqlQuery(staller).exec(QStringLiteral("LOCK TABLE event_seats IN ACCESS EXCLUSIVE MODE")));
    bool closedDuringCall = true;
    // The window is asked to close while its hold waits (as the window manager's close button
    // would): it stays open until the answer is in, then closes.
    QTimer::singleShot(300, this, [&] { closedDuringCall = m_window->close(); });
    QTimer::singleShot(900, this, [&] { staller.rollback(); });
    m_window->holdUnits({seat}); // returns after the stall: the timer above ended it
    QVERIFY(!closedDuringCall);
    QCOMPARE(m_window->cart()->rowCount(), 1); // the answer arrived in a window that still exists
    QTRY_VERIFY(!m_window->isVisible()); // and then it closed
}

QTEST_MAIN(TestDeskResilience)
#include "tst_deskresilience.moc"
