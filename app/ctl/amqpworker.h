#pragma once

#include "amqpworkeroptions.h"

#include "domain/ticketissuing.h"
#include "storage/connectionsettings.h"

#include <QThread>

#include <memory>

namespace boxoffice {

// What one `worker --once` did through RabbitMQ.
struct AmqpPassFigures
{
    int published = 0; // outbox events the broker confirmed
    int issued = 0; // paid orders whose tickets were issued and mail queued now
    int alreadyIssued = 0; // deliveries found processed (redeliveries, duplicates): acked, nothing issued
    int rejected = 0; // requeued or dead-lettered
};

// The worker's outbox through RabbitMQ (`--amqp`): the relay (RelayLoop) and the ticket issuer
// (IssuerLoop), each on a thread of its own with its own database and broker connections, so a broker
// that is slow or away never holds up the worker's own loop (LISTEN wake-ups, reconciling, mail).
class AmqpWorker
{
public:
    AmqpWorker(AmqpWorkerOptions options, ConnectionSettings database, TicketPdfRenderer render);
    // Asks both threads to stop and waits for them (at most a round each).
    ~AmqpWorker();
    AmqpWorker(const AmqpWorker &) = delete;
    AmqpWorker &operator=(const AmqpWorker &) = delete;

    void start();
    // `worker --once`: on the calling thread, publish what is due, then issue what the queue delivers
    // until it has been quiet for a moment.
    Result<AmqpPassFigures> runOnce();

private:
    AmqpWorkerOptions m_options;
    ConnectionSettings m_database;
    TicketPdfRenderer m_render;
    std::unique_ptr<QThread> m_relay;
    std::unique_ptr<QThread> m_issuer;
};

} // namespace boxoffice
