// The front desk's side of the folio: the chosen stay's folio in its own window, and a check-out that
// settles the room on guarantee and the extras with one payment, or checks a guest owing nothing out.

#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/frontdesk/foliodialog.h"
#include "ui/frontdesk/foliopanel.h"
#include "ui/frontdesk/foliowords.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/paymentdialog.h"

#include <QItemSelectionModel>
#include <QTableView>

namespace boxoffice {

namespace {

// The receipt's sale: the order's own lines (the room, when it was paid now) and the folio charges the
// payment settled, which the ledger holds as one supplement line that the order summary does not list.
CounterSale folioSale(const OrderSummary &order, const QVector<FolioCharge> &settled, const FolioSettlement &settlement)
{
    CounterSale sale;
    sale.order = order;
    for (const FolioCharge &charge : settled) {
        OrderLine line;
        line.kind = ItemKind::Stay;
        line.id = charge.id;
        line.label = folioKindWords(charge.kind) + QStringLiteral(": ") + charge.description;
        line.quantity = charge.quantity;
        line.amount = charge.total();
        line.state = LineState::Sold;
        sale.order.lines << line;
    }
    sale.charged = settlement.charged;
    sale.change = settlement.change;
    return sale;
}

} // namespace

void FrontDeskPanel::openFolio()
{
    if (refusedOffline() || !m_services.folio)
        return;
    const auto rows = m_staysView->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        showMessage(tr("Choose a stay in the list first."), true);
        return;
    }
    const StayRecord stay = m_stays->stay(rows.first().row());
    FolioDialog dialog(this);
    dialog.setWindowTitle(tr("Folio of %1").arg(stayLabel(stay)));
    FolioPanel *panel = dialog.panel();
    wireFolio(panel);
    panel->setStay(stay.id);
    if (folioHook)
        folioHook(dialog);
    else
        dialog.exec();
}

void FrontDeskPanel::wireFolio(FolioPanel *panel)
{
    panel->paymentHook = paymentHook;
    panel->setService(m_services.folio, m_services.calls);
    connect(panel, &FolioPanel::checkedOut, this,
            [this, panel](const FolioSettlement &settlement, const std::optional<CounterPayment> &payment,
                          const QString &) {
                const Folio &folio = panel->folio();
                refresh();
                showMessage(tr("Done: %1 (%2).").arg(folio.reference, folio.guest));
                if (!settlement.settled || !payment)
                    return;
                QVector<FolioCharge> settled;
                for (const FolioCharge &charge : folio.charges) {
                    if (charge.settledOrder == settlement.order)
                        settled << charge;
                }
                if (auto order = m_services.calls([&] { return m_services.carts->order(settlement.order); }))
                    emit counterSaleMade(folioSale(order.value(), settled, settlement), *payment); // its receipt
            });
}

void FrontDeskPanel::checkOutWithFolio(const StayRecord &stay)
{
    // The balance is asked for first (the room on guarantee and the open extras), then taken together
    // with the check-out in one database call, or not at all.
    auto folio = m_services.calls([&] { return m_services.folio->folio(stay.id); });
    if (!folio) {
        showMessage(errorText(folio.error()), true);
        return;
    }
    const Money balance = folio->balance();
    std::optional<CounterPayment> payment;
    if (balance.minor() > 0) {
        PaymentDialog dialog(balance, PaymentMethod::Cash, this);
        const bool accepted = paymentHook ? paymentHook(dialog) : dialog.exec() == QDialog::Accepted;
        if (!accepted)
            return;
        payment = dialog.payment();
    }
    auto out = m_services.calls([&] { return m_services.folio->settleAndCheckOut(stay.id, balance, payment); });
    QString paidNote;
    if (!out) {
        const QString giveBack = tr("No payment was recorded: give back what the guest handed over.");
        if (payment && !errorText(out.error()).contains(giveBack))
            paidNote = QLatin1Char(' ') + giveBack;
    } else if (out->settled && payment) {
        paidNote = QLatin1Char(' ') + tr("Paid %1; give %2 change.").arg(out->charged.text(), out->change.text());
        QVector<FolioCharge> settled;
        for (const FolioCharge &charge : folio->charges) {
            if (charge.open())
                settled << charge;
        }
        if (auto order = m_services.calls([&] { return m_services.carts->order(out->order); }))
            emit counterSaleMade(folioSale(order.value(), settled, out.value()), *payment); // its receipt
    }
    refresh(); // first: re-reading the guest list says how many it found
    showMessage(out ? tr("Done: %1 (%2).").arg(stay.reference, stay.guest) + paidNote
                    : errorText(out.error()) + paidNote,
                !out);
}

} // namespace boxoffice
