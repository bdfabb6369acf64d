#pragma once

#include "domain/ratecounters.h"

#include <memory>

namespace boxoffice::redis {

class RedisClient;

// Fixed-window counters in Redis: key rc:<key>, INCRBY, and an expiry of the window set by the hit
// that starts it.
class RedisRateCounters : public RateCounters
{
public:
    explicit RedisRateCounters(std::shared_ptr<RedisClient> client);

    Result<qint64> hit(const QString &key, int windowSeconds, int by = 1) override;
    Result<qint64> peek(const QString &key) override;

private:
    std::shared_ptr<RedisClient> m_client;
};

} // namespace boxoffice::redis
