#include "ui/hotel/staycolumns.h"

#include <QCoreApplication>
#include <QLocale>

namespace boxoffice::StayColumns {

QVariant display(const StayRecord &stay, int column)
{
    switch (column) {
    case Reference:
        return stay.reference;
    case Guest:
        return stay.guest;
    case RoomType:
        return stay.roomTypeCode;
    case CheckIn:
        return QLocale().toString(stay.checkIn, QLocale::ShortFormat);
    case CheckOut:
        return QLocale().toString(stay.checkOut, QLocale::ShortFormat);
    }
    return {};
}

QVariant sortValue(const StayRecord &stay, int column)
{
    if (column == CheckIn)
        return stay.checkIn;
    if (column == CheckOut)
        return stay.checkOut;
    return display(stay, column);
}

QVariant header(int column)
{
    switch (column) {
    case Reference:
        return QCoreApplication::translate("StayColumns", "Reference");
    case Guest:
        return QCoreApplication::translate("StayColumns", "Guest");
    case RoomType:
        return QCoreApplication::translate("StayColumns", "Room type");
    case CheckIn:
        return QCoreApplication::translate("StayColumns", "Check-in");
    case CheckOut:
        return QCoreApplication::translate("StayColumns", "Check-out");
    }
    return {};
}

} // namespace boxoffice::StayColumns
