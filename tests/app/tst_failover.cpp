// Failover that loses no sale. A pg_auto_failover formation of the test's own on loopback (a monitor,
// a primary, a synchronous standby); the real boxoffice-web with web buyers, a clerk selling through
// the domain API on a connection of its own, and the real boxoffice-ctl worker, all on the formation's
// multi-host URL. Then the primary dies (SIGKILL to its whole process group), the standby dies, and a
// primary is cut off (SIGSTOP, as a network split does). After each: every hold and sale a client was
// told about exists on the server that takes writes now, nothing is sold twice, the inventory and
// money audits pass, and the time without service is measured and printed.

#include "autofailover.h"
#include "fakepayprocess.h"
#include "testdatabase.h"
#include "webprocess.h"

#include "app/ctl/simulatehttp.h"
#include "desksession.h"
#include "domain/countersale.h"
#include "domain/inventorywatch.h"
#include "domain/seatholdservice.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/pginventorywatch.h"
#include "storage/pgseatstore.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/serverclock.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr int webBuyers = 12;
constexpr int rows = 60;
constexpr int seatsPerRow = 60; // more seats than three cases of paced buyers take
const QString apiKey = QStringLiteral("sk_test_failover");

// What the clients were told, with when (ms since the case began).
struct Acknowledged
{
    struct Hold
    {
        QString cart;
        UnitId unit = 0;
        qint64 at = 0;
        int serverPort = 0; // the clerk's: which node acknowledged it (0: not known)
    };
    struct Sale
    {
        QString cart;
        OrderId order = 0;
        QVector<UnitId> units;
        bool web = false;
    };
    QMutex mutex;
    QVector<Hold> holds;
    QVector<Sale> sales;
    QVector<qint64> webWrites; // every acknowledged write of the web buyers
    QVector<qint64> clerkWrites;
    QStringList unexpected; // an answer no client should get: a 4xx other than "lost", a 500

    void hold(const QString &cart, UnitId unit, qint64 at, bool web, int serverPort = 0)
    {
        QMutexLocker lock(&mutex);
        holds.append({cart, unit, at, serverPort});
        (web ? webWrites : clerkWrites).append(at);
    }
    void refused(const QString &what)
    {
        QMutexLocker lock(&mutex);
        unexpected << what;
    }
    void sale(Sale sold, qint64 at)
    {
        QMutexLocker lock(&mutex);
        (sold.web ? webWrites : clerkWrites).append(at);
        sales.append(std::move(sold));
    }
};

// The longest time without an acknowledged write from the last one before `from` on: a write that was
// in flight when the fault came may still be answered just after it, so the first write after the
// fault does not end the outage; the longest silence does.
struct Outage
{
    qint64 lastBefore = -1; // the silence began after this write
    qint64 firstAfter = -1; // and ended with this one
    qint64 length() const { return firstAfter < 0 || lastBefore < 0 ? -1 : firstAfter - lastBefore; }
};
Outage outageAround(QVector<qint64> writes, qint64 from)
{
    std::sort(writes.begin(), writes.end());
    Outage outage;
    qint64 previous = -1;
    for (qint64 at : std::as_const(writes)) {
        if (at <= from) {
            previous = at;
            continue;
        }
        if (previous >= 0 && at - previous > outage.length()) {
            outage.lastBefore = previous;
            outage.firstAfter = at;
        }
        previous = at;
    }
    return outage;
}

bool wroteAfter(const QVector<qint64> &writes, qint64 after, qint64 *first)
{
    *first = -1;
    for (qint64 at : writes) {
        if (at > after && (*first < 0 || at < *first))
            *first = at;
    }
    return *first >= 0;
}

} // namespace

class TestFailover : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void anAcknowledgedSaleSurvivesThePrimarysDeath();
    void thePrimaryKeepsSellingWhenTheStandbyDies();
    void aCutOffPrimaryAcknowledgesNothingTwice();
    void theDeskKeepsItsCartThroughAFailover();

