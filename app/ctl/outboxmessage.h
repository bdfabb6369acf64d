#pragma once

#include "amqp/amqpconsumer.h"
#include "amqp/amqppublisher.h"
#include "storage/pgoutboxrelay.h"

namespace boxoffice {

// An outbox event on the wire: JSON {"outbox_id": 42, "order": 7, "topic": "payment-confirmed"}, its
// message id the outbox id. The message names the event only; the issuer reads everything else from
// the database, so a message can never disagree with the order it stands for.
namespace OutboxMessage {

AmqpOutgoing encode(const OutboxEvent &event);

// BadInput when the delivery is not one of ours (not JSON, no positive outbox id, a message id that
// names another event): rejected without requeue, it goes straight to the dead-letter queue.
Result<OutboxEvent> decode(const AmqpDelivery &delivery);

} // namespace OutboxMessage

} // namespace boxoffice
