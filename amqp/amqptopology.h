#pragma once

#include "domain/result.h"

namespace boxoffice {

class AmqpConnection;

// Where paid orders' events travel. The relay publishes each outbox row to `exchange` with its topic as
// the routing key; `queue` (a quorum queue: replicated, fsynced before it confirms) holds the
// "payment-confirmed" ones for the ticket issuer. A message rejected or returned more than
// `deliveryLimit` times, or rejected as unreadable, is dead-lettered through `deadExchange` into
// `deadQueue`, where it waits for a person.
namespace TicketQueue {
inline constexpr char exchange[] = "boxoffice.outbox";
inline constexpr char queue[] = "boxoffice.tickets";
inline constexpr char routingKey[] = "payment-confirmed";
inline constexpr char deadExchange[] = "boxoffice.dead";
inline constexpr char deadQueue[] = "boxoffice.tickets.dead";
inline constexpr int deliveryLimit = 5;
} // namespace TicketQueue

// Declares all of the above. Idempotent: the relay and the issuer both call it on every new
// connection, whichever starts first. Exchanges and bindings are declared every time; a queue only
// when it does not exist yet (see declareQueue in the .cpp for why), so arguments changed by hand on an
// existing queue are not noticed here.
Status declareTicketTopology(AmqpConnection &connection);

} // namespace boxoffice
