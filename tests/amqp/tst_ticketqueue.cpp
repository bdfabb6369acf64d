// Ticket issuing through RabbitMQ (issue 17), end to end: real `boxoffice-ctl worker` processes with
// BOXOFFICE_AMQP_URL, a private rabbitmq-server node on loopback, a real PostgreSQL. Each case pays
// for many orders and then demands that every one of them has exactly its tickets and exactly one
// mail in mail_spool, whatever was done to the worker or the broker in between: the happy path; the
// issuer killed between its commit and its ack; the broker killed with deliveries in flight; the
// broker away while orders are paid; messages nobody can issue; a queue purged under the relay.

#include "rabbitmqserver.h"
#include "testdatabase.h"

#include "amqp/amqpconnection.h"
#include "amqp/amqppublisher.h"
#include "amqp/amqpqueueprobe.h"
#include "amqp/amqptopology.h"
#include "domain/cartservice.h"
#include "domain/seatholdservice.h"
#include "outboxrelay.h"
#include "storage/pgarrays.h"
#include "storage/pginventory.h"
#include "storage/pgoutboxrelay.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QtTest>

#include <csignal>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr int ordersPerCase = 12;
constexpr int seatsPerOrder = 2;
constexpr int settleMs = 90000; // generous for a loaded CI machine; a pass takes a few seconds

struct PaidOrder
{
    OrderId order = 0;
    int seats = 0;
};

// `boxoffice-ctl worker` as a service runs it, its output kept.
class WorkerProcess
{
public:
    ~WorkerProcess() { kill(); }

    bool start(const QProcessEnvironment &environment)
    {
        m_process.setProcessEnvironment(environment);
        m_process.start(qEnvironmentVariable("BOXOFFICE_CTL"),
                        {QStringLiteral("worker"), QStringLiteral("--interval"), QStringLiteral("3600")});
        return m_process.waitForStarted(10000);
    }
    // SIGKILL: no destructor, no close, no ack: a crash.
    void kill()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        ::kill(pid_t(m_process.processId()), SIGKILL);
        m_process.waitForFinished(10000);
    }
    bool running() const { return m_process.state() == QProcess::Running; }
    QByteArray out()
    {
        m_out += m_process.readAllStandardOutput();
        return m_out;
    }
    QByteArray err()
    {
        m_err += m_process.readAllStandardError();
        return m_err;
    }

private:
    QProcess m_process;
    QByteArray m_out;
    QByteArray m_err;
};

} // namespace

class TestTicketQueue : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void everyPaidOrderGetsItsTicketsAndOneMail();
    void anIssuerKilledBeforeItsAckIssuesNothingTwice();
    void aBrokerKilledWithDeliveriesInFlightLosesNothing();
    void ordersPaidWhileTheBrokerIsDownGoOutWhenItIsBack();
    void messagesNobodyCanIssueEndInTheDeadLetterQueue();
    void eventsLostFromAPurgedQueueArePublishedAgain();
    void aWorkerPassRelaysAndIssuesThenExits();
    void anIssuerThatLosesItsDatabaseMidwayTriesTheSameDeliveryAgain();

private:
    PaidOrder payOrder(bool announce = true);
    void announce(const PaidOrder &paid);
    QVector<PaidOrder> payOrders(int count);
    QProcessEnvironment workerEnvironment() const;
    WorkerProcess &startWorker(const QMap<QString, QString> &extra = {});

    QString ids(const QVector<PaidOrder> &orders) const;
    int count(const QString &where, const QVector<PaidOrder> &orders) const;
    int processed(const QVector<PaidOrder> &orders) const
    {
        return count(QStringLiteral("processed_at IS NOT NULL"), orders);
    }
    int published(const QVector<PaidOrder> &orders) const
    {
        return count(QStringLiteral("published_at IS NOT NULL"), orders);
    }
    // Empty when each order has exactly its tickets, one mail, and its event published and processed.
    QString exactlyOnce(const QVector<PaidOrder> &orders) const;
    // Messages ready in a queue (a passive declare on a connection of the test's own); -1: no answer.
    qint64 queued(const char *queue) const;
    QJsonObject ctlOutbox() const;
    // A session holding mail_spool locked in an open transaction: an issuer that reaches its mail waits
    // there, inside its own transaction. Null if the lock was not taken.
    std::unique_ptr<DatabaseConnection> lockMailSpool() const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<SeatHoldService> m_holds;
    std::unique_ptr<CartService> m_carts;
    RabbitMqServer m_broker;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    int m_nextSeat = 0;
    int m_cartNumber = 0;
    std::vector<std::unique_ptr<WorkerProcess>> m_workers;
};

