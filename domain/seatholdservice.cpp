#include "domain/seatholdservice.h"

#include "domain/holdcaps.h"
#include "domain/seatholdrules.h"

namespace boxoffice {

SeatHoldService::SeatHoldService(SeatInventoryStore &store, HoldCaps *caps) : m_store(store), m_caps(caps) { }

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
    if (request.buyer != 0 && m_caps && m_caps->claimsSeatsInOneCall())
        return m_caps->holdSeats(request, {});
    return HoldCaps::claim(m_caps, request, [&] { return m_store.hold(request); });
}

Result<HoldGrant> SeatHoldService::holdForBuyer(const HoldRequest &request, const QStringList &labels)
{
    if (labels.isEmpty())
        return hold(request);
    if (auto status = SeatHoldRules::checkCart(request.cart); !status)
        return status.error();
    if (auto status = SeatHoldRules::checkEvent(request.event); !status)
        return status.error();
    if (auto status = SeatHoldRules::checkLabels(labels); !status)
        return status.error();
    if (request.buyer == 0 || !m_caps || !m_caps->claimsSeatsInOneCall()) {
        auto seats = m_store.resolveSeats(request.event, labels);
        if (!seats)
            return seats.error();
        HoldRequest resolved = request;
        for (const SeatRef &seat : seats.value())
            resolved.units << seat.unit;
        return hold(resolved);
    }
    return m_caps->holdSeats(request, labels);
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
