// The front desk lists' and partner properties' refusals in the clerk's language.

#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString listsText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::WalkPartnerMissing,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Name the partner property the guest goes to (one of this hotel's). Nothing was changed.")},
        {ErrorReason::ListsRange, QT_TRANSLATE_NOOP("ErrorText", "Show between one night and a year.")},
        {ErrorReason::PartnerNameMissing, QT_TRANSLATE_NOOP("ErrorText", "Give the partner property's name.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
