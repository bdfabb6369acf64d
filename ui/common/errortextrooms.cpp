// Rooms, room assignment and housekeeping refusals in the clerk's language.

#include "domain/roomreasons.h"
#include "ui/common/errortextreasons.h"

#include <QtGlobal>

namespace boxoffice::ErrorWording {

QString roomText(const DomainError &error)
{
    static const Wording table[] = {
        {ErrorReason::RoomNotChosen, QT_TRANSLATE_NOOP("ErrorText", "Select a room in the rack first.")},
        {ErrorReason::RoomUnknown,
         QT_TRANSLATE_NOOP("ErrorText", "That room or stay cannot be found (any more): look at the rack again.")},
        {ErrorReason::RoomTaken,
         QT_TRANSLATE_NOOP("ErrorText",
                           "That room is taken or out of order on at least one of those nights. Choose another "
                           "room; nothing was changed.")},
        {ErrorReason::RoomNoneFree,
         QT_TRANSLATE_NOOP("ErrorText",
                           "No clean room of this type is free for the whole stay, so the guest was not checked in. "
                           "Have a room cleaned or give the stay a room in the Rooms tab.")},
        {ErrorReason::RoomNotReady,
         QT_TRANSLATE_NOOP("ErrorText",
                           "That room is not clean or inspected yet. Have it cleaned, or choose another room.")},
        {ErrorReason::RoomWrongType,
         QT_TRANSLATE_NOOP("ErrorText", "That room is not of the stay's room type: choose a room of that type.")},
        {ErrorReason::RoomOutOfOrder,
         QT_TRANSLATE_NOOP("ErrorText", "That room is out of order: choose another room.")},
        {ErrorReason::RoomStayNotBooked,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Only a booked stay is given a room ahead of arrival; a guest in house moves rooms "
                           "instead.")},
        {ErrorReason::RoomStayNotInHouse,
         QT_TRANSLATE_NOOP("ErrorText", "Only a checked-in guest moves rooms; give a booked stay its room instead.")},
        {ErrorReason::RoomStayDeparting,
         QT_TRANSLATE_NOOP("ErrorText", "The guest leaves today: there is no night left to move.")},
        {ErrorReason::RoomSame, QT_TRANSLATE_NOOP("ErrorText", "The guest is in that room already.")},
        {ErrorReason::HousekeepingNotAllowed,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Housekeeping goes dirty, then clean, then inspected. A room out of order comes back "
                           "into service first.")},
        {ErrorReason::HousekeepingUnchanged, QT_TRANSLATE_NOOP("ErrorText", "The room is in that state already.")},
        {ErrorReason::OutOfOrderDates,
         QT_TRANSLATE_NOOP("ErrorText",
                           "Give the first night out of order (today or later) and the first night back in "
                           "service, after it and within a year.")},
        {ErrorReason::OutOfOrderReasonMissing, QT_TRANSLATE_NOOP("ErrorText", "Say why the room is out of order.")},
        {ErrorReason::OutOfOrderTaken,
         QT_TRANSLATE_NOOP("ErrorText",
                           "A guest has this room on some of those nights, or it is out of order then already. Move "
                           "the stay to another room first. Nothing was changed.")},
        {ErrorReason::OutOfOrderPhysical,
         QT_TRANSLATE_NOOP("ErrorText",
                           "On some of those nights no physical room of this type is left to take out of order. "
                           "Nothing was changed.")},
        {ErrorReason::RoomNotOutOfOrder, QT_TRANSLATE_NOOP("ErrorText", "That room is not out of order.")},
        {ErrorReason::RoomStayNotChosen,
         QT_TRANSLATE_NOOP("ErrorText", "Find the stay by name or booking reference and choose it first.")},
    };
    return fromTable(error, table);
}

} // namespace boxoffice::ErrorWording
