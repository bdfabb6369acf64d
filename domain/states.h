#pragma once

#include <QString>

#include <array>

namespace boxoffice {

// Where orders, payments, lines, stays and refunds stand. The database spells them in its own words
// (storage/statetext.h is the one place that knows how); the rest of the code compares these.

enum class OrderState { Pending, Paid, Guaranteed, Expired, Cancelled, Refunded };

// Unknown is a recorded state, not a parse failure: the charge was asked for and the answer was lost.
enum class PaymentState { Charging, Unknown, Succeeded, Declined };

// One set for every line shape (seat, GA, stay, table, supplement); each shape uses a subset.
enum class LineState { Pending, Sold, Lost, Released, Replaced, Refunded, Cancelled };

enum class StayState { Held, Booked, Expired, Released, Cancelled, CheckedIn, CheckedOut, Walked };

enum class RefundState { Due, Succeeded, Failed };

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
                                          StayState::CheckedOut, StayState::Walked};
inline constexpr std::array allRefundStates{RefundState::Due, RefundState::Succeeded, RefundState::Failed};

// The provider's answer is recorded; nothing more will be asked under the payment's key.
bool isDecided(PaymentState state);

// "PAID", "SOLD", "CHECKED_IN": the names the web API, the command-line tool and the desk print. They are
// part of those outputs' contract, so they stay put whatever the database calls the states.
QString orderStateName(OrderState state);
QString paymentStateName(PaymentState state);
QString lineStateName(LineState state);
QString stayStateName(StayState state);
QString refundStateName(RefundState state);

} // namespace boxoffice