private:
    // Runs the web buyers and the clerk until `stop`; `during` is called from the main thread after
    // `warmUpMs` of load and returns when the fault is over; load goes on until both channels have
    // written again for a while. Returns the ms at which the fault was injected.
    qint64 runLoad(Acknowledged &told, const std::function<void()> &fault, const QString &label);
    void webBuyer(int index, Acknowledged &told, const std::atomic<bool> &stop, const QElapsedTimer &clock);
    void clerk(Acknowledged &told, const std::atomic<bool> &stop, const QElapsedTimer &clock);
    void verify(Acknowledged &told);
    bool waitForSecondary(int node);
    void report(const QString &label, Acknowledged &told, qint64 faultAt);
    // `boxoffice-ctl db replication --json` against one node: what the operator is shown.
    QJsonObject replication(int node);

    AutoFailoverFormation m_formation;
    // A terminal's seat-map watch (LISTEN) on the formation: it must find the new primary and listen
    // again. Notifications only (no periodic "changed"), so a change seen is a notification received.
    std::unique_ptr<InventoryWatchThread> m_watch;
    int m_watchChanged = 0;
    int m_watchLost = 0;
    int m_watchRestored = 0;
    std::unique_ptr<TestDatabase> m_db;
    FakePayProcess m_fakepay;
    WebProcess m_web;
    QProcess m_worker;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QStringList m_tokens;
    std::atomic<int> m_nextSeat{0};
};

void TestFailover::initTestCase()
{
    // The desk's settings (its connection limits) in a folder of the test's own.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_failover"));
    QSettings().setValue(QStringLiteral("connection/connectTimeoutSeconds"), 2);
    if (AutoFailoverFormation::program().isEmpty())
        QSKIP("pg_auto_failover is not installed (Debian: pg-auto-failover-cli postgresql-15-auto-failover); "
              ".ci/run installs it");
    QElapsedTimer setup;
    setup.start();
    const QString failure = m_formation.start(QStringLiteral("boxoffice"));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    qInfo("formation up in %lld ms: %s; URL %s", setup.elapsed(), qPrintable(m_formation.describeStates()),
          qPrintable(m_formation.settings().describe()));

    // An acknowledged commit is on both servers: the primary waits for the standby's flush.
    ConnectionSettings primary = m_formation.nodeSettings(1);
    auto direct = DatabaseConnection::open(primary, QStringLiteral("failover-check"));
    QVERIFY(direct.ok());
    QSqlQuery query(direct.value()->database());
    QVERIFY(query.exec(QStringLiteral("SELECT current_setting('synchronous_commit'), "
                                      "current_setting('synchronous_standby_names')"))
            && query.next());
    QCOMPARE(query.value(0).toString(), QStringLiteral("on"));
    QVERIFY2(!query.value(1).toString().isEmpty(), "the primary names no synchronous standby");
    query.finish();
    direct.value().reset();

    m_db = std::make_unique<TestDatabase>(m_formation.settings());
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Failover Hall"), rows, seatsPerRow, 900, 1, 3000);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), rows * seatsPerRow);
    PgBuyerStore buyers(m_db->database());
    for (int i = 0; i < webBuyers; ++i) {
        auto buyer = buyers.addBuyer(QStringLiteral("Failover buyer %1").arg(i + 1));
        QVERIFY(buyer.ok());
        m_tokens << buyer->token;
    }

    m_watch = std::make_unique<InventoryWatchThread>(m_formation.settings(),
                                                     InventoryWatchTiming{250, 3600000, 1000, 1000});
    connect(m_watch->watch(), &InventoryWatch::inventoryChanged, this, [this] { ++m_watchChanged; });
    connect(m_watch->watch(), &InventoryWatch::connectionLost, this, [this] { ++m_watchLost; });
    connect(m_watch->watch(), &InventoryWatch::connectionRestored, this, [this] { ++m_watchRestored; });
    m_watch->start();

    QString started = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(started.isEmpty(), qPrintable(started));
    // Each test buyer stands for many people buying one after another: the per-buyer cart limit
    // would otherwise pace them, not the failover.
    m_web.extraArguments = {QStringLiteral("--max-carts-per-minute"), QStringLiteral("0")};
    started = m_web.start(m_formation.settings(), m_fakepay.baseUrl(), apiKey, 4);
    QVERIFY2(started.isEmpty(), qPrintable(started));

    // The worker as its unit runs it, on the same URL: it issues the web orders' tickets.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("boxoffice.*.info=false"));
    m_worker.setProcessEnvironment(environment);
    m_worker.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_worker.setStandardOutputFile(QProcess::nullDevice());
    m_worker.start(qEnvironmentVariable("BOXOFFICE_CTL"),
                   {QStringLiteral("--db"), m_formation.settings().toUrl(false), QStringLiteral("worker")});
    QVERIFY(m_worker.waitForStarted(10000));
}

