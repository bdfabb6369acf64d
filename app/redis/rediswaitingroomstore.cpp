#include "app/redis/rediswaitingroomstore.h"

#include "app/redis/redisclient.h"

#include <cmath>

namespace boxoffice::redis {

namespace {

// A later visitor joins once: the arrival number is taken only for a visitor not yet queued, so the
// numbers stay in arrival order and a second join keeps the first place.
const RedisScript joinLater(QByteArrayLiteral(R"lua(
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
    return 0
end
local arrival = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], 'NX', 1 + arrival, ARGV[1])
return 1
)lua"));

// Admission accrues in admission-milliseconds (perSecond x elapsed ms), which stays exact for whole
// rates however the time is cut into steps; a float of admissions would drift and floor to one less.
// The first call starts the clock. Several servers calling with overlapping times each add only the
// time since the last one accounted for, and a time before it adds nothing.
const RedisScript advanceAdmission(QByteArrayLiteral(R"lua(
local now = tonumber(ARGV[2])
local last = tonumber(redis.call('HGET', KEYS[1], 'last_ms'))
local accrued = tonumber(redis.call('HGET', KEYS[1], 'accrued') or '0')
if last == nil then
    redis.call('HSET', KEYS[1], 'last_ms', ARGV[2], 'accrued', '0')
elseif now > last then
    accrued = accrued + tonumber(ARGV[1]) * (now - last)
    -- Admission is not banked while nobody waits: at most everyone queued so far is let in.
    accrued = math.min(accrued, redis.call('ZCARD', KEYS[2]) * 1000)
    redis.call('HSET', KEYS[1], 'last_ms', ARGV[2], 'accrued', string.format('%.17g', accrued))
end
return math.floor(accrued / 1000 + 1e-9)
)lua"));

DomainError badReply(const char *what)
{
    return makeError(ErrorCode::Internal, QStringLiteral("Redis answered %1 unexpectedly.").arg(QLatin1String(what)));
}

} // namespace

RedisWaitingRoomStore::RedisWaitingRoomStore(std::shared_ptr<RedisClient> client) : m_client(std::move(client)) { }

QByteArray RedisWaitingRoomStore::key(EventId event, const char *part) const
{
    return m_client->key("wr:{" + QByteArray::number(event) + "}:" + part);
}

Status RedisWaitingRoomStore::join(EventId event, const QString &visitor, std::optional<double> drawScore)
{
    if (visitor.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A visitor needs an id to join the queue."));
    const QByteArray member = visitor.toUtf8();
    if (drawScore) {
        if (!std::isfinite(*drawScore) || *drawScore < 0 || *drawScore >= 1)
            return makeError(ErrorCode::BadInput, QStringLiteral("A draw score must be at least 0 and below 1."));
        auto added
            = m_client->command({"ZADD", key(event, "queue"), "NX", QByteArray::number(*drawScore, 'g', 17), member});
        if (!added)
            return added.error();
        return Done{};
    }
    auto added = m_client->run(joinLater, {key(event, "queue"), key(event, "seq")}, {member});
    if (!added)
        return added.error();
    return Done{};
}

Result<qint64> RedisWaitingRoomStore::position(EventId event, const QString &visitor)
{
    auto rank = m_client->command({"ZRANK", key(event, "queue"), visitor.toUtf8()});
    if (!rank)
        return rank.error();
    if (rank->isNil())
        return makeError(ErrorCode::NotFound, QStringLiteral("The visitor is not in this event's queue."));
    if (rank->type != RedisValue::Type::Integer)
        return badReply("ZRANK");
    return rank->integer + 1;
}

Result<qint64> RedisWaitingRoomStore::length(EventId event)
{
    auto count = m_client->command({"ZCARD", key(event, "queue")});
    if (!count)
        return count.error();
    if (count->type != RedisValue::Type::Integer)
        return badReply("ZCARD");
    return count->integer;
}

Result<qint64> RedisWaitingRoomStore::advance(EventId event, double perSecond, qint64 nowMs)
{
    if (!std::isfinite(perSecond) || perSecond < 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An admission rate must be a number of at least 0."));
    auto admitted = m_client->run(advanceAdmission, {key(event, "admit"), key(event, "queue")},
                                  {QByteArray::number(perSecond, 'g', 17), QByteArray::number(nowMs)});
    if (!admitted)
        return admitted.error();
    if (admitted->type != RedisValue::Type::Integer)
        return badReply("the admission script");
    return admitted->integer;
}

} // namespace boxoffice::redis
