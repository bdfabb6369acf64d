#pragma once

#include "domain/buyers.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// BuyerStore on PostgreSQL, on one connection.
class PgBuyerStore final : public BuyerStore
{
public:
    explicit PgBuyerStore(QSqlDatabase database);

    Result<NewBuyer> addBuyer(const QString &name) override;
    Status setEmail(BuyerId buyer, const QString &email) override;
    Result<Buyer> authenticate(const QString &token) override;
    Result<CartId> createCart(BuyerId buyer, const QString &instrument = {}, const QString &clientAddress = {},
                              const QString &paymentMethod = {}) override;
    Status checkCartOwner(BuyerId buyer, const CartId &cart) override;
    Status checkOrderOwner(BuyerId buyer, OrderId order) override;
    Result<QVector<BuyerOrder>> orders(BuyerId buyer, const CartId &cart, OrderId before, int limit) override;

private:
    Status exists(const char *sql, const QString &context, PreparedStatements::Bindings bindings,
                  const QString &missing);

    PreparedStatements m_statements;
};

} // namespace boxoffice
