// boxoffice-ctl as a script or a support engineer uses it: the real binary, real exit statuses, the
// documented --json shapes, against a real database.

#include "ctlrun.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

using Run = test::CtlRun;

class TestCtl : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void seedDemoLoadsTheTheatreOnce();
    void eventsAndAvailability();
    void holdSellAndAudit();
    void badInputExitsTwo_data();
    void badInputExitsTwo();
    void lostSeatExitsThreeAndNamesIt();
    void otherShapesFromTheCommandLine();
    void unreachableDatabaseExitsOne();
    void buyerAddPrintsItsTokenOnce();
    void outOfDateSchemaIsRefusedUntilMigrated();
    void workerRunsWithGlobalOptionsBeforeTheCommand();
    void ticketVerifyAdmitsOnceAndSaysWhenAndWhere();
    void tillAndDayReports();
    void priceTypesAndHouseSeatsAreAManagers();
    void onSaleSetShowClear();

private:
    Run ctl(const QStringList &arguments, const ConnectionSettings *settings = nullptr) const;

    std::unique_ptr<TestDatabase> m_db;
    qint64 m_event = 0;
};

Run TestCtl::ctl(const QStringList &arguments, const ConnectionSettings *settings) const
{
    const ConnectionSettings &target = settings ? *settings : m_db->settings();
    // The usual PG* variables, as an administrator would set them.
    return test::runCtl(arguments, clientEnvironment(target), 120000);
}

void TestCtl::buyerAddPrintsItsTokenOnce()
{
    const Run run = ctl({QStringLiteral("buyer"), QStringLiteral("add"), QStringLiteral("Web"), QStringLiteral("Buyer"),
                         QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.json.value(QStringLiteral("name")).toString(), QStringLiteral("Web Buyer"));
    const QString token = run.json.value(QStringLiteral("token")).toString();
    QCOMPARE(token.size(), 43);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers WHERE name = 'Web Buyer'")).toInt(), 1);
    QCOMPARE(ctl({QStringLiteral("buyer"), QStringLiteral("add")}).exitCode, 2);

    // With an address, the buyer's confirmation mail goes there; a header smuggled into it is refused
    // before anything is written.
    const Run addressed = ctl({QStringLiteral("buyer"), QStringLiteral("add"), QStringLiteral("Ada"),
                               QStringLiteral("--email"), QStringLiteral("ada@example.org"), QStringLiteral("--json")});
    QCOMPARE(addressed.exitCode, 0);
    QCOMPARE(addressed.json.value(QStringLiteral("email")).toString(), QStringLiteral("ada@example.org"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT email FROM buyers WHERE id = :b"),
                          {{QStringLiteral("b"), addressed.json.value(QStringLiteral("buyer")).toInteger()}})
                 .toString(),
             QStringLiteral("ada@example.org"));
    const int before = m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers")).toInt();
    const Run smuggled = ctl({QStringLiteral("buyer"), QStringLiteral("add"), QStringLiteral("Eve"),
                              QStringLiteral("--email"), QStringLiteral("eve@example.org\r\nBcc: all@example.org")});
    QCOMPARE(smuggled.exitCode, 2);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers")).toInt(), before);
}

void TestCtl::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("ctl"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
}

void TestCtl::seedDemoLoadsTheTheatreOnce()
{
    const Run first = ctl({QStringLiteral("seed-demo"), QStringLiteral("--json")});
    QCOMPARE(first.exitCode, 0);
    const QJsonObject venue = first.json.value(QStringLiteral("venues")).toArray().first().toObject();
    QCOMPARE(venue.value(QStringLiteral("seats")).toInt(), 1208);
    QCOMPARE(venue.value(QStringLiteral("already_present")).toBool(), false);
    m_event = venue.value(QStringLiteral("event")).toInteger();
    QVERIFY(m_event > 0);

    const Run second = ctl({QStringLiteral("seed-demo"), QStringLiteral("--json")});
    QCOMPARE(second.exitCode, 0);
    QCOMPARE(second.json.value(QStringLiteral("venues"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("already_present"))
                 .toBool(),
             true);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats")).toInt(), 1208);
}

void TestCtl::eventsAndAvailability()
{
    const Run events = ctl({QStringLiteral("events"), QStringLiteral("--json")});
    QCOMPARE(events.exitCode, 0);
    const QJsonObject event = events.json.value(QStringLiteral("events")).toArray().first().toObject();
    QCOMPARE(event.value(QStringLiteral("id")).toInteger(), m_event);
    QCOMPARE(event.value(QStringLiteral("seats")).toInt(), 1208);
    QCOMPARE(event.value(QStringLiteral("hold_seconds")).toInt(), 600);

    const Run availability = ctl({QStringLiteral("availability"), QStringLiteral("--event"), QString::number(m_event)});
    QCOMPARE(availability.exitCode, 0);
    QVERIFY2(availability.out.contains(QStringLiteral("1208 of 1208 seats available")), qPrintable(availability.out));
}

void TestCtl::holdSellAndAudit()
{
    const QString event = QString::number(m_event);
    const Run held = ctl({QStringLiteral("hold"), QStringLiteral("--event"), event, QStringLiteral("--cart"),
                          QStringLiteral("desk-1"), QStringLiteral("--seats"), QStringLiteral("A-1-5,A-1-6"),
                          QStringLiteral("--json")});
    QCOMPARE(held.exitCode, 0);
    QCOMPARE(held.json.value(QStringLiteral("held")).toArray().size(), 2);
    QVERIFY(!held.json.value(QStringLiteral("held"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("expires_at"))
                 .toString()
                 .isEmpty());

    const Run extended
        = ctl({QStringLiteral("extend"), QStringLiteral("--cart"), QStringLiteral("desk-1"), QStringLiteral("--json")});
    QCOMPARE(extended.exitCode, 0);
    QCOMPARE(extended.json.value(QStringLiteral("extensions_left")).toInt(), 0);
    const Run refused
        = ctl({QStringLiteral("extend"), QStringLiteral("--cart"), QStringLiteral("desk-1"), QStringLiteral("--json")});
    QCOMPARE(refused.exitCode, 1);
    QCOMPARE(refused.json.value(QStringLiteral("error")).toString(), QStringLiteral("limit_reached"));

    const Run sold = ctl(
        {QStringLiteral("confirm"), QStringLiteral("--cart"), QStringLiteral("desk-1"), QStringLiteral("--json")});
    QCOMPARE(sold.exitCode, 0);
    QCOMPARE(sold.json.value(QStringLiteral("sold")).toArray().size(), 2);
    QCOMPARE(sold.json.value(QStringLiteral("lost")).toArray().size(), 0);
    const qint64 order = sold.json.value(QStringLiteral("order")).toInteger();
    const Run again
        = ctl({QStringLiteral("confirm"), QStringLiteral("--order"), QString::number(order), QStringLiteral("--json")});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(again.json.value(QStringLiteral("already_confirmed")).toBool(), true);

    const Run audit = ctl({QStringLiteral("audit"), QStringLiteral("--json")});
    QCOMPARE(audit.exitCode, 0);
    QCOMPARE(audit.json.value(QStringLiteral("ok")).toBool(), true);
    QVERIFY(audit.json.value(QStringLiteral("checks")).toArray().size() >= 5);

    // Break an invariant behind the product's back: audit must notice and exit non-zero. The database
    // refuses a PAID order with nothing delivered, so the fault is planted with its triggers off.
    QVERIFY(m_db->exec(QStringLiteral("SET session_replication_role = replica")));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE order_lines SET state = 'PENDING' WHERE order_id = :o"),
                       {{QStringLiteral("o"), order}}));
    QVERIFY(m_db->exec(QStringLiteral("SET session_replication_role = DEFAULT")));
    const Run broken = ctl({QStringLiteral("audit")});
    QCOMPARE(broken.exitCode, 1);
    QVERIFY2(broken.out.contains(QStringLiteral("FAIL")), qPrintable(broken.out));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE order_lines SET state = 'SOLD' WHERE order_id = :o"),
                       {{QStringLiteral("o"), order}}));
    QCOMPARE(ctl({QStringLiteral("audit")}).exitCode, 0);
}

