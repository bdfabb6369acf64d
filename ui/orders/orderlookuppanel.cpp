#include "ui/orders/orderlookuppanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/common/statewords.h"
#include "ui/orders/approvalspanel.h"
#include "ui/orders/orderactions.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

QString when(const QDateTime &at)
{
    return at.isValid() ? QLocale().toString(at.toLocalTime(), QLocale::ShortFormat) : QString();
}

QString stateWords(const QString &stateName)
{
    return stateName.toLower();
}

QString kindWords(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Seat:
        return OrderLookupPanel::tr("Seat");
    case ItemKind::Pool:
        return OrderLookupPanel::tr("Standing");
    case ItemKind::Stay:
        return OrderLookupPanel::tr("Stay");
    case ItemKind::Slot:
        return OrderLookupPanel::tr("Table");
    }
    return QString();
}

} // namespace

OrderLookupPanel::OrderLookupPanel(QWidget *parent) : QWidget(parent)
{
    buildUi();
    setMessage(tr("Type an order number, a name, a card terminal reference, or scan a ticket; then press Enter."),
               false);
}

void OrderLookupPanel::buildUi()
{
    auto *outer = new QVBoxLayout(this);
    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("orderSearch"));
    m_search->setMaxLength(OrderLookupRules::maxQueryLength + 20); // room for spaces around a scan; checked on Enter
    m_search->setPlaceholderText(tr("Order number, buyer or guest name, ticket code or card terminal reference"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Find an order"));
    outer->addWidget(m_search);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("orderSearchMessage"));
    m_message->setWordWrap(true);
    outer->addWidget(m_message);

    auto *splitter = new QSplitter(Qt::Vertical);
    m_results = new QTableWidget(0, ColumnCount);
    m_results->setObjectName(QStringLiteral("orderResults"));
    m_results->setAccessibleName(tr("Orders found"));
    m_results->setHorizontalHeaderLabels({tr("Order"), tr("State"), tr("Amount"), tr("Created"), tr("Found by")});
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    m_results->setSelectionMode(QAbstractItemView::SingleSelection);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->verticalHeader()->hide();
    m_results->horizontalHeader()->setStretchLastSection(true);
    splitter->addWidget(m_results);
    m_details = new QPlainTextEdit;
    m_details->setObjectName(QStringLiteral("orderDetails"));
    m_details->setAccessibleName(tr("Order details"));
    m_details->setAccessibleDescription(tr("The chosen order's lines, payments, refunds and tickets"));
    m_details->setReadOnly(true);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    splitter->addWidget(m_details);
    auto *below = new QWidget;
    auto *belowLayout = new QVBoxLayout(below);
    belowLayout->setContentsMargins(0, 0, 0, 0);
    m_orderButtons = new QHBoxLayout;
    belowLayout->addLayout(m_orderButtons);
    auto *afterSales = new QHBoxLayout;
    m_actions = new OrderActions;
    m_approvals = new ApprovalsPanel;
    afterSales->addWidget(m_actions, 3);
    afterSales->addWidget(m_approvals, 2);
    belowLayout->addLayout(afterSales, 1);
    splitter->addWidget(below);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 2);
    outer->addWidget(splitter, 1);
    buildPrintButtons(outer);

    setFocusProxy(m_search);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { search(m_search->text()); });
    connect(m_results, &QTableWidget::itemSelectionChanged, this, &OrderLookupPanel::showSelected);
    connect(m_actions, &OrderActions::orderChanged, this, &OrderLookupPanel::reshow);
    connect(m_actions, &OrderActions::saleHandedOver, this, &OrderLookupPanel::saleHandedOver);
    connect(m_actions, &OrderActions::orderChanged, m_approvals, &ApprovalsPanel::reload);
    connect(m_approvals, &ApprovalsPanel::decided, this, &OrderLookupPanel::reshow);
    connect(m_actions, &OrderActions::refunded, this,
            [this](const CounterRefund &refund) { emit refundReceiptDue(refund, m_actions->lastApprovedBy()); });
    connect(m_actions, &OrderActions::exchanged, this, [this](const CounterExchange &exchange) {
        emit exchangeReceiptDue(exchange, m_actions->lastApprovedBy());
    });
    connect(m_approvals, &ApprovalsPanel::refunded, this,
            [this](const CounterRefund &refund) { emit refundReceiptDue(refund, m_approvals->lastApprovedBy()); });
    connect(m_approvals, &ApprovalsPanel::exchanged, this, [this](const CounterExchange &exchange) {
        emit exchangeReceiptDue(exchange, m_approvals->lastApprovedBy());
    });
}

void OrderLookupPanel::setAfterSales(const AfterSalesServices &own, const ManagerSignIn &signIn,
                                     CounterSaleService *sales)
{
    m_actions->setServices(own, signIn, sales);
    m_approvals->setServices(own, signIn);
}

void OrderLookupPanel::setStaffRole(StaffRole role)
{
    m_actions->setRole(role);
    m_approvals->setRole(role);
}

