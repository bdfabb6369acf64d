#include "storage/transactionguard.h"

#include "storage/connectionthread.h"
#include "storage/databaseconnection.h"
#include "storage/sqlerrors.h"

#include <QHash>
#include <QSqlError>

namespace boxoffice {

namespace {

// A connection belongs to one thread, so the depth of its open guards is that thread's business.
QHash<QString, int> &openDepths()
{
    thread_local QHash<QString, int> depths;
    return depths;
}

} // namespace

TransactionGuard::TransactionGuard(QSqlDatabase database) : m_database(std::move(database)) { }

TransactionGuard::~TransactionGuard()
{
    rollback();
}

int TransactionGuard::depth(const QSqlDatabase &database)
{
    return openDepths().value(database.connectionName());
}

QString TransactionGuard::savepointName() const
{
    return QStringLiteral("unit_%1").arg(m_level);
}

Status TransactionGuard::begin(const QString &context)
{
    if (m_level > 0)
        return makeError(ErrorCode::Internal, QStringLiteral("A transaction was begun twice while %1.").arg(context));
    if (auto status = checkConnectionThread(m_database, context); !status)
        return status;
    const int outer = depth(m_database);
    if (outer == 0) {
        if (!m_database.transaction())
            return fromSqlError(m_database.lastError(), context);
    }
    m_level = outer + 1;
    if (outer > 0) {
        if (auto status = execStatement(m_database, QStringLiteral("SAVEPOINT ") + savepointName(), context); !status) {
            m_level = 0;
            return status;
        }
    }
    openDepths()[m_database.connectionName()] = m_level;
    return Done{};
}

void TransactionGuard::leave()
{
    const QString name = m_database.connectionName();
    if (m_level <= 1)
        openDepths().remove(name);
    else
        openDepths()[name] = m_level - 1;
    m_level = 0;
}

Status TransactionGuard::commit(const QString &context)
{
    if (m_level == 0)
        return makeError(ErrorCode::Internal, QStringLiteral("No transaction to commit while %1.").arg(context));
    if (m_level > 1) {
        const QString savepoint = savepointName();
        auto released = execStatement(m_database, QStringLiteral("RELEASE SAVEPOINT ") + savepoint, context);
        if (!released)
            (void)execStatement(m_database, QStringLiteral("ROLLBACK TO SAVEPOINT ") + savepoint, context);
        leave();
        return released;
    }
    leave();
    if (!m_database.commit()) {
        const QSqlError error = m_database.lastError();
        m_database.rollback();
        return fromSqlError(error, context);
    }
    return Done{};
}

void TransactionGuard::rollback()
{
    if (m_level == 0)
        return;
    if (m_level > 1) {
        // Back to where this guard began, and the savepoint let go: the outer unit carries on and
        // decides. The row locks this part took are released with it.
        const QString savepoint = savepointName();
        (void)execStatement(m_database, QStringLiteral("ROLLBACK TO SAVEPOINT ") + savepoint,
                            QStringLiteral("undoing part of a unit of work"));
        (void)execStatement(m_database, QStringLiteral("RELEASE SAVEPOINT ") + savepoint,
                            QStringLiteral("undoing part of a unit of work"));
        leave();
        return;
    }
    leave();
    m_database.rollback();
}

} // namespace boxoffice
