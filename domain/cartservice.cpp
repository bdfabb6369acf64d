#include "domain/cartservice.h"

#include "domain/seatholdrules.h"

namespace boxoffice {

CartService::CartService(CartStore &store) : m_store(store) { }

Result<CartRelease> CartService::releaseCart(const CartId &cart)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    return m_store.releaseCart(cart);
}

Result<ExtendOutcome> CartService::extend(const CartId &cart)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    return m_store.extend(cart);
}

Result<OrderSummary> CartService::createOrder(const CartId &cart)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    return m_store.createOrder(cart);
}

Result<OrderSummary> CartService::order(OrderId order)
{
    if (auto status = SeatHoldRules::checkOrder(order); !status)
        return status.error();
    return m_store.order(order);
}

Result<ConfirmOutcome> CartService::confirm(OrderId order)
{
    if (auto status = SeatHoldRules::checkOrder(order); !status)
        return status.error();
    return m_store.confirm(order);
}

} // namespace boxoffice