void TestTicketQueue::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    if (RabbitMqServer::serverScript().isEmpty())
        QSKIP("rabbitmq-server is not installed (CI installs it)");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("ticketqueue"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Queue Hall"), 10, 20, 600, 2, 4000);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_holds = std::make_unique<SeatHoldService>(m_inventory->seats);
    m_carts = std::make_unique<CartService>(m_inventory->carts);
    const QString started = m_broker.start();
    QVERIFY2(started.isEmpty(), qPrintable(started));
    // The queues exist before the faults begin, as in production, where they were declared long before
    // any crash. RabbitMQ 3.10 writes a new quorum queue's registration to disk lazily (a DETS table):
    // a node killed within minutes of the declaration would come back without it and leave the queue
    // leaderless. A clean restart writes it.
    auto url = AmqpUrl::parse(m_broker.url());
    auto connection = AmqpConnection::open(url.value(), QStringLiteral("test set-up"));
    QVERIFY(connection.ok());
    QVERIFY(declareTicketTopology(*connection.value()).ok());
    connection.value().reset();
    m_broker.stop();
    QVERIFY(m_broker.start().isEmpty());
}

void TestTicketQueue::cleanup()
{
    m_workers.clear(); // killed
    QVERIFY(m_db->exec(QStringLiteral("DROP TRIGGER IF EXISTS test_refuse_tickets ON tickets")));
    if (!m_broker.isRunning())
        QVERIFY(m_broker.start().isEmpty());
    // The next case starts from an empty queue and an outbox with nothing due.
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE outbox SET processed_at = now(), published_at = COALESCE(published_at, now()) "
                       "WHERE processed_at IS NULL")));
    m_broker.ctl({QStringLiteral("purge_queue"), QString::fromLatin1(TicketQueue::queue)});
}

PaidOrder TestTicketQueue::payOrder(bool announceIt)
{
    const QString cart = QStringLiteral("queue-%1").arg(++m_cartNumber);
    const QVector<UnitId> units = m_units.mid(m_nextSeat, seatsPerOrder);
    m_nextSeat += seatsPerOrder;
    if (units.size() != seatsPerOrder || !m_holds->hold(HoldRequest{m_hall.eventId, cart, units, std::nullopt}))
        return {};
    const auto order = m_carts->createOrder(cart);
    if (!order || !m_carts->confirm(order->id))
        return {};
    const PaidOrder paid{order->id, seatsPerOrder};
    if (announceIt)
        announce(paid);
    return paid;
}

void TestTicketQueue::announce(const PaidOrder &paid)
{
    // What the checkout saga writes with the payment's confirmation (CheckoutSql::insertOutbox).
    m_db->exec(QStringLiteral("INSERT INTO outbox (topic, order_id) VALUES ('payment-confirmed', :o)"),
               {{QStringLiteral("o"), paid.order}});
}

QVector<PaidOrder> TestTicketQueue::payOrders(int count)
{
    QVector<PaidOrder> orders;
    for (int i = 0; i < count; ++i)
        orders << payOrder();
    return orders;
}