void TestCtl::badInputExitsTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("no seats") << QStringList{QStringLiteral("hold"), QStringLiteral("--cart"), QStringLiteral("x"),
                                             QStringLiteral("--seats"), QStringLiteral("")}
                              << QStringLiteral("No seats");
    QTest::newRow("duplicate seats") << QStringList{QStringLiteral("hold"), QStringLiteral("--cart"),
                                                    QStringLiteral("x"), QStringLiteral("--seats"),
                                                    QStringLiteral("A-2-1,A-2-1")}
                                     << "more than once";
    QTest::newRow("negative ttl") << QStringList{QStringLiteral("hold"),  QStringLiteral("--cart"),
                                                 QStringLiteral("x"),     QStringLiteral("--seats"),
                                                 QStringLiteral("A-2-1"), QStringLiteral("--ttl"),
                                                 QStringLiteral("-5")}
                                  << "at least one second";
    QTest::newRow("unknown seat") << QStringList{QStringLiteral("hold"), QStringLiteral("--cart"), QStringLiteral("x"),
                                                 QStringLiteral("--seats"), QStringLiteral("A-2-1,Q-99-1")}
                                  << QStringLiteral("Q-99-1");
    QTest::newRow("no cart") << QStringList{QStringLiteral("hold"), QStringLiteral("--seats"), QStringLiteral("A-2-1")}
                             << QStringLiteral("--cart is required");
    QTest::newRow("bad cart") << QStringList{QStringLiteral("hold"), QStringLiteral("--cart"), QStringLiteral("x;drop"),
                                             QStringLiteral("--seats"), QStringLiteral("A-2-1")}
                              << QStringLiteral("not valid");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("sell-everything")}
                                     << QStringLiteral("Unknown command");
}

void TestCtl::badInputExitsTwo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, messagePart);
    if (arguments.first() == QLatin1String("hold"))
        arguments << QStringLiteral("--event") << QString::number(m_event);
    arguments << QStringLiteral("--json");
    const Run run = ctl(arguments);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.json.value(QStringLiteral("ok")).toBool(true), false);
    QVERIFY2(run.json.value(QStringLiteral("message")).toString().contains(messagePart), qPrintable(run.out));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats s JOIN seats st ON st.id = s.seat_id "
                                         "WHERE st.label = 'A-2-1' AND s.state = 'AVAILABLE'"))
                 .toInt(),
             1);
}

