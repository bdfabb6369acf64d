#pragma once

#include "clientcontext.h"

#include "domain/result.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>

#include <initializer_list>
#include <vector>

namespace boxoffice::bench {

// A client that speaks SQL directly, as the comparators (naive, peers) and the baseline do: its
// statements prepared once on the client's connection, addressed by position.
class RawSqlClient final : public ClientState
{
public:
    explicit RawSqlClient(QSqlDatabase database) : m_database(std::move(database)) { }

    Status prepare(std::initializer_list<const char *> statements, const QString &context)
    {
        for (const char *sql : statements) {
            QSqlQuery query(m_database);
            query.setForwardOnly(true);
            if (!query.prepare(QString::fromUtf8(sql)))
                return fromSqlError(query.lastError(), context);
            m_queries.push_back(query);
        }
        return Done{};
    }

    QSqlQuery &query(std::size_t index) { return m_queries.at(index); }

private:
    QSqlDatabase m_database;
    std::vector<QSqlQuery> m_queries;
};

} // namespace boxoffice::bench
