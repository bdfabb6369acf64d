#pragma once

#include "domain/result.h"

#include <QSqlDatabase>

#include <type_traits>

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

// Runs a claim whose statement may fail on purpose (a unique or exclusion violation the store answers
// with a retry) so that the failure undoes only the claim. Inside a unit of work open on the
// connection a failed statement would abort the whole transaction, retry included: there the claim
// runs in a savepoint. Alone it needs none (autocommit undoes the one statement) and takes none, so
// the plain claim stays one round trip.
template<typename Claim>
auto withRetryPoint(const QSqlDatabase &database, const QString &context, Claim &&claim)
    -> std::invoke_result_t<Claim &>
{
    if (TransactionGuard::depth(database) == 0)
        return claim();
    TransactionGuard savepoint(database);
    if (auto status = savepoint.begin(context); !status)
        return status.error();
    auto outcome = claim();
    if (!outcome)
        return outcome; // the guard rolls back to the savepoint
    if (auto status = savepoint.commit(context); !status)
        return status.error();
    return outcome;
}

} // namespace boxoffice