void TestCtl::lostSeatExitsThreeAndNamesIt()
{
    const QString event = QString::number(m_event);
    QCOMPARE(ctl({QStringLiteral("hold"), QStringLiteral("--event"), event, QStringLiteral("--cart"),
                  QStringLiteral("first"), QStringLiteral("--seats"), QStringLiteral("B-3-7")})
                 .exitCode,
             0);
    const Run lost = ctl({QStringLiteral("hold"), QStringLiteral("--event"), event, QStringLiteral("--cart"),
                          QStringLiteral("second"), QStringLiteral("--seats"), QStringLiteral("B-3-6,B-3-7"),
                          QStringLiteral("--json")});
    QCOMPARE(lost.exitCode, 3);
    QCOMPARE(lost.json.value(QStringLiteral("error")).toString(), QStringLiteral("lost"));
    QCOMPARE(lost.json.value(QStringLiteral("lost")).toArray(), QJsonArray{QStringLiteral("B-3-7")});
    const Run text = ctl({QStringLiteral("hold"), QStringLiteral("--event"), event, QStringLiteral("--cart"),
                          QStringLiteral("second"), QStringLiteral("--seats"), QStringLiteral("B-3-7")});
    QCOMPARE(text.exitCode, 3);
    QVERIFY2(text.err.contains(QStringLiteral("Seat B-3-7 was just taken by another buyer")), qPrintable(text.err));
    const Run released
        = ctl({QStringLiteral("release"), QStringLiteral("--cart"), QStringLiteral("first"), QStringLiteral("--json")});
    QCOMPARE(released.exitCode, 0);
    QCOMPARE(released.json.value(QStringLiteral("released")).toArray().size(), 1);
}

void TestCtl::otherShapesFromTheCommandLine()
{
    // seed-demo loaded a standing pool, a hotel and a restaurant next to the theatre.
    const Run pools = ctl({QStringLiteral("ga"), QStringLiteral("list"), QStringLiteral("--event"),
                           QString::number(m_event), QStringLiteral("--json")});
    QCOMPARE(pools.exitCode, 0);
    const QJsonObject pool = pools.json.value(QStringLiteral("pools")).toArray().first().toObject();
    QCOMPARE(pool.value(QStringLiteral("capacity")).toInt(), 120);
    const QString poolId = QString::number(pool.value(QStringLiteral("id")).toInteger());
    const Run held
        = ctl({QStringLiteral("ga"), QStringLiteral("hold"), QStringLiteral("--pool"), poolId, QStringLiteral("--cart"),
               QStringLiteral("ga-1"), QStringLiteral("--quantity"), QStringLiteral("4"), QStringLiteral("--json")});
    QCOMPARE(held.exitCode, 0);
    QCOMPARE(held.json.value(QStringLiteral("quantity")).toInt(), 4);
    const Run tooMany
        = ctl({QStringLiteral("ga"), QStringLiteral("hold"), QStringLiteral("--pool"), poolId, QStringLiteral("--cart"),
               QStringLiteral("ga-2"), QStringLiteral("--quantity"), QStringLiteral("0")});
    QCOMPARE(tooMany.exitCode, 2);

    const Run hotels = ctl({QStringLiteral("hotel"), QStringLiteral("list"), QStringLiteral("--json")});
    QCOMPARE(hotels.exitCode, 0);
    const QJsonObject hotel = hotels.json.value(QStringLiteral("hotels")).toArray().first().toObject();
    const QString roomType = QString::number(
        hotel.value(QStringLiteral("room_types")).toArray().first().toObject().value(QStringLiteral("id")).toInteger());
    const QDate checkIn
        = QDate::fromString(hotel.value(QStringLiteral("first_night")).toString(), Qt::ISODate).addDays(20);
    const Run backwards = ctl({QStringLiteral("hotel"), QStringLiteral("hold"), QStringLiteral("--room-type"), roomType,
                               QStringLiteral("--cart"), QStringLiteral("h-1"), QStringLiteral("--check-in"),
                               checkIn.toString(Qt::ISODate), QStringLiteral("--check-out"),
                               checkIn.addDays(-2).toString(Qt::ISODate)});
    QCOMPARE(backwards.exitCode, 2);
    QVERIFY2(backwards.err.contains(QStringLiteral("before check-in")), qPrintable(backwards.err));
    const Run stay = ctl({QStringLiteral("hotel"), QStringLiteral("hold"), QStringLiteral("--room-type"), roomType,
                          QStringLiteral("--cart"), QStringLiteral("h-1"), QStringLiteral("--check-in"),
                          checkIn.toString(Qt::ISODate), QStringLiteral("--check-out"),
                          checkIn.addDays(3).toString(Qt::ISODate), QStringLiteral("--guest"),
                          QStringLiteral("Ctl Guest"), QStringLiteral("--json")}); // a stay is booked in a name
    QCOMPARE(stay.exitCode, 0);
    QCOMPARE(stay.json.value(QStringLiteral("nights")).toInt(), 3);

    const Run table
        = ctl({QStringLiteral("table"), QStringLiteral("find"), QStringLiteral("--restaurant"), QStringLiteral("1"),
               QStringLiteral("--cart"), QStringLiteral("h-1"), QStringLiteral("--party"), QStringLiteral("4"),
               QStringLiteral("--at"), checkIn.toString(Qt::ISODate) + QStringLiteral("T19:00Z"),
               QStringLiteral("--minutes"), QStringLiteral("120"), QStringLiteral("--json")});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(!table.json.value(QStringLiteral("table")).toString().isEmpty());

    const Run sold
        = ctl({QStringLiteral("confirm"), QStringLiteral("--cart"), QStringLiteral("h-1"), QStringLiteral("--json")});
    QCOMPARE(sold.exitCode, 0);
    QCOMPARE(sold.json.value(QStringLiteral("sold")).toArray().size(), 2); // the stay and the table, one order
    // Nothing was paid for it, so anyone cancels it, through the front desk's use-case.
    const Run cancelled
        = ctl({QStringLiteral("hotel"), QStringLiteral("cancel"), QStringLiteral("--stay"),
               QString::number(stay.json.value(QStringLiteral("stay")).toInteger()), QStringLiteral("--json")});
    QCOMPARE(cancelled.exitCode, 0);
    QCOMPARE(cancelled.json.value(QStringLiteral("nights_returned")).toInt(), 3);
    QCOMPARE(cancelled.json.value(QStringLiteral("refunded")).toInteger(), 0);
    QCOMPARE(ctl({QStringLiteral("audit")}).exitCode, 0);
    QCOMPARE(ctl({QStringLiteral("sweep")}).exitCode, 0);
}

