// The desk's paper: after a sale the tickets and the receipt go to the printers chosen for them (or
// the sale offers them: Ctrl+P, Ctrl+Shift+P); the Orders tab reprints an order's tickets and a copy of
// its receipt; the status bar's "Printing" menu changes printers.

#include "ui/desk/deskwindow.h"

#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/orders/orderlookuppanel.h"
#include "ui/print/printservice.h"
#include "ui/sale/serverclock.h"

#include <QAction>
#include <QMenu>
#include <QStatusBar>
#include <QToolButton>

namespace boxoffice {

void DeskWindow::buildPrinting()
{
    m_printing = new PrintService(this);
    connect(m_printing, &PrintService::finished, this,
            [this](PrintKind, bool ok, const QString &message) { showMessage(message, !ok); });
    connect(m_orders, &OrderLookupPanel::reprintTicketsRequested, this, &DeskWindow::reprintOrder);
    connect(m_orders, &OrderLookupPanel::printReceiptRequested, this, &DeskWindow::printOrderReceipt);
    // The manager who approved is named on the paper: the one who signed in on the spot, else this desk's.
    connect(m_orders, &OrderLookupPanel::refundReceiptDue, this,
            [this](const CounterRefund &refund, const QString &approvedBy) {
                printCounterReceipt(Receipts::forCounterRefund(refund, {m_staff.user, terminalName(), m_clock.now()},
                                                               approvedBy.isEmpty() ? m_staff.user : approvedBy));
            });
    connect(m_orders, &OrderLookupPanel::exchangeReceiptDue, this,
            [this](const CounterExchange &exchange, const QString &approvedBy) {
                printCounterReceipt(Receipts::forExchange(exchange, {m_staff.user, terminalName(), m_clock.now()},
                                                          approvedBy.isEmpty() ? m_staff.user : approvedBy));
            });
    connectFrontDeskReceipts();

    auto *receiptKey = new QAction(this);
    receiptKey->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    receiptKey->setShortcutContext(Qt::WindowShortcut);
    connect(receiptKey, &QAction::triggered, this, &DeskWindow::printLastReceipt);
    addAction(receiptKey);

    auto *menu = new QMenu(this);
    menu->addAction(tr("Print the last sale's &tickets"), QKeySequence::Print, this, &DeskWindow::printLastTickets);
    menu->addAction(tr("Print the last sale's &receipt"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), this,
                    &DeskWindow::printLastReceipt);
    menu->addAction(tr("&Open the last tickets as PDF"), this, &DeskWindow::openLastTickets);
    menu->addSeparator();
    menu->addAction(tr("Printer settings for tic&kets…"), this, [this] {
        if (m_printing->choosePrinter(PrintKind::Tickets))
            showMessage(tr("Tickets will print on %1.").arg(TicketStocks::displayName(PrintSettings::ticketStock())));
    });
    menu->addAction(tr("Printer settings for re&ceipts…"), this, [this] {
        if (m_printing->choosePrinter(PrintKind::Receipts))
            showMessage(
                tr("Receipts will print on %1.").arg(ReceiptStocks::displayName(PrintSettings::receiptStock())));
    });
    QAction *afterSale = menu->addAction(tr("Print tickets and receipt &after each sale"));
    afterSale->setCheckable(true);
    afterSale->setChecked(PrintSettings::printAfterSale());
    connect(afterSale, &QAction::toggled, this, [](bool on) { PrintSettings::setPrintAfterSale(on); });

    auto *button = new QToolButton;
    button->setObjectName(QStringLiteral("printingButton"));
    button->setText(tr("Printing"));
    button->setToolTip(tr("Print tickets and receipts; choose the printers"));
    button->setPopupMode(QToolButton::InstantPopup);
    button->setMenu(menu);
    statusBar()->addPermanentWidget(button);
}

void DeskWindow::connectFrontDeskReceipts()
{
    // A stay booked at the front desk is a counter sale too: its receipt, like the box office's.
    connect(m_frontDesk, &FrontDeskPanel::counterSaleMade, this,
            [this](const CounterSale &sale, const CounterPayment &payment) {
                m_lastReceipt = Receipts::forSale(sale, payment, {m_staff.user, terminalName(), m_clock.now()});
                if (PrintSettings::printAfterSale() && m_printing->hasPrinter(PrintKind::Receipts)) {
                    if (auto started = m_printing->printReceipt(*m_lastReceipt); !started)
                        showMessage(started.error().message, true);
                }
            });
    connect(m_frontDesk, &FrontDeskPanel::stayReceiptDue, this, [this](const StayMoneyReceipt &stay) {
        if (auto receipt = Receipts::forStayMoney(stay, {m_staff.user, terminalName(), m_clock.now()}))
            printCounterReceipt(*receipt);
    });
}

QString DeskWindow::printAfterSale()
{
    if (m_lastTickets.isEmpty() && !m_lastReceipt)
        return {};
    // Printing straight away needs a printer chosen before: a sale never stops on a print dialog.
    const bool tickets
        = !m_lastTickets.isEmpty() && PrintSettings::printAfterSale() && m_printing->hasPrinter(PrintKind::Tickets);
    const bool receipt
        = m_lastReceipt && PrintSettings::printAfterSale() && m_printing->hasPrinter(PrintKind::Receipts);
    QStringList said;
    if (tickets) {
        if (auto started = m_printing->printTickets(m_lastTickets); !started)
            said << tr("The tickets were not printed: %1").arg(started.error().message);
    }
    if (receipt) {
        if (auto started = m_printing->printReceipt(*m_lastReceipt); !started)
            said << tr("The receipt was not printed: %1").arg(started.error().message);
    }
    if (tickets && receipt)
        said << tr("Printing the tickets and the receipt.");
    else if (tickets)
        said << tr("Printing the tickets; Ctrl+Shift+P prints the receipt.");
    else if (receipt)
        said << (m_lastTickets.isEmpty() ? tr("Printing the receipt.")
                                         : tr("Printing the receipt; Ctrl+P prints the tickets."));
    else
        said << (m_lastTickets.isEmpty() ? tr("Ctrl+Shift+P prints the receipt.")
                                         : tr("Ctrl+P prints the tickets, Ctrl+Shift+P the receipt."));
    return QLatin1Char(' ') + said.join(QLatin1Char(' '));
}

void DeskWindow::printLastTickets()
{
    if (m_lastTickets.isEmpty()) {
        showMessage(tr("No tickets sold yet in this session. Reprint an older order's from the Orders tab."), true);
        return;
    }
    if (auto started = m_printing->printTickets(m_lastTickets); !started)
        showMessage(started.error().message, true);
    else
        showMessage(tr("Printing %n ticket(s)…", nullptr, int(m_lastTickets.size())));
}

void DeskWindow::printLastReceipt()
{
    if (!m_lastReceipt) {
        showMessage(tr("No sale yet in this session. Print an older order's receipt from the Orders tab."), true);
        return;
    }
    if (auto started = m_printing->printReceipt(*m_lastReceipt); !started)
        showMessage(started.error().message, true);
    else
        showMessage(tr("Printing the receipt for order %1…").arg(m_lastReceipt->order));
}

void DeskWindow::reprintOrder(OrderId order)
{
    if (!m_services.sales) {
        showMessage(tr("Not connected to the server: wait for the connection, then reprint."), true);
        return;
    }
    // The tickets as issued, read from the server: a reprint carries the same codes, and the door
    // admits each code once, whichever copy is scanned. The reprint is recorded before it prints.
    Result<QVector<Ticket>> tickets = QVector<Ticket>{};
    if (m_services.reprints) {
        const QString terminal = terminalName();
        auto reprint = m_services.calls([&] { return m_services.reprints->reprint(order, terminal); });
        if (reprint)
            tickets = reprint->tickets;
        else
            tickets = reprint.error();
    } else {
        tickets = m_services.calls([&] { return m_services.sales->tickets(order); });
    }
    if (!tickets) {
        showMessage(tickets.error().code == ErrorCode::NotFound
                        ? tr("Order %1 has no tickets to print.").arg(order)
                        : tr("The tickets of order %1 could not be read: %2").arg(order).arg(tickets.error().message),
                    true);
        return;
    }
    if (tickets->isEmpty()) {
        showMessage(tr("Order %1 has no tickets to print.").arg(order), true);
        return;
    }
    if (auto started = m_printing->printTickets(tickets.value()); !started) {
        showMessage(started.error().message, true);
        return;
    }
    showMessage(
        tr("Reprinting %n ticket(s) of order %1 with the same codes.", nullptr, int(tickets->size())).arg(order));
}

void DeskWindow::printOrderReceipt(const OrderDetails &order)
{
    const Receipt copy = Receipts::copyOf(order, {m_staff.user, terminalName(), m_clock.now()});
    if (auto started = m_printing->printReceipt(copy); !started)
        showMessage(started.error().message, true);
    else
        showMessage(tr("Printing a copy of the receipt for order %1…").arg(order.id));
}

void DeskWindow::printCounterReceipt(const Receipt &receipt)
{
    m_lastReceipt = receipt;
    const bool printNow = PrintSettings::printAfterSale() && m_printing->hasPrinter(PrintKind::Receipts);
    if (printNow) {
        if (auto started = m_printing->printReceipt(receipt); !started) {
            showMessage(tr("The receipt was not printed: %1").arg(started.error().message), true);
            return;
        }
    }
    switch (receipt.kind) {
    case Receipt::Kind::Exchange:
        showMessage(printNow ? tr("Printing the exchange receipt for order %1…").arg(receipt.order)
                             : tr("Ctrl+Shift+P prints the exchange receipt for order %1.").arg(receipt.order));
        break;
    case Receipt::Kind::Refund:
        showMessage(printNow ? tr("Printing the refund receipt for order %1…").arg(receipt.order)
                             : tr("Ctrl+Shift+P prints the refund receipt for order %1.").arg(receipt.order));
        break;
    case Receipt::Kind::Sale:
    case Receipt::Kind::Copy:
        showMessage(printNow ? tr("Printing the receipt for order %1…").arg(receipt.order)
                             : tr("Ctrl+Shift+P prints the receipt for order %1.").arg(receipt.order));
        break;
    }
}

} // namespace boxoffice
