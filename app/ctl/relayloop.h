#pragma once

#include "amqpworkeroptions.h"
#include "databaselink.h"
#include "outboxrelay.h"

#include "amqp/amqplink.h"

#include <memory>

namespace boxoffice {

class AmqpPublisher;
class AmqpQueueProbe;

// The outbox relay with connections of its own, one to the database and one to the broker, on the
// thread that made it. Each comes back by itself: while the broker is away the events simply stay
// unpublished in the outbox, and go out once it is back.
class RelayLoop
{
public:
    RelayLoop(const AmqpWorkerOptions &options, ConnectionSettings database);
    ~RelayLoop();

    // Publishes what is due now. An error: what kept it from doing so (it reconnects next time).
    Result<OutboxRelayFigures> round();
    // Rounds until the thread is asked to stop, each as soon as the database announces a new event
    // (migration 046's NOTIFY on the connection's LISTEN) or a second after the last.
    void run();

private:
    Result<OutboxRelay *> relay();
    Status connectBroker(AmqpConnection &connection);
    void dropDatabase(const DomainError &error);
    void dropBroker(const DomainError &error);
    void waitForWork(int ms);

    AmqpWorkerOptions m_options;
    // The links first: members die in reverse order, so what is built on a connection goes before it.
    DatabaseLink m_database;
    AmqpLink m_broker;
    std::unique_ptr<PgOutboxRelay> m_store; // on m_database's connection
    std::unique_ptr<OutboxRelay> m_relay;
    std::unique_ptr<AmqpPublisher> m_publisher; // on m_broker's connection
    std::unique_ptr<AmqpQueueProbe> m_probe;
    QString m_lastFailure; // logged once, not every second
};

} // namespace boxoffice
