// The front desk's lists: guests found by name or reference and what can be done to their stays, the
// arrivals at risk on an overbooked night with a manager's answers, and the saga's refund cases.

#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/common/statewords.h"
#include "ui/frontdesk/compensationdialog.h"
#include "ui/frontdesk/compensationreport.h"
#include "ui/hotel/arrivalsatriskmodel.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/cartmodel.h"
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

void FrontDeskPanel::findGuests(const QString &query)
{
    if (!m_services.ready())
        return;
    m_search->setText(query);
    auto found = m_services.calls([&] { return m_services.frontDesk->findStays(query); });
    if (!found) {
        showMessage(errorText(found.error()), true);
        return;
    }
    m_stays->setStays(found.value());
    m_lastQuery = query;
    m_tabs->setCurrentIndex(1);
    showMessage(tr("%n stay(s) found.", nullptr, int(found->size())));
}

void FrontDeskPanel::actOnSelectedStay(const QString &what)
{
    if (refusedOffline())
        return;
    const auto rows = m_staysView->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        showMessage(tr("Choose a stay in the list first."), true);
        return;
    }
    const StayRecord stay = m_stays->stay(rows.first().row());
    Status done = Done{};
    QString paidNote;
    if (what == QLatin1String("in"))
        return checkInStay(stay); // on the arrival day; earlier only as a manager allows
    if (what == QLatin1String("out") && m_services.folio)
        return checkOutWithFolio(stay); // the room and the extras, one payment (frontdeskfolio.cpp)
    if (what == QLatin1String("out")) {
        // A stay booked on guarantee is paid now, on departure: the payment is asked for first, then
        // taken together with the check-out, or not at all.
        std::optional<CounterPayment> payment;
        auto order = stay.order ? m_services.calls([&] { return m_services.carts->order(stay.order); })
                                : Result<OrderSummary>(makeError(ErrorCode::NotFound, QString()));
        if (order && order->state == OrderState::Guaranteed) {
            PaymentDialog dialog(order->amount, PaymentMethod::Cash, this);
            const bool accepted = paymentHook ? paymentHook(dialog) : dialog.exec() == QDialog::Accepted;
            if (!accepted)
                return;
            payment = dialog.payment();
        }
        auto out = m_services.calls([&] { return m_services.frontDesk->checkOut(stay.id, payment); });
        if (!out) {
            done = out.error();
            // The domain's English message says it already; in any other language the reason's
            // sentence does not, and the guest's money is still on the counter.
            const QString giveBack = tr("No payment was recorded: give back what the guest handed over.");
            if (payment && !errorText(done.error()).contains(giveBack))
                paidNote = QLatin1Char(' ') + giveBack;
        } else if (out->settled) {
            paidNote = QLatin1Char(' ')
                + tr("Paid %1; give %2 change.").arg(out->sale.charged.text(), out->sale.change.text());
            emit counterSaleMade(out->sale, *payment); // paid at the desk on departure: its receipt
        }
    } else if (what == QLatin1String("cancel"))
        return cancelStay(stay); // says what happens to the money first
    else if (what == QLatin1String("move")) {
        const QDate checkIn = m_grid->selectedCheckIn();
        const QDate checkOut = m_grid->selectedCheckOut();
        const int row = m_grid->selectedRow();
        if (!checkIn.isValid() || row < 0 || row >= m_grid->calendar().roomTypes.size()) {
            showMessage(tr("Select the new nights on the calendar, then move."), true);
            return;
        }
        // Selecting the nights held nothing, so a move that fails leaves nothing behind.
        return moveStay(stay, m_grid->calendar().roomTypes.at(row).id, checkIn, checkOut);
    }
    refresh(); // first: re-reading the guest list says how many it found
    showMessage(done ? tr("Done: %1 (%2).").arg(stay.reference, stay.guest) + paidNote
                     : errorText(done.error()) + paidNote,
                !done);
}

void FrontDeskPanel::showArrivalsAtRisk(const QDate &night)
{
    if (!m_hotel || !m_services.ready())
        return;
    if (m_night->date() != night)
        m_night->setDate(night);
    const HotelId hotel = m_hotel;
    auto arrivals = m_services.calls([&] { return m_services.frontDesk->arrivalsAtRisk(hotel, night); });
    if (!arrivals) {
        showMessage(errorText(arrivals.error()), true);
        return;
    }
    m_arrivals->setArrivals(arrivals.value());
    m_arrivalsNight = night;
    m_tabs->setCurrentIndex(2);
}

void FrontDeskPanel::reloadStays()
{
    if (m_lastQuery.isEmpty() || !m_services.ready())
        return;
    const QString query = m_lastQuery;
    auto found = m_services.calls([&] { return m_services.frontDesk->findStays(query); });
    if (!found)
        return; // the list stays as it was; the clerk's next search says what is wrong
    const auto rows = m_staysView->selectionModel()->selectedRows();
    const StayId chosen = rows.isEmpty() ? 0 : m_stays->stay(rows.first().row()).id;
    m_stays->setStays(found.value());
    for (int row = 0; chosen && row < m_stays->rowCount(); ++row) {
        if (m_stays->stay(row).id == chosen)
            m_staysView->selectRow(row);
    }
}

void FrontDeskPanel::reloadArrivals()
{
    if (!m_hotel || !m_arrivalsNight.isValid() || !m_services.ready())
        return;
    const HotelId hotel = m_hotel;
    const QDate night = m_arrivalsNight;
    auto arrivals = m_services.calls([&] { return m_services.frontDesk->arrivalsAtRisk(hotel, night); });
    if (!arrivals)
        return;
    const auto rows = m_arrivalsView->selectionModel()->selectedRows();
    const StayId chosen = rows.isEmpty() ? 0 : m_arrivals->arrival(rows.first().row()).stay.id;
    m_arrivals->setArrivals(arrivals.value());
    for (int row = 0; chosen && row < m_arrivals->rowCount(); ++row) {
        if (m_arrivals->arrival(row).stay.id == chosen)
            m_arrivalsView->selectRow(row);
    }
}

