#include "domain/states.h"

namespace boxoffice {

bool isDecided(PaymentState state)
{
    return state == PaymentState::Succeeded || state == PaymentState::Declined;
}

QString orderStateName(OrderState state)
{
    switch (state) {
    case OrderState::Pending:
        return QStringLiteral("PENDING");
    case OrderState::Paid:
        return QStringLiteral("PAID");
    case OrderState::Guaranteed:
        return QStringLiteral("GUARANTEED");
    case OrderState::Expired:
        return QStringLiteral("EXPIRED");
    case OrderState::Cancelled:
        return QStringLiteral("CANCELLED");
    case OrderState::Refunded:
        return QStringLiteral("REFUNDED");
    }
    return {};
}

QString paymentStateName(PaymentState state)
{
    switch (state) {
    case PaymentState::Charging:
        return QStringLiteral("CHARGING");
    case PaymentState::Unknown:
        return QStringLiteral("UNKNOWN");
    case PaymentState::Succeeded:
        return QStringLiteral("SUCCEEDED");
    case PaymentState::Declined:
        return QStringLiteral("DECLINED");
    }
    return {};
}

QString lineStateName(LineState state)
{
    switch (state) {
    case LineState::Pending:
        return QStringLiteral("PENDING");
    case LineState::Sold:
        return QStringLiteral("SOLD");
    case LineState::Lost:
        return QStringLiteral("LOST");
    case LineState::Released:
        return QStringLiteral("RELEASED");
    case LineState::Replaced:
        return QStringLiteral("REPLACED");
    case LineState::Refunded:
        return QStringLiteral("REFUNDED");
    case LineState::Cancelled:
        return QStringLiteral("CANCELLED");
    }
    return {};
}

QString stayStateName(StayState state)
{
    switch (state) {
    case StayState::Held:
        return QStringLiteral("HELD");
    case StayState::Booked:
        return QStringLiteral("BOOKED");
    case StayState::Expired:
        return QStringLiteral("EXPIRED");
    case StayState::Released:
        return QStringLiteral("RELEASED");
    case StayState::Cancelled:
        return QStringLiteral("CANCELLED");
    case StayState::CheckedIn:
        return QStringLiteral("CHECKED_IN");
    case StayState::CheckedOut:
        return QStringLiteral("CHECKED_OUT");
    case StayState::Walked:
        return QStringLiteral("WALKED");
    case StayState::NoShow:
        return QStringLiteral("NO_SHOW");
    }
    return {};
}

QString refundStateName(RefundState state)
{
    switch (state) {
    case RefundState::Due:
        return QStringLiteral("DUE");
    case RefundState::Succeeded:
        return QStringLiteral("SUCCEEDED");
    case RefundState::Failed:
        return QStringLiteral("FAILED");
    }
    return {};
}

QString priceTypeName(PriceType type)
{
    switch (type) {
    case PriceType::Adult:
        return QStringLiteral("ADULT");
    case PriceType::Child:
        return QStringLiteral("CHILD");
    case PriceType::Concession:
        return QStringLiteral("CONCESSION");
    case PriceType::Complimentary:
        return QStringLiteral("COMPLIMENTARY");
    }
    return {};
}

QString houseKindName(HouseKind kind)
{
    switch (kind) {
    case HouseKind::House:
        return QStringLiteral("HOUSE");
    case HouseKind::Press:
        return QStringLiteral("PRESS");
    case HouseKind::Technical:
        return QStringLiteral("TECHNICAL");
    }
    return {};
}

std::optional<PriceType> priceTypeFromName(const QString &name)
{
    for (const PriceType type : allPriceTypes) {
        if (priceTypeName(type).compare(name.trimmed(), Qt::CaseInsensitive) == 0)
            return type;
    }
    return std::nullopt;
}

std::optional<HouseKind> houseKindFromName(const QString &name)
{
    for (const HouseKind kind : allHouseKinds) {
        if (houseKindName(kind).compare(name.trimmed(), Qt::CaseInsensitive) == 0)
            return kind;
    }
    return std::nullopt;
}

} // namespace boxoffice