void OrderLookupPanel::setCurrentSale(std::function<CartId()> cart)
{
    m_actions->setCurrentSale(std::move(cart));
}

void OrderLookupPanel::reshow(OrderId order)
{
    // The order's new state, read again; the list of hits keeps its rows (their states may be stale
    // until the next search).
    const int row = m_results->currentRow();
    if (row >= 0 && row < m_hits.size() && m_hits.at(row).id == order)
        showSelected();
}

void OrderLookupPanel::setService(OrderLookupService *lookup, DatabaseCalls calls)
{
    m_calls = std::move(calls);
    // A new sign-in (or none): what the previous one looked up is not left on the screen.
    if (lookup != m_lookup) {
        m_search->clear();
        showHits({});
    }
    m_lookup = lookup;
}

void OrderLookupPanel::search(const QString &typed)
{
    if (!m_lookup) {
        setMessage(tr("Not connected to the server. Wait for the connection, then search again."), true);
        return;
    }
    const auto hits = m_calls([&] { return m_lookup->find(typed); });
    // Selected, so that the next scan or search replaces it rather than adding to it.
    m_search->selectAll();
    if (!hits) {
        setMessage(errorText(hits.error()), true);
        showHits({});
        return;
    }
    showHits(hits.value());
    if (hits->isEmpty())
        setMessage(tr("No order matches \"%1\".").arg(typed.trimmed()), false);
    else if (hits->size() >= OrderLookupRules::maxHits)
        setMessage(tr("The newest %1 matching orders; type more to narrow the search.").arg(hits->size()), false);
    else
        setMessage(hits->size() == 1 ? tr("1 matching order.")
                                     : tr("%1 matching orders, newest first.").arg(hits->size()),
                   false);
}

void OrderLookupPanel::showHits(const QVector<OrderHit> &hits)
{
    m_hits = hits;
    const QSignalBlocker quiet(m_results);
    m_results->clearContents();
    m_results->setRowCount(int(hits.size()));
    for (int row = 0; row < hits.size(); ++row) {
        const OrderHit &hit = hits.at(row);
        auto *order = new QTableWidgetItem(QString::number(hit.id));
        order->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_results->setItem(row, OrderColumn, order);
        m_results->setItem(row, StateColumn, new QTableWidgetItem(orderStateWords(hit.state)));
        auto *amount = new QTableWidgetItem(hit.amount.text());
        amount->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_results->setItem(row, AmountColumn, amount);
        m_results->setItem(row, CreatedColumn, new QTableWidgetItem(when(hit.createdAt)));
        m_results->setItem(row, MatchColumn,
                           new QTableWidgetItem(QStringLiteral("%1: %2").arg(matchWords(hit.matchedBy), hit.matched)));
    }
    m_results->resizeColumnsToContents();
    m_details->clear();
    if (!hits.isEmpty())
        m_results->selectRow(0);
    showSelected();
}

void OrderLookupPanel::showSelected()
{
    const int row = m_results->currentRow();
    const auto selected = m_results->selectionModel()->selectedRows();
    m_shown.reset();
    updatePrintButtons();
    if (!m_lookup || selected.isEmpty() || row < 0 || row >= m_hits.size()) {
        m_details->clear();
        m_actions->showOrder(std::nullopt);
        return;
    }
    const OrderId order = m_hits.at(row).id;
    const auto details = m_calls([&] { return m_lookup->details(order); });
    if (!details) {
        m_details->setPlainText(
            tr("Order %1 could not be read: %2").arg(m_hits.at(row).id).arg(errorText(details.error())));
        m_actions->showOrder(std::nullopt);
        return;
    }
    showDetails(details.value());
    m_shown = details.value();
    updatePrintButtons();
    m_actions->showOrder(details.value());
}

