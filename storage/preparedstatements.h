#pragma once

#include "domain/result.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>

namespace boxoffice {

// QPSQL prepares on the server (a round trip), so a store prepares each statement once per connection
// and re-executes it with new bound values.
class PreparedStatements
{
public:
    explicit PreparedStatements(QSqlDatabase database) : m_database(std::move(database)) {}

    // The prepared query for `sql` (a string constant: its address is the key), or the error.
    Result<QSqlQuery *> get(const char *sql, const QString &context);
    QSqlDatabase database() const { return m_database; }

private:
    QSqlDatabase m_database;
    QHash<const char *, QSqlQuery> m_queries;
};

// exec() with the error mapped at the storage boundary.
Status execPrepared(QSqlQuery &query, const QString &context);

} // namespace boxoffice