void TestCtl::unreachableDatabaseExitsOne()
{
    const Run run = ctl({QStringLiteral("events"), QStringLiteral("--db"),
                         QStringLiteral("postgresql://nobody:pw@127.0.0.1:1/none"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.json.value(QStringLiteral("error")).toString(), QStringLiteral("unavailable"));
    QVERIFY(!run.out.contains(QStringLiteral(":pw@")));
}

void TestCtl::outOfDateSchemaIsRefusedUntilMigrated()
{
    TestDatabase empty(QStringLiteral("ctl_empty"));
    QVERIFY(empty.ok());
    QVERIFY(empty.exec(QStringLiteral("DROP SCHEMA public CASCADE")));
    QVERIFY(empty.exec(QStringLiteral("CREATE SCHEMA public")));
    const ConnectionSettings settings = empty.settings();
    const Run refused = ctl({QStringLiteral("events")}, &settings);
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("boxoffice-ctl migrate")), qPrintable(refused.err));
    QCOMPARE(ctl({QStringLiteral("migrate")}, &settings).exitCode, 0);
    QCOMPARE(ctl({QStringLiteral("events")}, &settings).exitCode, 0);
}

void TestCtl::workerRunsWithGlobalOptionsBeforeTheCommand()
{
    // A paid order waiting in the outbox, so the worker really draws a ticket PDF (fonts: a GUI
    // application) instead of finding nothing to do.
    const Run held = ctl({QStringLiteral("hold"), QStringLiteral("--event"), QString::number(m_event),
                          QStringLiteral("--cart"), QStringLiteral("worker-1"), QStringLiteral("--seats"),
                          QStringLiteral("B-2-3"), QStringLiteral("--json")});
    QCOMPARE(held.exitCode, 0);
    const Run sold = ctl(
        {QStringLiteral("confirm"), QStringLiteral("--cart"), QStringLiteral("worker-1"), QStringLiteral("--json")});
    QCOMPARE(sold.exitCode, 0);
    const qint64 order = sold.json.value(QStringLiteral("order")).toInteger();
    QVERIFY(m_db->exec(QStringLiteral("INSERT INTO outbox (topic, order_id) VALUES ('payment-confirmed', :o)"),
                       {{QStringLiteral("o"), order}}));

    // Options (one with a value) before the command word, as a cron line or a service unit writes them.
    const Run run = ctl({QStringLiteral("--db"), m_db->settings().toUrl(true), QStringLiteral("--json"),
                         QStringLiteral("worker"), QStringLiteral("--once")});
    QVERIFY2(run.exitCode == 0, qPrintable(QStringLiteral("exit %1: %2").arg(run.exitCode).arg(run.err)));
    QCOMPARE(run.json.value(QStringLiteral("orders_issued")).toInt(), 1);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM tickets WHERE order_id = :o"), {{QStringLiteral("o"), order}})
            .toInt(),
        1);

    // With a relay (tst_maildelivery sends to a real one): here nothing listens, so the mail is put
    // off, not lost, and the pass still succeeds. A relay URL with a password in it is refused.
    const QVariantMap byOrder{{QStringLiteral("o"), order}};
    QVERIFY(m_db->exec(QStringLiteral("UPDATE mail_spool SET recipient = 'guest@example.org' WHERE order_id = :o"),
                       byOrder));
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 nobodyListens = probe.serverPort();
    probe.close();
    const QString closedPort = QStringLiteral("smtp://127.0.0.1:%1").arg(nobodyListens);
    const Run mailed
        = ctl({QStringLiteral("--json"), QStringLiteral("worker"), QStringLiteral("--once"), QStringLiteral("--smtp"),
               closedPort, QStringLiteral("--mail-from"), QStringLiteral("Box Office <tickets@box.example>")});
    QVERIFY2(mailed.exitCode == 0, qPrintable(mailed.err));
    QCOMPARE(mailed.json.value(QStringLiteral("mail")).toObject().value(QStringLiteral("retried")).toInt(), 1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT attempts FROM mail_spool WHERE order_id = :o AND sent_at IS NULL "
                                         "AND last_error IS NOT NULL"),
                          byOrder)
                 .toInt(),
             1);
    // A payment provider that cannot be reached fails the pass, but holds up no mail.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE mail_spool SET next_attempt_at = now() WHERE order_id = :o"), byOrder));
    // The provider comes from a settings file only its owner may read, as an operator keeps it.
    QTemporaryDir settingsDir;
    QVERIFY(settingsDir.isValid());
    const QString settingsFile = settingsDir.filePath(QStringLiteral("service.conf"));
    {
        QFile file(settingsFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("[provider]\nurl=http://127.0.0.1:%1\nsecret_key=sk_test_demo\n")
                       .arg(nobodyListens)
                       .toUtf8());
        file.close();
        QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    }
    const Run providerDown = ctl({QStringLiteral("worker"), QStringLiteral("--once"), QStringLiteral("--settings"),
                                  settingsFile, QStringLiteral("--smtp"), closedPort});
    QVERIFY(providerDown.exitCode != 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT attempts FROM mail_spool WHERE order_id = :o"), byOrder).toInt(), 2);
    // The operator sees it failing, with the relay's words.
    const Run spooled = ctl({QStringLiteral("mail"), QStringLiteral("--json")});
    QVERIFY2(spooled.exitCode == 0, qPrintable(spooled.err));
    QCOMPARE(spooled.json.value(QStringLiteral("failing")).toInt(), 1);
    const QJsonObject failing = spooled.json.value(QStringLiteral("unsent")).toArray().first().toObject();
    QCOMPARE(failing.value(QStringLiteral("order")).toInteger(), order);
    QCOMPARE(failing.value(QStringLiteral("state")).toString(), QStringLiteral("failing"));
    QVERIFY2(failing.value(QStringLiteral("last_error")).toString().contains(QStringLiteral("could not be reached")),
             qPrintable(failing.value(QStringLiteral("last_error")).toString()));
    const Run secret = ctl({QStringLiteral("worker"), QStringLiteral("--once"), QStringLiteral("--smtp"),
                            QStringLiteral("smtp://user:hunter2@relay.example.org")});
    QVERIFY(secret.exitCode != 0);
    QVERIFY2(secret.err.contains(QStringLiteral("BOXOFFICE_SMTP_PASSWORD")), qPrintable(secret.err));
}

