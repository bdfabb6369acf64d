#pragma once

#include "app/redis/redisconfig.h"
#include "domain/holdfilter.h"
#include "domain/ratecounters.h"
#include "domain/result.h"
#include "domain/waitingroom.h"

#include <QUrl>

#include <memory>

namespace boxoffice::redis {

class RedisClient;

// Everything a web server keeps in Redis, over one client (one pool of connections).
struct RedisStores
{
    std::shared_ptr<RedisClient> client;
    std::shared_ptr<WaitingRoomStore> waitingRoom;
    std::shared_ptr<RateCounters> rateCounters;
    std::shared_ptr<HoldFilter> holdFilter;
};

// Opens the stores on the Redis `url` names (see parseRedisUrl) and checks that it answers, so a
// server started with a wrong URL or password says so at once instead of at the first visitor.
Result<RedisStores> openRedisStores(const QUrl &url);
Result<RedisStores> openRedisStores(const RedisConfig &config);

} // namespace boxoffice::redis
