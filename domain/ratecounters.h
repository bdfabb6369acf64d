#pragma once

#include "domain/result.h"

#include <QString>

namespace boxoffice {

// Counters over fixed time windows, for limits such as "carts created per minute by one account" or
// "failed sign-ins per minute from one address". In memory in one web server, or in Redis (INCR with
// an expiry) shared by several.
class RateCounters
{
public:
    virtual ~RateCounters() = default;

    // Adds `by` to the counter `key` of the current window of `windowSeconds` and answers its new
    // value. The window starts with the key's first hit and the counter vanishes when it ends.
    virtual Result<qint64> hit(const QString &key, int windowSeconds, int by = 1) = 0;
    // The counter's value in its current window, 0 when there is none.
    virtual Result<qint64> peek(const QString &key) = 0;
};

} // namespace boxoffice
