#include "productclient.h"

#include <limits>

namespace boxoffice::bench {

ProductClient::ProductClient(QSqlDatabase database) : m_store(std::move(database)), m_service(m_store) { }

Status ProductClient::warmUp(UnitId anyUnit)
{
    HoldRequest request;
    request.event = std::numeric_limits<EventId>::max();
    request.cart = QStringLiteral("bench-warm-up");
    request.units = {anyUnit};
    const auto held = m_service.hold(request);
    if (held)
        return makeError(ErrorCode::Internal, QStringLiteral("A warm-up hold on a missing event was granted."));
    if (held.error().code != ErrorCode::NotFound)
        return held.error();
    return Done{};
}

AttemptResult ProductClient::holdOne(ClientContext &client, EventId event, UnitId unit)
{
    HoldRequest request;
    request.event = event;
    request.cart = client.nextCart();
    request.units = {unit};
    const auto held = m_service.hold(request);
    if (!held)
        return classifyDomainError(held.error());
    m_lastUnit = unit;
    m_lastCart = request.cart;
    return AttemptResult::granted();
}

AttemptResult ProductClient::releaseLast(ClientContext &client)
{
    const auto released = m_service.release(m_lastCart, {m_lastUnit});
    if (!released)
        return classifyDomainError(released.error());
    if (!released->notHeld.isEmpty())
        client.recordStolen();
    return AttemptResult::granted();
}

} // namespace boxoffice::bench
