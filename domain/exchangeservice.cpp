#include "domain/exchangeservice.h"

#include "domain/seatholdrules.h"
#include "domain/unitofwork.h"

#include <algorithm>

namespace boxoffice {

namespace ExchangeRules {

Status check(const ExchangeRequest &request)
{
    if (request.order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An order number is a positive number."));
    if (request.giveBack.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("Choose the units the buyer gives back."));
    if (auto status = SeatHoldRules::checkCart(request.cart); !status)
        return status;
    if (request.seen.total.minor() <= 0 && request.seen.lines.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("Hold the new units in the sale first."));
    if (request.reason.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("An exchange needs a reason."));
    if (request.payment.method == PaymentMethod::Guarantee)
        return makeError(ErrorCode::BadInput, QStringLiteral("Take the difference in cash or by card."));
    return Done{};
}

} // namespace ExchangeRules

ExchangeService::ExchangeService(ExchangeStore &store, UnitOfWork &unit) : m_store(store), m_unit(unit) { }

Result<CounterExchange> ExchangeService::exchange(const ExchangeRequest &request)
{
    if (auto status = ExchangeRules::check(request); !status)
        return status.error();
    return m_unit.run(QStringLiteral("exchanging units at the counter"),
                      [&]() -> Result<CounterExchange> { return exchangeLocked(request); });
}

Result<CounterExchange> ExchangeService::exchangeLocked(const ExchangeRequest &request)
{
    const QString reason = request.reason.trimmed();
    auto old = m_store.lockPaidOrder(request.order);
    if (!old)
        return old.error();
    CounterExchange done;
    done.oldOrder = request.order;
    done.currency = old->order.currency;
    for (const OrderItemRef &item : request.giveBack) {
        auto line = std::find_if(old->order.lines.cbegin(), old->order.lines.cend(), [&](const OrderLine &l) {
            return l.kind == item.kind && l.id == item.id && l.state == LineState::Sold;
        });
        if (line == old->order.lines.cend())
            return makeError(ErrorCode::Conflict,
                             QStringLiteral("Something chosen to give back is no longer sold on this order (refunded "
                                            "or exchanged meanwhile). Nothing was changed."));
        done.returned << *line;
    }

    // The new units first: if one of them is gone, nothing else is touched.
    auto sold = m_store.sellHeld(request.cart, request.seen, old->buyer);
    if (!sold)
        return sold.error();
    if (!sold->currency.isEmpty() && sold->currency != done.currency)
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("The new units are priced in another currency than the order."));
    done.newOrder = sold->id;
    done.sold = sold->lines;
    qint64 newMinor = 0;
    for (const OrderLine &line : done.sold)
        newMinor += line.amount.minor();
    const Money inOrderCurrency(0, done.currency);
    done.newTotal = inOrderCurrency.withMinor(newMinor);

    auto returned = m_store.returnUnits(request.order, request.giveBack);
    if (!returned)
        return returned.error();
    if (returned->lines != request.giveBack.size())
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("The order changed while the exchange was made. Nothing was changed."));
    done.returnedTotal = inOrderCurrency.withMinor(returned->amount.minor());

    if (done.returnedTotal.minor() <= 0 || done.newTotal.minor() <= 0)
        return makeError(ErrorCode::Conflict, QStringLiteral("Only priced units can be exchanged."));
    done.credit = newMinor < done.returnedTotal.minor() ? done.newTotal : done.returnedTotal; // the smaller
    done.difference = inOrderCurrency.withMinor(newMinor - done.returnedTotal.minor());
    if (auto status = m_store.recordExchange(request.order, done.newOrder, done.returnedTotal, done.newTotal,
                                             done.credit, reason, request.approvalRequest, request.giveBack);
        !status)
        return status.error();

    if (done.difference.minor() > 0) {
        if (auto status = CounterPaymentRules::check(request.payment, done.difference); !status)
            return status.error();
        CounterPayment payment = request.payment;
        payment.cardReference = payment.cardReference.trimmed();
        if (auto status = m_store.takeDifference(done.newOrder, payment, done.difference); !status)
            return status.error();
        done.chargedBy = payment.method;
        done.charged = done.difference;
        if (payment.method == PaymentMethod::Cash)
            done.change = inOrderCurrency.withMinor(payment.tendered.minor() - done.difference.minor());
        else
            done.chargeReference = payment.cardReference;
    } else if (done.difference.isNegative()) {
        done.refunded = inOrderCurrency.withMinor(-done.difference.minor());
        auto refund = m_store.refundDifference(request.order, old->providerPayment, done.refunded,
                                               QStringLiteral("exchange: %1").arg(reason));
        if (!refund)
            return refund.error();
        done.refundMethod = old->providerPayment ? MoneyBack::Online
            : old->method == MoneyBack::Card     ? MoneyBack::Card
                                                 : MoneyBack::Cash;
        done.refundReference = done.refundMethod == MoneyBack::Card ? old->cardReference : QString();
        done.refundReturned = done.refundMethod != MoneyBack::Online;
    }
    if (auto status = m_store.closeIfEmpty(request.order); !status)
        return status.error();
    auto tickets = m_store.issueTickets(done.newOrder);
    if (!tickets)
        return tickets.error();
    done.tickets = tickets.value();
    return done;
}

} // namespace boxoffice
