// Guest profiles' refusals in the clerk's language.

#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString guestText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::GuestNameMissing,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Type the guest's name: a stay is booked in a guest's name. Nothing was booked.")},
        //: %1 is the most characters the detail may have, e.g. 200.
        {ErrorReason::GuestDetailTooLong,
         QT_TRANSLATE_NOOP("ErrorText", "A guest detail is too long: at most %1 characters.")},
        {ErrorReason::GuestDetailUnprintable,
         QT_TRANSLATE_NOOP("ErrorText",
                           "A guest detail holds a character that cannot be printed (pasted from elsewhere?): "
                           "type it again.")},
        {ErrorReason::GuestEmailInvalid,
         QT_TRANSLATE_NOOP("ErrorText", "That e-mail address is not complete: check it, or leave it empty.")},
        {ErrorReason::GuestUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "This guest profile cannot be found: look the guest up again.")},
        {ErrorReason::GuestStayNotHeld,
         QT_TRANSLATE_NOOP("ErrorText", "The nights are no longer held for this desk: hold them again, then book.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