QProcessEnvironment TestTicketQueue::workerEnvironment() const
{
    const ConnectionSettings target = m_db->settings();
    QProcessEnvironment environment = clientEnvironment(target);
    // The password travels in the environment, as it must (never --amqp).
    environment.insert(QStringLiteral("BOXOFFICE_AMQP_URL"),
                       m_broker.url() + QStringLiteral("?connection_timeout=3000"));
    environment.remove(QStringLiteral("BOXOFFICE_ISSUER_PAUSE_AT"));
    environment.remove(QStringLiteral("BOXOFFICE_AMQP_REPUBLISH_SECONDS"));
    return environment;
}

WorkerProcess &TestTicketQueue::startWorker(const QMap<QString, QString> &extra)
{
    QProcessEnvironment environment = workerEnvironment();
    for (auto it = extra.begin(); it != extra.end(); ++it)
        environment.insert(it.key(), it.value());
    m_workers.push_back(std::make_unique<WorkerProcess>());
    if (!m_workers.back()->start(environment))
        qWarning("boxoffice-ctl worker did not start");
    return *m_workers.back();
}

QString TestTicketQueue::ids(const QVector<PaidOrder> &orders) const
{
    QVector<qint64> list;
    for (const PaidOrder &paid : orders)
        list << paid.order;
    return toBigintArray(list);
}

int TestTicketQueue::count(const QString &where, const QVector<PaidOrder> &orders) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT count(*) FROM outbox WHERE order_id = ANY (CAST(:ids AS bigint[])) AND %1")
                     .arg(where),
                 {{QStringLiteral("ids"), ids(orders)}})
        .toInt();
}

QString TestTicketQueue::exactlyOnce(const QVector<PaidOrder> &orders) const
{
    QSqlQuery query(m_db->database());
    query.prepare(QStringLiteral(
        "SELECT o.id, (SELECT count(*) FROM tickets t WHERE t.order_id = o.id), "
        "       (SELECT count(*) FROM mail_spool m WHERE m.order_id = o.id "
        "                                            AND substr(m.attachment, 1, 4) = CAST('%PDF' AS bytea)), "
        "       (SELECT count(*) FROM outbox x WHERE x.order_id = o.id AND x.processed_at IS NOT NULL "
        "                                        AND x.published_at IS NOT NULL) "
        "FROM orders o WHERE o.id = ANY (CAST(:ids AS bigint[])) ORDER BY o.id"));
    query.bindValue(QStringLiteral(":ids"), ids(orders));
    if (!query.exec())
        return query.lastError().text();
    QStringList wrong;
    int seen = 0;
    while (query.next()) {
        ++seen;
        const int tickets = query.value(1).toInt();
        const int mails = query.value(2).toInt();
        const int events = query.value(3).toInt();
        if (tickets != seatsPerOrder || mails != 1 || events != 1)
            wrong << QStringLiteral("order %1: %2 tickets, %3 mails with the PDF, %4 events published and processed")
                         .arg(query.value(0).toLongLong())
                         .arg(tickets)
                         .arg(mails)
                         .arg(events);
    }
    if (seen != orders.size())
        wrong << QStringLiteral("%1 of %2 orders exist").arg(seen).arg(orders.size());
    return wrong.join(QStringLiteral("; "));
}

qint64 TestTicketQueue::queued(const char *queue) const
{
    auto url = AmqpUrl::parse(m_broker.url());
    auto connection = url ? AmqpConnection::open(url.value(), QStringLiteral("test probe"))
                          : Result<std::unique_ptr<AmqpConnection>>(url.error());
    if (!connection)
        return -1;
    auto counts = AmqpQueueProbe(*connection.value()).counts(queue);
    return counts ? counts->messages : -1;
}

QJsonObject TestTicketQueue::ctlOutbox() const
{
    QProcess ctl;
    ctl.setProcessEnvironment(workerEnvironment());
    ctl.start(qEnvironmentVariable("BOXOFFICE_CTL"), {QStringLiteral("outbox"), QStringLiteral("--json")});
    if (!ctl.waitForFinished(60000))
        return {};
    return QJsonDocument::fromJson(ctl.readAllStandardOutput()).object();
}