void TestFailover::cleanupTestCase()
{
    m_watch.reset();
    m_web.stop();
    if (m_worker.state() != QProcess::NotRunning) {
        m_worker.terminate();
        if (!m_worker.waitForFinished(10000))
            m_worker.kill();
    }
    m_db.reset();
}

void TestFailover::webBuyer(int index, Acknowledged &told, const std::atomic<bool> &stop, const QElapsedTimer &clock)
{
    const QUrl base = m_web.baseUrl();
    KeepAliveHttp http(base.host(), quint16(base.port()), 30000);
    http.setBearer(m_tokens.at(index));
    int round = 0;
    while (!stop.load()) {
        const HttpAnswer created = http.send("POST", "/api/v1/carts");
        const QString cart = created.json().value(QStringLiteral("cart")).toString();
        if (created.status != 201 || cart.isEmpty()) {
            if (created.status != 503 && created.status != 0 && created.status != 429)
                told.refused(QStringLiteral("cart: %1 %2").arg(created.status).arg(QString::fromUtf8(created.body)));
            QThread::msleep(100);
            continue;
        }
        const QByteArray path = "/api/v1/carts/" + cart.toUtf8();
        const UnitId unit = m_units.at(m_nextSeat.fetch_add(1) % m_units.size());
        const HttpAnswer held = http.post(
            path + "/holds", {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{unit}}});
        if (held.status != 201) {
            if (held.status != 503 && held.status != 0
                && !(held.status == 409 && held.errorCode() == QLatin1String("lost")))
                told.refused(QStringLiteral("hold: %1 %2").arg(held.status).arg(QString::fromUtf8(held.body)));
            QThread::msleep(100);
            continue;
        }
        told.hold(cart, unit, clock.elapsed(), true);
        QThread::msleep(300); // a buyer's pace, so three cases fit in the hall
        // Every other cart is paid at once; the rest keep their holds, which must survive too.
        if (++round % 2 == 0)
            continue;
        const HttpAnswer paid = http.send("POST", path + "/checkout");
        if (paid.status == 200 && paid.json().value(QStringLiteral("state")).toString() == QLatin1String("paid"))
            told.sale({cart, paid.json().value(QStringLiteral("order")).toInteger(), {unit}, true}, clock.elapsed());
        else if (paid.status != 503 && paid.status != 0 && paid.status != 200 && paid.status != 202)
            told.refused(QStringLiteral("checkout: %1 %2").arg(paid.status).arg(QString::fromUtf8(paid.body)));
    }
}

