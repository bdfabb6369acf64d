#pragma once

#include "domain/cartstore.h"

namespace boxoffice {

// Cart-wide use-cases every channel calls: validate, then one store operation.
class CartService
{
public:
    explicit CartService(CartStore &store);

    Result<CartRelease> releaseCart(const CartId &cart);
    Result<ExtendOutcome> extend(const CartId &cart);
    Result<OrderSummary> createOrder(const CartId &cart);
    Result<OrderSummary> order(OrderId order);
    Result<ConfirmOutcome> confirm(OrderId order);

private:
    CartStore &m_store;
};

} // namespace boxoffice
