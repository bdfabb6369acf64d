// The outbox relay's storage (migration 048, PgOutboxRelay) and one relay round (OutboxRelay) against a
// real PostgreSQL and a private rabbitmq-server on loopback: the relay reads without holding locks,
// marks exactly what the broker confirmed (not what it returned, not what it never answered), and the
// backlog gauge counts from one indexed query, cached.

#include "outboxrelay.h"
#include "rabbitmqserver.h"
#include "testdatabase.h"

#include "amqp/amqpconnection.h"
#include "amqp/amqppublisher.h"
#include "amqp/amqpqueueprobe.h"
#include "amqp/amqptopology.h"
#include "app/web/webmetrics.h"
#include "storage/outboxsql.h"
#include "storage/pgoutboxbacklog.h"
#include "storage/pgoutboxrelay.h"

#include <QSqlError>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestOutboxRelay : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void theRelayReadsWhatIsDueAndLocksNothing();
    void onlyWhatTheBrokerConfirmedIsMarked();
    void theBacklogIsOneIndexedQueryCachedASecond();

private:
    qint64 event(const QString &topic = QStringLiteral("payment-confirmed"));
    QVariant column(qint64 event, const QString &name) const
    {
        return m_db->scalar(QStringLiteral("SELECT %1 FROM outbox WHERE id = :id").arg(name),
                            {{QStringLiteral("id"), event}});
    }
    QString plan(const char *sql, const QVariantMap &numbers);

    std::unique_ptr<TestDatabase> m_db;
    RabbitMqServer m_broker;
    int m_orders = 0;
};

void TestOutboxRelay::initTestCase()
{
    if (RabbitMqServer::serverScript().isEmpty())
        QSKIP("rabbitmq-server is not installed (CI installs it)");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("outboxrelay"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const QString started = m_broker.start();
    QVERIFY2(started.isEmpty(), qPrintable(started));
}

void TestOutboxRelay::cleanup()
{
    // Each case sees only its own events.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE outbox SET processed_at = now() WHERE processed_at IS NULL")));
}

qint64 TestOutboxRelay::event(const QString &topic)
{
    const qint64 order
        = m_db->scalar(QStringLiteral("INSERT INTO orders (cart_id, currency) VALUES (:c, 'EUR') RETURNING id"),
                       {{QStringLiteral("c"), QStringLiteral("relay-%1").arg(++m_orders)}})
              .toLongLong();
    return m_db
        ->scalar(QStringLiteral("INSERT INTO outbox (topic, order_id) VALUES (:t, :o) RETURNING id"),
                 {{QStringLiteral("t"), topic}, {QStringLiteral("o"), order}})
        .toLongLong();
}

QString TestOutboxRelay::plan(const char *sql, const QVariantMap &bindings)
{
    // A table this small is read faster without an index: forbid the sequential scan to see whether
    // the statement can use one at all.
    auto connection = m_db->connect(QStringLiteral("plan"));
    QSqlQuery query(connection->database());
    if (!query.exec(QStringLiteral("SET enable_seqscan = off")))
        return query.lastError().text();
    // EXPLAIN cannot be prepared: the test's own numbers go into the text.
    QString text = QString::fromLatin1(sql);
    for (auto it = bindings.begin(); it != bindings.end(); ++it)
        text.replace(QLatin1Char(':') + it.key(), QString::number(it.value().toLongLong()));
    if (!query.exec(QStringLiteral("EXPLAIN ") + text))
        return query.lastError().text();
    QStringList lines;
    while (query.next())
        lines << query.value(0).toString();
    return lines.join(QLatin1Char('\n'));
}

void TestOutboxRelay::theRelayReadsWhatIsDueAndLocksNothing()
{
    PgOutboxRelay relay(m_db->database());
    const qint64 fresh = event();
    const qint64 published = event();
    const qint64 processed = event();
    QVERIFY(m_db->exec(QStringLiteral("UPDATE outbox SET published_at = now() WHERE id = :id"),
                       {{QStringLiteral("id"), published}}));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE outbox SET processed_at = now() WHERE id = :id"),
                       {{QStringLiteral("id"), processed}}));

    const auto due = relay.unpublished(10);
    QVERIFY(due.ok());
    QCOMPARE(due->size(), 1);
    QCOMPARE(due->first().id, fresh);
    QCOMPARE(due->first().topic, QStringLiteral("payment-confirmed"));
    // Read in autocommit: another session may lock the rows at once, nothing waits for the relay.
    auto other = m_db->connect(QStringLiteral("other"));
    QSqlQuery nowait(other->database());
    QVERIFY2(nowait.exec(QStringLiteral("SELECT id FROM outbox WHERE processed_at IS NULL FOR UPDATE NOWAIT")),
             qPrintable(nowait.lastError().text()));

    // Published a moment ago: not stale. Two minutes ago: published again.
    QVERIFY(relay.stale(60, 10)->isEmpty());
    QVERIFY(m_db->exec(QStringLiteral("UPDATE outbox SET published_at = now() - interval '2 minutes' WHERE id = :id"),
                       {{QStringLiteral("id"), published}}));
    const auto stale = relay.stale(60, 10);
    QVERIFY(stale.ok());
    QCOMPARE(stale->size(), 1);
    QCOMPARE(stale->first().id, published);

    // Marked: the fresh one and the stale one anew; marked again at once, neither (their time stays).
    QCOMPARE(relay.markPublished({fresh, published}, 60).value(), 2);
    const QDateTime first = column(fresh, QStringLiteral("published_at")).toDateTime();
    QVERIFY(first.isValid());
    QCOMPARE(relay.markPublished({fresh, published}, 60).value(), 0);
    QCOMPARE(column(fresh, QStringLiteral("published_at")).toDateTime(), first);
    QVERIFY(relay.unpublished(10)->isEmpty());
    QCOMPARE(relay.markPublished({}, 60).value(), 0);

    // Only one relay per database: a second connection stands by while the first holds the lock.
    QVERIFY(relay.takeRelayLock().value());
    PgOutboxRelay second(other->database());
    QVERIFY(!second.takeRelayLock().value());
    // The relay's batch comes from its own partial index, however large the processed past grows.
    const QString batchPlan = plan(OutboxSql::unpublished, {{QStringLiteral("limit"), 10}});
    QVERIFY2(batchPlan.contains(QStringLiteral("outbox_unpublished")), qPrintable(batchPlan));
}