void TestCtl::ticketVerifyAdmitsOnceAndSaysWhenAndWhere()
{
    const Run held = ctl({QStringLiteral("hold"), QStringLiteral("--event"), QString::number(m_event),
                          QStringLiteral("--cart"), QStringLiteral("door-1"), QStringLiteral("--seats"),
                          QStringLiteral("B-4-1,B-4-2"), QStringLiteral("--json")});
    QCOMPARE(held.exitCode, 0);
    const Run sold = ctl(
        {QStringLiteral("confirm"), QStringLiteral("--cart"), QStringLiteral("door-1"), QStringLiteral("--json")});
    QCOMPARE(sold.exitCode, 0);
    const qint64 order = sold.json.value(QStringLiteral("order")).toInteger();
    QVERIFY(
        m_db->exec(QStringLiteral("INSERT INTO tickets (order_id, unit_id) SELECT order_id, unit_id FROM order_lines "
                                  "WHERE order_id = :o"),
                   {{QStringLiteral("o"), order}}));
    const QString first
        = m_db->scalar(QStringLiteral("SELECT CAST(t.code AS text) FROM tickets t JOIN event_seats s ON "
                                      "s.id = t.unit_id JOIN seats st ON st.id = s.seat_id "
                                      "WHERE t.order_id = :o AND st.label = 'B-4-1'"),
                       {{QStringLiteral("o"), order}})
              .toString();
    const QString second
        = m_db->scalar(QStringLiteral("SELECT CAST(t.code AS text) FROM tickets t JOIN event_seats s ON "
                                      "s.id = t.unit_id JOIN seats st ON st.id = s.seat_id "
                                      "WHERE t.order_id = :o AND st.label = 'B-4-2'"),
                       {{QStringLiteral("o"), order}})
              .toString();
    QVERIFY(!first.isEmpty() && !second.isEmpty());
    const QString verify = QStringLiteral("verify");
    const QString ticket = QStringLiteral("ticket");

    const Run admitted = ctl({ticket, verify, QStringLiteral("BOXOFFICE-TICKET:") + first, QStringLiteral("--gate"),
                              QStringLiteral("2"), QStringLiteral("--json")});
    QCOMPARE(admitted.exitCode, 0);
    QCOMPARE(admitted.json.value(QStringLiteral("outcome")).toString(), QStringLiteral("admitted"));
    QCOMPARE(admitted.json.value(QStringLiteral("recorded")).toBool(), true);
    QCOMPARE(admitted.json.value(QStringLiteral("seat")).toString(), QStringLiteral("B-4-1"));
    const QJsonObject admission = admitted.json.value(QStringLiteral("admission")).toObject();
    QCOMPARE(admission.value(QStringLiteral("gate")).toString(), QStringLiteral("2"));
    QCOMPARE(admission.value(QStringLiteral("by")).toString(), m_db->settings().user);
    const QDateTime at = QDateTime::fromString(admission.value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
    QVERIFY(at.isValid());

    // The second scan, at another gate: refused, naming the first gate and its time in local time.
    const Run again = ctl({ticket, verify, first, QStringLiteral("--gate"), QStringLiteral("5")});
    QCOMPARE(again.exitCode, 1);
    const QString expected
        = QStringLiteral("already admitted at %1, gate 2").arg(at.toLocalTime().toString(QStringLiteral("HH:mm")));
    QVERIFY2(again.out.contains(expected), qPrintable(again.out));
    const Run againJson = ctl({ticket, verify, first, QStringLiteral("--json")});
    QCOMPARE(againJson.exitCode, 1);
    QCOMPARE(againJson.json.value(QStringLiteral("outcome")).toString(), QStringLiteral("already_admitted"));
    QCOMPARE(againJson.json.value(QStringLiteral("admission")).toObject().value(QStringLiteral("gate")).toString(),
             QStringLiteral("2"));

    // Looking only: the other ticket is valid and stays unadmitted.
    const Run look = ctl({ticket, verify, second, QStringLiteral("--check-only"), QStringLiteral("--json")});
    QCOMPARE(look.exitCode, 0);
    QCOMPARE(look.json.value(QStringLiteral("outcome")).toString(), QStringLiteral("valid"));
    QVERIFY(look.json.value(QStringLiteral("admission")).isNull());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                          {{QStringLiteral("c"), second}})
                 .toInt(),
             0);

    // Refunded (by hand, as the countersales test does): never admits, and says why.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE orders SET state = 'REFUNDED' WHERE id = :o"),
                       {{QStringLiteral("o"), order}}));
    const Run refunded = ctl({ticket, verify, second, QStringLiteral("--gate"), QStringLiteral("2")});
    QCOMPARE(refunded.exitCode, 1);
    QVERIFY2(refunded.out.startsWith(QStringLiteral("NOT VALID (refunded)")), qPrintable(refunded.out));
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE orders SET state = 'PAID' WHERE id = :o"), {{QStringLiteral("o"), order}}));

    const Run never
        = ctl({ticket, verify, QStringLiteral("00000000-0000-4000-8000-000000000000"), QStringLiteral("--json")});
    QCOMPARE(never.exitCode, 2);
    QCOMPARE(never.json.value(QStringLiteral("error")).toString(), QStringLiteral("not_found"));
    QCOMPARE(ctl({ticket, verify, QStringLiteral("not-a-ticket")}).exitCode, 2);
    QCOMPARE(ctl({ticket, verify, second, QStringLiteral("--gate"), QString(40, QLatin1Char('g'))}).exitCode, 2);
}

