#include "storage/transactionguard.h"

#include "storage/sqlerrors.h"

namespace boxoffice {

TransactionGuard::TransactionGuard(QSqlDatabase database) : m_database(std::move(database)) { }

TransactionGuard::~TransactionGuard()
{
    rollback();
}

Status TransactionGuard::begin(const QString &context)
{
    if (!m_database.transaction())
        return fromSqlError(m_database.lastError(), context);
    m_open = true;
    return Done{};
}

Status TransactionGuard::commit(const QString &context)
{
    if (!m_open)
        return makeError(ErrorCode::Internal, QStringLiteral("No transaction to commit while %1.").arg(context));
    m_open = false;
    if (!m_database.commit()) {
        const QSqlError error = m_database.lastError();
        m_database.rollback();
        return fromSqlError(error, context);
    }
    return Done{};
}

void TransactionGuard::rollback()
{
    if (m_open) {
        m_open = false;
        m_database.rollback();
    }
}

} // namespace boxoffice
