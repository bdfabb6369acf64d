#include "domain/receipt.h"

namespace boxoffice {

namespace {

ReceiptLine lineOf(const OrderLine &line)
{
    return ReceiptLine{line.kind, line.label, line.quantity, line.amount, QString()};
}

// A receipt in `currency`: every amount on it starts as zero of that currency.
Receipt receiptIn(Receipt::Kind kind, const QString &currency)
{
    Receipt receipt;
    receipt.kind = kind;
    const Money zero(0, currency);
    receipt.total = receipt.tendered = receipt.change = zero;
    receipt.returnedAmount = receipt.newAmount = receipt.credit = zero;
    return receipt;
}

void stamp(Receipt &receipt, const ReceiptContext &context)
{
    receipt.clerk = context.clerk;
    receipt.terminal = context.terminal;
    receipt.at = context.at;
}

ReceiptRefund refundOf(const Money &amount, ReceiptRefund::Money money, const QString &reason, const QDateTime &at)
{
    ReceiptRefund refund;
    refund.amount = amount;
    refund.money = money;
    refund.reason = reason;
    refund.at = at;
    return refund;
}

// How money given back at the counter went: what the buyer is told on paper.
ReceiptRefund::Money moneyBack(MoneyBack method, bool returned)
{
    switch (method) {
    case MoneyBack::Cash:
        return ReceiptRefund::Money::Cash;
    case MoneyBack::Card:
        return ReceiptRefund::Money::Card;
    case MoneyBack::Online:
        return returned ? ReceiptRefund::Money::Online : ReceiptRefund::Money::Due;
    case MoneyBack::None:
        break;
    }
    return ReceiptRefund::Money::Due;
}

std::optional<PaymentMethod> counterMethod(const QString &name)
{
    if (name == QLatin1String("cash"))
        return PaymentMethod::Cash;
    if (name == QLatin1String("card"))
        return PaymentMethod::Card;
    if (name == QLatin1String("guarantee"))
        return PaymentMethod::Guarantee;
    return std::nullopt;
}

ReceiptRefund::Money refundMoney(ManagerRefund::Money money)
{
    switch (money) {
    case ManagerRefund::Money::AtCounter:
        return ReceiptRefund::Money::Cash;
    case ManagerRefund::Money::RefundedNow:
        return ReceiptRefund::Money::Card;
    case ManagerRefund::Money::Due:
        return ReceiptRefund::Money::Due;
    }
    return ReceiptRefund::Money::Due;
}

} // namespace

Money Receipt::refunded() const
{
    qint64 sum = 0;
    for (const ReceiptRefund &refund : refunds)
        sum += refund.amount.minor();
    return total.withMinor(sum);
}

namespace Receipts {

Receipt forSale(const CounterSale &sale, const CounterPayment &payment, const ReceiptContext &context)
{
    const QString &currency = sale.charged.currency();
    Receipt receipt = receiptIn(Receipt::Kind::Sale, currency);
    receipt.order = sale.order.id;
    for (const OrderLine &line : sale.order.lines) {
        if (line.state != LineState::Sold)
            continue;
        ReceiptLine printed = lineOf(line);
        for (const Ticket &ticket : sale.tickets) {
            if (line.kind == ItemKind::Seat && ticket.seatLabel == line.label)
                printed.event = ticket.eventName;
        }
        receipt.lines << printed;
    }
    for (const OrderLine &line : sale.lost)
        receipt.notCharged << lineOf(line);
    receipt.total = sale.charged;
    receipt.method = payment.method;
    if (payment.method == PaymentMethod::Cash) {
        // What the sale computed, not a second sum: the receipt must agree with the till.
        receipt.change = sale.change;
        receipt.tendered = sale.charged.withMinor(sale.charged.minor() + sale.change.minor());
    } else {
        receipt.cardReference = payment.cardReference;
    }
    stamp(receipt, context);
    return receipt;
}

Receipt forRefund(OrderId order, const ManagerRefund &refund, const QString &currency,
                  const QVector<OrderLine> &refundedUnits, const ReceiptContext &context)
{
    Receipt receipt = receiptIn(Receipt::Kind::Refund, currency);
    receipt.order = order;
    for (const OrderLine &line : refundedUnits)
        receipt.lines << lineOf(line);
    const Money &amount = refund.refund.amount;
    receipt.refunds << refundOf(amount, refundMoney(refund.money), refund.refund.reason, context.at);
    receipt.total = amount;
    stamp(receipt, context);
    return receipt;
}

Receipt forCounterRefund(const CounterRefund &refund, const ReceiptContext &context, const QString &approvedBy)
{
    const QString &currency = refund.amount.currency();
    Receipt receipt = receiptIn(Receipt::Kind::Refund, currency);
    receipt.order = refund.order;
    for (const OrderLine &line : refund.units)
        receipt.lines << lineOf(line);
    ReceiptRefund back
        = refundOf(refund.amount, moneyBack(refund.method, refund.moneyReturned), refund.reason, context.at);
    if (refund.method == MoneyBack::Card)
        back.reference = refund.cardReference;
    receipt.refunds << back;
    receipt.total = refund.amount;
    stamp(receipt, context);
    receipt.approvedBy = approvedBy;
    return receipt;
}

Receipt forExchange(const CounterExchange &exchange, const ReceiptContext &context, const QString &approvedBy)
{
    const QString &currency = exchange.currency;
    const auto money = [&currency](qint64 minor) { return Money(minor, currency); };
    Receipt receipt = receiptIn(Receipt::Kind::Exchange, currency);
    receipt.order = exchange.newOrder;
    receipt.fromOrder = exchange.oldOrder;
    for (const OrderLine &line : exchange.sold) {
        ReceiptLine printed = lineOf(line);
        for (const Ticket &ticket : exchange.tickets) {
            if (line.kind == ItemKind::Seat && ticket.seatLabel == line.label)
                printed.event = ticket.eventName;
        }
        receipt.lines << printed;
    }
    for (const OrderLine &line : exchange.returned)
        receipt.returned << lineOf(line);
    receipt.returnedAmount = exchange.returnedTotal;
    receipt.newAmount = exchange.newTotal;
    receipt.credit = exchange.credit;
    if (exchange.charged.minor() > 0) {
        receipt.total = exchange.charged;
        receipt.method = exchange.chargedBy;
        if (exchange.chargedBy == PaymentMethod::Cash) {
            receipt.change = exchange.change;
            receipt.tendered = money(exchange.charged.minor() + exchange.change.minor());
        } else {
            receipt.cardReference = exchange.chargeReference;
        }
    }
    if (exchange.refunded.minor() > 0) {
        ReceiptRefund back
            = refundOf(exchange.refunded, moneyBack(exchange.refundMethod, exchange.refundReturned), {}, context.at);
        if (exchange.refundMethod == MoneyBack::Card)
            back.reference = exchange.refundReference;
        receipt.refunds << back;
    }
    stamp(receipt, context);
    receipt.approvedBy = approvedBy;
    return receipt;
}

std::optional<Receipt> forStayMoney(const StayMoneyReceipt &stay, const ReceiptContext &context)
{
    const StayMoneyOutcome &outcome = stay.outcome;
    const QString &currency = stay.money.currency;
    const auto money = [&currency](qint64 minor) { return Money(minor, currency); };
    Receipt receipt = receiptIn(Receipt::Kind::Sale, currency);
    ReceiptLine line;
    line.kind = ItemKind::Stay;
    line.label = stay.stay;
    if (outcome.charged.minor() > 0 && stay.payment) {
        receipt.kind = Receipt::Kind::Sale;
        receipt.order = outcome.supplementOrder;
        line.amount = outcome.charged;
        receipt.lines << line;
        receipt.total = outcome.charged;
        receipt.method = stay.payment->method;
        if (stay.payment->method == PaymentMethod::Cash) {
            receipt.change = outcome.change; // the store's figure, as the till counts it
            receipt.tendered = money(outcome.charged.minor() + outcome.change.minor());
        } else {
            receipt.cardReference = stay.payment->cardReference;
        }
    } else if (outcome.refunded.minor() > 0) {
        receipt.kind = Receipt::Kind::Refund;
        receipt.order = stay.money.order;
        line.amount = outcome.refunded;
        receipt.lines << line;
        receipt.refunds << refundOf(outcome.refunded,
                                    outcome.refundAtDesk ? ReceiptRefund::Money::Cash : ReceiptRefund::Money::Due,
                                    stay.reason, context.at);
        receipt.total = outcome.refunded;
    } else {
        return std::nullopt;
    }
    stamp(receipt, context);
    return receipt;
}

Receipt copyOf(const OrderDetails &order, const ReceiptContext &context)
{
    const QString &currency = order.currency;
    Receipt receipt = receiptIn(Receipt::Kind::Copy, currency);
    receipt.order = order.id;
    for (const OrderLine &line : order.lines) {
        if (line.state == LineState::Sold || line.state == LineState::Refunded || line.state == LineState::Replaced)
            receipt.lines << lineOf(line);
    }
    receipt.total = order.amount;
    bool cashTaken = false;
    for (const OrderPaymentRecord &payment : order.payments) {
        if (payment.online) {
            if (payment.state == QLatin1String("SUCCEEDED"))
                receipt.paidWith = payment.method;
            continue;
        }
        receipt.method = counterMethod(payment.method);
        cashTaken = cashTaken || receipt.method == PaymentMethod::Cash;
        if (!payment.reference.isEmpty())
            receipt.cardReference = payment.reference;
    }
    for (const OrderRefundRecord &refund : order.refunds) {
        ReceiptRefund::Money money = ReceiptRefund::Money::Due;
        if (refund.state == RefundState::Succeeded)
            money = cashTaken ? ReceiptRefund::Money::Cash : ReceiptRefund::Money::Card;
        receipt.refunds << refundOf(refund.amount, money, refund.reason, refund.at);
    }
    stamp(receipt, context);
    return receipt;
}

} // namespace Receipts

} // namespace boxoffice
