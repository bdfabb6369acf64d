// Room rates' refusals in the clerk's language.

#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString rateText(const DomainError &error)
{
    static const Wording table[] = {
        //: %1 is the longest name a rate may have, in characters, e.g. 80.
        {ErrorReason::RateNameMissing,
         QT_TRANSLATE_NOOP("ErrorText", "Give the rate a name of at most %1 characters.")},
        {ErrorReason::RateNightsOrder,
         QT_TRANSLATE_NOOP("ErrorText", "A rate runs from its first night to a last night on or after it.")},
        //: %1 is the most nights one rate may cover, e.g. 732.
        {ErrorReason::RateTooLong, QT_TRANSLATE_NOOP("ErrorText", "A rate covers at most %1 nights: split it in two.")},
        {ErrorReason::RateWeekdays, QT_TRANSLATE_NOOP("ErrorText", "Choose the weekdays again.")},
        {ErrorReason::RateNegative, QT_TRANSLATE_NOOP("ErrorText", "A rate cannot be negative.")},
        {ErrorReason::RateManagerOnly,
         QT_TRANSLATE_NOOP("ErrorText", "Only a manager may set room rates: ask a manager to sign in.")},
        {ErrorReason::RateUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "That rate no longer exists: someone removed it. The list is read again.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
