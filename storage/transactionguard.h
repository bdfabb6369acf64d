#pragma once

#include "domain/result.h"

#include <QSqlDatabase>

namespace boxoffice {

// Rolls back unless commit() succeeded, so an early return can never leave a transaction (and its
// row locks) open on a pooled connection. Guards nest per connection: the outermost one is the
// transaction, an inner one a savepoint inside it. A store method that guards its own statements
// therefore joins a caller's unit of work instead of committing it half-way (a second BEGIN would
// only warn, and the inner COMMIT would end the outer transaction).
class TransactionGuard
{
public:
    explicit TransactionGuard(QSqlDatabase database);
    ~TransactionGuard();
    TransactionGuard(const TransactionGuard &) = delete;
    TransactionGuard &operator=(const TransactionGuard &) = delete;

    Status begin(const QString &context);
    Status commit(const QString &context);
    void rollback();

    // How many guards are open on this connection (0: no transaction of ours).
    static int depth(const QSqlDatabase &database);

private:
    QString savepointName() const;
    void leave();

    QSqlDatabase m_database;
    int m_level = 0; // 1: the transaction; above: a savepoint
};

} // namespace boxoffice
