// The front desk's side of a stay's money: before a cancel, a move or a walk the panel reads what was
// paid and says what will happen to it; the front desk service decides over the figures shown, and the
// database refuses what the role may not do or what changed since.

#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/frontdesk/movestaydialog.h"
#include "ui/frontdesk/staycanceldialog.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/sale/paymentdialog.h"

namespace boxoffice {

QString FrontDeskPanel::walkRefundNote(const StayMoney &money, bool done) const
{
    if (!money.paid())
        return done ? QString() : tr("Nothing was paid for this stay, so nothing is refunded.");
    const QString paid = money.amountPaid.text();
    return done ? tr("%1 refunded: it %2.").arg(paid, refundDestination(money))
                : tr("The guest paid %1 for this stay. Walking refunds all of it, which %2.")
                      .arg(paid, refundDestination(money));
}

QString FrontDeskPanel::stayLabel(const StayRecord &stay)
{
    return stay.guest.isEmpty() ? tr("Stay %1").arg(stay.reference)
                                : tr("Stay %1 (%2)").arg(stay.reference, stay.guest);
}

void FrontDeskPanel::cancelStay(const StayRecord &stay)
{
    auto money = m_services.calls([&] { return m_services.frontDesk->stayMoney(stay.id); });
    if (!money) {
        showMessage(errorText(money.error()), true);
        return;
    }
    const bool manager = m_staff.role == StaffRole::Manager;
    StayCancelDialog dialog(stay, money.value(), manager, this);
    const bool accepted = cancelHook ? cancelHook(dialog) : dialog.exec() == QDialog::Accepted;
    const QString paid = money->amountPaid.text();
    if (money->paid() && !manager) {
        showMessage(
            tr("Not cancelled: the guest has paid %1 for this stay. Only a manager can cancel it, with a refund "
               "or a cancellation fee.")
                .arg(paid),
            true);
        return;
    }
    if (!accepted || !dialog.mayConfirm()) {
        showMessage(tr("Not cancelled."));
        return;
    }
    const Money fee(dialog.feeMinor(), money->currency);
    const QString reason = dialog.reason();
    auto done = m_services.calls([&] { return m_services.frontDesk->cancelStay(money.value(), fee, reason); });
    if (!done) {
        showMessage(done.error().code == ErrorCode::PermissionDenied
                        ? tr("Only a manager can cancel a paid stay: ask one to sign in. Nothing was changed.")
                        : errorText(done.error()),
                    true);
        return;
    }
    const int nights = done->nightsReturned;
    QString text = tr("Cancelled %1 (%2):").arg(stay.reference, stay.guest) + QLatin1Char(' ')
        + (nights == 1 ? tr("its night is back on sale.") : tr("its %1 nights are back on sale.").arg(nights));
    if (done->refunded.minor() > 0)
        text += QLatin1Char(' ')
            + tr("%1 refunded: it %2.").arg(done->refunded.text(), refundDestination(money.value()));
    if (done->fee.minor() > 0)
        text += QLatin1Char(' ') + tr("Fee kept: %1.").arg(done->fee.text());
    QString why = tr("Stay cancelled: %1").arg(reason.isEmpty() ? tr("at the guest's request") : reason);
    if (done->fee.minor() > 0)
        why += QLatin1String("; ") + tr("fee kept %1").arg(done->fee.text());
    emit stayReceiptDue({stayLabel(stay), money.value(), done.value(), std::nullopt, why});
    refresh(); // first: re-reading the guest list says how many it found
    showMessage(text);
}

bool FrontDeskPanel::askForDifference(const MoveQuote &quote, MoveSettlement &settlement)
{
    PaymentDialog dialog(quote.difference(), PaymentMethod::Cash, this);
    dialog.setWindowTitle(tr("Take the difference"));
    if (!(paymentHook ? paymentHook(dialog) : dialog.exec() == QDialog::Accepted))
        return false;
    settlement.payment = dialog.payment();
    return true;
}

void FrontDeskPanel::moveStay(const StayRecord &stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    auto quote
        = m_services.calls([&] { return m_services.frontDesk->quoteMove(stay.id, roomType, checkIn, checkOut); });
    if (!quote) {
        showMessage(errorText(quote.error()), true);
        return;
    }
    const RoomTypeSummary &type = m_grid->calendar().roomTypes.at(m_grid->rowOf(roomType));
    MoveStayDialog dialog(stay, quote.value(), {type.code + QLatin1Char(' ') + type.name, checkIn, checkOut},
                          m_staff.role == StaffRole::Manager, this);
    const bool accepted = moveHook ? moveHook(dialog) : dialog.exec() == QDialog::Accepted;
    if (!accepted || !dialog.mayConfirm()) {
        showMessage(tr("Not moved."));
        return;
    }
    MoveSettlement settlement{dialog.settlement(), {}, dialog.reason()};
    if (settlement.how == PriceSettlement::Charge && !askForDifference(quote.value(), settlement)) {
        showMessage(tr("Not moved: nothing was charged."));
        return;
    }
    auto moved = m_services.calls([&] { return m_services.frontDesk->moveStay(quote.value(), settlement); });
    if (!moved) {
        refresh(); // a full night may have been taken meanwhile
        showMessage(
            moved.error().code == ErrorCode::PermissionDenied
                ? tr("Only a manager can waive or refund a price difference: ask one to sign in. Nothing was changed.")
                : errorText(moved.error()),
            true);
        return;
    }
    QString text = tr("Moved %1 (%2) to %3.").arg(stay.reference, stay.guest, type.code);
    if (moved->charged.minor() > 0)
        text += QLatin1Char(' ')
            + tr("Charged %1 at the desk; give %2 change.").arg(moved->charged.text(), moved->change.text());
    else if (moved->waived.minor() > 0)
        text += QLatin1Char(' ') + tr("Difference of %1 waived.").arg(moved->waived.text());
    else if (moved->refunded.minor() > 0)
        text += QLatin1Char(' ')
            + tr("%1 refunded: it %2.").arg(moved->refunded.text(), refundDestination(quote->money));
    else if (!quote->difference().isZero())
        text += QLatin1Char(' ') + tr("New price %1, paid on departure.").arg(quote->newPrice.text());
    std::optional<CounterPayment> paid;
    if (settlement.how == PriceSettlement::Charge)
        paid = settlement.payment;
    emit stayReceiptDue(
        {tr("%1, moved to %2").arg(stayLabel(stay), type.code), quote->money, moved.value(), paid,
         tr("Room change: %1").arg(settlement.reason.isEmpty() ? tr("cheaper stay") : settlement.reason)});
    refresh(); // first: re-reading the guest list says how many it found
    showMessage(text);
}

} // namespace boxoffice