void TestFailover::clerk(Acknowledged &told, const std::atomic<bool> &stop, const QElapsedTimer &clock)
{
    // The desk's way: a lost connection is dropped whole and opened again on the same URL, which finds
    // whichever server takes writes now; the cart lives in the database, not in the connection.
    ConnectionSettings settings = m_formation.settings();
    settings.limits.connectTimeoutSeconds = 2;
    static std::atomic<int> round{0}; // carts are new in every case
    while (!stop.load()) {
        auto connection = DatabaseConnection::open(settings, QStringLiteral("clerk"));
        if (!connection) {
            QThread::msleep(200);
            continue;
        }
        int serverPort = 0;
        {
            QSqlQuery where(connection.value()->database());
            if (where.exec(QStringLiteral("SELECT inet_server_port()")) && where.next())
                serverPort = where.value(0).toInt();
        }
        PgInventory inventory(connection.value()->database());
        SeatHoldService holds(inventory.seats);
        PgCounterSales counter(connection.value()->database(), inventory.carts);
        CounterSaleService sales(counter);
        while (!stop.load()) {
            const QString cart = QStringLiteral("desk-%1-%2").arg(QCoreApplication::applicationPid()).arg(++round);
            const UnitId unit = m_units.at(m_nextSeat.fetch_add(1) % m_units.size());
            const auto held = holds.hold({m_hall.eventId, cart, {unit}, {}, 0});
            if (!held) {
                if (held.error().code == ErrorCode::Unavailable)
                    break;
                if (held.error().code != ErrorCode::Lost)
                    told.refused(QStringLiteral("desk hold: ") + held.error().message);
                continue;
            }
            told.hold(cart, unit, clock.elapsed(), false, serverPort);
            const auto quote = sales.quote(cart);
            if (!quote) {
                if (quote.error().code == ErrorCode::Unavailable)
                    break;
                told.refused(QStringLiteral("desk quote: ") + quote.error().message);
                continue;
            }
            CounterPayment cash;
            cash.tendered = quote->total;
            const auto sold = sales.sell(cart, cash, quote.value());
            if (!sold) {
                if (sold.error().code == ErrorCode::Unavailable)
                    break;
                told.refused(QStringLiteral("desk sale: ") + sold.error().message);
                continue;
            }
            told.sale({cart, sold->order.id, {unit}, false}, clock.elapsed());
            QThread::msleep(100);
        }
    }
}

qint64 TestFailover::runLoad(Acknowledged &told, const std::function<void()> &fault, const QString &label)
{
    std::atomic<bool> stop{false};
    QElapsedTimer clock;
    clock.start();
    QVector<QThread *> threads;
    for (int i = 0; i < webBuyers; ++i)
        threads << QThread::create([this, i, &told, &stop, &clock] { webBuyer(i, told, stop, clock); });
    threads << QThread::create([this, &told, &stop, &clock] { clerk(told, stop, clock); });
    for (QThread *thread : std::as_const(threads))
        thread->start();

    QThread::msleep(4000);
    const qint64 faultAt = clock.elapsed();
    fault();
    // Load goes on until both channels have written again, after the fault is over, for three seconds
    // (at most two minutes).
    const qint64 faultOver = clock.elapsed();
    QElapsedTimer after;
    after.start();
    while (after.elapsed() < 120000) {
        QThread::msleep(250);
        QMutexLocker lock(&told.mutex);
        qint64 web = -1;
        qint64 desk = -1;
        if (wroteAfter(told.webWrites, faultOver, &web) && wroteAfter(told.clerkWrites, faultOver, &desk)
            && clock.elapsed() > qMax(web, desk) + 3000)
            break;
    }
    stop = true;
    for (QThread *thread : std::as_const(threads)) {
        thread->wait();
        delete thread;
    }
    report(label, told, faultAt);
    return faultAt;
}

void TestFailover::report(const QString &label, Acknowledged &told, qint64 faultAt)
{
    const Outage web = outageAround(told.webWrites, faultAt);
    const Outage desk = outageAround(told.clerkWrites, faultAt);
    qInfo("%s: fault at %lld ms; web buyers: last write %lld ms, next %lld ms (%lld ms without service); clerk: "
          "last write %lld ms, next %lld ms (%lld ms without service); %lld holds and %lld sales acknowledged; %s",
          qPrintable(label), faultAt, web.lastBefore, web.firstAfter, web.length(), desk.lastBefore, desk.firstAfter,
          desk.length(), qlonglong(told.holds.size()), qlonglong(told.sales.size()),
          qPrintable(m_formation.describeStates()));
}

