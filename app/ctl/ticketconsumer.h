#pragma once

#include "amqp/amqpconsumer.h"
#include "domain/ticketissuing.h"

namespace boxoffice {

class PgTicketIssuer;

// What to answer the broker for one delivery.
struct TicketVerdict
{
    enum class Action {
        Ack, // issued now (committed), or found issued already: done either way
        Requeue, // the database failed on it: again later; the quorum queue dead-letters it past its limit
        DeadLetter, // not one of ours, or no such event: no retry can help, a person must look
        Reconnect // the database is unreachable: not the message's fault, keep it and try again
    };
    Action action = Action::Ack;
    qint64 outboxId = 0;
    OrderId order = 0;
    bool issuedNow = false; // Ack only: false when a redelivery found the tickets issued already
    QString why; // for the log, when not a plain Ack
};

// Turns a "payment-confirmed" delivery into issued tickets and a queued mail: idempotent by order, so a
// redelivered message (a consumer killed before its ack, a relay that published twice) issues
// nothing twice. It never acks or rejects itself: the caller does, after this returned, that is after
// the commit.
class TicketConsumer
{
public:
    TicketConsumer(PgTicketIssuer &issuer, TicketPdfRenderer render) : m_issuer(issuer), m_render(std::move(render)) { }

    TicketVerdict handle(const AmqpDelivery &delivery);

private:
    PgTicketIssuer &m_issuer;
    TicketPdfRenderer m_render;
};

} // namespace boxoffice
