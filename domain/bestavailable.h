#pragma once

#include "domain/seatmap.h"

#include <QRandomGenerator>

#include <optional>

namespace boxoffice {

struct BestAvailableRequest
{
    int count = 2;
    std::optional<int> section; // index into SeatMap::sections; empty: any section
    std::optional<int> band; // index into SeatMap::bands; empty: any band
    int pickAmong = 5; // the best few blocks a pick is drawn from, so two clerks rarely collide
    int maxCandidates = 8; // how many blocks a clerk's one request may try
};

// "Best N together": blocks of N free, adjacent seats in one row (consecutive seat numbers), ranked by
// price band (dearest first, the band order of the map), then nearness to the stage and to the middle of
// the row. The first candidate is drawn at random among the best `pickAmong`, the rest follow in rank
// order; the caller claims them one by one until a claim is granted. Reading the map does not reserve
// anything: only the claim decides.
QVector<QVector<UnitId>> bestAvailableBlocks(const SeatMap &map, const BestAvailableRequest &request,
                                             const QDateTime &serverNow, QRandomGenerator &random);

} // namespace boxoffice
