#pragma once

#include "domain/checkoutstore.h"
#include "domain/orderlookup.h"

namespace boxoffice {

class UnitOfWork;

// How money goes back to the buyer: the way it came. Cash from the till for a counter cash sale, the
// card terminal (to `cardReference`) for a counter card sale, the payment provider for an online
// order (at once when the provider answers, else by the worker's reconciliation).
enum class MoneyBack { None, Cash, Card, Online };

// What a refund at the counter did: what a receipt prints.
struct CounterRefund
{
    OrderId order = 0;
    qint64 refundId = 0;
    QVector<OrderLine> units; // the units given back, as they were sold (labels and amounts)
    Money amount; // what the buyer gets back, in the order's currency
    MoneyBack method = MoneyBack::None;
    QString cardReference; // Card: the terminal reference the sale was taken under
    // Cash/Card: recorded as handed back now (the clerk hands it over). Online: true once the provider
    // confirmed; false while it is due (reconciliation carries it out).
    bool moneyReturned = false;
    QString reason;
};

// How the money of an order was taken, read from its payments: where a refund of it goes.
MoneyBack moneyBackFor(const OrderDetails &order, QString *cardReference = nullptr);

// A refund at the counter through the order ledger (CheckoutStore::refundUnits): the database refuses
// anyone but a manager, so this runs on a manager's connection, the desk's own when a manager is
// signed in, else a short-lived one a manager signed in to on the spot, or inside the approval of a
// queued request.
class CounterRefundService
{
public:
    // `provider` may be null: online money is then left due for reconciliation.
    CounterRefundService(CheckoutStore &store, OrderLookupStore &orders, PaymentProvider *provider = nullptr);

    // Every sold unit of the order when `items` is empty. Reads the order first for the receipt's
    // labels and the money's way back; the refund itself is one transaction.
    Result<CounterRefund> refund(OrderId order, const QVector<OrderItemRef> &items, const QString &reason);
    // The same without asking the provider: for a caller's unit of work (an approval), which must not
    // call the network while it holds its rows. Online money is left due.
    Result<CounterRefund> record(OrderId order, const QVector<OrderItemRef> &items, const QString &reason);

private:
    CheckoutStore &m_store;
    OrderLookupStore &m_orders;
    PaymentProvider *m_provider = nullptr;
};

} // namespace boxoffice
