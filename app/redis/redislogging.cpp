#include "app/redis/redislogging.h"

Q_LOGGING_CATEGORY(lcRedis, "boxoffice.redis", QtInfoMsg)
