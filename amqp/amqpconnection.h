#pragma once

#include "amqp/amqpurl.h"
#include "domain/result.h"

#include <memory>

struct amqp_connection_state_t_;

namespace boxoffice {

// One signed-in connection to the broker with channel 1 open. rabbitmq-c connections are not
// thread-safe: one thread owns and uses it. After any failure it is done for good (broken()): its
// owner drops it and opens another (AmqpLink does), because a channel in an unknown state could
// confirm or deliver for something we already gave up on.
class AmqpConnection
{
public:
    static constexpr quint16 channel = 1;

    // `name` shows in the broker's connection list ("boxoffice worker relay").
    static Result<std::unique_ptr<AmqpConnection>> open(const AmqpUrl &url, const QString &name);
    ~AmqpConnection();
    AmqpConnection(const AmqpConnection &) = delete;
    AmqpConnection &operator=(const AmqpConnection &) = delete;

    const AmqpUrl &url() const { return m_url; }
    amqp_connection_state_t_ *state() const { return m_state; }

    bool broken() const { return m_broken; }
    // Marks the connection unusable because of `error`, and returns it.
    DomainError fail(DomainError error);

    // Reads what the broker sent while nothing else was asked, which lets rabbitmq-c send and check
    // heartbeats: an idle publisher that never calls into the library would be dropped by the broker.
    // Fails when the broker closed the connection or stopped answering.
    Status keepAlive();

private:
    AmqpConnection(amqp_connection_state_t_ *state, AmqpUrl url);

    amqp_connection_state_t_ *m_state = nullptr;
    AmqpUrl m_url;
    bool m_broken = false;
    bool m_loggedIn = false;
};

} // namespace boxoffice
