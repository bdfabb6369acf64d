// The folio's refusals in the clerk's language.

#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString folioText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::FolioChargeIncomplete,
         QT_TRANSLATE_NOOP("ErrorText",
                           "A charge needs a description, a price above zero and a quantity from 1 to 999.")},
        {ErrorReason::FolioNotInHouse,
         QT_TRANSLATE_NOOP("ErrorText", "Charges are posted only while the guest is checked in.")},
        {ErrorReason::FolioVoidNeedsReason, QT_TRANSLATE_NOOP("ErrorText", "Say why the charge is voided.")},
        {ErrorReason::FolioVoidManagerOnly,
         QT_TRANSLATE_NOOP("ErrorText", "Only a manager may void a charge: ask one to sign in.")},
        {ErrorReason::FolioChargeClosed,
         QT_TRANSLATE_NOOP("ErrorText", "That charge was voided or paid already; nothing changed.")},
        {ErrorReason::FolioBalanceChanged,
         QT_TRANSLATE_NOOP("ErrorText",
                           "The balance changed while the guest was paying (another desk posted or voided a "
                           "charge). Nothing was changed: look at the folio and ask again.")},
        {ErrorReason::FolioNeedsPayment,
         QT_TRANSLATE_NOOP("ErrorText",
                           "This guest still owes money: take the payment of the balance, then check out.")},
        {ErrorReason::FolioUnsettled,
         QT_TRANSLATE_NOOP("ErrorText",
                           "This stay still owes money (the room on guarantee or folio charges): settle the folio "
                           "and check out.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
