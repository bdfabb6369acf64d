#pragma once

#include "domain/cartitems.h"
#include "domain/result.h"

namespace boxoffice {

// Operations on a whole cart, across every inventory shape it holds: seats, GA units, stays, slots.
class CartStore
{
public:
    virtual ~CartStore() = default;

    virtual Result<CartRelease> releaseCart(const CartId &cart) = 0;
    // One more hold period for every live hold of the cart that has an extension left.
    virtual Result<ExtendOutcome> extend(const CartId &cart) = 0;
    // A PENDING order over everything the cart holds now, priced, in one currency.
    virtual Result<OrderSummary> createOrder(const CartId &cart) = 0;
    virtual Result<OrderSummary> order(OrderId order) = 0;
    // The cart's live order (pending, paid or guaranteed; at most one), or 0 when it has none.
    virtual Result<OrderId> liveOrder(const CartId &cart) = 0;
    // What the cart still holds (or what nobody reclaimed) becomes sold; the rest is reported lost.
    virtual Result<ConfirmOutcome> confirm(OrderId order) = 0;
};

} // namespace boxoffice
