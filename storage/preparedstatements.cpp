#include "storage/preparedstatements.h"

#include "storage/connectionthread.h"
#include "storage/sqlerrors.h"

namespace boxoffice {

namespace {
// QPSQL sends a prepared statement's values as quoted text: a NUL ends the literal early and the
// server answers "unterminated quoted string", a 500 for what is the caller's bad input. Every
// channel's text is checked before it gets here; this is the last line, so no channel can forget it.
bool holdsNul(const PreparedStatements::Bindings &bindings)
{
    for (const auto &binding : bindings) {
        const QVariant &value = binding.second;
        if (value.typeId() == QMetaType::QString && value.toString().contains(QChar(0)))
            return true;
    }
    return false;
}
} // namespace

Result<QSqlQuery *> PreparedStatements::prepared(const char *sql, const QString &context)
{
    auto found = m_queries.find(sql);
    if (found == m_queries.end()) {
        QSqlQuery query(m_database);
        // Not forward-only: QPSQL then reads a forward-only query's rows one by one (libpq's single-row
        // mode) and exec() succeeds on the first row, before the server has said the statement, and so
        // its commit, is done. A claim's RETURNING rows can arrive and its commit still fail: a
        // primary that is shut down while the commit waits for its synchronous standby sends the rows
        // with its warning, then drops the connection. Read whole, exec() fails instead, and nothing
        // the standby does not have is ever reported as held or sold (tst_failover, the cut-off primary).
        query.setForwardOnly(false);
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
    if (holdsNul(bindings)) {
        DomainError refused = makeError(ErrorCode::BadInput, QStringLiteral("The text holds a NUL character."));
        refused.sqlState = QStringLiteral("22021"); // what PostgreSQL itself says of a NUL in text
        refused.detail = context;
        return refused;
    }
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
