// The till's, the restaurant tables', the price types' and the house seats' refusals in the clerk's
// language.

#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString tableText(const DomainError &error)
{
    static const Wording table[] = {
        //: %1 and %2 are the smallest and the largest party a table is booked for.
        {ErrorReason::PartySize, QT_TRANSLATE_NOOP("ErrorText", "A party is %1 to %2 people.")},
        {ErrorReason::BookingTimesMissing, QT_TRANSLATE_NOOP("ErrorText", "Give a start and an end time.")},
        {ErrorReason::BookingEndsFirst, QT_TRANSLATE_NOOP("ErrorText", "The booking must end after it starts.")},
        //: %1 is the most hours one table booking lasts, e.g. 12.
        {ErrorReason::BookingTooLong, QT_TRANSLATE_NOOP("ErrorText", "A booking lasts at most %1 hours.")},
        {ErrorReason::BookingUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "This table booking cannot be found: look it up again.")},
        {ErrorReason::RestaurantMissing, QT_TRANSLATE_NOOP("ErrorText", "Choose a restaurant.")},
        {ErrorReason::TableMissing, QT_TRANSLATE_NOOP("ErrorText", "Choose a table.")},
        {ErrorReason::TableUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "That table does not exist (any more): choose another.")},
        {ErrorReason::TableTaken,
         QT_TRANSLATE_NOOP("ErrorText",
                           "That table is already booked for part of that time: choose another table or time.")},
        //: %1 is the table's name, %2 how many it seats, %3 the size of the party.
        {ErrorReason::TableTooSmall, QT_TRANSLATE_NOOP("ErrorText", "Table %1 seats %2, fewer than the party of %3.")},
        //: %1 is the size of the party, %2 the time the booking starts ("19:30"), %3 how many minutes it lasts.
        {ErrorReason::TablesFull,
         QT_TRANSLATE_NOOP("ErrorText", "No table for a party of %1 is free from %2 for %3 minutes.")},
    };
    return fromTable(error, table);
}

QString tillText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::TillAmountNegative,
         QT_TRANSLATE_NOOP("ErrorText", "An amount in the till cannot be below zero.")},
        {ErrorReason::TillAmountTooLarge,
         QT_TRANSLATE_NOOP("ErrorText", "That is more than a till holds; check the amount.")},
        //: %1 is the most characters a note may have, e.g. 500.
        {ErrorReason::NoteTooLong, QT_TRANSLATE_NOOP("ErrorText", "A note is at most %1 characters.")},
        {ErrorReason::TillCurrencyMissing, QT_TRANSLATE_NOOP("ErrorText", "Choose the till's currency.")},
        {ErrorReason::ReportDayMissing, QT_TRANSLATE_NOOP("ErrorText", "Choose a day for the report.")},
        {ErrorReason::TillUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "This till cannot be found: look at the list again.")},
        //: %1 is the time the till was opened, e.g. 17:55.
        {ErrorReason::TillOpenAlready,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Your till at this terminal is open already (since %1); close it before opening another.")},
        {ErrorReason::TillClosedAlready, QT_TRANSLATE_NOOP("ErrorText", "This till was closed already.")},
        {ErrorReason::TillStillOpen,
         QT_TRANSLATE_NOOP("ErrorText", "This till is still open: its clerk closes it first.")},
        {ErrorReason::TillCountersignedAlready, QT_TRANSLATE_NOOP("ErrorText", "This till was countersigned already.")},
        {ErrorReason::TillCloseNotYours,
         QT_TRANSLATE_NOOP("ErrorText", "Only the clerk who opened this till can close it.")},
        {ErrorReason::TillCountersignRefused,
         QT_TRANSLATE_NOOP("ErrorText", "A till is countersigned by a manager other than the clerk who kept it.")},
    };
    return fromTable(error, table);
}

QString priceText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::PriceCompFree,
         QT_TRANSLATE_NOOP("ErrorText", "A complimentary seat is always free; it has no price to set.")},
        {ErrorReason::PriceNegative, QT_TRANSLATE_NOOP("ErrorText", "A price cannot be negative.")},
        {ErrorReason::PriceSeatNotChosen, QT_TRANSLATE_NOOP("ErrorText", "Choose a seat of this sale first.")},
        {ErrorReason::PriceSeatNotHeld, QT_TRANSLATE_NOOP("ErrorText", "That seat is no longer held by this sale.")},
        {ErrorReason::PriceTypeMissing,
         QT_TRANSLATE_NOOP("ErrorText",
                           "That price type has no price in this seat's band: choose another, or ask a manager to "
                           "set one.")},
        //: %1 is the price band's code as the seat map shows it, e.g. A.
        {ErrorReason::PriceBandUnknown, QT_TRANSLATE_NOOP("ErrorText", "This performance has no price band %1.")},
        {ErrorReason::PriceManagerOnly, QT_TRANSLATE_NOOP("ErrorText", "Only a manager may set prices.")},
        {ErrorReason::CompReasonMissing, QT_TRANSLATE_NOOP("ErrorText", "A complimentary seat needs a reason.")},
        {ErrorReason::CompNeedsManager,
         QT_TRANSLATE_NOOP("ErrorText", "A complimentary seat needs a manager: ask a manager to sign in.")},
        {ErrorReason::HouseSeatsNoneSelected,
         QT_TRANSLATE_NOOP("ErrorText", "Select the seats to hold for the house first.")},
        {ErrorReason::HouseSeatsOwnerMissing, QT_TRANSLATE_NOOP("ErrorText", "Say who the house seats are for.")},
        {ErrorReason::HouseSeatsNoneToRelease,
         QT_TRANSLATE_NOOP("ErrorText", "Select the house seats to release first.")},
        {ErrorReason::HouseSeatsHoldManagerOnly,
         QT_TRANSLATE_NOOP("ErrorText", "Only a manager may hold seats for the house.")},
        {ErrorReason::HouseSeatsReleaseManagerOnly,
         QT_TRANSLATE_NOOP("ErrorText", "Only a manager may release house seats.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
