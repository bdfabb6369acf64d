#pragma once

#include "domain/cartquote.h"
#include "domain/checkoutstore.h"
#include "domain/counterrefund.h"
#include "domain/countersale.h"

namespace boxoffice {

class UnitOfWork;

// An exchange at the counter: units of a paid order given back for units the desk's cart holds.
struct ExchangeRequest
{
    OrderId order = 0; // the paid order the old units belong to
    QVector<OrderItemRef> giveBack; // its units to give back (at least one)
    CartId cart; // the desk's cart holding the new units
    // What the clerk showed for the new units: the exchange sells exactly that or nothing. Lines may be
    // empty (a request filed for approval keeps the total only): then the total is compared.
    CartQuote seen;
    CounterPayment payment; // how a dearer exchange's difference is paid (cash or card)
    QString reason;
    qint64 approvalRequest = 0; // the approval request it carries out, if any
};

// What an exchange did: what a receipt prints. Every amount is in the old order's `currency`.
//   difference = newTotal - returnedTotal; credit = min(newTotal, returnedTotal) carried from the old
//   order to the new one (ledger CREDIT_OUT / CREDIT_IN).
//   difference > 0: charged = difference taken now by `chargedBy` (change handed back for cash);
//   difference < 0: refunded = -difference given back by `refundMethod` (as a refund).
struct CounterExchange
{
    OrderId oldOrder = 0;
    OrderId newOrder = 0; // the new units' order, linked to the old one by the exchange
    QString currency;
    QVector<OrderLine> returned; // the old units, as they were sold
    QVector<OrderLine> sold; // the new units
    Money returnedTotal;
    Money newTotal;
    Money credit;
    Money difference;
    PaymentMethod chargedBy = PaymentMethod::Cash;
    Money charged;
    Money change;
    QString chargeReference; // card: the terminal reference of the difference
    Money refunded;
    MoneyBack refundMethod = MoneyBack::None;
    QString refundReference; // card: the reference of the old sale the refund goes back to
    bool refundReturned = false; // false: online refund due (reconciliation carries it out)
    QVector<Ticket> tickets; // new tickets for the new units; the old ones no longer admit
};

// The old order as the exchange found it, locked.
struct PaidOrderMoney
{
    OrderSummary order; // lines as sold, refunded, ...
    qint64 providerPayment = 0; // its succeeded online payment, 0 when paid at the counter
    MoneyBack method = MoneyBack::None;
    QString cardReference;
    QString buyer;
};

// The exchange's statements. Every method runs inside the caller's unit of work (the order row is
// locked first by lockPaidOrder, then the cart's holds, then the old units) and decides nothing.
class ExchangeStore
{
public:
    virtual ~ExchangeStore() = default;
    // NotFound, or Conflict unless PAID.
    virtual Result<PaidOrderMoney> lockPaidOrder(OrderId order) = 0;
    // The cart's live holds become a PAID order, tagged with `buyer`, but only if every unit is still
    // held and they are what `seen` shows (Lost / Conflict otherwise). Answers the order with its lines.
    virtual Result<OrderSummary> sellHeld(const CartId &cart, const CartQuote &seen, const QString &buyer) = 0;
    // The old units back on sale, lines REFUNDED: how many lines went back and their sum (in the
    // order's own currency, which the caller holds from lockPaidOrder).
    struct Returned
    {
        int lines = 0;
        Money amount;
    };
    virtual Result<Returned> returnUnits(OrderId order, const QVector<OrderItemRef> &items) = 0;
    // The exchange row (a manager's only: 42501 for a clerk) with the units given back and, by the
    // database, the credit's ledger rows.
    virtual Status recordExchange(OrderId from, OrderId to, const Money &returnedTotal, const Money &newTotal,
                                  const Money &credit, const QString &reason, qint64 approvalRequest,
                                  const QVector<OrderItemRef> &items)
        = 0;
    // A dearer exchange's difference taken at the counter on the new order (its one capture).
    virtual Status takeDifference(OrderId to, const CounterPayment &payment, const Money &amount) = 0;
    // A cheaper exchange's difference refunded on the old order: done at once for counter money, due
    // through the provider (`providerPayment`) otherwise.
    virtual Result<qint64> refundDifference(OrderId from, qint64 providerPayment, const Money &amount,
                                            const QString &reason)
        = 0;
    // The old order REFUNDED once nothing of it is sold any more.
    virtual Status closeIfEmpty(OrderId order) = 0;
    virtual Result<QVector<Ticket>> issueTickets(OrderId order) = 0;
};

namespace ExchangeRules {
// What can be checked before anything is sent.
Status check(const ExchangeRequest &request);
} // namespace ExchangeRules

// The exchange, in ONE unit of work: the new units claimed first (all or nothing), the old units given
// back through the atomic return path, the credit carried over, the difference charged or refunded,
// the new tickets issued. Any refusal (a new unit lost, the order or the cart changed meanwhile, a
// short payment, not a manager) undoes all of it: holds kept, old units still sold, no money moved.
class ExchangeService
{
public:
    ExchangeService(ExchangeStore &store, UnitOfWork &unit);

    Result<CounterExchange> exchange(const ExchangeRequest &request);

private:
    Result<CounterExchange> exchangeLocked(const ExchangeRequest &request);

    ExchangeStore &m_store;
    UnitOfWork &m_unit;
};

} // namespace boxoffice
