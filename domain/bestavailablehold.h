#pragma once

#include "domain/bestavailable.h"
#include "domain/seatholdservice.h"

namespace boxoffice {

struct BestAvailableGrant
{
    HoldGrant grant;
    QVector<UnitId> block; // the seats held, in seat order
    int lostBlocks = 0; // better blocks that went to other buyers between the read and the claim
};

// "Best N together" for every channel: the desk, the web shop. The candidate blocks come from a map
// read a moment ago (nothing is reserved by reading); each is claimed in turn with the channel's own
// hold (SeatHoldService::hold, so a web buyer's caps apply) until one is granted. Lost, with reason
// "seat.no-block", when no block is free; Lost with "seat.blocks-lost" when every candidate was taken
// first; any other refusal (a cap, a cart that is not the buyer's) ends the search at once.
// `base` names the event, cart and buyer; its units are ignored.
Result<BestAvailableGrant> holdBestAvailable(SeatHoldService &holds, const HoldRequest &base, const SeatMap &map,
                                             const QVector<double> &quality, const BestAvailableRequest &request,
                                             const QDateTime &serverNow, QRandomGenerator &random);

} // namespace boxoffice