void FrontDeskPanel::resolveArrival(int row, OverbookingAction action, RoomTypeId target)
{
    if (refusedOffline())
        return;
    if (row < 0 || row >= m_arrivals->rowCount()) {
        showMessage(tr("Choose a guest in the list first."), true);
        return;
    }
    const ArrivalAtRisk arrival = m_arrivals->arrival(row);
    StayMoney money;
    Status done = Done{};
    if (action == OverbookingAction::Walk) {
        // The refund is decided over the money the manager is shown here.
        auto read = m_services.calls([&] { return m_services.frontDesk->stayMoney(arrival.stay.id); });
        if (!read) {
            showMessage(errorText(read.error()), true);
            return;
        }
        money = read.value();
        CompensationDialog dialog(tr("Walk to a partner hotel"), arrival.stay.guest, currency(), this);
        dialog.setRefundNote(walkRefundNote(money, false));
        const HotelId hotel = m_hotel;
        QVector<PartnerHotel> partners;
        if (m_services.hotelLists) {
            auto listed = m_services.calls([&] { return m_services.hotelLists->partners(hotel); });
            if (listed)
                partners = listed.value();
        }
        dialog.askForPartner(partners);
        const bool accepted = compensationHook ? compensationHook(dialog) : dialog.exec() == QDialog::Accepted;
        if (!accepted)
            return;
        const Money compensation(dialog.amountMinor(), currency()); // as the dialog read it
        const QString why = dialog.reason();
        qint64 partner = dialog.partnerId();
        if (!partner && m_services.hotelLists) {
            // A partner typed in: on the hotel's list from now on (a manager's, the database says).
            const QString name = dialog.partnerName();
            auto added = m_services.calls([&] { return m_services.hotelLists->addPartner(hotel, name); });
            if (!added) {
                showMessage(added.error().code == ErrorCode::PermissionDenied
                                ? tr("Only a manager may move, upgrade or walk a guest: ask one to sign in.")
                                : errorText(added.error()),
                            true);
                return;
            }
            partner = added->id;
        }
        done = m_services.calls(
            [&] { return m_services.frontDesk->walk(money, compensation, why, arrival.night, partner); });
    } else {
        const QString reason
            = action == OverbookingAction::Upgrade ? tr("upgraded: overbooked night") : tr("moved: overbooked night");
        const Money noCompensation(0, currency());
        done = m_services.calls([&] {
            return m_services.frontDesk->resolveOverbooking(arrival.stay.id, action, target, noCompensation, reason,
                                                            arrival.night);
        });
    }
    refresh(); // first: re-reading the guest list says how many it found
    if (!done && done.error().code == ErrorCode::PermissionDenied)
        showMessage(tr("Only a manager may move, upgrade or walk a guest: ask one to sign in."), true);
    else
        showMessage(
            done ? tr("%1: %2 — recorded in the compensation ledger.").arg(overbookingWords(action), arrival.stay.guest)
                    + (action == OverbookingAction::Walk ? QLatin1Char(' ') + walkRefundNote(money, true) : QString())
                 : errorText(done.error()),
            !done);
}

void FrontDeskPanel::loadRefundCases()
{
    if (!m_services.ready())
        return;
    auto cases = m_services.calls([&] { return m_services.frontDesk->openRefundCases(); });
    if (!cases)
        return;
    // The chosen case is kept by its id: a case closed at another desk shifts the rows, and the button
    // must never act on a neighbour.
    const auto selected = m_cases->selectionModel()->selectedRows();
    const int chosenRow = selected.isEmpty() ? -1 : selected.first().row();
    const qint64 chosen = chosenRow >= 0 && chosenRow < m_openCases.size() ? m_openCases.at(chosenRow).id : 0;
    m_openCases = cases.value();
    m_cases->clearSelection();
    m_cases->setRowCount(int(m_openCases.size()));
    for (int row = 0; row < m_openCases.size(); ++row) {
        const RefundCase &item = m_openCases.at(row);
        m_cases->setItem(row, 0, new QTableWidgetItem(QString::number(item.order)));
        m_cases->setItem(row, 1, new QTableWidgetItem(item.unit));
        m_cases->setItem(row, 2, new QTableWidgetItem(item.amount.text()));
        m_cases->setItem(row, 3,
                         new QTableWidgetItem(item.refundState ? refundStateWords(*item.refundState) : QString()));
        m_cases->setItem(row, 4, new QTableWidgetItem(item.reason));
    }
    m_cases->setCurrentCell(-1, -1);
    for (int row = 0; chosen && row < m_openCases.size(); ++row) {
        if (m_openCases.at(row).id == chosen)
            m_cases->selectRow(row);
    }
}

int FrontDeskPanel::refundCaseCount() const
{
    return int(m_openCases.size());
}

void FrontDeskPanel::closeRefundCase(int row)
{
    if (refusedOffline())
        return;
    if (row < 0 || row >= m_openCases.size()) {
        showMessage(tr("Choose a case in the list first."), true);
        return;
    }
    const auto refundCase = m_openCases.at(row).id;
    const Status closed = m_services.calls([&] { return m_services.frontDesk->closeRefundCase(refundCase); });
    showMessage(closed ? tr("Case of order %1 closed.").arg(m_openCases.at(row).order) : errorText(closed.error()),
                !closed);
    loadRefundCases();
}

} // namespace boxoffice
