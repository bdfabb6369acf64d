// Browsing from a streaming standby (issue 19): the real boxoffice-web with --browse-db pointed at a
// hot standby of the test cluster. With the standby's replay paused, seats held through the web
// (claimed on the primary, which says HELD) still show free in the web's seat map, so that snapshot
// can only have come from the standby; a second buyer reaching for such a seat loses it all the same,
// since claims are decided on the primary. Resumed, the map catches up within the snapshot's age;
// stopped, browsing answers from the primary and holds go on.

#include "standbyserver.h"
#include "testdatabase.h"
#include "webcall.h"
#include "webprocess.h"

#include "storage/pgbuyerstore.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {
constexpr int seatCount = 10;
constexpr int snapshotAgeMs = 1000; // WebConfig::seatMapMaxAgeMs: the web re-reads a seat map at most this often
} // namespace

class TestBrowseStandby : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void pausedStandbyServesTheSnapshotWhileThePrimaryClaims();
    void resumedStandbyCatchesUp();
    void browsingOutlivesTheStandby();
    void aPasswordOnTheCommandLineIsRefused();

private:
    // The web's seat map: each seat's state by unit (empty when it did not answer 200).
    QHash<UnitId, QString> seatStates();
    QString newCart(const QString &token);
    WebAnswer hold(const QString &token, const QString &cart, const QVector<UnitId> &units);
    QString primaryState(UnitId unit) const;
    int webConnectionsOnStandby() const;

    std::unique_ptr<TestDatabase> m_db;
    StandbyServer m_standby;
    WebProcess m_web;
    QNetworkAccessManager m_network;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QString m_alice;
    QString m_bob;
    QString m_aliceCart;
    QString m_bobCart;
};

void TestBrowseStandby::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("browsestandby"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Standby Hall"), 1, seatCount);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), seatCount);
    PgBuyerStore buyers(m_db->database());
    auto alice = buyers.addBuyer(QStringLiteral("Alice Standby"));
    auto bob = buyers.addBuyer(QStringLiteral("Bob Standby"));
    QVERIFY(alice.ok() && bob.ok());
    m_alice = alice->token;
    m_bob = bob->token;

    QString failure = m_standby.start();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    failure = m_standby.waitForReplay();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const QString database = m_db->settings().database;
    QCOMPARE(m_standby
                 .scalar(database, QStringLiteral("SELECT count(*) FROM event_seats WHERE event_id = :event"),
                         {{QStringLiteral("event"), m_hall.eventId}})
                 .toInt(),
             seatCount);

    // No password on the command line: the web finds it in PGPASSWORD, as for the main database.
    ConnectionSettings browse = m_standby.settings(database);
    browse.password.clear();
    m_web.extraArguments = {QStringLiteral("--browse-db"), browse.toUrl(false)};
    failure = m_web.start(m_db->settings(), QUrl(), QString(), 2);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestBrowseStandby::cleanupTestCase()
{
    m_web.stop();
    m_standby.stop();
}

QHash<UnitId, QString> TestBrowseStandby::seatStates()
{
    const WebAnswer map
        = webCall(m_network, m_web.baseUrl(), "GET", QStringLiteral("/api/v1/events/%1/seatmap").arg(m_hall.eventId));
    QHash<UnitId, QString> states;
    if (map.status != 200) {
        qWarning("seat map: %s", qPrintable(map.describe()));
        return states;
    }
    for (const QJsonValue &seat : map.json.value(QStringLiteral("seats")).toArray())
        states.insert(seat[QStringLiteral("id")].toInteger(), seat[QStringLiteral("state")].toString());
    return states;
}

QString TestBrowseStandby::newCart(const QString &token)
{
    const WebAnswer created = webCall(m_network, m_web.baseUrl(), "POST", QStringLiteral("/api/v1/carts"), {},
                                      {{"Authorization", "Bearer " + token.toLatin1()}});
    if (created.status != 201)
        qWarning("cart: %s", qPrintable(created.describe()));
    return created.json.value(QStringLiteral("cart")).toString();
}

WebAnswer TestBrowseStandby::hold(const QString &token, const QString &cart, const QVector<UnitId> &units)
{
    QJsonArray seats;
    for (UnitId unit : units)
        seats.append(unit);
    const QJsonObject body{{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), seats}};
    return webCall(m_network, m_web.baseUrl(), "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(cart),
                   QJsonDocument(body).toJson(QJsonDocument::Compact),
                   {{"Authorization", "Bearer " + token.toLatin1()}});
}

QString TestBrowseStandby::primaryState(UnitId unit) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :unit"), {{QStringLiteral("unit"), unit}})
        .toString();
}

int TestBrowseStandby::webConnectionsOnStandby() const
{
    return m_standby
        .scalar(QStringLiteral("postgres"),
                QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = :database "
                               "AND application_name = 'boxoffice-web'"),
                {{QStringLiteral("database"), m_db->settings().database}})
        .toInt();
}

