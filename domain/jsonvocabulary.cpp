#include "domain/jsonvocabulary.h"

namespace boxoffice {

QString jsonTime(const QDateTime &time)
{
    if (!time.isValid())
        return {};
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QJsonValue jsonTimeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(jsonTime(time)) : QJsonValue(QJsonValue::Null);
}

QJsonObject jsonEvent(const EventSummary &event)
{
    return {{QStringLiteral("id"), event.id},
            {QStringLiteral("name"), event.name},
            {QStringLiteral("venue"), event.venue},
            {QStringLiteral("starts_at"), jsonTime(event.startsAt)},
            {QStringLiteral("currency"), event.currency},
            {QStringLiteral("hold_seconds"), event.policy.holdSeconds},
            {QStringLiteral("max_extensions"), event.policy.maxExtensions},
            {QStringLiteral("seats"), event.totalUnits}};
}

QString jsonDate(const QDate &date)
{
    return date.toString(Qt::ISODate);
}

// Derived from the names states.h keeps, as the web derives its order states, so no second table of
// spellings can drift from the first.
QString jsonState(OrderState state)
{
    return orderStateName(state).toLower();
}

QString jsonState(PaymentState state)
{
    return paymentStateName(state).toLower();
}

QString jsonState(StayState state)
{
    return stayStateName(state).toLower();
}

QString jsonState(RefundState state)
{
    return refundStateName(state).toLower();
}

QString jsonName(PriceType type)
{
    return priceTypeName(type).toLower();
}

QString jsonName(HouseKind kind)
{
    return houseKindName(kind).toLower();
}

QString jsonState(LineState state)
{
    return lineStateName(state);
}

} // namespace boxoffice
