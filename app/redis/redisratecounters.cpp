#include "app/redis/redisratecounters.h"

#include "app/redis/redisclient.h"

namespace boxoffice::redis {

namespace {

// One script, so no counter is ever left without its expiry (a crash between INCRBY and PEXPIRE
// would keep it forever). A key without an expiry gets one; a running window keeps its own.
const RedisScript hitWindow(QByteArrayLiteral(R"lua(
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return value
)lua"));

} // namespace

RedisRateCounters::RedisRateCounters(std::shared_ptr<RedisClient> client) : m_client(std::move(client)) { }

Result<qint64> RedisRateCounters::hit(const QString &key, int windowSeconds, int by)
{
    if (key.isEmpty() || windowSeconds < 1)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A rate counter needs a name and a window of at least a second."));
    auto value = m_client->run(hitWindow, {m_client->key("rc:" + key.toUtf8())},
                               {QByteArray::number(by), QByteArray::number(qint64(windowSeconds) * 1000)});
    if (!value)
        return value.error();
    if (value->type != RedisValue::Type::Integer)
        return makeError(ErrorCode::Internal, QStringLiteral("Redis answered a counter with something else."));
    return value->integer;
}

Result<qint64> RedisRateCounters::peek(const QString &key)
{
    auto value = m_client->command({"GET", m_client->key("rc:" + key.toUtf8())});
    if (!value)
        return value.error();
    if (value->isNil())
        return qint64(0);
    bool ok = false;
    const qint64 count = value->text.toLongLong(&ok);
    if (!ok)
        return makeError(ErrorCode::Internal, QStringLiteral("Redis holds something else than a counter."));
    return count;
}

} // namespace boxoffice::redis
