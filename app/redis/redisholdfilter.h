#pragma once

#include "domain/holdfilter.h"

#include <memory>

namespace boxoffice::redis {

class RedisClient;

// The hold filter in Redis: one key per marked unit, hf:{event}:<unit>, holding the cart that marked
// it and expiring on its own.
class RedisHoldFilter : public HoldFilter
{
public:
    explicit RedisHoldFilter(std::shared_ptr<RedisClient> client);

    Result<QVector<UnitId>> mark(EventId event, const QVector<UnitId> &units, const CartId &cart, int ttlMs) override;
    void unmark(EventId event, const QVector<UnitId> &units, const CartId &cart) override;

private:
    QByteArrayList keys(EventId event, const QVector<UnitId> &units) const;

    std::shared_ptr<RedisClient> m_client;
};

} // namespace boxoffice::redis
