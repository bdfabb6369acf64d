#include "domain/seatholdservice.h"

#include "domain/buyers.h"
#include "domain/seatholdrules.h"

namespace boxoffice {

SeatHoldService::SeatHoldService(SeatInventoryStore &store, BuyerStore *buyers) : m_store(store), m_buyers(buyers) { }

Result<QVector<EventSummary>> SeatHoldService::events()
{
    return m_store.events();
}

Result<EventSummary> SeatHoldService::event(EventId event)
{
    if (auto status = SeatHoldRules::checkEvent(event); !status)
        return status.error();
    return m_store.event(event);
}

Result<QVector<SeatRef>> SeatHoldService::resolveSeats(EventId event, const QStringList &labels)
{
    if (auto status = SeatHoldRules::checkEvent(event); !status)
        return status.error();
    if (auto status = SeatHoldRules::checkLabels(labels); !status)
        return status.error();
    return m_store.resolveSeats(event, labels);
}

Result<HoldGrant> SeatHoldService::hold(const HoldRequest &request)
{
    if (auto status = SeatHoldRules::checkHold(request); !status)
        return status.error();
    if (request.buyer == 0)
        return m_store.hold(request);
    if (!m_buyers)
        return makeError(ErrorCode::Internal, QStringLiteral("A buyer's hold needs the buyer caps; none were given."));
    return m_buyers->holdWithinCap(request.buyer, request);
}

Result<HoldGrant> SeatHoldService::holdByLabels(EventId event, const CartId &cart, const QStringList &labels,
                                                std::optional<int> ttlSeconds)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    auto seats = resolveSeats(event, labels);
    if (!seats)
        return seats.error();
    HoldRequest request;
    request.event = event;
    request.cart = cart;
    request.ttlSeconds = ttlSeconds;
    for (const SeatRef &seat : seats.value())
        request.units << seat.unit;
    return hold(request);
}

Result<ReleaseOutcome> SeatHoldService::release(const CartId &cart, const QVector<UnitId> &units)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    if (auto status = SeatHoldRules::checkUnits(units); !status)
        return status.error();
    return m_store.release(cart, units);
}

Result<EventAvailability> SeatHoldService::availability(EventId event)
{
    if (auto status = SeatHoldRules::checkEvent(event); !status)
        return status.error();
    return m_store.availability(event);
}

Result<int> SeatHoldService::sweepExpiredHolds()
{
    return m_store.sweepExpiredHolds();
}

} // namespace boxoffice
