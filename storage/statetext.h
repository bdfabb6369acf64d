#pragma once

#include "domain/result.h"
#include "domain/seatmap.h"
#include "domain/states.h"

#include <QString>

#include <optional>

namespace boxoffice {

// The one place that knows how the database spells each state (the CHECK constraints of the
// migrations). Every state column read and every state value bound from C++ goes through here, so a
// spelling lives in SQL and in this file only.
QString toText(OrderState state);
QString toText(PaymentState state);
QString toText(LineState state);
QString toText(StayState state);
QString toText(RefundState state);
QString toText(PriceType type);
QString toText(HouseKind kind);
QString toText(SeatState state);

// A text the database allows but this program does not know is a bug (a migration added a state and
// nobody mapped it): Internal, never a silent default.
Result<OrderState> orderStateFromText(const QString &text);
Result<PaymentState> paymentStateFromText(const QString &text);
Result<LineState> lineStateFromText(const QString &text);
Result<StayState> stayStateFromText(const QString &text);
Result<RefundState> refundStateFromText(const QString &text);
Result<PriceType> priceTypeFromText(const QString &text);
Result<HouseKind> houseKindFromText(const QString &text);
// event_seats.state: AVAILABLE, HELD, SOLD, HOUSE (a seat a manager took off sale, migration 023).
Result<SeatState> unitStateFromText(const QString &text);

// A state of a row that may not exist (an outer join, read as ''): none.
template<typename State>
Result<std::optional<State>> optionalStateFromText(const QString &text, Result<State> (*fromText)(const QString &))
{
    if (text.isEmpty())
        return std::optional<State>{};
    auto state = fromText(text);
    if (!state)
        return state.error();
    return std::optional<State>{state.value()};
}

} // namespace boxoffice