void TestOutboxRelay::onlyWhatTheBrokerConfirmedIsMarked()
{
    auto url = AmqpUrl::parse(m_broker.url());
    QVERIFY(url.ok());
    auto connection = AmqpConnection::open(url.value(), QStringLiteral("relay test"));
    QVERIFY2(connection.ok(), connection.ok() ? "" : qPrintable(connection.error().message));
    QVERIFY(declareTicketTopology(*connection.value()).ok());
    AmqpQueueProbe probe(*connection.value());
    const qint64 queuedBefore = probe.counts(TicketQueue::queue)->messages;
    AmqpPublisher publisher(*connection.value());
    QVERIFY(publisher.start().ok());

    PgOutboxRelay store(m_db->database());
    OutboxRelay relay(store, OutboxRelayOptions{3, 5000, 300}); // batches of 3: the round takes two
    QVector<qint64> routed;
    for (int i = 0; i < 4; ++i)
        routed << event();
    // No queue is bound for this topic: the broker returns the mandatory message, then acks it.
    const qint64 unroutable = event(QStringLiteral("nobody-binds-this"));
    const auto round = relay.run(publisher, probe);
    QVERIFY2(round.ok(), round.ok() ? "" : qPrintable(round.error().message));
    QCOMPARE(round->published, 4);
    QCOMPARE(round->unconfirmed, 1);
    for (qint64 id : routed)
        QVERIFY2(!column(id, QStringLiteral("published_at")).isNull(), qPrintable(QString::number(id)));
    QVERIFY(column(unroutable, QStringLiteral("published_at")).isNull());
    QCOMPARE(probe.counts(TicketQueue::queue)->messages, queuedBefore + 4);
    // A message the broker confirmed is persistent, named by its outbox id, and says which order.
    int exitCode = -1;
    const QString listed = m_broker.ctl(
        {QStringLiteral("list_queues"), QStringLiteral("name"), QStringLiteral("type"), QStringLiteral("durable")},
        &exitCode);
    QCOMPARE(exitCode, 0);
    QVERIFY2(listed.contains(QRegularExpression(QStringLiteral("boxoffice\\.tickets\\s+quorum\\s+true"))),
             qPrintable(listed));

    // The broker goes away: the round fails, nothing more is marked, the connection is done for.
    m_broker.stop();
    const qint64 whileDown = event();
    const auto failed = relay.run(publisher, probe);
    QVERIFY(!failed.ok());
    QVERIFY(connection.value()->broken());
    QVERIFY(column(whileDown, QStringLiteral("published_at")).isNull());
    QVERIFY(column(unroutable, QStringLiteral("published_at")).isNull());

    // Back, on a new connection: what was left goes out (the unroutable one is refused again).
    QVERIFY(m_broker.start().isEmpty());
    connection = AmqpConnection::open(url.value(), QStringLiteral("relay test"));
    QVERIFY(connection.ok());
    AmqpPublisher again(*connection.value());
    QVERIFY(again.start().ok());
    AmqpQueueProbe probeAgain(*connection.value());
    const auto resumed = relay.run(again, probeAgain);
    QVERIFY2(resumed.ok(), resumed.ok() ? "" : qPrintable(resumed.error().message));
    QCOMPARE(resumed->published, 1);
    QVERIFY(!column(whileDown, QStringLiteral("published_at")).isNull());
    QVERIFY(column(unroutable, QStringLiteral("published_at")).isNull());
    // The quorum queue kept the confirmed messages across the restart.
    QCOMPARE(probeAgain.counts(TicketQueue::queue)->messages, queuedBefore + 5);
    m_broker.ctl({QStringLiteral("purge_queue"), QString::fromLatin1(TicketQueue::queue)});
}

