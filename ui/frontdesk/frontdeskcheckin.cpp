// Arrivals: a guest checks in on the arrival day. Before it the database refuses, and a manager at the
// desk may allow an early check-in with a reason the database records; a clerk is told to ask one.

#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/errortext.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>

namespace boxoffice {

void FrontDeskPanel::checkInStay(const StayRecord &stay)
{
    Status done = m_services.calls([&] { return m_services.frontDesk->checkIn(stay.id); });
    QString how;
    if (!done && done.error().reason == QLatin1String(ErrorReason::CheckInBeforeArrival)
        && m_staff.role == StaffRole::Manager) {
        const std::optional<QString> reason = askEarlyCheckInReason(stay);
        if (!reason) {
            showMessage(errorText(done.error()), true);
            return;
        }
        done = m_services.calls([&] { return m_services.frontDesk->allowEarlyCheckIn(stay.id, *reason); });
        if (done)
            done = m_services.calls([&] { return m_services.frontDesk->checkIn(stay.id); });
        how = QLatin1Char(' ') + tr("Early check-in allowed and recorded.");
    }
    refresh(); // first: re-reading the guest list says how many it found
    showMessage(done ? tr("Done: %1 (%2).").arg(stay.reference, stay.guest) + how : errorText(done.error()), !done);
}

std::optional<QString> FrontDeskPanel::askEarlyCheckInReason(const StayRecord &stay)
{
    if (earlyCheckInHook)
        return earlyCheckInHook(stay);
    bool accepted = false;
    const QString reason
        = QInputDialog::getText(this, tr("Early check-in"),
                                tr("%1 arrives on %2. Check in early anyway? Say why (kept on record):")
                                    .arg(stay.guest, QLocale().toString(stay.checkIn, QLocale::LongFormat)),
                                QLineEdit::Normal, QString(), &accepted);
    if (!accepted)
        return std::nullopt;
    return reason;
}

} // namespace boxoffice