// A till at a desk named "Ctl desk" (opened, sold in and closed on the suite's own connection), then
// printed as an operator would: its figures, and the day with its totals; a bad date is bad input.
void TestCtl::tillAndDayReports()
{
    const Run held
        = ctl({QStringLiteral("hold"), QStringLiteral("--event"), QString::number(m_event), QStringLiteral("--cart"),
               QStringLiteral("till-1"), QStringLiteral("--seats"), QStringLiteral("B-5-1"), QStringLiteral("--json")});
    QCOMPARE(held.exitCode, 0);
    const Run sold = ctl(
        {QStringLiteral("confirm"), QStringLiteral("--cart"), QStringLiteral("till-1"), QStringLiteral("--json")});
    QCOMPARE(sold.exitCode, 0);
    const qint64 order = sold.json.value(QStringLiteral("order")).toInteger();
    const qint64 amount
        = m_db->scalar(QStringLiteral("SELECT amount_minor FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
              .toLongLong();
    QVERIFY(amount > 0);
    QVERIFY(m_db->scalar(QStringLiteral("SELECT set_config('boxoffice.terminal', 'Ctl desk', false)")).isValid());
    const qint64 shift
        = m_db->scalar(QStringLiteral("SELECT shift_id FROM boxoffice_open_shift(5000, 'EUR')")).toLongLong();
    QVERIFY(shift > 0);
    QVERIFY(
        m_db->exec(QStringLiteral("INSERT INTO counter_payments (order_id, method, amount_minor, tendered_minor) "
                                  "VALUES (:o, 'cash', :a, :t)"),
                   {{QStringLiteral("o"), order}, {QStringLiteral("a"), amount}, {QStringLiteral("t"), amount + 500}}));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT boxoffice_close_shift(:s, :c, 'counted')"),
                          {{QStringLiteral("s"), shift}, {QStringLiteral("c"), 5000 + amount - 100}})
                 .toString(),
             QStringLiteral("CLOSED"));
    QVERIFY(m_db->scalar(QStringLiteral("SELECT set_config('boxoffice.terminal', '', false)")).isValid());

    const Run till = ctl({QStringLiteral("till"), QStringLiteral("report"), QStringLiteral("--shift"),
                          QString::number(shift), QStringLiteral("--json")});
    QCOMPARE(till.exitCode, 0);
    const QJsonObject report = till.json.value(QStringLiteral("tills")).toArray().first().toObject();
    QCOMPARE(report.value(QStringLiteral("terminal")).toString(), QStringLiteral("Ctl desk"));
    QCOMPARE(report.value(QStringLiteral("state")).toString(), QStringLiteral("closed"));
    QCOMPARE(report.value(QStringLiteral("expected_cash")).toInteger(), 5000 + amount);
    QCOMPARE(report.value(QStringLiteral("difference")).toInteger(), qint64(-100));
    QCOMPARE(report.value(QStringLiteral("figures")).toObject().value(QStringLiteral("change")).toInteger(),
             qint64(500));
    const Run text = ctl({QStringLiteral("till"), QStringLiteral("report")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("Till %1:").arg(shift)), qPrintable(text.out));

    const Run day = ctl({QStringLiteral("day"), QStringLiteral("report"), QStringLiteral("--date"),
                         QDate::currentDate().toString(Qt::ISODate), QStringLiteral("--json")});
    QCOMPARE(day.exitCode, 0);
    bool found = false;
    for (const QJsonValue &row : day.json.value(QStringLiteral("rows")).toArray()) {
        if (row.toObject().value(QStringLiteral("terminal")).toString() == QLatin1String("Ctl desk")) {
            found = true;
            QCOMPARE(row.toObject().value(QStringLiteral("cash_net")).toInteger(), amount);
            QCOMPARE(row.toObject().value(QStringLiteral("shifts_closed")).toInt(), 1);
            QCOMPARE(row.toObject().value(QStringLiteral("difference")).toInteger(), qint64(-100));
        }
    }
    QVERIFY(found);
    QCOMPARE(day.json.value(QStringLiteral("totals")).toArray().size(), 1);
    const Run dayText = ctl({QStringLiteral("day"), QStringLiteral("report")});
    QVERIFY2(dayText.out.contains(QLatin1String("ALL COUNTERS (EUR)")), qPrintable(dayText.out));
    QCOMPARE(
        ctl({QStringLiteral("day"), QStringLiteral("report"), QStringLiteral("--date"), QStringLiteral("2026-13-01")})
            .exitCode,
        2);
    QCOMPARE(ctl({QStringLiteral("till"), QStringLiteral("nonsense")}).exitCode, 2);
}