void TestOutboxRelay::theBacklogIsOneIndexedQueryCachedASecond()
{
    PgOutboxBacklog backlog(m_db->database());
    const auto empty = backlog.read();
    QVERIFY(empty.ok());
    QCOMPARE(empty->unprocessed, 0);
    QCOMPARE(empty->oldestUnprocessedSeconds, 0.0);

    event();
    event();
    const qint64 old = event();
    QVERIFY(
        m_db->exec(QStringLiteral("UPDATE outbox SET published_at = now(), created_at = now() - interval '90 seconds' "
                                  "WHERE id = :id"),
                   {{QStringLiteral("id"), old}}));
    const qint64 done = event();
    QVERIFY(m_db->exec(QStringLiteral("UPDATE outbox SET processed_at = now(), created_at = now() - interval '1 hour' "
                                      "WHERE id = :id"),
                       {{QStringLiteral("id"), done}}));
    const auto figures = backlog.read();
    QVERIFY(figures.ok());
    QCOMPARE(figures->unpublished, 2);
    QCOMPARE(figures->unprocessed, 3);
    QVERIFY2(figures->oldestUnprocessedSeconds >= 90 && figures->oldestUnprocessedSeconds < 120,
             qPrintable(QString::number(figures->oldestUnprocessedSeconds)));
    const QString backlogPlan = plan(OutboxSql::backlog, {});
    QVERIFY2(backlogPlan.contains(QStringLiteral("outbox_unprocessed")), qPrintable(backlogPlan));

    // What /metrics shows, measured once for scrapes within a second.
    web::OutboxBacklogGauge gauge;
    int measured = 0;
    const auto measure = [&] {
        ++measured;
        return backlog.read();
    };
    QVERIFY(gauge.read(measure).ok());
    QVERIFY(gauge.read(measure).ok());
    QCOMPARE(measured, 1);
    QVERIFY(gauge.read(measure, 0).ok());
    QCOMPARE(measured, 2);
    const QByteArray text = web::OutboxBacklogGauge::render(figures.value());
    QVERIFY2(text.contains("\nboxoffice_outbox_unpublished 2\n"), text.constData());
    QVERIFY2(text.contains("\nboxoffice_outbox_unprocessed 3\n"), text.constData());
    QVERIFY2(
        text.contains(
            "# TYPE boxoffice_outbox_oldest_unprocessed_seconds gauge\nboxoffice_outbox_oldest_unprocessed_seconds 9"),
        text.constData());
}

QTEST_GUILESS_MAIN(TestOutboxRelay)
#include "tst_outboxrelay.moc"
