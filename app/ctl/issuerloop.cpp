#include "issuerloop.h"

#include "amqp/amqpconsumer.h"
#include "amqp/amqplogging.h"
#include "amqp/amqptopology.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/pgticketissuer.h"

#include <QDeadlineTimer>
#include <QTextStream>
#include <QThread>

namespace boxoffice {

namespace {
const QString role = QStringLiteral("ticket issuer");
// How long a delivery waits for a database that went away before it goes back to the queue.
constexpr int databasePatienceMs = 30000;
// A failed delivery goes back after this pause, so a passing fault (a deadlock, a restart) is not met
// again at once and the delivery limit is not spent in a few milliseconds.
constexpr int requeuePauseMs = 500;
} // namespace

IssuerLoop::IssuerLoop(const AmqpWorkerOptions &options, ConnectionSettings database, TicketPdfRenderer render)
    : m_options(options), m_render(std::move(render)), m_database(std::move(database), role),
      m_broker(options.url, role, QStringLiteral("No tickets are issued through it until it is back."),
               [this](AmqpConnection &connection) { return connectBroker(connection); }),
      m_pauseBeforeAck(qEnvironmentVariable("BOXOFFICE_ISSUER_PAUSE_AT") == QLatin1String("before-ack"))
{ }

IssuerLoop::~IssuerLoop() = default;

Status IssuerLoop::connectBroker(AmqpConnection &connection)
{
    if (auto declared = declareTicketTopology(connection); !declared)
        return declared;
    auto consumer = std::make_unique<AmqpConsumer>(connection);
    if (auto started = consumer->start(TicketQueue::queue, m_options.prefetch); !started)
        return started;
    m_consumer = std::move(consumer);
    return Done{};
}

Result<TicketConsumer *> IssuerLoop::consumer()
{
    if (m_handler)
        return m_handler.get();
    DatabaseConnection *connection = m_database.get();
    if (!connection)
        return makeError(ErrorCode::Unavailable, QStringLiteral("The ticket issuer has no database connection now."));
    m_inventory = std::make_unique<PgInventory>(connection->database());
    m_tickets = std::make_unique<PgCounterSales>(connection->database(), m_inventory->carts);
    m_issuer = std::make_unique<PgTicketIssuer>(connection->database(), *m_tickets);
    m_handler = std::make_unique<TicketConsumer>(*m_issuer, m_render);
    return m_handler.get();
}

void IssuerLoop::dropDatabase(const DomainError &error)
{
    m_handler.reset();
    m_issuer.reset();
    m_tickets.reset();
    m_inventory.reset();
    m_database.drop(error);
}

void IssuerLoop::dropBroker(const DomainError &error)
{
    m_consumer.reset();
    m_broker.drop(error);
}

void IssuerLoop::closeBroker()
{
    // Closing the connection hands what it holds (this delivery, the prefetched ones) back to the queue.
    m_consumer.reset();
    m_broker.close();
}

TicketVerdict IssuerLoop::handle(const AmqpDelivery &delivery)
{
    QDeadlineTimer patience(databasePatienceMs);
    for (;;) {
        auto handler = consumer();
        if (handler) {
            TicketVerdict verdict = handler.value()->handle(delivery);
            if (verdict.action != TicketVerdict::Action::Reconnect)
                return verdict;
            dropDatabase(makeError(ErrorCode::Unavailable, verdict.why));
        }
        if (patience.hasExpired() || QThread::currentThread()->isInterruptionRequested()) {
            TicketVerdict verdict;
            verdict.action = TicketVerdict::Action::Reconnect;
            verdict.why = QStringLiteral("the database stayed away");
            return verdict;
        }
        QThread::msleep(ulong(qBound(50, m_database.msUntilRetry(), 1000)));
    }
}

Status IssuerLoop::answer(const AmqpDelivery &delivery, const TicketVerdict &verdict)
{
    const QString event = QStringLiteral("outbox event %1 (order %2)").arg(verdict.outboxId).arg(verdict.order);
    switch (verdict.action) {
    case TicketVerdict::Action::Ack:
        if (verdict.issuedNow)
            qCDebug(lcAmqp).noquote() << role << event << "issued";
        else
            qCInfo(lcAmqp).noquote() << QStringLiteral("%1: %2 was processed already (a redelivery or a duplicate): "
                                                       "acknowledged, nothing issued again.")
                                            .arg(role, event);
        if (m_pauseBeforeAck) {
            qCInfo(lcAmqp).noquote() << role << "pausing before the ack of" << event;
            QTextStream(stdout) << "paused at before-ack" << Qt::endl;
            for (;;)
                QThread::sleep(3600);
        }
        return m_consumer->ack(delivery.tag);
    case TicketVerdict::Action::Requeue:
        qCWarning(lcAmqp).noquote() << QStringLiteral(
                                           "%1: %2 failed: %3 It goes back to the queue (after %4 deliveries "
                                           "RabbitMQ moves it to %5).")
                                           .arg(role, event, verdict.why, QString::number(TicketQueue::deliveryLimit),
                                                QLatin1String(TicketQueue::deadQueue));
        QThread::msleep(requeuePauseMs);
        return m_consumer->reject(delivery.tag, true);
    case TicketVerdict::Action::DeadLetter:
        qCWarning(lcAmqp).noquote() << QStringLiteral("%1: rejected message %2 to %3: %4")
                                           .arg(role, QString::fromUtf8(delivery.messageId.left(64)),
                                                QLatin1String(TicketQueue::deadQueue), verdict.why);
        return m_consumer->reject(delivery.tag, false);
    case TicketVerdict::Action::Reconnect:
        break;
    }
    return makeError(ErrorCode::Internal, QStringLiteral("%1 has no answer for the broker.").arg(event));
}

Result<std::optional<TicketVerdict>> IssuerLoop::step(int waitMs)
{
    // The database first: no point taking deliveries that cannot be answered. Those already taken go
    // back to the queue at once, for another worker whose database answers.
    if (auto handler = consumer(); !handler) {
        closeBroker();
        return handler.error();
    }
    if (!m_broker.get())
        return makeError(ErrorCode::Unavailable, QStringLiteral("RabbitMQ cannot be used now."));
    auto next = m_consumer->next(waitMs);
    if (!next) {
        dropBroker(next.error());
        return next.error();
    }
    if (!next.value())
        return std::optional<TicketVerdict>();
    const AmqpDelivery delivery = *next.value();
    const TicketVerdict verdict = handle(delivery);
    if (verdict.action == TicketVerdict::Action::Reconnect) {
        closeBroker();
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("The database stayed away; outbox event %1 goes back "
                                        "to the queue.")
                             .arg(verdict.outboxId));
    }
    if (auto answered = answer(delivery, verdict); !answered) {
        dropBroker(answered.error());
        return answered.error();
    }
    return std::optional<TicketVerdict>(verdict);
}

void IssuerLoop::run()
{
    while (!QThread::currentThread()->isInterruptionRequested()) {
        if (auto stepped = step(1000); !stepped)
            QThread::msleep(ulong(qBound(100, qMax(m_database.msUntilRetry(), m_broker.msUntilRetry()), 1000)));
    }
}

} // namespace boxoffice
