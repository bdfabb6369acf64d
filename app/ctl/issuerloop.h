#pragma once

#include "amqpworkeroptions.h"
#include "databaselink.h"
#include "ticketconsumer.h"

#include "amqp/amqplink.h"

#include <memory>
#include <optional>

namespace boxoffice {

class AmqpConsumer;
class PgCounterSales;
class PgInventory;
class PgTicketIssuer;

// The ticket issuer on a thread of its own: consumes boxoffice.tickets with manual acknowledgement and
// answers each delivery only after its transaction committed. Its own database and broker
// connections come back by themselves. A delivery met by a database that went away is held (not
// rejected: it is not the message's fault) until the database is back, or handed back to the queue
// after half a minute.
class IssuerLoop
{
public:
    IssuerLoop(const AmqpWorkerOptions &options, ConnectionSettings database, TicketPdfRenderer render);
    ~IssuerLoop();

    // Answers the next delivery, waiting at most `waitMs` for one. None: nothing came. An error: the
    // database or the broker is away (the next step reconnects).
    Result<std::optional<TicketVerdict>> step(int waitMs);
    // Steps until the thread is asked to stop.
    void run();

private:
    Result<TicketConsumer *> consumer();
    Status connectBroker(AmqpConnection &connection);
    TicketVerdict handle(const AmqpDelivery &delivery);
    Status answer(const AmqpDelivery &delivery, const TicketVerdict &verdict);
    void dropDatabase(const DomainError &error);
    void dropBroker(const DomainError &error);
    void closeBroker();

    AmqpWorkerOptions m_options;
    TicketPdfRenderer m_render;
    // The links first: members die in reverse order, so what is built on a connection goes before it.
    DatabaseLink m_database;
    AmqpLink m_broker;
    // BOXOFFICE_ISSUER_PAUSE_AT=before-ack, for the crash tests: stop dead between commit and ack.
    bool m_pauseBeforeAck = false;
    std::unique_ptr<PgInventory> m_inventory; // on m_database's connection
    std::unique_ptr<PgCounterSales> m_tickets;
    std::unique_ptr<PgTicketIssuer> m_issuer;
    std::unique_ptr<TicketConsumer> m_handler;
    std::unique_ptr<AmqpConsumer> m_consumer; // on m_broker's connection
};

} // namespace boxoffice