std::unique_ptr<DatabaseConnection> TestTicketQueue::lockMailSpool() const
{
    auto locker = m_db->connect(QStringLiteral("locker"));
    if (!locker || !locker->database().transaction())
        return {};
    QSqlQuery lock(locker->database());
    if (!lock.exec(QStringLiteral("LOCK TABLE mail_spool IN SHARE ROW EXCLUSIVE MODE"))) {
        qWarning("locking mail_spool: %s", qPrintable(lock.lastError().text()));
        return {};
    }
    return locker;
}

void TestTicketQueue::everyPaidOrderGetsItsTicketsAndOneMail()
{
    WorkerProcess &worker = startWorker();
    const QVector<PaidOrder> orders = payOrders(ordersPerCase);
    QTRY_COMPARE_WITH_TIMEOUT(processed(orders), ordersPerCase, settleMs);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
    // Every delivery acknowledged: nothing left in the queue, nothing dead.
    QTRY_COMPARE_WITH_TIMEOUT(queued(TicketQueue::queue), qint64(0), 10000);
    QCOMPARE(queued(TicketQueue::deadQueue), qint64(0));
    QVERIFY2(worker.running(), worker.err().constData());

    // `boxoffice-ctl outbox` sees the same: nothing due in the outbox, the issuer subscribed.
    const QJsonObject outbox = ctlOutbox();
    QVERIFY2(outbox.value(QStringLiteral("ok")).toBool(), QJsonDocument(outbox).toJson().constData());
    QCOMPARE(outbox.value(QStringLiteral("unpublished")).toInt(), 0);
    QCOMPARE(outbox.value(QStringLiteral("unprocessed")).toInt(), 0);
    const QJsonObject tickets
        = outbox.value(QStringLiteral("queues")).toObject().value(QLatin1String(TicketQueue::queue)).toObject();
    QCOMPARE(tickets.value(QStringLiteral("messages")).toInt(), 0);
    QCOMPARE(tickets.value(QStringLiteral("consumers")).toInt(), 1);
}

