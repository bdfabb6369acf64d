#pragma once

#include <QDateTime>
#include <QVariant>

#include <optional>

namespace boxoffice {

// Values crossing the QPSQL boundary. Times come back as epoch milliseconds computed by the database
// (CAST(extract(epoch FROM t) * 1000 AS bigint)), so no session time zone can shift them.
inline QDateTime fromEpochMs(const QVariant &value)
{
    return value.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

// A typed NULL: QPSQL binds it as NULL, and the statement's CAST gives it its type.
inline QVariant nullableInt(const std::optional<int> &value)
{
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<int>());
}

inline QVariant nullableId(qint64 id)
{
    return id > 0 ? QVariant(id) : QVariant(QMetaType::fromType<qint64>());
}

} // namespace boxoffice
