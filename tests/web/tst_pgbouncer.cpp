// pgbouncer in front of the web channel and the worker (issue 19), as docs/OPERATIONS.md sets it up:
// a real pgbouncer on loopback with one alias per path, the web's and the worker's in session mode,
// the audit's in transaction mode. The fixture's cluster listens on no TCP port at all and the real
// boxoffice-web and boxoffice-ctl worker are told only pgbouncer's address, so whatever they do goes
// through it; its console (SHOW SERVERS) names the very backends pg_stat_activity shows serving them.
// Many buyers hold and pay for overlapping seats through it: nothing is sold twice, and the worker,
// woken by LISTEN/NOTIFY through its pooled session, issues the tickets. Last, why nothing but the
// audit may use transaction pooling: QPSQL's bound statements are named PREPAREs that stay on the one
// server connection that prepared them.

#include "fakepayprocess.h"
#include "pgbouncerserver.h"
#include "testdatabase.h"
#include "webprocess.h"

#include "app/ctl/simulatehttp.h"
#include "storage/pgbuyerstore.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr int buyerCount = 80;
constexpr int rows = 4;
constexpr int seatsPerRow = 10; // 40 seats, two asked by each of 80 buyers
const QString apiKey = QStringLiteral("sk_test_pgbouncer");
const QString webAlias = QStringLiteral("boxoffice_web");
const QString workerAlias = QStringLiteral("boxoffice_worker");
const QString auditAlias = QStringLiteral("boxoffice_audit");

struct BuyerStory
{
    QString cart;
    QVector<UnitId> granted;
    bool lost = false;
    QString payState;
    QStringList errors;
};

int countRows(const QVector<QHash<QString, QString>> &rows, const QString &column, const QString &value)
{
    int count = 0;
    for (const auto &row : rows)
        count += row.value(column) == value;
    return count;
}

} // namespace

class TestPgBouncer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void buyersHoldAndPayThroughPgbouncer();
    void workerWokenThroughPgbouncerIssuesTickets();
    void pgbouncerCarriedEveryConnection();
    void auditRunsInTransactionPooling();
    void transactionPoolingLosesPreparedStatements();

private:
    void runBuyer(int index, BuyerStory &story);
    int ticketsOfPaidOrders() const;
    bool waitForTickets(int expected, int timeoutMs) const;

    std::unique_ptr<TestDatabase> m_db;
    FakePayProcess m_fakepay;
    PgBouncerServer m_pgbouncer;
    WebProcess m_web;
    QProcess m_worker;
    LoadedVenue m_hall;
    LoadedVenue m_encore; // one seat, bought once the worker is idle
    QVector<UnitId> m_units;
    QStringList m_tokens;
    int m_soldSeats = 0;
};

void TestPgBouncer::initTestCase()
{
    if (PgBouncerServer::program().isEmpty())
        QSKIP("pgbouncer is not installed (Debian: apt-get install pgbouncer; CI installs it, see scripts/common.sh)");
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("pgbouncer"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Bouncer Hall"), rows, seatsPerRow, 600, 1, 3000);
    m_encore = m_db->loadHall(QStringLiteral("Encore Hall"), 1, 1, 600, 1, 3000);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), rows * seatsPerRow);
    PgBuyerStore buyers(m_db->database());
    for (int i = 0; i < buyerCount + 1; ++i) {
        auto buyer = buyers.addBuyer(QStringLiteral("Pooled buyer %1").arg(i + 1));
        QVERIFY(buyer.ok());
        m_tokens << buyer->token;
    }

    const QString database = m_db->settings().database;
    QString failure = m_pgbouncer.start({{webAlias, database, QStringLiteral("session"), 30},
                                         {workerAlias, database, QStringLiteral("session"), 4},
                                         {auditAlias, database, QStringLiteral("transaction"), 2}});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    failure = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    // The worker wakes on NOTIFY only: its rounds are ten minutes apart.
    QProcessEnvironment environment = clientEnvironment(m_pgbouncer.settings(workerAlias));
    environment.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("boxoffice.*.info=false"));
    m_worker.setProcessEnvironment(environment);
    m_worker.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_worker.setStandardOutputFile(QProcess::nullDevice());
    m_worker.start(qEnvironmentVariable("BOXOFFICE_CTL"),
                   {QStringLiteral("worker"), QStringLiteral("--interval"), QStringLiteral("600")});
    QVERIFY2(m_worker.waitForStarted(10000), qPrintable(m_worker.errorString()));

    failure = m_web.start(m_pgbouncer.settings(webAlias), m_fakepay.baseUrl(), apiKey, 6);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    // The worker has signed in through pgbouncer and done its first pass (nothing to do yet) before
    // anyone buys: what it issues from now on, it was woken for.
    QDeadlineTimer deadline(30000);
    bool signedIn = false;
    while (!deadline.hasExpired() && !signedIn) {
        auto clients = m_pgbouncer.show(QStringLiteral("CLIENTS"));
        signedIn = clients.ok() && countRows(clients.value(), QStringLiteral("database"), workerAlias) > 0;
        if (!signedIn)
            QTest::qWait(100);
    }
    QVERIFY2(signedIn, "the worker did not connect through pgbouncer");
    QTest::qWait(1000);
    QVERIFY2(m_worker.state() == QProcess::Running, "the worker stopped");
}

