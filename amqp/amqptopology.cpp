#include "amqp/amqptopology.h"

#include "amqp/amqpconnection.h"
#include "amqp/amqpframes.h"
#include "amqp/amqpqueueprobe.h"

#include <QMutex>

namespace boxoffice {

namespace {

amqp_table_entry_t textEntry(const char *key, const char *value)
{
    amqp_table_entry_t entry;
    entry.key = amqp_cstring_bytes(key);
    entry.value.kind = AMQP_FIELD_KIND_UTF8;
    entry.value.value.bytes = amqp_cstring_bytes(value);
    return entry;
}

Status declareExchange(AmqpConnection &connection, const char *name)
{
    amqp_exchange_declare(connection.state(), AmqpConnection::channel, amqp_cstring_bytes(name),
                          amqp_cstring_bytes("direct"), false, true, false, false, amqp_empty_table);
    return checkReply(connection, QStringLiteral("declaring the exchange %1").arg(QLatin1String(name)));
}

// A queue that exists is left alone (a passive declare, on a channel of the probe's own); only a missing
// one is declared. RabbitMQ 3.10 can give a quorum queue declared by two connections at the same moment
// two Raft servers, and after a restart it may recover the empty one and never elect a leader: the
// queue would then refuse every consumer. Declaring only what is missing, one declaration at a time in
// this process, leaves that race to two processes starting together against a fresh broker.
Status declareQueue(AmqpConnection &connection, const char *name, amqp_table_t arguments)
{
    auto existing = AmqpQueueProbe(connection).counts(name);
    if (existing)
        return Done{};
    if (existing.error().code != ErrorCode::NotFound)
        return existing.error();
    amqp_queue_declare(connection.state(), AmqpConnection::channel, amqp_cstring_bytes(name), false, true, false, false,
                       arguments);
    return checkReply(connection, QStringLiteral("declaring the queue %1").arg(QLatin1String(name)));
}

Status bind(AmqpConnection &connection, const char *queue, const char *exchange, const char *key)
{
    amqp_queue_bind(connection.state(), AmqpConnection::channel, amqp_cstring_bytes(queue),
                    amqp_cstring_bytes(exchange), amqp_cstring_bytes(key), amqp_empty_table);
    return checkReply(connection, QStringLiteral("binding the queue %1").arg(QLatin1String(queue)));
}

} // namespace

Status declareTicketTopology(AmqpConnection &connection)
{
    using namespace TicketQueue;
    static QMutex oneAtATime; // the relay's and the issuer's threads connect at the same moment
    const QMutexLocker lock(&oneAtATime);
    if (auto done = declareExchange(connection, exchange); !done)
        return done;
    if (auto done = declareExchange(connection, deadExchange); !done)
        return done;

    amqp_table_entry_t deadArguments[] = {textEntry("x-queue-type", "quorum")};
    if (auto done = declareQueue(connection, deadQueue, amqp_table_t{1, deadArguments}); !done)
        return done;
    if (auto done = bind(connection, deadQueue, deadExchange, queue); !done)
        return done;

    amqp_table_entry_t limit;
    limit.key = amqp_cstring_bytes("x-delivery-limit");
    limit.value.kind = AMQP_FIELD_KIND_I64;
    limit.value.value.i64 = deliveryLimit;
    // Dead letters keep the queue's name as their routing key, so one dead-letter exchange can serve
    // other queues later without mixing them.
    amqp_table_entry_t arguments[]
        = {textEntry("x-queue-type", "quorum"), limit, textEntry("x-dead-letter-exchange", deadExchange),
           textEntry("x-dead-letter-routing-key", queue)};
    if (auto done = declareQueue(connection, queue, amqp_table_t{4, arguments}); !done)
        return done;
    return bind(connection, queue, exchange, routingKey);
}

} // namespace boxoffice
