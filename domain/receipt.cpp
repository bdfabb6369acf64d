#include "domain/receipt.h"

namespace boxoffice {

namespace {

ReceiptLine lineOf(const OrderLine &line)
{
    return ReceiptLine{line.kind, line.label, line.quantity, line.amountMinor};
}

void stamp(Receipt &receipt, const ReceiptContext &context)
{
    receipt.clerk = context.clerk;
    receipt.terminal = context.terminal;
    receipt.at = context.at;
}

ReceiptRefund refundOf(qint64 amountMinor, ReceiptRefund::Money money, const QString &reason, const QDateTime &at)
{
    ReceiptRefund refund;
    refund.amountMinor = amountMinor;
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

qint64 Receipt::refundedMinor() const
{
    qint64 total = 0;
    for (const ReceiptRefund &refund : refunds)
        total += refund.amountMinor;
    return total;
}

namespace Receipts {

Receipt forSale(const CounterSale &sale, const CounterPayment &payment, const ReceiptContext &context)
{
    Receipt receipt;
    receipt.kind = Receipt::Kind::Sale;
    receipt.order = sale.order.id;
    receipt.currency = sale.order.currency;
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
    receipt.totalMinor = sale.chargedMinor;
    receipt.method = payment.method;
    if (payment.method == PaymentMethod::Cash) {
        // What the sale computed, not a second sum: the receipt must agree with the till.
        receipt.changeMinor = sale.changeMinor;
        receipt.tenderedMinor = sale.chargedMinor + sale.changeMinor;
    } else {
        receipt.cardReference = payment.cardReference;
    }
    stamp(receipt, context);
    return receipt;
}

Receipt forRefund(OrderId order, const ManagerRefund &refund, const QString &currency,
                  const QVector<OrderLine> &refundedUnits, const ReceiptContext &context)
{
    Receipt receipt;
    receipt.kind = Receipt::Kind::Refund;
    receipt.order = order;
    receipt.currency = currency;
    for (const OrderLine &line : refundedUnits)
        receipt.lines << lineOf(line);
    receipt.refunds << refundOf(refund.refund.amountMinor, refundMoney(refund.money), refund.refund.reason, context.at);
    receipt.totalMinor = refund.refund.amountMinor;
    stamp(receipt, context);
    return receipt;
}

Receipt forCounterRefund(const CounterRefund &refund, const ReceiptContext &context, const QString &approvedBy)
{
    Receipt receipt;
    receipt.kind = Receipt::Kind::Refund;
    receipt.order = refund.order;
    receipt.currency = refund.currency;
    for (const OrderLine &line : refund.units)
        receipt.lines << lineOf(line);
    ReceiptRefund back
        = refundOf(refund.amountMinor, moneyBack(refund.method, refund.moneyReturned), refund.reason, context.at);
    if (refund.method == MoneyBack::Card)
        back.reference = refund.cardReference;
    receipt.refunds << back;
    receipt.totalMinor = refund.amountMinor;
    stamp(receipt, context);
    receipt.approvedBy = approvedBy;
    return receipt;
}

Receipt forExchange(const CounterExchange &exchange, const ReceiptContext &context, const QString &approvedBy)
{
    Receipt receipt;
    receipt.kind = Receipt::Kind::Exchange;
    receipt.order = exchange.newOrder;
    receipt.fromOrder = exchange.oldOrder;
    receipt.currency = exchange.currency;
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
    receipt.returnedMinor = exchange.returnedMinor;
    receipt.newMinor = exchange.newMinor;
    receipt.creditMinor = exchange.creditMinor;
    if (exchange.chargedMinor > 0) {
        receipt.totalMinor = exchange.chargedMinor;
        receipt.method = exchange.chargedBy;
        if (exchange.chargedBy == PaymentMethod::Cash) {
            receipt.changeMinor = exchange.changeMinor;
            receipt.tenderedMinor = exchange.chargedMinor + exchange.changeMinor;
        } else {
            receipt.cardReference = exchange.chargeReference;
        }
    }
    if (exchange.refundedMinor > 0) {
        ReceiptRefund back = refundOf(exchange.refundedMinor, moneyBack(exchange.refundMethod, exchange.refundReturned),
                                      {}, context.at);
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
    Receipt receipt;
    receipt.currency = stay.money.currency;
    ReceiptLine line;
    line.kind = ItemKind::Stay;
    line.label = stay.stay;
    if (outcome.chargedMinor > 0 && stay.payment) {
        receipt.kind = Receipt::Kind::Sale;
        receipt.order = outcome.supplementOrder;
        line.amountMinor = outcome.chargedMinor;
        receipt.lines << line;
        receipt.totalMinor = outcome.chargedMinor;
        receipt.method = stay.payment->method;
        if (stay.payment->method == PaymentMethod::Cash) {
            receipt.changeMinor = outcome.changeMinor; // the store's figure, as the till counts it
            receipt.tenderedMinor = outcome.chargedMinor + outcome.changeMinor;
        } else {
            receipt.cardReference = stay.payment->cardReference;
        }
    } else if (outcome.refundedMinor > 0) {
        receipt.kind = Receipt::Kind::Refund;
        receipt.order = stay.money.order;
        line.amountMinor = outcome.refundedMinor;
        receipt.lines << line;
        receipt.refunds << refundOf(outcome.refundedMinor,
                                    outcome.refundAtDesk ? ReceiptRefund::Money::Cash : ReceiptRefund::Money::Due,
                                    stay.reason, context.at);
        receipt.totalMinor = outcome.refundedMinor;
    } else {
        return std::nullopt;
    }
    stamp(receipt, context);
    return receipt;
}

Receipt copyOf(const OrderDetails &order, const ReceiptContext &context)
{
    Receipt receipt;
    receipt.kind = Receipt::Kind::Copy;
    receipt.order = order.id;
    receipt.currency = order.currency;
    for (const OrderLine &line : order.lines) {
        if (line.state == LineState::Sold || line.state == LineState::Refunded || line.state == LineState::Replaced)
            receipt.lines << lineOf(line);
    }
    receipt.totalMinor = order.amountMinor;
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
        receipt.refunds << refundOf(refund.amountMinor, money, refund.reason, refund.at);
    }
    stamp(receipt, context);
    return receipt;
}

} // namespace Receipts

} // namespace boxoffice
