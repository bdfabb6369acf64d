#pragma once

#include "domain/unitofwork.h"

#include <QSqlDatabase>

namespace boxoffice {

// A unit of work on one connection: the outermost unit is a transaction, an inner one a savepoint
// (TransactionGuard nests per connection), so every store on this connection that runs inside it
// joins it, its own transactions included.
class PgUnitOfWork final : public UnitOfWork
{
public:
    explicit PgUnitOfWork(QSqlDatabase database);

protected:
    Status runAtomically(const QString &context, const std::function<Status()> &work) override;

private:
    QSqlDatabase m_database;
};

} // namespace boxoffice
