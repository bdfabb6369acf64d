#pragma once

#include "domain/countersale.h"
#include "storage/pgcartstore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// CounterSaleStore on PostgreSQL: order, confirm, payment and tickets in one transaction on the cart
// store's connection.
class PgCounterSales final : public CounterSaleStore
{
public:
    PgCounterSales(QSqlDatabase database, PgCartStore &carts);

    Result<CounterSale> sellAtCounter(const CartId &cart, const CounterPayment &payment) override;
    Result<QVector<Ticket>> tickets(OrderId order) override;
    Result<CounterSale> settleGuarantee(OrderId order, const CounterPayment &payment) override;
    Result<TicketCheck> checkTicket(const QString &code) override;

private:
    Status recordPayment(OrderId order, const CounterPayment &payment, qint64 chargedMinor);

    PreparedStatements m_statements;
    PgCartStore &m_carts;
};

} // namespace boxoffice
