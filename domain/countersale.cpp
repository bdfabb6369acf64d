#include "domain/countersale.h"

#include "domain/seatholdrules.h"

namespace boxoffice {

namespace CounterPaymentRules {

Status check(const CounterPayment &payment, const Money &due)
{
    if (due.minor() < 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("The amount due cannot be negative."));
    if (payment.method == PaymentMethod::Cash) {
        // Notes of another currency are no payment of this one, whatever their figure.
        if (!payment.tendered.currency().isEmpty() && !due.currency().isEmpty() && !payment.tendered.sameCurrency(due))
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("The cash handed over is in %1; the amount due is in %2.")
                                 .arg(payment.tendered.currency(), due.currency()));
        if (payment.tendered.minor() < due.minor())
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("The cash handed over is less than the amount due.")),
                ErrorReason::CashShort);
        return Done{};
    }
    const QString reference = payment.cardReference.trimmed();
    if (reference.isEmpty())
        return withReason(makeError(ErrorCode::BadInput,
                                    payment.method == PaymentMethod::Guarantee
                                        ? QStringLiteral("Type the guaranteeing card's reference.")
                                        : QStringLiteral("Type or scan the card terminal's reference before selling.")),
                          ErrorReason::CardReferenceMissing);
    if (reference.size() > 64)
        return makeError(ErrorCode::BadInput, QStringLiteral("A card reference is at most 64 characters."));
    for (const QChar c : reference) {
        if (!c.isPrint())
            return makeError(ErrorCode::BadInput, QStringLiteral("The card reference holds unreadable characters."));
    }
    return Done{};
}

} // namespace CounterPaymentRules

CounterSaleService::CounterSaleService(CounterSaleStore &store) : m_store(store) { }

Result<CartQuote> CounterSaleService::quote(const CartId &cart)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    return m_store.quote(cart);
}

Result<CounterSale> CounterSaleService::sell(const CartId &cart, const CounterPayment &payment, const CartQuote &seen)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    if (auto status = CartQuoteRules::check(seen, cart); !status)
        return status.error();
    if (auto status = CounterPaymentRules::check(payment, seen.total); !status)
        return status.error();
    CounterPayment clean = payment;
    clean.cardReference = payment.cardReference.trimmed();
    return m_store.sellAtCounter(cart, clean, seen);
}

Result<CounterSale> CounterSaleService::settleGuarantee(OrderId order, const CounterPayment &payment, const Money &due)
{
    if (order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An order number is a positive number."));
    if (payment.method == PaymentMethod::Guarantee)
        return makeError(ErrorCode::BadInput, QStringLiteral("Settle a guarantee with cash or a card payment."));
    if (auto status = CounterPaymentRules::check(payment, due); !status)
        return status.error();
    CounterPayment clean = payment;
    clean.cardReference = payment.cardReference.trimmed();
    return m_store.settleGuarantee(order, clean);
}

Result<QVector<Ticket>> CounterSaleService::tickets(OrderId order)
{
    if (order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An order number is a positive number."));
    return m_store.tickets(order);
}

Result<TicketCheck> CounterSaleService::checkTicket(const QString &scanned)
{
    auto code = ticketCodeFromScan(scanned);
    if (!code)
        return code.error();
    return m_store.checkTicket(code.value());
}

} // namespace boxoffice
