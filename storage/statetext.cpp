#include "storage/statetext.h"

namespace boxoffice {

namespace {

template<typename State, std::size_t count>
Result<State> fromText(const std::array<State, count> &states, const QString &text, const QString &what)
{
    for (const State state : states) {
        if (toText(state) == text)
            return state;
    }
    DomainError error
        = makeError(ErrorCode::Internal,
                    QStringLiteral("The database holds a %1 state this program does not know; it may be older than the "
                                   "database.")
                        .arg(what));
    error.detail = QStringLiteral("unknown %1 state '%2'").arg(what, text);
    return error;
}

} // namespace

QString toText(OrderState state)
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

QString toText(PaymentState state)
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

QString toText(LineState state)
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

QString toText(StayState state)
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

QString toText(RefundState state)
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

QString toText(PriceType type)
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

QString toText(HouseKind kind)
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

QString toText(SeatState state)
{
    switch (state) {
    case SeatState::Available:
        return QStringLiteral("AVAILABLE");
    case SeatState::Held:
        return QStringLiteral("HELD");
    case SeatState::Sold:
        return QStringLiteral("SOLD");
    case SeatState::House:
        return QStringLiteral("HOUSE");
    }
    return {};
}

Result<OrderState> orderStateFromText(const QString &text)
{
    return fromText(allOrderStates, text, QStringLiteral("order"));
}

Result<PaymentState> paymentStateFromText(const QString &text)
{
    return fromText(allPaymentStates, text, QStringLiteral("payment"));
}

Result<LineState> lineStateFromText(const QString &text)
{
    return fromText(allLineStates, text, QStringLiteral("order line"));
}

Result<StayState> stayStateFromText(const QString &text)
{
    return fromText(allStayStates, text, QStringLiteral("stay"));
}

Result<RefundState> refundStateFromText(const QString &text)
{
    return fromText(allRefundStates, text, QStringLiteral("refund"));
}

Result<PriceType> priceTypeFromText(const QString &text)
{
    return fromText(allPriceTypes, text, QStringLiteral("price type"));
}

Result<HouseKind> houseKindFromText(const QString &text)
{
    return fromText(allHouseKinds, text, QStringLiteral("house hold kind"));
}

Result<SeatState> unitStateFromText(const QString &text)
{
    return fromText(allSeatStates, text, QStringLiteral("seat"));
}

} // namespace boxoffice
