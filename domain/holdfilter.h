#pragma once

#include "domain/ids.h"
#include "domain/result.h"

#include <QVector>

namespace boxoffice {

// A cheap first look before a seat claim (the "Redis hold" of the design, as a filter only): a claim
// first marks each unit it wants for a short while, and a claim that finds a unit marked by another
// cart is answered "lost" without a database round trip. The database still decides every grant; a
// mark that disagrees with it (a claim that failed, a hold that was given back) simply expires.
class HoldFilter
{
public:
    virtual ~HoldFilter() = default;

    // Marks every unit of `units` for `cart` for `ttlMs` where no other cart has marked it (a mark of
    // the same cart is renewed). Answers the units another cart has marked: empty means go ahead.
    // A filter that cannot answer (Redis down) answers an error, and the caller claims anyway.
    virtual Result<QVector<UnitId>> mark(EventId event, const QVector<UnitId> &units, const CartId &cart, int ttlMs)
        = 0;
    // Drops the cart's marks on units the database did not grant it, so others are not kept away.
    virtual void unmark(EventId event, const QVector<UnitId> &units, const CartId &cart) = 0;
};

} // namespace boxoffice
