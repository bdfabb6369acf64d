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
    receipt.refunds << ReceiptRefund{refund.refund.amountMinor, refundMoney(refund.money), refund.refund.reason,
                                     context.at};
    receipt.totalMinor = refund.refund.amountMinor;
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
        receipt.refunds << ReceiptRefund{refund.amountMinor, money, refund.reason, refund.at};
    }
    stamp(receipt, context);
    return receipt;
}

} // namespace Receipts

} // namespace boxoffice
