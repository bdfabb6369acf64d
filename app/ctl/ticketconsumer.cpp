#include "ticketconsumer.h"

#include "outboxmessage.h"

#include "storage/pgticketissuer.h"

namespace boxoffice {

TicketVerdict TicketConsumer::handle(const AmqpDelivery &delivery)
{
    TicketVerdict verdict;
    auto event = OutboxMessage::decode(delivery);
    if (!event) {
        verdict.action = TicketVerdict::Action::DeadLetter;
        verdict.why = event.error().message;
        return verdict;
    }
    verdict.outboxId = event->id;
    verdict.order = event->order;
    auto issued = m_issuer.issueEvent(event->id, m_render);
    if (issued) {
        verdict.issuedNow = issued.value().has_value();
        return verdict;
    }
    verdict.why = issued.error().message;
    switch (issued.error().code) {
    case ErrorCode::NotFound:
        verdict.action = TicketVerdict::Action::DeadLetter;
        break;
    case ErrorCode::Unavailable:
        verdict.action = TicketVerdict::Action::Reconnect;
        break;
    default:
        verdict.action = TicketVerdict::Action::Requeue;
        break;
    }
    return verdict;
}

} // namespace boxoffice