void TestFailover::verify(Acknowledged &told)
{
    QVERIFY2(told.unexpected.isEmpty(), qPrintable(told.unexpected.mid(0, 5).join(QStringLiteral("; "))));
    QVERIFY2(!told.webWrites.isEmpty() && !told.clerkWrites.isEmpty(), "a channel was never served");
    QVERIFY(m_db->reconnect());
    // Every acknowledged hold is still its cart's (held, or sold to an order of that cart).
    for (const Acknowledged::Hold &hold : std::as_const(told.holds)) {
        const QString state
            = m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :unit AND cart_id = :cart "
                                          "AND state IN ('HELD', 'SOLD')"),
                           {{QStringLiteral("unit"), hold.unit}, {QStringLiteral("cart"), hold.cart}})
                  .toString();
        QVERIFY2(
            !state.isEmpty(),
            qPrintable(
                QStringLiteral("the hold of seat %1 by cart %2, acknowledged at %3 ms by the server on port %4, "
                               "is gone (the seat is now %5); %6")
                    .arg(hold.unit)
                    .arg(hold.cart)
                    .arg(hold.at)
                    .arg(hold.serverPort)
                    .arg(m_db->scalar(
                                 QStringLiteral(
                                     "SELECT state || ' ' || coalesce(cart_id, '-') FROM event_seats WHERE id = :unit"),
                                 {{QStringLiteral("unit"), hold.unit}})
                             .toString())
                    .arg(m_formation.settings().describe())));
    }
    // Every acknowledged sale is paid, with its seats sold on it.
    for (const Acknowledged::Sale &sale : std::as_const(told.sales)) {
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :order AND cart_id = :cart"),
                              {{QStringLiteral("order"), sale.order}, {QStringLiteral("cart"), sale.cart}})
                     .toString(),
                 QStringLiteral("PAID"));
        for (UnitId unit : sale.units)
            QCOMPARE(
                m_db->scalar(QStringLiteral("SELECT order_id FROM event_seats WHERE id = :unit AND state = 'SOLD'"),
                             {{QStringLiteral("unit"), unit}})
                    .toLongLong(),
                sale.order);
    }
    // Nothing sold twice, every cent matched (the inventory and money audits).
    const QString audit = m_db->auditFailure();
    QVERIFY2(audit.isEmpty(), qPrintable(audit));
    // The worker came back too: every paid web order gets its tickets on the new primary.
    QDeadlineTimer ticketsDeadline(90000);
    qlonglong waiting = -1;
    while (!ticketsDeadline.hasExpired()) {
        waiting = m_db->scalar(QStringLiteral("SELECT count(*) FROM orders o WHERE o.state = 'PAID' AND NOT EXISTS "
                                              "(SELECT 1 FROM tickets t WHERE t.order_id = o.id)"))
                      .toLongLong();
        if (waiting == 0)
            break;
        QThread::msleep(500);
        m_db->reconnect();
    }
    QVERIFY2(waiting == 0,
             qPrintable(QStringLiteral("%1 paid orders have no tickets: the worker did not come back").arg(waiting)));
}

QJsonObject TestFailover::replication(int node)
{
    QProcess ctl;
    ctl.start(qEnvironmentVariable("BOXOFFICE_CTL"),
              {QStringLiteral("--db"), m_formation.nodeSettings(node).toUrl(false), QStringLiteral("db"),
               QStringLiteral("replication"), QStringLiteral("--json")});
    if (!ctl.waitForFinished(30000))
        return {};
    const QJsonObject answer = QJsonDocument::fromJson(ctl.readAllStandardOutput()).object();
    qInfo("boxoffice-ctl db replication on node%d: %s", node,
          qPrintable(answer.value(QStringLiteral("verdict")).toString()));
    return answer;
}

bool TestFailover::waitForSecondary(int node)
{
    if (!m_formation.restart(node).isEmpty())
        return false;
    const int other = node == 1 ? 2 : 1;
    return m_formation.waitForState(node, QStringLiteral("secondary"), 120000)
        && m_formation.waitForState(other, QStringLiteral("primary"), 60000);
}

