#include "storage/preparedstatements.h"

#include "storage/sqlerrors.h"

namespace boxoffice {

Result<QSqlQuery *> PreparedStatements::get(const char *sql, const QString &context)
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

Status execPrepared(QSqlQuery &query, const QString &context)
{
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    return Done{};
}

} // namespace boxoffice