// Price types and house seats (migrations 022, 023): the schema's owner has a manager's rights; a clerk's
// login is refused by the database, and the tool says so.
void TestCtl::priceTypesAndHouseSeatsAreAManagers()
{
    const QString event = QString::number(m_event);
    const Run set = ctl({QStringLiteral("price-types"), QStringLiteral("set"), event, QStringLiteral("P"),
                         QStringLiteral("child"), QStringLiteral("4000"), QStringLiteral("--json")});
    QCOMPARE(set.exitCode, 0);
    const Run list = ctl({QStringLiteral("price-types"), QStringLiteral("list"), event});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains(QRegularExpression(QStringLiteral("P +CHILD +4000"))), qPrintable(list.out));
    QCOMPARE(ctl({QStringLiteral("price-types"), QStringLiteral("set"), event, QStringLiteral("P"),
                  QStringLiteral("COMPLIMENTARY"), QStringLiteral("10")})
                 .exitCode,
             2);
    QCOMPARE(ctl({QStringLiteral("price-types"), QStringLiteral("set"), event, QStringLiteral("P"),
                  QStringLiteral("CHILD"), QStringLiteral("1e3")})
                 .exitCode,
             2);

    const Run held = ctl({QStringLiteral("house"), QStringLiteral("hold"), QStringLiteral("--event"), event,
                          QStringLiteral("--seats"), QStringLiteral("A-3-1,A-3-2"), QStringLiteral("--kind"),
                          QStringLiteral("press"), QStringLiteral("--owner"), QStringLiteral("Evening Post"),
                          QStringLiteral("--json")});
    QCOMPARE(held.exitCode, 0);
    QCOMPARE(held.json.value(QStringLiteral("held")).toArray().size(), 2);
    const Run taken = ctl({QStringLiteral("hold"), QStringLiteral("--event"), event, QStringLiteral("--cart"),
                           QStringLiteral("ctl-house"), QStringLiteral("--seats"), QStringLiteral("A-3-1")});
    QCOMPARE(taken.exitCode, 3);
    const Run listed = ctl(
        {QStringLiteral("house"), QStringLiteral("list"), QStringLiteral("--event"), event, QStringLiteral("--json")});
    QCOMPARE(listed.exitCode, 0);
    QCOMPARE(listed.json.value(QStringLiteral("seats")).toArray().size(), 2);
    QCOMPARE(listed.json.value(QStringLiteral("seats"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("owner"))
                 .toString(),
             QStringLiteral("Evening Post"));
    QCOMPARE(ctl({QStringLiteral("audit")}).exitCode, 0);

    const QString clerk = QStringLiteral("ctlclerk_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("ctl-clerk-pass-5");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(clerk, password, StaffRole::Clerk).ok());
    ConnectionSettings asClerk = m_db->settings();
    asClerk.user = clerk;
    asClerk.password = password;
    const Run refused = ctl({QStringLiteral("house"), QStringLiteral("release"), QStringLiteral("--event"), event,
                             QStringLiteral("--seats"), QStringLiteral("A-3-1"), QStringLiteral("--json")},
                            &asClerk);
    QCOMPARE(refused.exitCode, 1);
    QCOMPARE(refused.json.value(QStringLiteral("error")).toString(), QStringLiteral("permission_denied"));
    const Run noPrice = ctl({QStringLiteral("price-types"), QStringLiteral("set"), event, QStringLiteral("P"),
                             QStringLiteral("CHILD"), QStringLiteral("1"), QStringLiteral("--json")},
                            &asClerk);
    QCOMPARE(noPrice.exitCode, 1);
    QCOMPARE(noPrice.json.value(QStringLiteral("error")).toString(), QStringLiteral("permission_denied"));
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(clerk)); // letters, digits and '_' only
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(clerk));

    const Run released = ctl({QStringLiteral("house"), QStringLiteral("release"), QStringLiteral("--event"), event,
                              QStringLiteral("--seats"), QStringLiteral("A-3-1,A-3-2"), QStringLiteral("--json")});
    QCOMPARE(released.exitCode, 0);
    QCOMPARE(released.json.value(QStringLiteral("released")).toArray().size(), 2);
}

