#pragma once

#include "domain/result.h"

#include <QString>

namespace boxoffice {

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

    // postgresql://user:password@host:port/database?sslmode=require&host=/run/socket
    static Result<ConnectionSettings> fromUrl(const QString &url);
    QString toUrl(bool withPassword = false) const;
    // A description safe for logs and screens: never contains the password.
    QString describe() const;
};

// True when the environment names a server (PGHOST, PGHOSTADDR, PGDATABASE, PGUSER, PGSERVICE or
// PGPORT): the user has configured a database the usual PostgreSQL way.
bool environmentNamesDatabase();

} // namespace boxoffice
