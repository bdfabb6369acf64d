// The hotel's, the front desk's and the stay money's refusals in the clerk's language.

#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString hotelText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::DatesMissing, QT_TRANSLATE_NOOP("ErrorText", "Give both a check-in and a check-out date.")},
        {ErrorReason::StayNoNights,
         QT_TRANSLATE_NOOP("ErrorText",
                           "A stay needs at least one night: check-out is the day after check-in at the earliest.")},
        //: %1 is the most nights one stay may have, e.g. 60.
        {ErrorReason::StayTooLong, QT_TRANSLATE_NOOP("ErrorText", "A stay can be at most %1 nights.")},
        {ErrorReason::RoomTypeMissing, QT_TRANSLATE_NOOP("ErrorText", "Choose a room type.")},
        {ErrorReason::RoomTypeUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "That room type does not exist (any more): look at the calendar again.")},
        {ErrorReason::GuestNameTooLong, QT_TRANSLATE_NOOP("ErrorText", "The guest name is too long.")},
        {ErrorReason::HoldTimeRange, QT_TRANSLATE_NOOP("ErrorText", "A hold lasts from one second to 24 hours.")},
        {ErrorReason::StayUnknown, QT_TRANSLATE_NOOP("ErrorText", "This stay cannot be found: look it up again.")},
        {ErrorReason::StayOrRoomTypeUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "This stay or that room type cannot be found: look it up again.")},
        {ErrorReason::HotelUnknown, QT_TRANSLATE_NOOP("ErrorText", "This hotel cannot be found: choose it again.")},
        {ErrorReason::CalendarRange, QT_TRANSLATE_NOOP("ErrorText", "Show between one night and two years.")},
        {ErrorReason::CapacityNightsMissing,
         QT_TRANSLATE_NOOP("ErrorText", "Give the first night and the night after the last.")},
        {ErrorReason::CapacityNothingToChange,
         QT_TRANSLATE_NOOP("ErrorText", "Say what to change: sellable rooms, physical rooms or both.")},
        {ErrorReason::CapacityNegative, QT_TRANSLATE_NOOP("ErrorText", "Room counts cannot be negative.")},
    };
    return fromTable(error, table);
}

QString frontDeskText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::CheckInNotBooked, QT_TRANSLATE_NOOP("ErrorText", "Only a booked stay can check in.")},
        {ErrorReason::CheckOutNotCheckedIn, QT_TRANSLATE_NOOP("ErrorText", "Only a checked-in stay can check out.")},
        {ErrorReason::CheckInBeforeArrival,
         QT_TRANSLATE_NOOP("ErrorText",
                           "The guest arrives on a later day. Check-in opens on the arrival day; before it only a "
                           "manager can allow an early check-in.")},
        {ErrorReason::CheckInAfterDeparture,
         QT_TRANSLATE_NOOP("ErrorText", "The stay's last night has passed: there is nothing to check into.")},
        {ErrorReason::EarlyCheckInNeedsReason, QT_TRANSLATE_NOOP("ErrorText", "Say why the guest may check in early.")},
        {ErrorReason::EarlyCheckInNotEarly,
         QT_TRANSLATE_NOOP("ErrorText", "Today is the arrival day or later: the guest can simply check in.")},
        {ErrorReason::CheckOutNeedsPayment,
         QT_TRANSLATE_NOOP("ErrorText", "This stay was booked on guarantee: take the payment, then check out.")},
        {ErrorReason::CheckOutNothingOwed,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Nothing is owed for this stay on departure, so no payment was taken. Nothing was "
                           "changed.")},
        {ErrorReason::CheckOutCashOrCard,
         QT_TRANSLATE_NOOP("ErrorText", "Settle a guarantee with cash or a card payment.")},
        {ErrorReason::UpgradeNotBetter, QT_TRANSLATE_NOOP("ErrorText", "An upgrade goes to a better room type.")},
        {ErrorReason::OverbookingIncomplete,
         QT_TRANSLATE_NOOP("ErrorText", "Say why, and give a compensation of zero or more. Nothing was changed.")},
        {ErrorReason::OverbookingNightMissing, QT_TRANSLATE_NOOP("ErrorText", "Choose the overbooked night first.")},
        {ErrorReason::WalkNotMove, QT_TRANSLATE_NOOP("ErrorText", "A walk is not a move.")},
        {ErrorReason::RefundCaseClosed, QT_TRANSLATE_NOOP("ErrorText", "That case is already closed.")},
    };
    return fromTable(error, table);
}

QString stayMoneyText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::StayNotChosen, QT_TRANSLATE_NOOP("ErrorText", "Choose a stay in the guest list first.")},
        {ErrorReason::MoveNotChosen,
         QT_TRANSLATE_NOOP("ErrorText", "Choose the stay and the nights to move it to first.")},
        {ErrorReason::MoveSettlementMissing,
         QT_TRANSLATE_NOOP("ErrorText", "Say how the price difference is settled.")},
        {ErrorReason::MoveNothingToCharge,
         QT_TRANSLATE_NOOP("ErrorText", "The new stay costs no more: there is nothing to charge.")},
        {ErrorReason::MoveChargeUnpaid,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Nothing has been paid for this stay yet: the guest pays the new price on departure, "
                           "nothing is charged now.")},
        {ErrorReason::MovePayNow, QT_TRANSLATE_NOOP("ErrorText", "Take the difference now, in cash or by card.")},
        {ErrorReason::MovePaymentInvalid,
         QT_TRANSLATE_NOOP("ErrorText", "Take the difference in cash, or type the card terminal's reference.")},
        {ErrorReason::MoveNothingToRefund,
         QT_TRANSLATE_NOOP("ErrorText", "Only a move to a cheaper stay refunds a difference.")},
        {ErrorReason::MoveRefundUnpaid,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Nothing has been paid for this stay, so nothing is refunded: the guest pays the lower "
                           "price on departure.")},
        {ErrorReason::MoveNothingToWaive,
         QT_TRANSLATE_NOOP("ErrorText", "Only a dearer stay's difference can be waived.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
