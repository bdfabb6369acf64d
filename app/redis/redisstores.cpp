#include "app/redis/redisstores.h"

#include "app/redis/redisclient.h"
#include "app/redis/redisholdfilter.h"
#include "app/redis/redislogging.h"
#include "app/redis/redisratecounters.h"
#include "app/redis/rediswaitingroomstore.h"

namespace boxoffice::redis {

Result<RedisStores> openRedisStores(const QUrl &url)
{
    auto config = parseRedisUrl(url);
    if (!config)
        return config.error();
    return openRedisStores(config.value());
}

Result<RedisStores> openRedisStores(const RedisConfig &config)
{
    auto client = std::make_shared<RedisClient>(config);
    auto pong = client->command({"PING"});
    if (!pong)
        return pong.error();
    qCInfo(lcRedis).noquote() << "shared state in Redis at" << config.address() << "database" << config.database;
    RedisStores stores;
    stores.client = client;
    stores.waitingRoom = std::make_shared<RedisWaitingRoomStore>(client);
    stores.rateCounters = std::make_shared<RedisRateCounters>(client);
    stores.holdFilter = std::make_shared<RedisHoldFilter>(client);
    return stores;
}

} // namespace boxoffice::redis