void TestTicketQueue::anIssuerKilledBeforeItsAckIssuesNothingTwice()
{
    WorkerProcess &paused = startWorker({{QStringLiteral("BOXOFFICE_ISSUER_PAUSE_AT"), QStringLiteral("before-ack")}});
    const QVector<PaidOrder> orders = payOrders(ordersPerCase);
    QTRY_VERIFY_WITH_TIMEOUT(paused.out().contains("paused at before-ack"), settleMs);
    // Committed, not acknowledged: exactly one order has its tickets.
    QCOMPARE(processed(orders), 1);
    const OrderId first
        = m_db->scalar(QStringLiteral("SELECT order_id FROM outbox WHERE order_id = ANY (CAST(:ids AS bigint[])) "
                                      "AND processed_at IS NOT NULL"),
                       {{QStringLiteral("ids"), ids(orders)}})
              .toLongLong();
    const QVariantMap byOrder{{QStringLiteral("o"), first}};
    const QString codes = m_db->scalar(QStringLiteral("SELECT string_agg(CAST(code AS text), ',' ORDER BY code) "
                                                      "FROM tickets WHERE order_id = :o"),
                                       byOrder)
                              .toString();
    QVERIFY(!codes.isEmpty());
    paused.kill();

    // The broker hands everything the dead issuer held to the next one, the committed one included.
    WorkerProcess &next = startWorker();
    QTRY_COMPARE_WITH_TIMEOUT(processed(orders), ordersPerCase, settleMs);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(CAST(code AS text), ',' ORDER BY code) FROM tickets "
                                         "WHERE order_id = :o"),
                          byOrder)
                 .toString(),
             codes);
    // It was redelivered, and answered without issuing anything.
    const QByteArray redelivered = "(order " + QByteArray::number(first) + ") was processed already";
    QTRY_VERIFY2_WITH_TIMEOUT(next.err().contains(redelivered), next.err().constData(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(queued(TicketQueue::queue), qint64(0), 10000);
}

void TestTicketQueue::aBrokerKilledWithDeliveriesInFlightLosesNothing()
{
    WorkerProcess &worker = startWorker();
    // Hold the issuer inside its transaction: queueing a mail waits for this lock.
    auto locker = lockMailSpool();
    QVERIFY(locker);
    QSqlDatabase lockDb = locker->database();

    // Paid together, so the relay publishes them as one batch.
    QVector<PaidOrder> orders;
    for (int i = 0; i < ordersPerCase; ++i)
        orders << payOrder(false);
    QVERIFY(m_db->exec(QStringLiteral("INSERT INTO outbox (topic, order_id) "
                                      "SELECT 'payment-confirmed', unnest(CAST(:ids AS bigint[]))"),
                       {{QStringLiteral("ids"), ids(orders)}}));
    // The issuer waits on the lock inside its transaction, holding its event's row. The relay has the
    // broker's confirmation of the whole batch: marked already, or its marking waits for that row. So
    // everything is in the broker, deliveries are in flight (one issuing, the rest prefetched), and
    // nothing is acknowledged.
    const auto inFlight = [this, &orders] {
        const int waiting = m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                                                        "current_database() AND wait_event_type = 'Lock'"))
                                .toInt();
        return waiting >= 2 || (waiting == 1 && published(orders) == ordersPerCase);
    };
    QTRY_VERIFY_WITH_TIMEOUT(inFlight(), settleMs);
    QCOMPARE(processed(orders), 0);

    m_broker.kill();
    QVERIFY(lockDb.rollback());
    // The issuer commits what it held, its ack has nowhere to go; the relay's marking goes through.
    QTRY_VERIFY_WITH_TIMEOUT(processed(orders) >= 1, settleMs);
    QTRY_COMPARE_WITH_TIMEOUT(published(orders), ordersPerCase, settleMs);
    QTest::qWait(1000);
    QVERIFY2(worker.running(), worker.err().constData());

    QVERIFY(m_broker.start().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(processed(orders), ordersPerCase, settleMs);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
    QTRY_VERIFY2_WITH_TIMEOUT(worker.err().contains("was processed already"), worker.err().constData(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(queued(TicketQueue::queue), qint64(0), 10000);
    QVERIFY2(worker.err().contains("is back"), worker.err().constData());
}

void TestTicketQueue::ordersPaidWhileTheBrokerIsDownGoOutWhenItIsBack()
{
    WorkerProcess &worker = startWorker();
    QTRY_VERIFY_WITH_TIMEOUT(worker.err().contains("ticket issuer: connected"), settleMs);
    m_broker.stop();
    const QVector<PaidOrder> orders = payOrders(ordersPerCase);
    QTest::qWait(3000);
    // Nothing confirmed, nothing issued, nothing lost: the events wait in the outbox.
    QCOMPARE(published(orders), 0);
    QCOMPARE(processed(orders), 0);
    QVERIFY2(worker.running(), worker.err().constData());
    QVERIFY2(worker.err().contains("outbox relay: RabbitMQ at"), worker.err().constData());
    QVERIFY2(worker.err().contains("cannot be used"), worker.err().constData());
    QCOMPARE(ctlOutbox().value(QStringLiteral("unpublished")).toInt(), ordersPerCase);

    QVERIFY(m_broker.start().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(processed(orders), ordersPerCase, settleMs);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
}

void TestTicketQueue::messagesNobodyCanIssueEndInTheDeadLetterQueue()
{
    WorkerProcess &worker = startWorker();
    QTRY_VERIFY_WITH_TIMEOUT(worker.err().contains("ticket issuer: connected"), settleMs);
    const qint64 deadBefore = queued(TicketQueue::deadQueue);
    QVERIFY(deadBefore >= 0);

    // A paid order the database refuses to issue, every time it is tried.
    const PaidOrder refused = payOrder(false);
    QVERIFY(refused.order > 0);
    QVERIFY(m_db->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS test_refused_orders (order_id bigint PRIMARY KEY)")));
    QVERIFY(m_db->exec(QStringLiteral("INSERT INTO test_refused_orders VALUES (:o)"),
                       {{QStringLiteral("o"), refused.order}}));
    QVERIFY(m_db->exec(
        QStringLiteral("CREATE OR REPLACE FUNCTION test_refuse_tickets() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                       "IF EXISTS (SELECT 1 FROM test_refused_orders r WHERE r.order_id = NEW.order_id) THEN "
                       "RAISE EXCEPTION 'test: tickets refused'; END IF; RETURN NEW; END $$")));
    QVERIFY(m_db->exec(QStringLiteral("CREATE TRIGGER test_refuse_tickets BEFORE INSERT ON tickets FOR EACH ROW "
                                      "EXECUTE FUNCTION test_refuse_tickets()")));
    announce(refused);

    // Two messages that are not ours: no JSON, and an event that does not exist.
    auto url = AmqpUrl::parse(m_broker.url());
    auto connection = AmqpConnection::open(url.value(), QStringLiteral("test publisher"));
    QVERIFY(connection.ok());
    AmqpPublisher publisher(*connection.value());
    QVERIFY(publisher.start().ok());
    AmqpOutgoing garbage{TicketQueue::exchange, TicketQueue::routingKey, "garbage-1", "this is not JSON", "text/plain"};
    AmqpOutgoing unknown{TicketQueue::exchange, TicketQueue::routingKey, "999999999",
                         R"({"outbox_id": 999999999, "order": 1, "topic": "payment-confirmed"})"};
    QVERIFY(publisher.publish({garbage, unknown}, 10000).allConfirmed(2));

    const QVector<PaidOrder> orders = payOrders(ordersPerCase);
    QTRY_COMPARE_WITH_TIMEOUT(processed(orders), ordersPerCase, settleMs);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
    // The unreadable two at once, the refused order after its delivery limit.
    QTRY_COMPARE_WITH_TIMEOUT(queued(TicketQueue::deadQueue), deadBefore + 3, settleMs);
    QVERIFY2(worker.err().count("rejected message") == 2, worker.err().constData());
    QVERIFY2(worker.err().count("goes back to the queue") >= TicketQueue::deliveryLimit, worker.err().constData());
    const QVariantMap byOrder{{QStringLiteral("o"), refused.order}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM tickets WHERE order_id = :o"), byOrder).toInt(), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM mail_spool WHERE order_id = :o"), byOrder).toInt(), 0);
    QVERIFY(
        m_db->scalar(QStringLiteral("SELECT processed_at IS NULL FROM outbox WHERE order_id = :o"), byOrder).toBool());
    QCOMPARE(queued(TicketQueue::queue), qint64(0));
    QVERIFY(m_db->exec(QStringLiteral("DROP TRIGGER test_refuse_tickets ON tickets")));
}

void TestTicketQueue::eventsLostFromAPurgedQueueArePublishedAgain()
{
    // Published and confirmed by a relay (this test's own), then gone from the queue before any issuer
    // took them.
    const QVector<PaidOrder> orders = payOrders(ordersPerCase);
    {
        // A connection of its own: the relay's advisory lock ends with it, and the worker relays next.
        auto database = m_db->connect(QStringLiteral("test-relay"));
        QVERIFY(database);
        auto url = AmqpUrl::parse(m_broker.url());
        auto connection = AmqpConnection::open(url.value(), QStringLiteral("test relay"));
        QVERIFY(connection.ok());
        QVERIFY(declareTicketTopology(*connection.value()).ok());
        AmqpPublisher publisher(*connection.value());
        QVERIFY(publisher.start().ok());
        AmqpQueueProbe probe(*connection.value());
        PgOutboxRelay store(database->database());
        OutboxRelay relay(store, OutboxRelayOptions{});
        const auto round = relay.run(publisher, probe);
        QVERIFY2(round.ok(), round.ok() ? "" : qPrintable(round.error().message));
        QCOMPARE(round->published, ordersPerCase);
    }
    QCOMPARE(published(orders), ordersPerCase);
    int exitCode = -1;
    m_broker.ctl({QStringLiteral("purge_queue"), QString::fromLatin1(TicketQueue::queue)}, &exitCode);
    QCOMPARE(exitCode, 0);
    QCOMPARE(queued(TicketQueue::queue), qint64(0));

    // Nothing would ever deliver them again, but the relay sees them confirmed long ago and still not
    // processed, with the queue empty: it publishes them again.
    QTest::qWait(2000);
    WorkerProcess &worker = startWorker({{QStringLiteral("BOXOFFICE_AMQP_REPUBLISH_SECONDS"), QStringLiteral("1")}});
    QTRY_COMPARE_WITH_TIMEOUT(processed(orders), ordersPerCase, settleMs);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
    QVERIFY2(worker.err().contains("publishing them again"), worker.err().constData());
}

void TestTicketQueue::aWorkerPassRelaysAndIssuesThenExits()
{
    // `worker --once` (cron, scripts): publish what is due, issue what comes back, then stop.
    const QVector<PaidOrder> orders = payOrders(3);
    QProcess once;
    once.setProcessEnvironment(workerEnvironment());
    once.start(qEnvironmentVariable("BOXOFFICE_CTL"),
               {QStringLiteral("worker"), QStringLiteral("--once"), QStringLiteral("--json")});
    QVERIFY(once.waitForFinished(120000));
    const QByteArray out = once.readAllStandardOutput();
    QVERIFY2(once.exitCode() == 0, (out + once.readAllStandardError()).constData());
    QCOMPARE(QJsonDocument::fromJson(out).object().value(QStringLiteral("orders_issued")).toInt(), 3);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
}

void TestTicketQueue::anIssuerThatLosesItsDatabaseMidwayTriesTheSameDeliveryAgain()
{
    WorkerProcess &worker = startWorker();
    QTRY_VERIFY_WITH_TIMEOUT(worker.err().contains("ticket issuer: connected"), settleMs);
    const qint64 deadBefore = queued(TicketQueue::deadQueue);
    auto locker = lockMailSpool();
    QVERIFY(locker);
    QSqlDatabase lockDb = locker->database();
    const QVector<PaidOrder> orders = payOrders(4);
    // The issuer's session, inside its transaction, waiting to queue the first mail: cut it off, as a
    // database restart or a network fault would.
    const QString issuing = QStringLiteral("SELECT COALESCE(max(pid), 0) FROM pg_stat_activity WHERE datname = "
                                           "current_database() AND wait_event_type = 'Lock' "
                                           "AND query LIKE '%INSERT INTO mail_spool%'");
    QTRY_VERIFY_WITH_TIMEOUT(m_db->scalar(issuing).toInt() > 0, settleMs);
    QVERIFY(m_db->scalar(QStringLiteral("SELECT pg_terminate_backend(:pid)"),
                         {{QStringLiteral("pid"), m_db->scalar(issuing)}})
                .toBool());
    QVERIFY(lockDb.rollback());

    // It reconnects and issues the same delivery (not the message's fault: no requeue, nothing dead).
    QTRY_COMPARE_WITH_TIMEOUT(processed(orders), 4, settleMs);
    QVERIFY2(exactlyOnce(orders).isEmpty(), qPrintable(exactlyOnce(orders)));
    QVERIFY2(worker.err().contains("ticket issuer: the database is back"), worker.err().constData());
    QVERIFY2(!worker.err().contains("goes back to the queue"), worker.err().constData());
    QTRY_COMPARE_WITH_TIMEOUT(queued(TicketQueue::queue), qint64(0), 10000);
    QCOMPARE(queued(TicketQueue::deadQueue), deadBefore);
}

QTEST_GUILESS_MAIN(TestTicketQueue)
#include "tst_ticketqueue.moc"
