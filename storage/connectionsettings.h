#pragma once

#include "domain/result.h"

#include <QString>

namespace boxoffice {

// How long a connection may wait on the server. A counter must never hang on a dead server, a cut
// cable or a lock another connection holds: libpq gives up connecting after connectTimeoutSeconds,
// TCP keepalives (and tcp_user_timeout for data the server never acknowledges) notice a peer that
// went away while a call waits, and the server itself cancels a statement that runs or waits for a
// lock too long. Zero leaves a setting to libpq or the server (no limit), as the web and the worker
// want for their long-running work.
struct ConnectionLimits
{
    int connectTimeoutSeconds = 10;
    int statementTimeoutMs = 0;
    int lockTimeoutMs = 0;
    int keepalivesIdleSeconds = 0; // > 0 switches keepalives on
    int keepalivesIntervalSeconds = 0;
    int keepalivesCount = 0;
    int tcpUserTimeoutMs = 0;

    // The libpq keywords ("connect_timeout=5;keepalives=1;...") for QSqlDatabase::setConnectOptions.
    QString libpqOptions() const;
};

// Where the central inventory lives. Empty fields are left to libpq, which then reads the usual PG*
// environment variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGSERVICE, ...).
struct ConnectionSettings
{
    QString host; // a host name, an address, or a unix-socket directory (starts with '/')
    int port = -1;
    QString database;
    QString user;
    QString password;
    QString options; // extra libpq keywords, "sslmode=require;connect_timeout=5"
    ConnectionLimits limits; // not part of the URL: each program sets its own

    // postgresql://user:password@host:port/database?sslmode=require&host=/run/socket
    static Result<ConnectionSettings> fromUrl(const QString &url);
    QString toUrl(bool withPassword = false) const;
    // A description safe for logs and screens: never contains the password.
    QString describe() const;
    // Everything DatabaseConnection hands QPSQL: the limits' keywords, then the URL's own options
    // (which win, as the later keyword does in libpq).
    QString connectOptions() const;
};

// True when the environment names a server (PGHOST, PGHOSTADDR, PGDATABASE, PGUSER, PGSERVICE or
// PGPORT): the user has configured a database the usual PostgreSQL way.
bool environmentNamesDatabase();

} // namespace boxoffice