void TestPgBouncer::cleanupTestCase()
{
    m_web.stop();
    if (m_worker.state() != QProcess::NotRunning) {
        m_worker.terminate();
        if (!m_worker.waitForFinished(15000)) {
            m_worker.kill();
            m_worker.waitForFinished(5000);
        }
    }
    m_pgbouncer.stop();
}

void TestPgBouncer::runBuyer(int index, BuyerStory &story)
{
    const QUrl base = m_web.baseUrl();
    KeepAliveHttp http(base.host(), quint16(base.port()), 120000);
    http.setBearer(m_tokens.at(index));
    QRandomGenerator random(quint32(index) * 104729u + 7u);
    const int first = random.bounded(int(m_units.size()) - 1);
    const QVector<UnitId> asked{m_units.at(first), m_units.at(first + 1)};

    const HttpAnswer created = http.send("POST", "/api/v1/carts");
    story.cart = created.json().value(QStringLiteral("cart")).toString();
    if (created.status != 201 || story.cart.isEmpty()) {
        story.errors << QStringLiteral("cart: %1 %2").arg(created.status).arg(created.failure);
        return;
    }
    const QByteArray cartPath = "/api/v1/carts/" + story.cart.toUtf8();
    const HttpAnswer held = http.post(
        cartPath + "/holds",
        {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{asked[0], asked[1]}}});
    if (held.status == 409 && held.errorCode() == QLatin1String("lost")) {
        story.lost = true;
        return;
    }
    if (held.status != 201) {
        story.errors << QStringLiteral("hold: %1 %2").arg(held.status).arg(held.failure + QString::fromUtf8(held.body));
        return;
    }
    for (const QJsonValue &unit : held.json().value(QStringLiteral("held")).toArray())
        story.granted << unit.toObject().value(QStringLiteral("unit")).toInteger();
    const HttpAnswer paid = http.send("POST", cartPath + "/checkout");
    if (paid.status == 200)
        story.payState = paid.json().value(QStringLiteral("state")).toString();
    else
        story.errors
            << QStringLiteral("checkout: %1 %2").arg(paid.status).arg(paid.failure + QString::fromUtf8(paid.body));
}

int TestPgBouncer::ticketsOfPaidOrders() const
{
    return m_db
        ->scalar(
            QStringLiteral("SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.state = 'PAID'"))
        .toInt();
}

bool TestPgBouncer::waitForTickets(int expected, int timeoutMs) const
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (ticketsOfPaidOrders() >= expected)
            return true;
        QThread::msleep(100);
    }
    return ticketsOfPaidOrders() >= expected;
}

