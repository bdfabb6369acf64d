#pragma once

#include "domain/checkoutstore.h"

namespace boxoffice {

// What a manager's refund did with the money.
struct ManagerRefund
{
    enum class Money {
        AtCounter, // taken at the counter: hand it back there now
        RefundedNow, // the provider has refunded the card
        Due // the provider was not asked or could not answer yet: reconciliation carries it out
    };
    RefundRecord refund;
    Money money = Money::Due;
};

// A manager's refund of a paid order's units, from any channel: the units go back on sale and the
// money is refunded through the order ledger (the database refuses anyone but a manager). Money taken
// online goes back through the provider at once when one is configured; the provider is never called
// while the refund's own transaction holds its rows.
class RefundService
{
public:
    // `provider` may be null: then online money is left due for the worker's reconciliation.
    RefundService(CheckoutStore &store, PaymentProvider *provider);

    // Every sold unit of the order when `items` is empty.
    Result<ManagerRefund> refund(OrderId order, const QVector<OrderItemRef> &items, const QString &reason);

private:
    CheckoutStore &m_store;
    PaymentProvider *m_provider = nullptr;
};

} // namespace boxoffice
