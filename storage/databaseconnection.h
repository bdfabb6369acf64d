#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QSqlDatabase>

#include <memory>

namespace boxoffice {

// One named QPSQL connection, removed from Qt's registry when this object dies. A connection belongs
// to the thread that opened it: give every thread its own. Anything holding QSqlQuery objects on it
// (a store) must be destroyed first.
class DatabaseConnection
{
public:
    static Result<std::unique_ptr<DatabaseConnection>> open(const ConnectionSettings &settings, const QString &purpose);
    ~DatabaseConnection();
    DatabaseConnection(const DatabaseConnection &) = delete;
    DatabaseConnection &operator=(const DatabaseConnection &) = delete;

    QSqlDatabase database() const { return m_database; }
    const ConnectionSettings &settings() const { return m_settings; }

private:
    DatabaseConnection(QSqlDatabase database, ConnectionSettings settings);

    QSqlDatabase m_database;
    ConnectionSettings m_settings;
};

// Runs one statement that returns nothing (DDL, SET, ...); for set-up code, not for claims.
Status execStatement(QSqlDatabase database, const QString &sql, const QString &context);

} // namespace boxoffice
