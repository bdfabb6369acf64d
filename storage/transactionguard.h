#pragma once

#include "domain/result.h"

#include <QSqlDatabase>

namespace boxoffice {

// Rolls back unless commit() succeeded, so an early return can never leave a transaction (and its
// row locks) open on a pooled connection.
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

private:
    QSqlDatabase m_database;
    bool m_open = false;
};

} // namespace boxoffice