// An event's waiting room from the command line (migration 036): set, show, clear; a manager's.
void TestCtl::onSaleSetShowClear()
{
    const QString event = QString::number(m_event);
    const QStringList set{
        QStringLiteral("onsale"),          QStringLiteral("set"),  QStringLiteral("--event"), event,
        QStringLiteral("--draw-closes"),   QStringLiteral("+120"), QStringLiteral("--rate"),  QStringLiteral("25.5"),
        QStringLiteral("--token-minutes"), QStringLiteral("10"),   QStringLiteral("--json")};
    const QDateTime before = QDateTime::currentDateTimeUtc();
    const Run made = ctl(set);
    QCOMPARE(made.exitCode, 0);
    QCOMPARE(made.json.value(QStringLiteral("on_sale")).toBool(), true);
    QCOMPARE(made.json.value(QStringLiteral("admit_per_second")).toDouble(), 25.5);
    QCOMPARE(made.json.value(QStringLiteral("token_seconds")).toInt(), 600);
    const QDateTime closes
        = QDateTime::fromString(made.json.value(QStringLiteral("draw_closes_at")).toString(), Qt::ISODateWithMs);
    QVERIFY2(closes >= before.addSecs(119) && closes <= QDateTime::currentDateTimeUtc().addSecs(121),
             qPrintable(closes.toString(Qt::ISODate)));

    // Set again: replaced, not added; the rate left out is automatic (0), the token 15 minutes.
    const Run replaced
        = ctl({QStringLiteral("onsale"), QStringLiteral("set"), QStringLiteral("--event"), event,
               QStringLiteral("--draw-closes"), QStringLiteral("2030-01-02T10:00:00Z"), QStringLiteral("--json")});
    QCOMPARE(replaced.exitCode, 0);
    QCOMPARE(replaced.json.value(QStringLiteral("draw_closes_at")).toString(),
             QStringLiteral("2030-01-02T10:00:00.000Z"));
    QCOMPARE(replaced.json.value(QStringLiteral("admit_per_second")).toDouble(), 0.0);
    QCOMPARE(replaced.json.value(QStringLiteral("token_seconds")).toInt(), 900);
    const Run shown = ctl({QStringLiteral("onsale"), QStringLiteral("show"), QStringLiteral("--event"), event});
    QCOMPARE(shown.exitCode, 0);
    QVERIFY2(shown.out.contains(QStringLiteral("2030-01-02 10:00:00 UTC")), qPrintable(shown.out));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_on_sales")).toInt(), 1);

    // Bad input and unknown events exit 2; nothing is written.
    QCOMPARE(ctl({QStringLiteral("onsale"), QStringLiteral("set"), QStringLiteral("--event"), event}).exitCode, 2);
    QCOMPARE(ctl({QStringLiteral("onsale"), QStringLiteral("set"), QStringLiteral("--event"), event,
                  QStringLiteral("--draw-closes"), QStringLiteral("soon")})
                 .exitCode,
             2);
    QCOMPARE(
        ctl({QStringLiteral("onsale"), QStringLiteral("set"), QStringLiteral("--event"), event,
             QStringLiteral("--draw-closes"), QStringLiteral("+10"), QStringLiteral("--rate"), QStringLiteral("-1")})
            .exitCode,
        2);
    QCOMPARE(ctl({QStringLiteral("onsale"), QStringLiteral("set"), QStringLiteral("--event"), QStringLiteral("999999"),
                  QStringLiteral("--draw-closes"), QStringLiteral("+10")})
                 .exitCode,
             2);
    QCOMPARE(ctl({QStringLiteral("onsale"), QStringLiteral("open"), QStringLiteral("--event"), event}).exitCode, 2);

    // A clerk may look but not change it.
    const QString clerk = QStringLiteral("ctlsale_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("ctl-sale-pass-5");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(clerk, password, StaffRole::Clerk).ok());
    ConnectionSettings asClerk = m_db->settings();
    asClerk.user = clerk;
    asClerk.password = password;
    QCOMPARE(
        ctl({QStringLiteral("onsale"), QStringLiteral("show"), QStringLiteral("--event"), event}, &asClerk).exitCode,
        0);
    const Run refused = ctl(
        {QStringLiteral("onsale"), QStringLiteral("clear"), QStringLiteral("--event"), event, QStringLiteral("--json")},
        &asClerk);
    QCOMPARE(refused.exitCode, 1);
    QCOMPARE(refused.json.value(QStringLiteral("error")).toString(), QStringLiteral("permission_denied"));
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(clerk));
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(clerk));

    const Run cleared = ctl({QStringLiteral("onsale"), QStringLiteral("clear"), QStringLiteral("--event"), event,
                             QStringLiteral("--json")});
    QCOMPARE(cleared.exitCode, 0);
    QCOMPARE(cleared.json.value(QStringLiteral("on_sale")).toBool(), false);
    QCOMPARE(ctl({QStringLiteral("onsale"), QStringLiteral("clear"), QStringLiteral("--event"), event}).exitCode, 2);
    QCOMPARE(ctl({QStringLiteral("onsale"), QStringLiteral("show"), QStringLiteral("--event"), event,
                  QStringLiteral("--json")})
                 .json.value(QStringLiteral("on_sale"))
                 .toBool(true),
             false);
}

QTEST_GUILESS_MAIN(TestCtl)
#include "tst_ctl.moc"
