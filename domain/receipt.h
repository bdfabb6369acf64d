#pragma once

#include "domain/cartitems.h"
#include "domain/countersale.h"
#include "domain/ids.h"
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
    qint64 amountMinor = 0;
    QString event; // a seat's event, from its ticket; empty when not known
};

// Money given back, and how it went back.
struct ReceiptRefund
{
    enum class Money {
        Cash, // handed back at the counter
        Card, // the provider (or the card terminal) refunded the card
        Due // recorded; the refund is carried out later (reconciliation)
    };
    qint64 amountMinor = 0;
    Money money = Money::Due;
    QString reason;
    QDateTime at; // may be invalid: then the receipt's own time
};

// Who handed the paper over, where and when: the receipt's footer.
struct ReceiptContext
{
    QString clerk;
    QString terminal;
    QDateTime at; // the server's clock when known
};

// The paper record of money moving at the counter: a sale (what was sold, charged, tendered, change,
// card reference), a refund, or a copy of an order's record printed later. Built from the domain's
// outcomes and read by the receipt printer; it holds values only and decides nothing.
struct Receipt
{
    enum class Kind { Sale, Refund, Copy };
    Kind kind = Kind::Sale;
    OrderId order = 0;
    QString currency;
    QVector<ReceiptLine> lines; // sale and copy: what the buyer has; refund: what went back
    QVector<ReceiptLine> notCharged; // a sale's lines another buyer took first: listed, not charged
    qint64 totalMinor = 0; // sale: charged; copy: the order's amount; refund: the amount given back
    std::optional<PaymentMethod> method; // how it was paid (none for an online order's copy)
    QString paidWith; // a copy of an online order: the provider's name
    qint64 tenderedMinor = 0; // cash
    qint64 changeMinor = 0; // cash
    QString cardReference; // card: the terminal's reference
    QVector<ReceiptRefund> refunds;
    QString clerk;
    QString terminal;
    QDateTime at;

    qint64 refundedMinor() const;
};

namespace Receipts {
// The receipt for a counter sale: its sold lines and what was charged, with the payment the clerk took.
Receipt forSale(const CounterSale &sale, const CounterPayment &payment, const ReceiptContext &context);
// The receipt for a manager's refund of `order`: the units given back (when the caller knows them)
// and where the money went. RefundRecord carries no currency, so the caller passes the order's.
Receipt forRefund(OrderId order, const ManagerRefund &refund, const QString &currency,
                  const QVector<OrderLine> &refundedUnits, const ReceiptContext &context);
// A copy of an order's receipt, from what the order lookup reads: lines, payments and refunds so far.
Receipt copyOf(const OrderDetails &order, const ReceiptContext &context);
} // namespace Receipts

} // namespace boxoffice