void TestPgBouncer::buyersHoldAndPayThroughPgbouncer()
{
    QVector<BuyerStory> stories(buyerCount);
    QVector<QThread *> threads;
    for (int i = 0; i < buyerCount; ++i) {
        threads << QThread::create([this, i, &stories] { runBuyer(i, stories[i]); });
        threads.last()->start();
    }
    for (QThread *thread : std::as_const(threads)) {
        thread->wait();
        delete thread;
    }

    QStringList errors;
    QSet<UnitId> sold;
    int paid = 0;
    int lost = 0;
    for (const BuyerStory &story : std::as_const(stories)) {
        errors += story.errors;
        lost += story.lost ? 1 : 0;
        if (story.payState != QLatin1String("paid"))
            continue;
        ++paid;
        for (UnitId unit : story.granted) {
            QVERIFY2(!sold.contains(unit), qPrintable(QStringLiteral("seat %1 was sold to two buyers").arg(unit)));
            sold.insert(unit);
        }
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :cart AND state = 'SOLD'"),
                         {{QStringLiteral("cart"), story.cart}})
                .toInt(),
            int(story.granted.size()));
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.mid(0, 5).join(QLatin1Char('\n'))));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE event_id = :event AND state = 'SOLD'"),
                          {{QStringLiteral("event"), m_hall.eventId}})
                 .toInt(),
             int(sold.size()));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
    // A real rush: buyers lost seats to each other, and many paid.
    QVERIFY(lost > 0);
    QVERIFY(paid > 0);
    m_soldSeats = int(sold.size());
    qInfo("%d buyers through pgbouncer: %d paid for %d seats, %d lost the race", buyerCount, paid, m_soldSeats, lost);
}

void TestPgBouncer::workerWokenThroughPgbouncerIssuesTickets()
{
    // The rush's orders: the worker had finished its first pass before they were paid, and its next
    // round is ten minutes away, so only the database's NOTIFY, through pgbouncer, can have woken it.
    QVERIFY2(
        waitForTickets(m_soldSeats, 60000),
        qPrintable(QStringLiteral("%1 ticket(s) for %2 sold seat(s)").arg(ticketsOfPaidOrders()).arg(m_soldSeats)));
    // Once more with the worker surely idle (its pass over, waiting on its LISTEN): one buyer, one seat,
    // one ticket within seconds.
    QTest::qWait(2000);
    const QUrl base = m_web.baseUrl();
    KeepAliveHttp http(base.host(), quint16(base.port()), 60000);
    http.setBearer(m_tokens.at(buyerCount));
    const HttpAnswer created = http.send("POST", "/api/v1/carts");
    const QByteArray cart = created.json().value(QStringLiteral("cart")).toString().toUtf8();
    QVERIFY2(created.status == 201, created.body.constData());
    const QVector<UnitId> encore = m_db->units(m_encore.eventId);
    const HttpAnswer held = http.post(
        "/api/v1/carts/" + cart + "/holds",
        {{QStringLiteral("event"), m_encore.eventId}, {QStringLiteral("seats"), QJsonArray{encore.first()}}});
    QVERIFY2(held.status == 201, held.body.constData());
    const HttpAnswer paid = http.send("POST", "/api/v1/carts/" + cart + "/checkout");
    QVERIFY2(paid.status == 200 && paid.json().value(QStringLiteral("state")).toString() == QLatin1String("paid"),
             paid.body.constData());
    QVERIFY2(waitForTickets(m_soldSeats + 1, 20000), "the worker was not woken for the last order");
    QVERIFY2(m_worker.state() == QProcess::Running, "the worker stopped");
}

void TestPgBouncer::pgbouncerCarriedEveryConnection()
{
    // What the server sees of the web and the worker, then what pgbouncer says it holds: every such
    // backend is one of pgbouncer's server connections.
    QSet<QString> backends;
    {
        QSqlQuery query(m_db->database());
        query.prepare(QStringLiteral("SELECT pid, application_name FROM pg_stat_activity WHERE datname = :database "
                                     "AND application_name IN ('boxoffice-web', 'boxoffice-ctl')"));
        query.bindValue(QStringLiteral(":database"), m_db->settings().database);
        QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
        while (query.next())
            backends.insert(query.value(0).toString());
    }
    QVERIFY2(backends.size() >= 3, "the web's lanes and the worker should hold connections");
    auto servers = m_pgbouncer.show(QStringLiteral("SERVERS"));
    QVERIFY2(servers.ok(), servers.ok() ? "" : qPrintable(servers.error().message));
    QSet<QString> pooled;
    for (const auto &server : servers.value())
        pooled.insert(server.value(QStringLiteral("remote_pid")));
    for (const QString &pid : std::as_const(backends))
        QVERIFY2(pooled.contains(pid), qPrintable(QStringLiteral("backend %1 is not pgbouncer's").arg(pid)));

    auto clients = m_pgbouncer.show(QStringLiteral("CLIENTS"));
    QVERIFY2(clients.ok(), clients.ok() ? "" : qPrintable(clients.error().message));
    QVERIFY(countRows(clients.value(), QStringLiteral("database"), webAlias) >= 2);
    QVERIFY(countRows(clients.value(), QStringLiteral("database"), workerAlias) >= 1);
    QVERIFY(countRows(clients.value(), QStringLiteral("application_name"), QStringLiteral("boxoffice-web")) >= 2);

    auto pools = m_pgbouncer.show(QStringLiteral("POOLS"));
    QVERIFY2(pools.ok(), pools.ok() ? "" : qPrintable(pools.error().message));
    for (const auto &pool : pools.value()) {
        const QString alias = pool.value(QStringLiteral("database"));
        if (alias == webAlias || alias == workerAlias) {
            QCOMPARE(pool.value(QStringLiteral("pool_mode")), QStringLiteral("session"));
            QVERIFY2(pool.value(QStringLiteral("sv_active")).toInt() >= 1, qPrintable(alias));
        }
    }
}

