// The front desk's guest profiles: the booking made in the name typed at booking time, and a guest's
// profile opened from a stay found in the Guests tab or by a search of its own.

#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/errortext.h"
#include "ui/frontdesk/foliopanel.h"
#include "ui/frontdesk/guestprofiledialog.h"
#include "ui/frontdesk/guestprofilefields.h"
#include "ui/hotel/staysearchmodel.h"

#include <QItemSelectionModel>
#include <QLineEdit>
#include <QTableView>

namespace boxoffice {

bool FrontDeskPanel::bookInGuestsName()
{
    const GuestDetails typed = m_guestFields->details();
    if (!m_services.guests) {
        // Without profiles the name given with the hold is booked; the database refuses none at all.
        if (!typed.name.trimmed().isEmpty())
            return true;
        showMessage(errorText(withReason(makeError(ErrorCode::BadInput, QString()), ErrorReason::GuestNameMissing)),
                    true);
        m_guest->setFocus();
        return false;
    }
    const CartId cart = m_cart;
    const StayId stay = m_heldStay;
    const GuestId chosen = m_guestFields->chosenGuest();
    auto guest = m_services.calls([&] { return m_services.guests->bookAs(cart, stay, chosen, typed); });
    if (!guest) {
        showMessage(errorText(guest.error()), true);
        if (guest.error().code == ErrorCode::BadInput)
            m_guest->setFocus();
        return false;
    }
    // The payment may still be cancelled: booking again then updates this profile, never a second one.
    m_guestFields->setChosenGuest(guest.value());
    return true;
}

void FrontDeskPanel::openGuestProfile()
{
    if (!m_services.guests)
        return;
    const auto rows = m_staysView->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        showMessage(tr("Choose a stay in the list first."), true);
        return;
    }
    const StayRecord stay = m_stays->stay(rows.first().row());
    auto guest = m_services.calls([&] { return m_services.guests->guestOfStay(stay.id); });
    if (!guest) {
        showMessage(errorText(guest.error()), true);
        return;
    }
    if (!guest.value()) {
        showMessage(tr("Stay %1 has no guest profile (booked on the web or before profiles were kept): find the "
                       "guest's profile by name instead.")
                        .arg(stay.reference),
                    true);
        return;
    }
    GuestProfileDialog dialog(m_services, this);
    if (!dialog.load(guest.value())) {
        showMessage(dialog.message(), true);
        return;
    }
    showGuestProfile(dialog, stay.id);
}

void FrontDeskPanel::findGuestProfile()
{
    if (!m_services.guests)
        return;
    GuestProfileDialog dialog(m_services, this);
    const QString typed = m_search->text().trimmed();
    if (typed.size() >= 2)
        dialog.search(typed);
    showGuestProfile(dialog);
}

void FrontDeskPanel::showGuestProfile(GuestProfileDialog &dialog, StayId stay)
{
    if (m_services.folio) {
        // The front-desk clerk's usual question at the desk: what does this guest owe for this stay.
        auto *folio = new FolioPanel;
        wireFolio(folio);
        connect(&dialog, &GuestProfileDialog::staySelected, folio, &FolioPanel::setStay);
        dialog.setStayPanel(folio);
        if (stay)
            dialog.selectStay(stay);
    }
    if (profileHook)
        profileHook(dialog);
    else
        dialog.exec();
    reloadStays(); // a name saved in the profile shows in the list as the stays carry it
}

} // namespace boxoffice
