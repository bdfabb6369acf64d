#include "relayloop.h"

#include "amqp/amqplogging.h"
#include "amqp/amqppublisher.h"
#include "amqp/amqpqueueprobe.h"
#include "amqp/amqptopology.h"

#include <QEventLoop>
#include <QSqlDriver>
#include <QThread>
#include <QTimer>

namespace boxoffice {

namespace {
const QString role = QStringLiteral("outbox relay");
const QString wakeChannel = QStringLiteral("boxoffice_worker"); // migration 046
} // namespace

RelayLoop::RelayLoop(const AmqpWorkerOptions &options, ConnectionSettings database)
    : m_options(options), m_database(std::move(database), role),
      m_broker(options.url, role, QStringLiteral("Paid orders' events wait in the outbox and go out once it is back."),
               [this](AmqpConnection &connection) { return connectBroker(connection); })
{ }

RelayLoop::~RelayLoop() = default;

Status RelayLoop::connectBroker(AmqpConnection &connection)
{
    if (auto declared = declareTicketTopology(connection); !declared)
        return declared;
    auto publisher = std::make_unique<AmqpPublisher>(connection);
    if (auto started = publisher->start(); !started)
        return started;
    m_publisher = std::move(publisher);
    m_probe = std::make_unique<AmqpQueueProbe>(connection);
    return Done{};
}

Result<OutboxRelay *> RelayLoop::relay()
{
    if (m_relay)
        return m_relay.get();
    DatabaseConnection *connection = m_database.get();
    if (!connection)
        return makeError(ErrorCode::Unavailable, QStringLiteral("The outbox relay has no database connection now."));
    if (QSqlDriver *driver = connection->database().driver())
        driver->subscribeToNotification(wakeChannel);
    m_store = std::make_unique<PgOutboxRelay>(connection->database());
    m_relay = std::make_unique<OutboxRelay>(
        *m_store, OutboxRelayOptions{m_options.batch, m_options.url.timeoutMs, m_options.republishAfterSeconds});
    return m_relay.get();
}

void RelayLoop::dropDatabase(const DomainError &error)
{
    m_relay.reset();
    m_store.reset();
    m_database.drop(error);
}

void RelayLoop::dropBroker(const DomainError &error)
{
    m_probe.reset();
    m_publisher.reset();
    m_broker.drop(error);
}

Result<OutboxRelayFigures> RelayLoop::round()
{
    auto relay = this->relay();
    if (!relay)
        return relay.error();
    AmqpConnection *broker = m_broker.get();
    if (!broker)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("RabbitMQ cannot be used now; the events wait in the outbox."));
    auto figures = relay.value()->run(*m_publisher, *m_probe);
    if (figures) {
        if (auto alive = broker->keepAlive(); !alive) {
            dropBroker(alive.error());
            return alive.error();
        }
        m_lastFailure.clear();
        return figures;
    }
    if (broker->broken())
        dropBroker(figures.error());
    else if (figures.error().code == ErrorCode::Unavailable)
        dropDatabase(figures.error());
    else if (figures.error().message != m_lastFailure)
        qCWarning(lcAmqp).noquote() << role << "round failed:" << figures.error().message;
    m_lastFailure = figures.error().message;
    return figures.error();
}

void RelayLoop::waitForWork(int ms)
{
    QEventLoop loop;
    QTimer round;
    round.setSingleShot(true);
    QObject::connect(&round, &QTimer::timeout, &loop, &QEventLoop::quit);
    QMetaObject::Connection woken;
    if (DatabaseConnection *connection = m_relay ? m_database.get() : nullptr) {
        if (QSqlDriver *driver = connection->database().driver())
            woken = QObject::connect(driver, &QSqlDriver::notification, &loop, &QEventLoop::quit);
    }
    round.start(ms);
    loop.exec();
    QObject::disconnect(woken);
}

void RelayLoop::run()
{
    while (!QThread::currentThread()->isInterruptionRequested()) {
        (void)round(); // its failures are logged by the links, once per outage
        waitForWork(1000);
    }
}

} // namespace boxoffice