void TestFailover::anAcknowledgedSaleSurvivesThePrimarysDeath()
{
    QCOMPARE(m_formation.writableNode(), 1);
    Acknowledged told;
    QElapsedTimer promoted;
    runLoad(
        told,
        [&] {
            m_formation.kill(1); // the machine dies: no shutdown, no goodbye to the clients
            promoted.start();
            QVERIFY(m_formation.waitForState(2, QStringLiteral("wait_primary"), 90000));
            qInfo("the monitor promoted node2 %lld ms after node1 died", promoted.elapsed());
        },
        QStringLiteral("primary killed"));
    QCOMPARE(m_formation.writableNode(), 2);
    verify(told);

    // The terminal's watch lost its server, found the new primary, and hears changes there.
    QTRY_VERIFY_WITH_TIMEOUT(m_watchLost > 0 && m_watchRestored > 0, 30000);
    QTest::qWait(1500);
    m_watchChanged = 0;
    PgSeatStore seats(m_db->database());
    QVERIFY(seats.hold({m_hall.eventId, QStringLiteral("watch-after-failover"), {m_units.last()}, {}, 0}).ok());
    QTRY_VERIFY_WITH_TIMEOUT(m_watchChanged > 0, 15000);
}

void TestFailover::thePrimaryKeepsSellingWhenTheStandbyDies()
{
    // node1 comes back as node2's standby (pg_auto_failover rewinds it), then dies again.
    QVERIFY2(waitForSecondary(1), qPrintable(m_formation.describeStates()));
    QCOMPARE(replication(2).value(QStringLiteral("acknowledged_twice")).toBool(), true);
    Acknowledged told;
    runLoad(
        told,
        [&] {
            m_formation.kill(1);
            // Until the monitor notices, commits wait for a standby that is gone; then it tells the
            // primary to stop waiting (wait_primary: synchronous_standby_names emptied). What the
            // operator sees is this state, in `pg_autoctl show state` and in the server's settings.
            QVERIFY(m_formation.waitForState(2, QStringLiteral("wait_primary"), 60000));
        },
        QStringLiteral("standby killed"));
    QCOMPARE(m_formation.writableNode(), 2);
    auto direct = DatabaseConnection::open(m_formation.nodeSettings(2), QStringLiteral("failover-check"));
    QVERIFY(direct.ok());
    QSqlQuery query(direct.value()->database());
    QVERIFY(query.exec(QStringLiteral("SELECT current_setting('synchronous_standby_names')")) && query.next());
    QCOMPARE(query.value(0).toString(), QString()); // selling alone, and says so
    query.finish();
    direct.value().reset();
    const QJsonObject alone = replication(2);
    QCOMPARE(alone.value(QStringLiteral("ok")).toBool(), true);
    QCOMPARE(alone.value(QStringLiteral("acknowledged_twice")).toBool(), false);
    QVERIFY(alone.value(QStringLiteral("verdict")).toString().startsWith(QLatin1String("No synchronous standby")));
    verify(told);
}

void TestFailover::aCutOffPrimaryAcknowledgesNothingTwice()
{
    QVERIFY2(waitForSecondary(1), qPrintable(m_formation.describeStates()));
    Acknowledged told;
    runLoad(
        told,
        [&] {
            // node2 is cut off: its processes and sockets stay, it answers nothing. The monitor promotes
            // node1; clients waiting on node2 wait until it comes back, learns it was demoted and
            // closes their connections. A commit it held meanwhile never reached a standby, so it was
            // never acknowledged.
            m_formation.freeze(2);
            QElapsedTimer promoted;
            promoted.start();
            QVERIFY(m_formation.waitForState(1, QStringLiteral("wait_primary"), 90000));
            qInfo("the monitor promoted node1 %lld ms after node2 was cut off", promoted.elapsed());
            QThread::msleep(2000);
            m_formation.thaw(2);
        },
        QStringLiteral("primary cut off"));
    // The old primary rejoins as a standby: the formation heals without an operator. Until its keeper
    // has demoted it, it still says read-write to a new connection (one that writes there waits for a
    // standby that never answers, so nothing is acknowledged); the check reads after it has rejoined.
    QVERIFY2(m_formation.waitForState(2, QStringLiteral("secondary"), 120000),
             qPrintable(m_formation.describeStates()));
    QVERIFY2(m_formation.waitForState(1, QStringLiteral("primary"), 60000), qPrintable(m_formation.describeStates()));
    verify(told);
}

