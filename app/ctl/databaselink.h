#pragma once

#include "amqp/reconnectbackoff.h"
#include "storage/databaseconnection.h"

#include <memory>

namespace boxoffice {

// A database connection of one thread that comes back by itself: the AMQP worker's relay and issuer
// each keep one, so a database restart costs them a reconnect, not the process.
class DatabaseLink
{
public:
    DatabaseLink(ConnectionSettings settings, QString role)
        : m_settings(std::move(settings)), m_role(role), m_backoff(role)
    { }

    // The open connection, opening one when none is open and an attempt is due; null meanwhile.
    DatabaseConnection *get();
    // The connection failed with `error`: close it. Stores built on it must be gone first.
    void drop(const DomainError &error);
    int msUntilRetry() const { return m_connection ? 0 : m_backoff.msUntilDue(); }

private:
    ConnectionSettings m_settings;
    QString m_role;
    ReconnectBackoff m_backoff;
    std::unique_ptr<DatabaseConnection> m_connection;
};

} // namespace boxoffice