void TestBrowseStandby::pausedStandbyServesTheSnapshotWhileThePrimaryClaims()
{
    const auto before = seatStates();
    QCOMPARE(before.size(), seatCount);
    QCOMPARE(before.keys(QStringLiteral("available")).size(), seatCount);
    // The browse lane's connection is on the standby (a standby lists only its own backends).
    QVERIFY(webConnectionsOnStandby() >= 1);

    QVERIFY2(m_standby.pauseReplay().isEmpty(), "could not pause the standby's replay");
    m_aliceCart = newCart(m_alice);
    m_bobCart = newCart(m_bob);
    QVERIFY(!m_aliceCart.isEmpty() && !m_bobCart.isEmpty());
    // Holds go to the primary, never to the browse server: it takes them while the standby is frozen.
    const WebAnswer held = hold(m_alice, m_aliceCart, {m_units.at(0), m_units.at(1)});
    QVERIFY2(held.status == 201, qPrintable(held.describe()));
    QCOMPARE(primaryState(m_units.at(0)), QStringLiteral("HELD"));
    QCOMPARE(primaryState(m_units.at(1)), QStringLiteral("HELD"));

    // Past the snapshot's age the web re-reads the map, and still shows both seats free: the primary
    // says HELD, so this read came from the paused standby.
    QTest::qWait(snapshotAgeMs + 300);
    const auto stale = seatStates();
    QCOMPARE(stale.value(m_units.at(0)), QStringLiteral("available"));
    QCOMPARE(stale.value(m_units.at(1)), QStringLiteral("available"));

    // A buyer going by that map reaches for a seat that is not free: the primary's claim says so.
    const WebAnswer lost = hold(m_bob, m_bobCart, {m_units.at(0)});
    QVERIFY2(lost.status == 409 && lost.errorCode() == QLatin1String("lost"), qPrintable(lost.describe()));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :unit"),
                          {{QStringLiteral("unit"), m_units.at(0)}})
                 .toString(),
             m_aliceCart);
    const WebAnswer other = hold(m_bob, m_bobCart, {m_units.at(2)});
    QVERIFY2(other.status == 201, qPrintable(other.describe()));
    QTest::qWait(snapshotAgeMs + 300);
    QCOMPARE(seatStates().value(m_units.at(2)), QStringLiteral("available"));
}

void TestBrowseStandby::resumedStandbyCatchesUp()
{
    QVERIFY2(m_standby.resumeReplay().isEmpty(), "could not resume the standby's replay");
    QElapsedTimer caughtUp;
    caughtUp.start();
    QHash<UnitId, QString> states;
    // Generous: other suites write to the same cluster meanwhile, and the standby replays theirs too.
    const QDeadlineTimer deadline(snapshotAgeMs + 60000);
    while (!deadline.hasExpired()) {
        states = seatStates();
        if (states.value(m_units.at(0)) == QLatin1String("held") && states.value(m_units.at(1)) == QLatin1String("held")
            && states.value(m_units.at(2)) == QLatin1String("held"))
            break;
        QTest::qWait(100);
    }
    QCOMPARE(states.value(m_units.at(0)), QStringLiteral("held"));
    QCOMPARE(states.value(m_units.at(1)), QStringLiteral("held"));
    QCOMPARE(states.value(m_units.at(2)), QStringLiteral("held"));
    QCOMPARE(states.keys(QStringLiteral("available")).size(), seatCount - 3);
    qInfo("the seat map showed the holds %lld ms after the standby's replay resumed", caughtUp.elapsed());
}

void TestBrowseStandby::browsingOutlivesTheStandby()
{
    m_standby.stop();
    QTest::qWait(snapshotAgeMs + 300); // the cached snapshot is too old now: the next read needs a server

    // Each browse route still answers, from the primary: the lane's connections to the standby are
    // gone, so a read is asked again on the main database.
    const auto states = seatStates();
    QCOMPARE(states.size(), seatCount);
    QCOMPARE(states.value(m_units.at(0)), QStringLiteral("held"));
    for (const QString &path :
         {QStringLiteral("/api/v1/events"), QStringLiteral("/api/v1/events/%1/pools").arg(m_hall.eventId),
          QStringLiteral("/api/v1/hotels"), QStringLiteral("/api/v1/restaurants")}) {
        const WebAnswer answer = webCall(m_network, m_web.baseUrl(), "GET", path);
        QVERIFY2(answer.status == 200, qPrintable(path + QStringLiteral(": ") + answer.describe()));
    }
    const WebAnswer events = webCall(m_network, m_web.baseUrl(), "GET", QStringLiteral("/api/v1/events"));
    QCOMPARE(events.json.value(QStringLiteral("events")).toArray().size(), 1);

    // Holds go on, and the map shows them at once: it is the primary's now.
    const WebAnswer held = hold(m_alice, m_aliceCart, {m_units.at(3)});
    QVERIFY2(held.status == 201, qPrintable(held.describe()));
    QTest::qWait(snapshotAgeMs + 300);
    QCOMPARE(seatStates().value(m_units.at(3)), QStringLiteral("held"));

    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestBrowseStandby::aPasswordOnTheCommandLineIsRefused()
{
    // Every user of the machine can read a command line: the password goes in BOXOFFICE_BROWSE_DB or pgpass.
    ConnectionSettings browse = m_standby.settings(m_db->settings().database);
    browse.password = QStringLiteral("visible-to-all");
    QProcess web;
    web.setProcessEnvironment(clientEnvironment(m_db->settings()));
    web.start(QString::fromUtf8(BOXOFFICE_WEB),
              {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--browse-db"), browse.toUrl(true)});
    QVERIFY(web.waitForFinished(30000));
    QCOMPARE(web.exitCode(), 1);
    const QString said = QString::fromUtf8(web.readAllStandardError());
    QVERIFY2(said.contains(QLatin1String("--browse-db must not carry a password")), qPrintable(said));
    QVERIFY(!said.contains(browse.password));
}

QTEST_GUILESS_MAIN(TestBrowseStandby)
#include "tst_browsestandby.moc"
