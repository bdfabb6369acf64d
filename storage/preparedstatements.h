#pragma once

#include "domain/result.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

#include <initializer_list>
#include <utility>

namespace boxoffice {

// QPSQL prepares on the server (a round trip), so a store prepares each statement once per connection
// and re-executes it with new bound values.
class PreparedStatements
{
public:
    explicit PreparedStatements(QSqlDatabase database) : m_database(std::move(database)) { }

    using Bindings = std::initializer_list<std::pair<QString, QVariant>>;

    // Binds the values to the statement `sql` (a string constant: its address is the key), prepared on
    // first use, and executes it. The query stays owned here; read it, then finish() it.
    Result<QSqlQuery *> exec(const char *sql, const QString &context, Bindings bindings);
    QSqlDatabase database() const { return m_database; }

private:
    Result<QSqlQuery *> prepared(const char *sql, const QString &context);

    QSqlDatabase m_database;
    QHash<const char *, QSqlQuery> m_queries;
};

} // namespace boxoffice
