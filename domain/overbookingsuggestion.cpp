#include "domain/overbookingsuggestion.h"

#include <QtGlobal>

namespace boxoffice::OverbookingRule {

OverbookingSuggestion suggest(const AttritionHistory &history, int physical, const OverbookingPolicy &policy)
{
    OverbookingSuggestion suggestion;
    suggestion.history = history;
    suggestion.physical = qMax(0, physical);
    suggestion.suggestedSellable = suggestion.physical;
    suggestion.enoughHistory = history.bookedRoomNights >= qMax(1, policy.minimumRoomNights);
    if (!suggestion.enoughHistory || suggestion.physical == 0)
        return suggestion;
    const qint64 lost = qint64(history.lateCancelledRoomNights) + history.noShowRoomNights - history.walkedRoomNights;
    const qint64 ceiling = qBound(0, policy.maximumAttritionPerMille, 999);
    const qint64 perMille = qBound(qint64(0), lost * 1000 / history.bookedRoomNights, ceiling);
    suggestion.attritionPerMille = int(perMille);
    const qint64 raw = qint64(suggestion.physical) * 1000 / (1000 - perMille);
    const qint64 cap = suggestion.physical + qint64(suggestion.physical) * qMax(0, policy.maximumOverPercent) / 100;
    suggestion.suggestedSellable = int(qBound(qint64(suggestion.physical), raw, cap));
    return suggestion;
}

} // namespace boxoffice::OverbookingRule
