#pragma once

#include <QByteArray>
#include <QVector>

namespace boxoffice::redis {

// One Redis reply, copied out of hiredis' reply tree so the callers never touch hiredis.
struct RedisValue
{
    enum class Type { Nil, Integer, String, Status, Array, Error };

    Type type = Type::Nil;
    qint64 integer = 0;
    QByteArray text; // String, Status and Error
    QVector<RedisValue> elements;

    bool isNil() const { return type == Type::Nil; }
};

} // namespace boxoffice::redis
