#include "domain/seatholdrules.h"

#include <QSet>
#include <QVariant>

namespace boxoffice::SeatHoldRules {

namespace {

template<typename T> QStringList duplicatesOf(const QVector<T> &items)
{
    QSet<T> seen;
    QStringList duplicates;
    for (const T &item : items) {
        if (seen.contains(item))
            duplicates << QVariant::fromValue(item).toString();
        seen.insert(item);
    }
    duplicates.removeDuplicates();
    return duplicates;
}

} // namespace

Status checkEvent(EventId event)
{
    if (event <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An event id is a positive number."));
    return Done{};
}

Status checkCart(const CartId &cart)
{
    if (cart.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A cart id is required."));
    if (!isValidCartId(cart))
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("Cart id \"%1\" is not valid: use up to 64 letters, digits, '-', '_', '.' or ':'.")
                .arg(cart.left(80)));
    return Done{};
}

Status checkUnits(const QVector<UnitId> &units)
{
    if (units.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("No seats were given."));
    if (units.size() > maxUnitsPerRequest)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("At most %1 seats can be handled in one request.").arg(maxUnitsPerRequest));
    for (UnitId unit : units) {
        if (unit <= 0)
            return makeError(ErrorCode::BadInput, QStringLiteral("Seat id %1 is not valid.").arg(unit));
    }
    const QStringList duplicates = duplicatesOf(units);
    if (!duplicates.isEmpty())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("The same seat was given more than once: %1.").arg(duplicates.join(QStringLiteral(", "))));
    return Done{};
}

Status checkLabels(const QStringList &labels)
{
    if (labels.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("No seats were given."));
    if (labels.size() > maxUnitsPerRequest)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("At most %1 seats can be handled in one request.").arg(maxUnitsPerRequest));
    for (const QString &label : labels) {
        if (label.trimmed().isEmpty())
            return makeError(ErrorCode::BadInput, QStringLiteral("An empty seat name was given."));
    }
    const QStringList duplicates = duplicatesOf(QVector<QString>(labels.begin(), labels.end()));
    if (!duplicates.isEmpty())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("The same seat was given more than once: %1.").arg(duplicates.join(QStringLiteral(", "))));
    return Done{};
}

Status checkOrder(OrderId order)
{
    if (order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An order id is a positive number."));
    return Done{};
}

Status checkHold(const HoldRequest &request)
{
    if (auto status = checkEvent(request.event); !status)
        return status;
    if (auto status = checkCart(request.cart); !status)
        return status;
    if (auto status = checkUnits(request.units); !status)
        return status;
    if (request.ttlSeconds) {
        const int ttl = *request.ttlSeconds;
        if (ttl <= 0)
            return makeError(ErrorCode::BadInput, QStringLiteral("A hold must last at least one second."));
        if (ttl > maxTtlSeconds)
            return makeError(ErrorCode::BadInput, QStringLiteral("A hold cannot last longer than 24 hours."));
    }
    return Done{};
}

} // namespace boxoffice::SeatHoldRules
