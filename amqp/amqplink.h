#pragma once

#include "amqp/amqpconnection.h"
#include "amqp/reconnectbackoff.h"

#include <functional>
#include <memory>

namespace boxoffice {

// A broker connection that comes back by itself: get() opens one when there is none and an attempt is
// due (connect, sign in, then the owner's set-up: topology, confirms, a consumer); after a failure the
// next attempt waits (ReconnectBackoff).
class AmqpLink
{
public:
    using SetUp = std::function<Status(AmqpConnection &)>;

    // `role` names the user in the log ("outbox relay") and the connection at the broker; `meanwhile`
    // says in the log what its absence means (ReconnectBackoff).
    AmqpLink(AmqpUrl url, QString role, QString meanwhile, SetUp setUp);
    ~AmqpLink();

    // The open connection, or null when the broker cannot be used now.
    AmqpConnection *get();
    // The connection failed with `error`: close it; the next get() tries again after the back-off.
    // Whatever the owner built on the connection must be gone before.
    void drop(const DomainError &error);
    // Closes a connection that did nothing wrong (its owner cannot use it now): the broker takes back
    // what it delivered; no back-off, nothing logged.
    void close() { m_connection.reset(); }

    bool connected() const { return m_connection != nullptr; }
    int msUntilRetry() const { return m_connection ? 0 : m_backoff.msUntilDue(); }

private:
    AmqpUrl m_url;
    QString m_role;
    SetUp m_setUp;
    std::unique_ptr<AmqpConnection> m_connection;
    ReconnectBackoff m_backoff;
    bool m_everConnected = false;
};

} // namespace boxoffice
