#pragma once

#include "domain/seatmap.h"
#include "domain/seatscoring.h"

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

// Every seat's quality from 0 (worst) to 1 (best), indexed like map.seats: nearness to the focus,
// sideways distance counting more than depth (a side seat sees the stage at an angle; in an arena, a
// seat behind the goal is further from the play than one level with the halfway line), times the
// section's preference. Depends on places only, so it is computed once per map, not per request.
// Without a scoring, the map's own (what its venue says) is used.
QVector<double> seatQuality(const SeatMap &map);
QVector<double> seatQuality(const SeatMap &map, const SeatScoring &scoring);

// "Best N together": blocks of N free, adjacent seats in one row (consecutive seat numbers, one price
// band), ranked by the mean quality of their seats; ties go to the dearer band, then the lower section
// index, row and seat number, so the order never depends on hashing. The first candidate is drawn at
// random among the best `pickAmong`, the rest follow in rank order; the caller claims them one by one
// until a claim is granted. Reading the map does not reserve anything: only the claim decides.
// `quality` comes from seatQuality() for this map; the overload without it computes it on the spot.
QVector<QVector<UnitId>> bestAvailableBlocks(const SeatMap &map, const QVector<double> &quality,
                                             const BestAvailableRequest &request, const QDateTime &serverNow,
                                             QRandomGenerator &random);
QVector<QVector<UnitId>> bestAvailableBlocks(const SeatMap &map, const BestAvailableRequest &request,
                                             const QDateTime &serverNow, QRandomGenerator &random);

} // namespace boxoffice
