#pragma once

#include <QString>

#include <array>
#include <optional>

namespace boxoffice {

// Where orders, payments, lines, stays and refunds stand. The database spells them in its own words
// (storage/statetext.h is the one place that knows how); the rest of the code compares these.

enum class OrderState { Pending, Paid, Guaranteed, Expired, Cancelled, Refunded };

// Unknown is a recorded state, not a parse failure: the charge was asked for and the answer was lost.
enum class PaymentState { Charging, Unknown, Succeeded, Declined };

// One set for every line shape (seat, GA, stay, table, supplement); each shape uses a subset.
enum class LineState { Pending, Sold, Lost, Released, Replaced, Refunded, Cancelled };

enum class StayState { Held, Booked, Expired, Released, Cancelled, CheckedIn, CheckedOut, Walked, NoShow };

enum class RefundState { Due, Succeeded, Failed };

// What a seat is charged at, within its price band: the band's price (Adult), the event's child or
// concession price for that band, or nothing (Complimentary: a manager's decision with a reason).
enum class PriceType { Adult, Child, Concession, Complimentary };

// Why a manager took a seat off sale with no expiry: the house's own use, the press, or a kill (a camera
// position, a mixing desk).
enum class HouseKind { House, Press, Technical };

// Every value, for code that must answer for each one (the text mapping and its tests).
inline constexpr std::array allOrderStates{OrderState::Pending, OrderState::Paid,      OrderState::Guaranteed,
                                           OrderState::Expired, OrderState::Cancelled, OrderState::Refunded};
inline constexpr std::array allPaymentStates{PaymentState::Charging, PaymentState::Unknown, PaymentState::Succeeded,
                                             PaymentState::Declined};
inline constexpr std::array allLineStates{LineState::Pending,  LineState::Sold,     LineState::Lost,
                                          LineState::Released, LineState::Replaced, LineState::Refunded,
                                          LineState::Cancelled};
inline constexpr std::array allStayStates{StayState::Held,       StayState::Booked,    StayState::Expired,
                                          StayState::Released,   StayState::Cancelled, StayState::CheckedIn,
                                          StayState::CheckedOut, StayState::Walked,    StayState::NoShow};
inline constexpr std::array allRefundStates{RefundState::Due, RefundState::Succeeded, RefundState::Failed};
inline constexpr std::array allPriceTypes{PriceType::Adult, PriceType::Child, PriceType::Concession,
                                          PriceType::Complimentary};
inline constexpr std::array allHouseKinds{HouseKind::House, HouseKind::Press, HouseKind::Technical};

// The provider's answer is recorded; nothing more will be asked under the payment's key.
bool isDecided(PaymentState state);

// "PAID", "SOLD", "CHECKED_IN": the names the web API, the command-line tool and the desk print. They are
// part of those outputs' contract, so they stay put whatever the database calls the states.
QString orderStateName(OrderState state);
QString paymentStateName(PaymentState state);
QString lineStateName(LineState state);
QString stayStateName(StayState state);
QString refundStateName(RefundState state);
QString priceTypeName(PriceType type); // "ADULT", "CHILD", "CONCESSION", "COMPLIMENTARY"
QString houseKindName(HouseKind kind); // "HOUSE", "PRESS", "TECHNICAL"
// The reverse of the two above, for command-line arguments (case-insensitive); none when unknown.
std::optional<PriceType> priceTypeFromName(const QString &name);
std::optional<HouseKind> houseKindFromName(const QString &name);

} // namespace boxoffice
