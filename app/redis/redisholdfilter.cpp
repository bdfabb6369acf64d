#include "app/redis/redisholdfilter.h"

#include "app/redis/redisclient.h"
#include "app/redis/redislogging.h"

namespace boxoffice::redis {

namespace {

// All units of one claim in one script: two carts racing for overlapping seats see each other's
// marks whole, never half. Answers the 1-based places in KEYS of the units another cart holds.
const RedisScript markUnits(QByteArrayLiteral(R"lua(
local taken = {}
for i, key in ipairs(KEYS) do
    local holder = redis.call('GET', key)
    if holder == false or holder == ARGV[1] then
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    else
        taken[#taken + 1] = i
    end
end
return taken
)lua"));

// Only the cart's own marks go: a mark another cart set since (after ours expired) stays.
const RedisScript unmarkUnits(QByteArrayLiteral(R"lua(
local dropped = 0
for _, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[1] then
        dropped = dropped + redis.call('DEL', key)
    end
end
return dropped
)lua"));

} // namespace

RedisHoldFilter::RedisHoldFilter(std::shared_ptr<RedisClient> client) : m_client(std::move(client)) { }

QByteArrayList RedisHoldFilter::keys(EventId event, const QVector<UnitId> &units) const
{
    const QByteArray prefix = "hf:{" + QByteArray::number(event) + "}:";
    QByteArrayList keys;
    keys.reserve(units.size());
    for (UnitId unit : units)
        keys << m_client->key(prefix + QByteArray::number(unit));
    return keys;
}

Result<QVector<UnitId>> RedisHoldFilter::mark(EventId event, const QVector<UnitId> &units, const CartId &cart,
                                              int ttlMs)
{
    if (cart.isEmpty() || ttlMs < 1)
        return makeError(ErrorCode::BadInput, QStringLiteral("A mark needs a cart and a time to live."));
    if (units.isEmpty())
        return QVector<UnitId>{};
    auto taken = m_client->run(markUnits, keys(event, units), {cart.toUtf8(), QByteArray::number(ttlMs)});
    if (!taken)
        return taken.error();
    QVector<UnitId> lost;
    for (const RedisValue &place : taken->elements) {
        if (place.type != RedisValue::Type::Integer || place.integer < 1 || place.integer > units.size())
            return makeError(ErrorCode::Internal, QStringLiteral("Redis answered the hold filter unexpectedly."));
        lost << units.at(qsizetype(place.integer - 1));
    }
    return lost;
}

void RedisHoldFilter::unmark(EventId event, const QVector<UnitId> &units, const CartId &cart)
{
    if (units.isEmpty() || cart.isEmpty())
        return;
    // Nothing to tell the caller: a mark that stays simply expires.
    if (auto dropped = m_client->run(unmarkUnits, keys(event, units), {cart.toUtf8()}); !dropped)
        qCInfo(lcRedis).noquote() << "marks of cart" << cart << "left to expire:" << dropped.error().detail;
}

} // namespace boxoffice::redis
