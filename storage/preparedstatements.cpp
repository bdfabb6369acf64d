#include "storage/preparedstatements.h"

#include "storage/connectionthread.h"
#include "storage/sqlerrors.h"

namespace boxoffice {

Result<QSqlQuery *> PreparedStatements::prepared(const char *sql, const QString &context)
{
    auto found = m_queries.find(sql);
    if (found == m_queries.end()) {
        QSqlQuery query(m_database);
        query.setForwardOnly(true);
        if (!query.prepare(QString::fromUtf8(sql)))
            return fromSqlError(query.lastError(), context);
        found = m_queries.insert(sql, query);
    }
    return &found.value();
}

Result<QSqlQuery *> PreparedStatements::exec(const char *sql, const QString &context, Bindings bindings)
{
    if (auto status = checkConnectionThread(m_database, context); !status)
        return status.error();
    auto query = prepared(sql, context);
    if (!query)
        return query;
    for (const auto &[name, value] : bindings)
        query.value()->bindValue(name, value);
    if (!query.value()->exec())
        return fromSqlError(query.value()->lastError(), context);
    return query;
}

} // namespace boxoffice