void TestPgBouncer::auditRunsInTransactionPooling()
{
    // boxoffice-ctl audit sends only unparameterised statements (the schema check's and the audit's
    // SELECTs): the one path that works in transaction mode.
    QProcess ctl;
    ctl.setProcessEnvironment(clientEnvironment(m_pgbouncer.settings(auditAlias)));
    ctl.start(qEnvironmentVariable("BOXOFFICE_CTL"), {QStringLiteral("audit"), QStringLiteral("--json")});
    QVERIFY(ctl.waitForFinished(120000));
    const QByteArray out = ctl.readAllStandardOutput();
    QVERIFY2(ctl.exitCode() == 0, qPrintable(QString::fromUtf8(out + ctl.readAllStandardError())));
    QVERIFY2(QJsonDocument::fromJson(out).object().value(QStringLiteral("ok")).toBool(), out.constData());
    auto pools = m_pgbouncer.show(QStringLiteral("POOLS"));
    QVERIFY(pools.ok());
    bool seen = false;
    for (const auto &pool : pools.value()) {
        if (pool.value(QStringLiteral("database")) == auditAlias) {
            seen = true;
            QCOMPARE(pool.value(QStringLiteral("pool_mode")), QStringLiteral("transaction"));
        }
    }
    QVERIFY(seen);
}

void TestPgBouncer::transactionPoolingLosesPreparedStatements()
{
    // QPSQL binds by PREPARE name AS ... then EXECUTE name (...): the name lives on the server
    // connection that prepared it. In transaction mode the next statement may get another one.
    auto run = [this](const QString &alias, QString *error) {
        auto first = DatabaseConnection::open(m_pgbouncer.settings(alias), QStringLiteral("test-first"));
        auto second = DatabaseConnection::open(m_pgbouncer.settings(alias), QStringLiteral("test-second"));
        if (!first || !second) {
            *error = QStringLiteral("could not connect through pgbouncer");
            return false;
        }
        QSqlQuery prepared(first.value()->database());
        if (!prepared.prepare(QStringLiteral("SELECT count(*) FROM event_seats WHERE event_id = :event"))) {
            *error = prepared.lastError().text();
            return false;
        }
        // The other client keeps the server connection that just prepared (the idle one pgbouncer
        // hands out first) inside a transaction.
        QSqlDatabase other = second.value()->database();
        other.transaction();
        QSqlQuery busy(other);
        busy.exec(QStringLiteral("SELECT 1"));
        prepared.bindValue(QStringLiteral(":event"), m_hall.eventId);
        const bool ran = prepared.exec() && prepared.next();
        *error = ran ? QString() : prepared.lastError().nativeErrorCode();
        busy.finish();
        other.rollback();
        return ran;
    };
    QString error;
    QVERIFY2(!run(auditAlias, &error), "transaction pooling kept QPSQL's prepared statement: is the pool size 1?");
    QCOMPARE(error, QStringLiteral("26000")); // prepared statement "qpsqlpstmt_..." does not exist
    QVERIFY2(run(workerAlias, &error), qPrintable(error)); // session pooling keeps it
}

QTEST_GUILESS_MAIN(TestPgBouncer)
#include "tst_pgbouncer.moc"
