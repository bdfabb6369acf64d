#pragma once

#include "domain/cartitems.h"

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

// The shape of a cart or order line as the statements number it (0 seat, 1 GA, 2 stay, 3 table).
inline ItemKind kindFromIndex(int index)
{
    switch (index) {
    case 1:
        return ItemKind::Pool;
    case 2:
        return ItemKind::Stay;
    case 3:
        return ItemKind::Slot;
    default:
        return ItemKind::Seat;
    }
}

} // namespace boxoffice