void TestFailover::theDeskKeepsItsCartThroughAFailover()
{
    // The real desk window, signed in as a clerk on the formation's URL, with seats in its cart; then
    // the primary dies. The desk finds its connection gone, reconnects by itself to the new primary,
    // and the cart is still there (its holds live in the database, not in the connection).
    // After the split, node1 is the primary and node2 its standby again.
    QVERIFY2(m_formation.waitForState(2, QStringLiteral("secondary"), 60000), qPrintable(m_formation.describeStates()));
    QVERIFY2(m_formation.waitForState(1, QStringLiteral("primary"), 60000), qPrintable(m_formation.describeStates()));
    QVERIFY(m_db->reconnect());
    const QString clerk = QStringLiteral("failoverclerk_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("failover-desk-pass-7");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(clerk, password, StaffRole::Clerk).ok());
    ConnectionSettings staff = m_formation.settings();
    staff.user = clerk;
    staff.password = password;

    auto session = DeskSession::open(staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    ServerClock clock;
    auto reading = session.value()->readServerClock();
    QVERIFY(reading.ok());
    clock.calibrate(reading->serverNow, reading->sentAtUtc, reading->receivedAtUtc);
    InventoryWatch watch;
    QTemporaryDir tickets;
    DeskWindow window(StaffIdentity{clerk, StaffRole::Clerk, staff.describe()}, clock, &watch);
    window.setTicketFolder(tickets.path());
    SessionKeeper keeper(staff, std::move(session.value()), window, &watch);
    keeper.setRetryIntervals(200, 300);
    QSignalSpy replaced(&keeper, &SessionKeeper::sessionReplaced);
    QVERIFY(window.selectEvent(m_hall.eventId));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    clock.start();

    const QVector<UnitId> seats{m_units.at(m_units.size() - 2), m_units.at(m_units.size() - 3)};
    window.holdUnits(seats);
    QCOMPARE(window.cart()->rowCount(), 2);
    const CartId cart = window.cartId();

    QElapsedTimer outage;
    outage.start();
    m_formation.kill(1);
    QVERIFY2(m_formation.waitForState(2, QStringLiteral("wait_primary"), 90000),
             qPrintable(m_formation.describeStates()));
    // The next thing the clerk does finds the connection gone: the desk says so and reconnects.
    const UnitId third = m_units.at(m_units.size() - 4);
    window.holdUnits({third});
    QVERIFY2(keeper.reconnecting() || replaced.size() > 0, qPrintable(window.message()));
    QTRY_VERIFY_WITH_TIMEOUT(replaced.size() >= 1, 30000);
    qInfo("the desk was signed in on the new primary %lld ms after the old one died, its cart still of %d seats",
          outage.elapsed(), int(window.cart()->rowCount()));
    QCOMPARE(window.cartId(), cart);
    QCOMPARE(window.cart()->rowCount(), 2);
    window.holdUnits({third});
    QCOMPARE(window.cart()->rowCount(), 3);
    QVERIFY(m_db->reconnect());
    for (UnitId unit : seats + QVector<UnitId>{third})
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :unit AND state = 'HELD'"),
                              {{QStringLiteral("unit"), unit}})
                     .toString(),
                 cart);
    const QString audit = m_db->auditFailure();
    QVERIFY2(audit.isEmpty(), qPrintable(audit));
}

QTEST_MAIN(TestFailover)
#include "tst_failover.moc"
