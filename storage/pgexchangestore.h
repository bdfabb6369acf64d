#pragma once

#include "domain/exchangeservice.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

class PgCartStore;
class PgCheckoutStore;
class PgCounterSales;

// The exchange's statements on one connection, over the counter sale's and the order ledger's stores
// of that same connection, so all of it joins the caller's unit of work.
class PgExchangeStore final : public ExchangeStore
{
public:
    PgExchangeStore(QSqlDatabase database, PgCartStore &carts, PgCheckoutStore &checkout, PgCounterSales &counter);

    Result<PaidOrderMoney> lockPaidOrder(OrderId order) override;
    Result<OrderSummary> sellHeld(const CartId &cart, const CartQuote &seen, const QString &buyer) override;
    Result<Returned> returnUnits(OrderId order, const QVector<OrderItemRef> &items) override;
    Status recordExchange(OrderId from, OrderId to, const Money &returnedTotal, const Money &newTotal,
                          const Money &credit, const QString &reason, qint64 approvalRequest,
                          const QVector<OrderItemRef> &items) override;
    Status takeDifference(OrderId to, const CounterPayment &payment, const Money &amount) override;
    Result<qint64> refundDifference(OrderId from, qint64 providerPayment, const Money &amount,
                                    const QString &reason) override;
    Status closeIfEmpty(OrderId order) override;
    Result<QVector<Ticket>> issueTickets(OrderId order) override;

private:
    Status run(const char *sql, PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
    PgCartStore &m_carts;
    PgCheckoutStore &m_checkout;
    PgCounterSales &m_counter;
};

} // namespace boxoffice