void OrderLookupPanel::showDetails(const OrderDetails &d)
{
    // An order whose every unit went back in exchanges is "exchanged", not "refunded": nothing was refunded.
    bool allExchanged = d.state == OrderState::Refunded && !d.exchanges.isEmpty();
    for (const OrderLine &line : d.lines)
        allExchanged = allExchanged && (line.state != LineState::Refunded || d.exchangeOf(line));
    QStringList text;
    text << tr("Order %1 — %2, %3")
                .arg(d.id)
                .arg(allExchanged ? tr("exchanged") : orderStateWords(d.state), d.amount.text());
    QString origin = d.channel == QLatin1String("web") ? tr("Sold online") : tr("Sold at the counter");
    if (!d.buyer.isEmpty())
        origin += tr(" to %1").arg(d.buyer);
    origin += tr(", created %1").arg(when(d.createdAt));
    if (d.paidAt.isValid())
        origin += tr(", paid %1").arg(when(d.paidAt));
    text << origin;
    if (d.refunded.minor() > 0)
        text << tr("Refunded so far: %1").arg(d.refunded.text());
    for (const OrderExchangeRecord &x : d.exchanges) {
        if (x.fromOrder == d.id)
            text << tr("Exchanged into order %1: %2 carried over").arg(x.toOrder).arg(x.credit.text());
        else
            text << tr("Sold in an exchange from order %1: %2 credit carried over")
                        .arg(x.fromOrder)
                        .arg(x.credit.text());
    }

    text << QString() << tr("Lines (%1)").arg(d.lines.size());
    for (const OrderLine &line : d.lines) {
        const OrderExchangeRecord *exchange = d.exchangeOf(line);
        // A unit given back in an exchange reads as exchanged: its money went on to the new order.
        const QString state
            = exchange ? tr("exchanged into order %1").arg(exchange->toOrder) : lineStateWords(line.state);
        text << tr("  %1 %2 — %3, %4").arg(kindWords(line.kind), line.label, line.amount.text(), state);
    }
    if (d.lines.isEmpty())
        text << tr("  none");

    text << QString() << tr("Payments (%1)").arg(d.payments.size());
    for (const OrderPaymentRecord &p : d.payments) {
        QString line = p.online ? tr("  online (%1) %2 — %3").arg(p.method, p.amount.text(), stateWords(p.state))
                                : tr("  %1 at the counter %2 — taken by %3").arg(p.method, p.amount.text(), p.takenBy);
        if (!p.reference.isEmpty())
            line += tr(", reference %1").arg(p.reference);
        line += tr(", %1").arg(when(p.at));
        text << line;
    }
    if (d.payments.isEmpty())
        text << tr("  none");

    text << QString() << tr("Refunds (%1)").arg(d.refunds.size());
    for (const OrderRefundRecord &r : d.refunds)
        text << tr("  %1 — %2, \"%3\", %4").arg(r.amount.text(), refundStateWords(r.state), r.reason, when(r.at));
    if (d.refunds.isEmpty())
        text << tr("  none");

    if (!d.exchanges.isEmpty()) {
        text << QString() << tr("Exchanges (%1)").arg(d.exchanges.size());
        for (const OrderExchangeRecord &x : d.exchanges) {
            QStringList given;
            for (const OrderLine &line : d.lines) {
                if (d.exchangeOf(line) == &x)
                    given << tr("%1 %2").arg(kindWords(line.kind), line.label);
            }
            if (x.fromOrder == d.id)
                text << (given.isEmpty()
                             ? tr("  units worth %1 given back for order %2").arg(x.returnedTotal.text()).arg(x.toOrder)
                             : tr("  %1 given back for order %2").arg(given.join(QStringLiteral(", "))).arg(x.toOrder));
            else
                text << tr("  from order %1: %2 credit toward %3")
                            .arg(x.fromOrder)
                            .arg(x.credit.text(), x.newTotal.text());
            text << tr("    \"%1\", by %2, %3").arg(x.reason, x.by, when(x.at));
        }
    }

    text << QString() << tr("Tickets (%1)").arg(d.tickets.size());
    for (const OrderTicketRecord &t : d.tickets)
        text << (t.standing ? tr("  %1  %2, %3").arg(t.code, t.eventName, t.seatLabel)
                            : tr("  %1  %2, seat %3").arg(t.code, t.eventName, t.seatLabel));
    if (d.tickets.isEmpty())
        text << tr("  none");
    m_details->setPlainText(text.join(QLatin1Char('\n')));
}

void OrderLookupPanel::setMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText,
                     problem ? QColor(0xb3, 0x1b, 0x1b) : this->palette().color(QPalette::WindowText));
    m_message->setPalette(palette);
}

QString OrderLookupPanel::message() const
{
    return m_message->text();
}

QString OrderLookupPanel::detailsText() const
{
    return m_details->toPlainText();
}

} // namespace boxoffice

namespace boxoffice {

void OrderLookupPanel::buildPrintButtons(QVBoxLayout *outer)
{
    auto *row = new QHBoxLayout;
    m_reprint = new QPushButton(tr("Reprint &tickets"));
    m_reprint->setObjectName(QStringLiteral("reprintTickets"));
    m_reprint->setToolTip(tr("Prints the order's tickets again, with the same codes: the door admits each "
                             "ticket once, whichever copy is scanned."));
    m_receipt = new QPushButton(tr("Print &receipt"));
    m_receipt->setObjectName(QStringLiteral("printOrderReceipt"));
    m_receipt->setToolTip(tr("Prints a copy of the order's receipt: lines, payments and refunds so far."));
    row->addStretch(1);
    row->addWidget(m_reprint);
    row->addWidget(m_receipt);
    outer->addLayout(row);
    connect(m_reprint, &QPushButton::clicked, this, [this] {
        if (m_shown)
            emit reprintTicketsRequested(m_shown->id);
    });
    connect(m_receipt, &QPushButton::clicked, this, [this] {
        if (m_shown)
            emit printReceiptRequested(*m_shown);
    });
    updatePrintButtons();
}

void OrderLookupPanel::updatePrintButtons()
{
    if (!m_reprint)
        return;
    m_reprint->setEnabled(m_shown && !m_shown->tickets.isEmpty());
    m_receipt->setEnabled(m_shown.has_value());
}

} // namespace boxoffice
