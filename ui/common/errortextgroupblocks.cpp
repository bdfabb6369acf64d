// Group blocks' refusals in the clerk's language.

#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString groupBlockText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::GroupBlockNameMissing, QT_TRANSLATE_NOOP("ErrorText", "Give the group's name.")},
        //: %1 is the most nights one block may have, e.g. 366.
        {ErrorReason::GroupBlockNights,
         QT_TRANSLATE_NOOP("ErrorText", "A group block holds rooms for one to %1 nights.")},
        //: %1 is the most rooms a block may hold on one night, e.g. 999.
        {ErrorReason::GroupBlockRooms,
         QT_TRANSLATE_NOOP("ErrorText",
                           "A group block holds from 0 to %1 rooms a night, and some rooms on at least one night.")},
        {ErrorReason::GroupBlockCutoff,
         QT_TRANSLATE_NOOP("ErrorText", "Give the block a cut-off that is still ahead.")},
        //: %1 is the first night without enough rooms on sale, e.g. 2026-05-01.
        {ErrorReason::GroupBlockHotelFull,
         QT_TRANSLATE_NOOP("ErrorText", "Not enough rooms are on sale on %1: nothing was held for the group.")},
        //: %1 is the first night the group's block has no room left, e.g. 2026-05-01.
        {ErrorReason::GroupBlockFull,
         QT_TRANSLATE_NOOP("ErrorText", "The group's block has no room left on %1: nothing was picked up.")},
        {ErrorReason::GroupBlockPastCutoff,
         QT_TRANSLATE_NOOP(
             "ErrorText",
             "The group's cut-off has passed: its rooms are back on general sale. Book the guest as any guest.")},
        {ErrorReason::GroupBlockGuestMissing, QT_TRANSLATE_NOOP("ErrorText", "Give the guest's name.")},
        {ErrorReason::GroupBlockOutsideNights,
         QT_TRANSLATE_NOOP("ErrorText", "Choose nights within the group's block.")},
        {ErrorReason::GroupBlockManagerOnly,
         QT_TRANSLATE_NOOP("ErrorText", "Only a manager holds, shrinks or lets go of a group's rooms.")},
        {ErrorReason::GroupBlockUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "This group block cannot be found: look at the list again.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
