#pragma once

#include "domain/waitingroom.h"

#include <memory>

namespace boxoffice::redis {

class RedisClient;

// The waiting room in Redis, shared by every web server given the same Redis. Per event, under the
// hash tag {event} so one event's keys stay together on a cluster:
//   wr:{event}:queue  a sorted set of visitors: a drawn visitor scores its draw in [0,1), a later one
//                     1 + an arrival number, so every drawn visitor sorts ahead of every later one;
//   wr:{event}:seq    the arrival counter;
//   wr:{event}:admit  a hash: admitted (in admission-milliseconds, fractions kept) and the last
//                     moment accounted for.
class RedisWaitingRoomStore : public WaitingRoomStore
{
public:
    explicit RedisWaitingRoomStore(std::shared_ptr<RedisClient> client);

    Status join(EventId event, const QString &visitor, std::optional<double> drawScore) override;
    Result<qint64> position(EventId event, const QString &visitor) override;
    Result<qint64> length(EventId event) override;
    Result<qint64> advance(EventId event, double perSecond, qint64 nowMs) override;

private:
    QByteArray key(EventId event, const char *part) const;

    std::shared_ptr<RedisClient> m_client;
};

} // namespace boxoffice::redis
