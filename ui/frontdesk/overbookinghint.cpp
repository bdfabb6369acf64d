#include "ui/frontdesk/overbookinghint.h"

#include <QLocale>

namespace boxoffice {

OverbookingHint::OverbookingHint(QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("overbookingHint"));
    setWordWrap(true);
}

void OverbookingHint::showFor(HotelId hotel, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    m_suggested = 0;
    clear();
    setToolTip(QString());
    if (!m_services.hotelLists || !hotel || !roomType || !checkIn.isValid() || checkOut <= checkIn)
        return;
    const QDate today = QDate::currentDate();
    auto found = m_services.calls(
        [&] { return m_services.hotelLists->suggestion(hotel, roomType, checkIn, checkOut, today); });
    if (!found)
        return;
    const OverbookingSuggestion &s = found.value();
    const AttritionHistory &h = s.history;
    if (!s.enoughHistory) {
        setText(tr("Suggested: %1 (too little history to overbook)").arg(s.suggestedSellable));
    } else {
        setText(tr("Suggested: %1").arg(s.suggestedSellable));
        setToolTip(tr("From the last %n night(s): %1 % of %2 booked room-nights lost to %3 late cancellations and %4 "
                      "no-shows, less %5 walked, on %6 physical rooms.",
                      nullptr, m_services.hotelLists->historyDays())
                       .arg(QLocale().toString(s.attritionPerMille / 10.0, 'f', 1))
                       .arg(h.bookedRoomNights)
                       .arg(h.lateCancelledRoomNights)
                       .arg(h.noShowRoomNights)
                       .arg(h.walkedRoomNights)
                       .arg(s.physical));
    }
    m_suggested = s.suggestedSellable;
}

} // namespace boxoffice
