#pragma once

#include "apireply.h"

#include "domain/holdfilter.h"

#include <optional>

namespace boxoffice::web {

// The Redis front filter around one web seat claim (the design's "Redis hold", as a filter only):
// before the claim, every seat asked for is marked for the cart for a few seconds; a seat another
// cart marked answers 409 at once, with no database round trip. The database still decides every
// grant: a claim it refuses gives its marks back, and a mark it disagrees with simply expires.
// Without a filter (no --redis), or when Redis does not answer, every claim goes to the database.
class HoldFilterGuard
{
public:
    HoldFilterGuard(HoldFilter *filter, EventId event, QVector<UnitId> units, CartId cart, int ttlMs);

    // The answer for a claim that lost to another cart's mark; empty: go on to the database.
    std::optional<ApiReply> markOrRefuse();
    // After the claim: a refused claim keeps nobody away from its seats.
    void claimed(bool granted);

private:
    HoldFilter *const m_filter;
    const EventId m_event;
    const QVector<UnitId> m_units;
    const CartId m_cart;
    const int m_ttlMs;
    bool m_marked = false;
};

} // namespace boxoffice::web
