#include "domain/bestavailable.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace boxoffice {

namespace {

struct Block
{
    QVector<UnitId> units;
    int band = 0;
    int row = 0;
    double offCentre = 0;
};

bool better(const Block &a, const Block &b)
{
    if (a.band != b.band)
        return a.band < b.band;
    if (a.row != b.row)
        return a.row < b.row;
    return a.offCentre < b.offCentre;
}

} // namespace

QVector<QVector<UnitId>> bestAvailableBlocks(const SeatMap &map, const BestAvailableRequest &request,
                                             const QDateTime &serverNow, QRandomGenerator &random)
{
    if (request.count <= 0 || map.seats.isEmpty())
        return {};

    // Seats of each row, by seat number.
    QHash<QPair<int, int>, QVector<int>> rows;
    for (int i = 0; i < map.seats.size(); ++i) {
        const SeatMapSeat &seat = map.seats.at(i);
        if (request.section && seat.section != *request.section)
            continue;
        rows[qMakePair(seat.section, seat.row)] << i;
    }

    QVector<Block> blocks;
    for (auto it = rows.begin(); it != rows.end(); ++it) {
        QVector<int> &row = it.value();
        std::sort(row.begin(), row.end(),
                  [&](int a, int b) { return map.seats.at(a).number < map.seats.at(b).number; });
        const double middle = (map.seats.at(row.first()).number + map.seats.at(row.last()).number) / 2.0;
        for (int start = 0; start + request.count <= row.size(); ++start) {
            Block block;
            bool usable = true;
            for (int k = 0; k < request.count && usable; ++k) {
                const SeatMapSeat &seat = map.seats.at(row.at(start + k));
                usable = seatIsFree(seat.state, seat.holdExpiresAt, serverNow)
                    && (k == 0 || seat.number == map.seats.at(row.at(start + k - 1)).number + 1)
                    && (k == 0 || seat.band == map.seats.at(row.at(start)).band)
                    && (!request.band || seat.band == *request.band);
                block.units << seat.unit;
            }
            if (!usable)
                continue;
            const SeatMapSeat &first = map.seats.at(row.at(start));
            const SeatMapSeat &last = map.seats.at(row.at(start + request.count - 1));
            block.band = first.band;
            block.row = first.row;
            block.offCentre = std::abs((first.number + last.number) / 2.0 - middle);
            blocks << block;
        }
    }
    if (blocks.isEmpty())
        return {};

    std::sort(blocks.begin(), blocks.end(), better);
    // Two blocks of one candidate list must not share a seat, or the second try would lose for sure.
    const int wanted = std::max(1, request.maxCandidates);
    QVector<Block> distinct;
    QSet<UnitId> used;
    for (const Block &block : std::as_const(blocks)) {
        if (distinct.size() == wanted)
            break;
        const bool overlaps
            = std::any_of(block.units.cbegin(), block.units.cend(), [&](UnitId unit) { return used.contains(unit); });
        if (overlaps)
            continue;
        for (UnitId unit : block.units)
            used.insert(unit);
        distinct << block;
    }
    const int pool = std::min<int>(std::max(1, request.pickAmong), distinct.size());
    const int first = int(random.bounded(quint32(pool)));
    std::swap(distinct[0], distinct[first]);

    QVector<QVector<UnitId>> candidates;
    for (const Block &block : std::as_const(distinct))
        candidates << block.units;
    return candidates;
}

} // namespace boxoffice
