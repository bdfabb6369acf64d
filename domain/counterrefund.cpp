#include "domain/counterrefund.h"

#include "domain/checkoutsaga.h"

#include <algorithm>

namespace boxoffice {

MoneyBack moneyBackFor(const OrderDetails &order, QString *cardReference)
{
    for (const OrderPaymentRecord &payment : order.payments) {
        if (payment.online) {
            if (payment.state == QLatin1String("SUCCEEDED"))
                return MoneyBack::Online;
            continue;
        }
        if (payment.method == QLatin1String("cash"))
            return MoneyBack::Cash;
        if (payment.method == QLatin1String("card")) {
            if (cardReference)
                *cardReference = payment.reference;
            return MoneyBack::Card;
        }
    }
    return MoneyBack::None;
}

CounterRefundService::CounterRefundService(CheckoutStore &store, OrderLookupStore &orders, PaymentProvider *provider)
    : m_store(store), m_orders(orders), m_provider(provider)
{ }

Result<CounterRefund> CounterRefundService::refund(OrderId order, const QVector<OrderItemRef> &items,
                                                   const QString &reason)
{
    auto recorded = record(order, items, reason);
    if (!recorded || recorded->method != MoneyBack::Online || !m_provider)
        return recorded;
    CounterRefund done = recorded.value();
    // After the refund's own transaction: the provider is never called while its rows are locked.
    if (auto carried = carryOutRefunds(m_store, *m_provider, order); carried && carried.value() > 0)
        done.moneyReturned = true;
    return done;
}

Result<CounterRefund> CounterRefundService::record(OrderId order, const QVector<OrderItemRef> &items,
                                                   const QString &reason)
{
    if (order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An order number is a positive number."));
    const QString why = reason.trimmed();
    if (why.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund needs a reason."));
    auto before = m_orders.details(order);
    if (!before)
        return before.error();

    CounterRefund done;
    done.order = order;
    done.reason = why;
    done.method = moneyBackFor(before.value(), &done.cardReference);
    for (const OrderLine &line : before->lines) {
        if (line.state != LineState::Sold)
            continue;
        const bool chosen = items.isEmpty() || std::any_of(items.cbegin(), items.cend(), [&](const OrderItemRef &item) {
                                return item.kind == line.kind && item.id == line.id;
                            });
        if (chosen)
            done.units << line;
    }

    auto recorded = m_store.refundUnits(order, items, why);
    if (!recorded)
        return recorded.error();
    done.refundId = recorded->id;
    done.amount = recorded->amount;
    if (recorded->atCounter) {
        done.moneyReturned = true;
        if (done.method == MoneyBack::Online || done.method == MoneyBack::None)
            done.method = MoneyBack::Cash; // money taken at the counter without a record of how: cash
        return done;
    }
    done.method = MoneyBack::Online;
    return done;
}

} // namespace boxoffice
