// The front desk's booking flow: a stay held from the calendar or typed dates, its countdown, booking
// it with cash or card, giving it back, and a manager's sellable limit for the selected nights.

#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/frontdesk/compensationdialog.h"
#include "ui/frontdesk/compensationreport.h"
#include "ui/frontdesk/guestprofilefields.h"
#include "ui/hotel/arrivalsatriskmodel.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/countercheckout.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QComboBox>
#include <QDateEdit>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>

namespace boxoffice {

void FrontDeskPanel::holdRange(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    if (!m_services.ready() || refusedOffline())
        return;
    if (m_heldStay)
        releaseHeldStay();
    StayRequest request;
    request.roomType = roomType;
    request.cart = m_cart;
    request.checkIn = checkIn;
    request.checkOut = checkOut;
    request.guestName = m_guest->text().trimmed();
    auto held = m_services.calls([&] { return m_services.hotels->holdStay(request); });
    if (!held) {
        showMessage(errorText(held.error()), true);
        loadCalendar();
        return;
    }
    m_heldStay = held->id;
    m_heldUntil = held->expiresAt;
    m_heldPrice = priceOf(roomType, checkIn, checkOut);
    const int row = m_grid->rowOf(roomType);
    const QString code = row >= 0 ? m_grid->calendar().roomTypes.at(row).code : QString();
    m_heldLabel = tr("%1, %n night(s) from %2", nullptr, int(checkIn.daysTo(checkOut)))
                      .arg(code, QLocale().toString(checkIn, QLocale::ShortFormat));
    onClockTick(m_clock.now());
    showMessage(tr("Held %1 (reference %2). Take the guest's details, then book.").arg(m_heldLabel, held->reference));
    loadCalendar();
    m_grid->setSelection(roomType, checkIn, checkOut);
}

void FrontDeskPanel::onClockTick(const QDateTime &serverNow)
{
    const bool holding = m_heldStay != 0;
    m_cashButton->setEnabled(holding && m_connected);
    m_cardButton->setEnabled(holding && m_connected);
    m_releaseButton->setEnabled(holding && m_connected);
    m_guaranteeButton->setEnabled(holding && m_connected);
    if (!holding) {
        m_heldText->setText(tr("No stay held."));
        return;
    }
    const qint64 left = (serverNow.msecsTo(m_heldUntil) + 999) / 1000;
    if (left <= 0) {
        m_heldStay = 0;
        showMessage(tr("The hold on %1 ran out; the nights are on sale again.").arg(m_heldLabel), true);
        onClockTick(serverNow);
        return;
    }
    m_heldText->setText(
        tr("%1 — %2 — held for %3").arg(m_heldLabel, formatMoney(m_heldPrice, currency()), formatCountdown(left)));
    m_heldText->setStyleSheet(left <= CartModel::warningSeconds ? QStringLiteral("color:#b01c1c;") : QString());
}

std::optional<CounterSale> FrontDeskPanel::takePayment(PaymentMethod method)
{
    const CounterCheckout::Outcome outcome = m_checkout->run({m_cart, method, true, this, paymentHook});
    if (!outcome.message.isEmpty()) {
        showMessage(outcome.message, true);
        loadCalendar();
    }
    return outcome.sale;
}

void FrontDeskPanel::bookOnGuarantee()
{
    if (refusedOffline())
        return;
    if (!m_heldStay) {
        showMessage(tr("Select nights on the calendar first."), true);
        return;
    }
    if (!bookInGuestsName())
        return;
    const auto sale = takePayment(PaymentMethod::Guarantee);
    if (!sale)
        return;
    m_guestFields->clear();
    m_heldStay = 0;
    startNewCart();
    onClockTick(m_clock.now());
    showMessage(tr("Booked %1 on guarantee: order %2, %3 due on departure.")
                    .arg(m_heldLabel)
                    .arg(sale->order.id)
                    .arg(sale->order.amount.text()));
    loadCalendar();
    emit counterSaleMade(*sale, m_checkout->lastPayment());
}

void FrontDeskPanel::book(bool card)
{
    if (refusedOffline())
        return;
    if (!m_heldStay) {
        showMessage(tr("Select nights on the calendar first."), true);
        return;
    }
    if (!bookInGuestsName())
        return;
    const auto sale = takePayment(card ? PaymentMethod::Card : PaymentMethod::Cash);
    if (!sale)
        return;
    m_guestFields->clear();
    QString text = tr("Booked %1: order %2, %3 paid.").arg(m_heldLabel).arg(sale->order.id).arg(sale->charged.text());
    if (sale->change.minor() > 0)
        text += QLatin1Char(' ') + tr("Give %1 change.").arg(sale->change.text());
    m_heldStay = 0;
    startNewCart();
    onClockTick(m_clock.now());
    showMessage(text);
    loadCalendar();
    emit counterSaleMade(*sale, m_checkout->lastPayment());
}

void FrontDeskPanel::releaseHeldStay()
{
    if (!m_heldStay)
        return;
    const CartId cart = m_cart;
    const auto stay = m_heldStay;
    auto released = m_services.calls([&] { return m_services.hotels->releaseStay(cart, stay); });
    m_heldStay = 0;
    onClockTick(m_clock.now());
    if (!released)
        showMessage(errorText(released.error()), true);
    else
        showMessage(tr("Released %1.").arg(m_heldLabel));
    loadCalendar();
}

void FrontDeskPanel::holdTyped(RoomTypeId roomType, const QDate &checkIn, int nights)
{
    if (refusedOffline())
        return;
    if (!roomType || !checkIn.isValid() || nights <= 0) {
        showMessage(tr("Choose a room type, a first night and at least one night."), true);
        return;
    }
    const int row = m_grid->rowOf(roomType);
    const int day = m_grid->dayOf(checkIn);
    if (row < 0 || day < 0 || m_grid->dayOf(checkIn.addDays(nights - 1)) < 0) {
        showMessage(tr("Those nights are outside the hotel's calendar."), true);
        return;
    }
    holdRange(roomType, checkIn, checkIn.addDays(nights));
    m_grid->ensureCellVisible(row, day);
}

void FrontDeskPanel::setSellableForSelection(int sellable)
{
    if (refusedOffline())
        return;
    const int row = m_grid->selectedRow();
    if (row < 0 || !m_grid->selectedCheckIn().isValid()) {
        showMessage(tr("Select the nights on the calendar first."), true);
        return;
    }
    CapacityChange change;
    change.roomType = m_grid->calendar().roomTypes.at(row).id;
    change.from = m_grid->selectedCheckIn();
    change.until = m_grid->selectedCheckOut();
    change.sellable = sellable;
    // Selecting the nights held a room there: give it back first, or it would count against the limit.
    releaseHeldStay();
    auto changed = m_services.calls([&] { return m_services.hotels->changeCapacity(change); });
    if (!changed && changed.error().code == ErrorCode::PermissionDenied)
        showMessage(tr("Only a manager may change how many rooms are sold."), true);
    else
        showMessage(changed ? tr("%n night(s) now sell up to %1 rooms.", nullptr, changed.value()).arg(sellable)
                            : errorText(changed.error()),
                    !changed);
    loadCalendar();
}

} // namespace boxoffice
