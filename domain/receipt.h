#pragma once

#include "domain/cartitems.h"
#include "domain/counterrefund.h"
#include "domain/countersale.h"
#include "domain/exchangeservice.h"
#include "domain/frontdesk.h"
#include "domain/ids.h"
#include "domain/money.h"
#include "domain/orderlookup.h"
#include "domain/refundservice.h"

#include <QDateTime>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

struct ReceiptLine
{
    ItemKind kind = ItemKind::Seat;
    QString label;
    int quantity = 1;
    Money amount;
    QString event; // a seat's event, from its ticket; empty when not known
};

// Money given back, and how it went back.
struct ReceiptRefund
{
    enum class Money {
        Cash, // handed back at the counter
        Card, // the provider (or the card terminal) refunded the card
        Due, // recorded; the refund is carried out later (reconciliation)
        Online // the payment provider refunded the online payment
    };
    boxoffice::Money amount; // qualified: `Money` in here is the enum above
    Money money = Money::Due;
    QString reason;
    QDateTime at; // may be invalid: then the receipt's own time
    QString reference; // Card: the card terminal reference the money went back to
};

// Who handed the paper over, where and when: the receipt's footer.
struct ReceiptContext
{
    QString clerk;
    QString terminal;
    QDateTime at; // the server's clock when known
};

// The paper record of money moving at the counter: a sale (what was sold, charged, tendered, change,
// card reference), a refund, an exchange (units given back, units sold, the credit and the difference
// charged or given back), or a copy of an order's record printed later. Built from the domain's
// outcomes and read by the receipt printer; it holds values only and decides nothing.
struct Receipt
{
    enum class Kind { Sale, Refund, Copy, Exchange };
    Kind kind = Kind::Sale;
    OrderId order = 0;
    QVector<ReceiptLine> lines; // sale, copy, exchange: what the buyer has; refund: what went back
    QVector<ReceiptLine> notCharged; // a sale's lines another buyer took first: listed, not charged
    // sale: charged; copy: the order's amount; refund: the amount given back; exchange: the difference
    // charged (0 when the exchange gave money back: see `refunds`). Always in the receipt's currency,
    // zero included: every amount on the paper is in it.
    Money total;
    std::optional<PaymentMethod> method; // how it was paid (none for an online order's copy)
    QString paidWith; // a copy of an online order: the provider's name
    Money tendered; // cash
    Money change; // cash
    QString cardReference; // card: the terminal's reference
    QVector<ReceiptRefund> refunds;
    QString clerk;
    QString terminal;
    QDateTime at;
    QString approvedBy; // refund, exchange: the manager who approved it
    // Exchange only: `order` is the new order, `fromOrder` the old one whose units went back.
    OrderId fromOrder = 0;
    QVector<ReceiptLine> returned;
    Money returnedAmount; // what the units given back were sold for
    Money newAmount; // what the new units cost
    Money credit; // carried over from the old order to the new one

    Money refunded() const; // in the receipt's currency, zero when nothing went back
};

// Money that moved on a stay at the front desk, as the receipt needs it.
struct StayMoneyReceipt
{
    QString stay; // how the guest knows it: the booking reference and name
    StayMoney money; // the stay's order and currency, as read before the change
    StayMoneyOutcome outcome;
    std::optional<CounterPayment> payment; // a difference charged: the cash handed over, or the card
    QString reason; // a refund's reason, as the desk worded it
};

namespace Receipts {
// The receipt for a counter sale: its sold lines and what was charged, with the payment the clerk took.
Receipt forSale(const CounterSale &sale, const CounterPayment &payment, const ReceiptContext &context);
// The receipt for a manager's refund of `order`: the units given back (when the caller knows them)
// and where the money went. RefundRecord carries no currency, so the caller passes the order's.
Receipt forRefund(OrderId order, const ManagerRefund &refund, const QString &currency,
                  const QVector<OrderLine> &refundedUnits, const ReceiptContext &context);
// The receipt for a refund at the counter (CounterRefundService): the units given back, the amount and
// how the money went back (cash from the till, to the card, online or due).
// `approvedBy`: the manager who approved it.
Receipt forCounterRefund(const CounterRefund &refund, const ReceiptContext &context, const QString &approvedBy);
// The receipt for an exchange: the units given back and sold, the credit carried over and the
// difference charged (with tendered and change, or the card reference) or given back.
Receipt forExchange(const CounterExchange &exchange, const ReceiptContext &context, const QString &approvedBy);
// The receipt for a stay's money at the front desk: a move's difference charged (a sale on its own small
// order, with tendered and change or the card reference), or what a cancellation or a cheaper move
// refunded (handed back at the desk, or due back to the card through the provider). None when no money
// moved (a waiver, a stay not paid yet).
std::optional<Receipt> forStayMoney(const StayMoneyReceipt &stay, const ReceiptContext &context);
// A copy of an order's receipt, from what the order lookup reads: lines, payments and refunds so far.
Receipt copyOf(const OrderDetails &order, const ReceiptContext &context);
} // namespace Receipts

} // namespace boxoffice
