#include "domain/refundservice.h"

#include "domain/checkoutsaga.h"

namespace boxoffice {

RefundService::RefundService(CheckoutStore &store, PaymentProvider *provider) : m_store(store), m_provider(provider) { }

Result<ManagerRefund> RefundService::refund(OrderId order, const QVector<OrderItemRef> &items, const QString &reason)
{
    if (order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An order number is a positive number."));
    const QString why = reason.trimmed();
    if (why.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund needs a reason."));
    auto recorded = m_store.refundUnits(order, items, why);
    if (!recorded)
        return recorded.error();
    ManagerRefund done{recorded.value(), ManagerRefund::Money::Due};
    if (recorded->atCounter) {
        done.money = ManagerRefund::Money::AtCounter;
        return done;
    }
    // The refund is recorded and due whatever happens next: a provider that cannot be reached now
    // leaves it to reconciliation, so that is not a failure of the refund.
    if (m_provider) {
        if (auto carried = carryOutRefunds(m_store, *m_provider, order); carried && carried.value() > 0)
            done.money = ManagerRefund::Money::RefundedNow;
    }
    return done;
}

} // namespace boxoffice
