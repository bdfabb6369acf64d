// The front desk's room rates: the dialog over the hotel shown, and the calendar read again after a change.

#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/ratesdialog.h"
#include "ui/hotel/hotelgridview.h"

namespace boxoffice {

void FrontDeskPanel::openRates()
{
    if (!m_services.rates || refusedOffline())
        return;
    HotelSummary hotel = m_grid->calendar().hotel;
    if (hotel.id == 0) {
        showMessage(tr("Choose a hotel first."), true);
        return;
    }
    hotel.roomTypes = m_grid->calendar().roomTypes;
    hotel.firstNight = m_grid->calendar().from;
    RatesDialog dialog(*m_services.rates, m_services.calls, hotel, m_staff.role == StaffRole::Manager, this);
    if (ratesHook)
        ratesHook(dialog);
    else
        dialog.exec();
    if (dialog.changed())
        refresh();
}

} // namespace boxoffice
