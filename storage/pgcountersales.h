#pragma once

#include "domain/countersale.h"
#include "storage/pgcartstore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// A ticket as CounterSql::tickets and ::checkTicket (and DoorSql::admit) select it: columns 0 to
// TicketColumns - 1; whatever else a statement answers comes after them.
inline constexpr int TicketColumns = 14;
Ticket ticketFromRow(const QSqlQuery &query);

// CounterSaleStore on PostgreSQL: the cart's live holds locked, the order compared with the quote the
// clerk saw, confirm, payment and tickets, in one transaction on the cart store's connection.
class PgCounterSales final : public CounterSaleStore
{
public:
    PgCounterSales(QSqlDatabase database, PgCartStore &carts);

    Result<CartQuote> quote(const CartId &cart) override;
    Result<CounterSale> sellAtCounter(const CartId &cart, const CounterPayment &payment,
                                      const CartQuote &seen) override;
    Result<QVector<Ticket>> tickets(OrderId order) override;
    Result<QVector<Ticket>> admittingTickets(OrderId order) override;
    Result<CounterSale> settleGuarantee(OrderId order, const CounterPayment &payment) override;
    Result<TicketCheck> checkTicket(const QString &code) override;

private:
    Result<QVector<Ticket>> readTickets(OrderId order, bool onlyAdmitting);
    Status lockLiveHolds(const CartId &cart);
    Status recordPayment(OrderId order, const CounterPayment &payment, const Money &charged);

    PreparedStatements m_statements;
    PgCartStore &m_carts;
};

} // namespace boxoffice
