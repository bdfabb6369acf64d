#include "domain/bestavailablehold.h"

namespace boxoffice {

Result<BestAvailableGrant> holdBestAvailable(SeatHoldService &holds, const HoldRequest &base, const SeatMap &map,
                                             const QVector<double> &quality, const BestAvailableRequest &request,
                                             const QDateTime &serverNow, QRandomGenerator &random)
{
    if (request.count < 1 || request.count > 20)
        return makeError(ErrorCode::BadInput, QStringLiteral("Best available finds 1 to 20 seats together."));
    if (request.section && (*request.section < 0 || *request.section >= map.sections.size()))
        return makeError(ErrorCode::BadInput, QStringLiteral("There is no such section."));
    if (request.band && (*request.band < 0 || *request.band >= map.bands.size()))
        return makeError(ErrorCode::BadInput, QStringLiteral("There is no such price band."));
    const QVector<QVector<UnitId>> candidates = bestAvailableBlocks(map, quality, request, serverNow, random);
    if (candidates.isEmpty())
        return withReason(
            makeError(ErrorCode::Lost,
                      QStringLiteral("No %1 seats together are free with that choice.").arg(request.count)),
            "seat.no-block", {QString::number(request.count)});
    BestAvailableGrant result;
    for (const QVector<UnitId> &block : candidates) {
        HoldRequest hold = base;
        hold.units = block;
        auto granted = holds.hold(hold);
        if (granted) {
            result.grant = granted.value();
            result.block = block;
            return result;
        }
        if (granted.error().code != ErrorCode::Lost)
            return granted.error();
        ++result.lostBlocks;
    }
    return withReason(makeError(ErrorCode::Lost,
                                QStringLiteral("Other buyers took the best %1 blocks while we tried; "
                                               "try again.")
                                    .arg(result.lostBlocks)),
                      "seat.blocks-lost", {QString::number(result.lostBlocks)});
}

} // namespace boxoffice
