#include "storage/pgunitofwork.h"

#include "storage/transactionguard.h"

namespace boxoffice {

PgUnitOfWork::PgUnitOfWork(QSqlDatabase database) : m_database(std::move(database)) { }

Status PgUnitOfWork::runAtomically(const QString &context, const std::function<Status()> &work)
{
    TransactionGuard transaction(m_database);
    if (auto status = transaction.begin(context); !status)
        return status;
    if (auto status = work(); !status)
        return status; // the guard rolls back: the transaction, or only this unit's savepoint
    return transaction.commit(context);
}

} // namespace boxoffice
