#include "holdfilterguard.h"

#include "weblogging.h"

#include <QJsonArray>

namespace boxoffice::web {

HoldFilterGuard::HoldFilterGuard(HoldFilter *filter, EventId event, QVector<UnitId> units, CartId cart, int ttlMs)
    : m_filter(filter), m_event(event), m_units(std::move(units)), m_cart(std::move(cart)), m_ttlMs(ttlMs)
{ }

std::optional<ApiReply> HoldFilterGuard::markOrRefuse()
{
    if (!m_filter || m_units.isEmpty())
        return std::nullopt;
    auto taken = m_filter->mark(m_event, m_units, m_cart, m_ttlMs);
    if (!taken) {
        // The filter only saves the database work; without it the database answers as it always did.
        qCDebug(lcWeb).noquote() << "hold filter unavailable, claiming without it:" << taken.error().message;
        return std::nullopt;
    }
    if (taken->isEmpty()) {
        m_marked = true;
        return std::nullopt;
    }
    // The seats this cart did mark are not its yet: give them back so they keep nobody away.
    QVector<UnitId> mine;
    for (UnitId unit : m_units) {
        if (!taken->contains(unit))
            mine.append(unit);
    }
    if (!mine.isEmpty())
        m_filter->unmark(m_event, mine, m_cart);
    QJsonArray units;
    for (UnitId unit : taken.value())
        units.append(unit);
    const QString message = taken->size() == 1
        ? QStringLiteral("That seat was just taken by another buyer; pick another.")
        : QStringLiteral("%1 of those seats were just taken by other buyers; pick others.").arg(taken->size());
    return ApiReply::error(409, QStringLiteral("lost"), message, {{QStringLiteral("units"), units}});
}

void HoldFilterGuard::claimed(bool granted)
{
    if (m_marked && !granted)
        m_filter->unmark(m_event, m_units, m_cart);
}

} // namespace boxoffice::web
