#include "domain/bestavailable.h"

#include <QHash>
#include <QRectF>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace boxoffice {

namespace {

// How much more a step sideways costs than a step back: from the side the stage is seen at an angle;
// in an arena, along the pitch's long axis is towards a goal and away from the halfway line.
constexpr double stageSideWeight = 1.5;
constexpr double arenaAlongWeight = 2.0;
// Blocks whose mean quality differs by less than this are equally good; the tie-break decides.
constexpr double sameQuality = 1e-9;

struct Block
{
    QVector<UnitId> units;
    double quality = 0;
    int band = 0;
    int section = 0;
    int row = 0;
    int firstNumber = 0;
};

bool better(const Block &a, const Block &b)
{
    if (std::abs(a.quality - b.quality) > sameQuality)
        return a.quality > b.quality;
    if (a.band != b.band)
        return a.band < b.band;
    if (a.section != b.section)
        return a.section < b.section;
    if (a.row != b.row)
        return a.row < b.row;
    return a.firstNumber < b.firstNumber;
}

QRectF seatBounds(const SeatMap &map)
{
    double left = map.seats.first().x, right = left, top = map.seats.first().y, bottom = top;
    for (const SeatMapSeat &seat : map.seats) {
        left = std::min(left, seat.x);
        right = std::max(right, seat.x);
        top = std::min(top, seat.y);
        bottom = std::max(bottom, seat.y);
    }
    return QRectF(QPointF(left, top), QPointF(right, bottom));
}

// As the map decides it (SeatMapScene::addStage): seats all round an empty middle are an arena.
bool looksLikeArena(const SeatMap &map, const QRectF &bounds)
{
    const QPointF centre = bounds.center();
    const QRectF core(centre.x() - bounds.width() * 0.15, centre.y() - bounds.height() * 0.15, bounds.width() * 0.3,
                      bounds.height() * 0.3);
    return std::none_of(map.seats.cbegin(), map.seats.cend(),
                        [&](const SeatMapSeat &seat) { return core.contains(seat.x, seat.y); });
}

} // namespace

QVector<double> seatQuality(const SeatMap &map)
{
    return seatQuality(map, map.scoring);
}

QVector<double> seatQuality(const SeatMap &map, const SeatScoring &scoring)
{
    QVector<double> quality(map.seats.size(), 0.0);
    if (map.seats.isEmpty())
        return quality;
    const QRectF bounds = seatBounds(map);
    const bool arena = scoring.arena.value_or(looksLikeArena(map, bounds));
    // A stage sits above the seating (y grows away from it); a pitch fills the middle.
    const QPointF focus = scoring.focus.value_or(arena ? bounds.center() : QPointF(bounds.center().x(), bounds.top()));
    const bool longAxisIsX = bounds.width() >= bounds.height();

    QVector<double> distance(map.seats.size());
    double farthest = 0;
    for (int i = 0; i < map.seats.size(); ++i) {
        const SeatMapSeat &seat = map.seats.at(i);
        double across = std::abs(seat.x - focus.x());
        double depth = std::abs(seat.y - focus.y());
        if (arena && !longAxisIsX)
            std::swap(across, depth);
        const double weight = arena ? arenaAlongWeight : stageSideWeight;
        distance[i] = std::hypot(weight * across, depth);
        farthest = std::max(farthest, distance.at(i));
    }
    for (int i = 0; i < map.seats.size(); ++i) {
        const SeatMapSeat &seat = map.seats.at(i);
        const QString code
            = seat.section >= 0 && seat.section < map.sections.size() ? map.sections.at(seat.section).code : QString();
        const double preference = scoring.preferenceOf(code);
        quality[i] = preference * (farthest > 0 ? 1.0 - distance.at(i) / farthest : 1.0);
    }
    return quality;
}

QVector<QVector<UnitId>> bestAvailableBlocks(const SeatMap &map, const BestAvailableRequest &request,
                                             const QDateTime &serverNow, QRandomGenerator &random)
{
    return bestAvailableBlocks(map, seatQuality(map), request, serverNow, random);
}

QVector<QVector<UnitId>> bestAvailableBlocks(const SeatMap &map, const QVector<double> &givenQuality,
                                             const BestAvailableRequest &request, const QDateTime &serverNow,
                                             QRandomGenerator &random)
{
    if (request.count <= 0 || map.seats.isEmpty())
        return {};
    // A score for another map (or none) would rank nonsense: fall back to scoring this one.
    const QVector<double> quality = givenQuality.size() == map.seats.size() ? givenQuality : seatQuality(map);

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
        for (int start = 0; start + request.count <= row.size(); ++start) {
            Block block;
            bool usable = true;
            double sum = 0;
            for (int k = 0; k < request.count && usable; ++k) {
                const int index = row.at(start + k);
                const SeatMapSeat &seat = map.seats.at(index);
                usable = seatIsFree(seat.state, seat.holdExpiresAt, serverNow)
                    && (k == 0 || seat.number == map.seats.at(row.at(start + k - 1)).number + 1)
                    && (k == 0 || seat.band == map.seats.at(row.at(start)).band)
                    && (!request.band || seat.band == *request.band);
                block.units << seat.unit;
                sum += quality.at(index);
            }
            if (!usable)
                continue;
            const SeatMapSeat &first = map.seats.at(row.at(start));
            block.quality = sum / request.count;
            block.band = first.band;
            block.section = first.section;
            block.row = first.row;
            block.firstNumber = first.number;
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
