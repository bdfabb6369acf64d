#include "ui/orders/orderactions.h"

#include "domain/countersale.h"
#include "ui/common/money.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSysInfo>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

constexpr int kindRole = Qt::UserRole;
constexpr int idRole = Qt::UserRole + 1;

QString joined(const QVector<OrderLine> &lines)
{
    QStringList labels;
    for (const OrderLine &line : lines)
        labels << line.label;
    return labels.join(QStringLiteral(", "));
}

Money sumOf(const QVector<OrderLine> &lines, const QString &currency)
{
    qint64 sum = 0;
    for (const OrderLine &line : lines)
        sum += line.amount.minor();
    return Money(sum, currency);
}

} // namespace

OrderActions::OrderActions(QWidget *parent) : QWidget(parent), m_terminal(QSysInfo::machineHostName())
{
    buildUi();
    showOrder(std::nullopt);
}

void OrderActions::buildUi()
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(new QLabel(tr("Units to refund or exchange (none ticked: refund the whole order)")));
    m_units = new QListWidget;
    m_units->setObjectName(QStringLiteral("orderUnits"));
    m_units->setAccessibleName(tr("Units of the order"));
    // A few lines tall: the order's details above are what the clerk reads first.
    m_units->setMaximumHeight(m_units->fontMetrics().height() * 8);
    outer->addWidget(m_units, 1);
    auto *form = new QFormLayout;
    m_reason = new QLineEdit;
    m_reason->setObjectName(QStringLiteral("refundReason"));
    m_reason->setMaxLength(500);
    m_reason->setPlaceholderText(tr("Why, in a few words (required)"));
    form->addRow(tr("&Reason:"), m_reason);
    auto *pay = new QHBoxLayout;
    m_payBy = new QComboBox;
    m_payBy->setObjectName(QStringLiteral("exchangePayBy"));
    m_payBy->addItem(tr("Cash"), int(PaymentMethod::Cash));
    m_payBy->addItem(tr("Card"), int(PaymentMethod::Card));
    m_tender = new QLineEdit;
    m_tender->setObjectName(QStringLiteral("exchangeTender"));
    m_tender->setPlaceholderText(tr("Cash handed over, or the card terminal's reference"));
    m_tender->setAccessibleName(tr("Payment for a dearer exchange"));
    pay->addWidget(m_payBy);
    pay->addWidget(m_tender, 1);
    auto *payLabel = new QLabel(tr("A dearer exchange is &paid by:"));
    payLabel->setBuddy(m_payBy);
    form->addRow(payLabel, pay);
    outer->addLayout(form);
    m_preview = new QLabel;
    m_preview->setWordWrap(true);
    outer->addWidget(m_preview);
    auto *buttons = new QHBoxLayout;
    m_refundButton = new QPushButton(tr("Re&fund…"));
    m_refundButton->setObjectName(QStringLiteral("refundButton"));
    m_exchangeButton = new QPushButton(tr("E&xchange for the held seats…"));
    m_exchangeButton->setObjectName(QStringLiteral("exchangeButton"));
    buttons->addWidget(m_refundButton);
    buttons->addWidget(m_exchangeButton);
    buttons->addStretch(1);
    outer->addLayout(buttons);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("orderActionMessage"));
    m_message->setWordWrap(true);
    outer->addWidget(m_message);

    connect(m_refundButton, &QPushButton::clicked, this, &OrderActions::refund);
    connect(m_exchangeButton, &QPushButton::clicked, this, &OrderActions::exchange);
    connect(m_units, &QListWidget::itemChanged, this, &OrderActions::updatePreview);
}

void OrderActions::setServices(const AfterSalesServices &own, ManagerSignIn signIn, CounterSaleService *sales)
{
    m_gate.setServices(own, std::move(signIn));
    m_sales = sales;
}

void OrderActions::showOrder(const std::optional<OrderDetails> &order)
{
    m_order = order;
    const QSignalBlocker quiet(m_units);
    m_units->clear();
    const bool paid = order && order->state == OrderState::Paid;
    if (order) {
        for (const OrderLine &line : order->lines) {
            if (line.state != LineState::Sold)
                continue;
            auto *item = new QListWidgetItem(tr("%1 — %2").arg(line.label, line.amount.text()), m_units);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
            item->setData(kindRole, int(line.kind));
            item->setData(idRole, line.id);
        }
    }
    m_refundButton->setEnabled(paid);
    m_exchangeButton->setEnabled(paid);
    updatePreview();
}

QVector<OrderLine> OrderActions::chosenLines() const
{
    QVector<OrderLine> chosen;
    if (!m_order)
        return chosen;
    for (int row = 0; row < m_units->count(); ++row) {
        const QListWidgetItem *item = m_units->item(row);
        if (item->checkState() != Qt::Checked)
            continue;
        for (const OrderLine &line : m_order->lines) {
            if (int(line.kind) == item->data(kindRole).toInt() && line.id == item->data(idRole).toLongLong())
                chosen << line;
        }
    }
    return chosen;
}

QVector<OrderItemRef> OrderActions::chosenItems() const
{
    QVector<OrderItemRef> items;
    for (const OrderLine &line : chosenLines())
        items << OrderItemRef{line.kind, line.id};
    return items;
}

QString OrderActions::moneyBackWords(MoneyBack method, const QString &reference, const Money &money) const
{
    const QString amount = money.text();
    switch (method) {
    case MoneyBack::Cash:
        return tr("%1 in cash from the till").arg(amount);
    case MoneyBack::Card:
        return reference.isEmpty() ? tr("%1 back to the card it was paid with").arg(amount)
                                   : tr("%1 back to the card (terminal reference %2)").arg(amount, reference);
    case MoneyBack::Online:
        return tr("%1 back through the online payment").arg(amount);
    case MoneyBack::None:
        break;
    }
    return amount;
}

void OrderActions::updatePreview()
{
    if (!m_order) {
        m_preview->setText(tr("Select an order to refund or exchange its units."));
        return;
    }
    if (m_order->state != OrderState::Paid) {
        m_preview->setText(tr("Only a paid order can be refunded or exchanged."));
        return;
    }
    QVector<OrderLine> chosen = chosenLines();
    const bool whole = chosen.isEmpty();
    if (whole) {
        for (const OrderLine &line : m_order->lines) {
            if (line.state == LineState::Sold)
                chosen << line;
        }
    }
    QString reference;
    const MoneyBack method = moneyBackFor(*m_order, &reference);
    const QString money = moneyBackWords(method, reference, sumOf(chosen, m_order->currency));
    m_preview->setText(whole ? tr("A refund of the whole order pays %1.").arg(money)
                             : tr("A refund of %1 pays %2.").arg(joined(chosen), money));
}

void OrderActions::refund()
{
    if (!m_order || m_order->state != OrderState::Paid) {
        setMessage(tr("Select a paid order first."), true);
        return;
    }
    const QString reason = m_reason->text().trimmed();
    if (reason.isEmpty()) {
        setMessage(tr("Type the reason for the refund."), true);
        m_reason->setFocus();
        return;
    }
    const OrderDetails order = *m_order;
    const QVector<OrderItemRef> items = chosenItems();
    QVector<OrderLine> lines = chosenLines();
    if (lines.isEmpty()) {
        for (const OrderLine &line : order.lines) {
            if (line.state == LineState::Sold)
                lines << line;
        }
    }
    QString reference;
    const MoneyBack method = moneyBackFor(order, &reference);
    const QString what
        = tr("Refund %1: %2.").arg(joined(lines), moneyBackWords(method, reference, sumOf(lines, order.currency)));
    std::optional<CounterRefund> done;
    const auto run = m_gate.run(
        this, what,
        [&](const AfterSalesServices &services) -> Status {
            auto refunded = services.calls([&] { return services.refunds->refund(order.id, items, reason); });
            if (!refunded)
                return refunded.error();
            done = refunded.value();
            return Done{};
        },
        true);
    switch (run.outcome) {
    case ManagerGate::Outcome::Done: {
        m_lastRefund = done;
        m_lastApprovedBy = run.approvedBy;
        const QString money = moneyBackWords(done->method, done->cardReference, done->amount);
        if (done->method == MoneyBack::Online && !done->moneyReturned)
            setMessage(tr("Refunded: %1. The payment provider carries it out shortly.").arg(money), false);
        else if (done->method == MoneyBack::Cash)
            setMessage(tr("Refunded: hand the buyer %1.").arg(money), false);
        else
            setMessage(tr("Refunded: %1.").arg(money), false);
        m_reason->clear();
        emit refunded(*done);
        emit orderChanged(order.id);
        return;
    }
    case ManagerGate::Outcome::Queued: {
        if (!m_gate.own().approvals) {
            setMessage(tr("Not connected to the server. Wait for the connection, then try again."), true);
            return;
        }
        const AfterSalesServices &own = m_gate.own();
        const QString terminal = m_terminal;
        const auto filed = own.calls([&] { return own.approvals->requestRefund(order.id, items, reason, terminal); });
        if (!filed) {
            setMessage(filed.error().code == ErrorCode::Conflict
                           ? tr("This order already waits for a manager's decision.")
                           : clerkWords(filed.error()),
                       true);
            return;
        }
        setMessage(tr("Sent to a manager's queue. Hand nothing back until a manager has approved it."), false);
        m_reason->clear();
        return;
    }
    case ManagerGate::Outcome::Failed:
        setMessage(clerkWords(*run.error), true);
        emit orderChanged(order.id);
        return;
    case ManagerGate::Outcome::Unavailable:
        setMessage(tr("Not connected to the server. Wait for the connection, then try again."), true);
        return;
    case ManagerGate::Outcome::Cancelled:
        setMessage(tr("Nothing was refunded."), false);
        return;
    }
}

void OrderActions::exchange()
{
    if (!m_order || m_order->state != OrderState::Paid) {
        setMessage(tr("Select a paid order first."), true);
        return;
    }
    const QVector<OrderLine> giveBack = chosenLines();
    if (giveBack.isEmpty()) {
        setMessage(tr("Tick the units the buyer gives back."), true);
        return;
    }
    const QString reason = m_reason->text().trimmed();
    if (reason.isEmpty()) {
        setMessage(tr("Type the reason for the exchange."), true);
        m_reason->setFocus();
        return;
    }
    const CartId cart = m_currentSale ? m_currentSale() : CartId();
    const auto quote = (m_sales && !cart.isEmpty()) ? m_gate.own().calls([&] { return m_sales->quote(cart); })
                                                    : Result<CartQuote>(CartQuote{});
    if (!quote) {
        setMessage(clerkWords(quote.error()), true);
        return;
    }
    if (quote->isEmpty()) {
        setMessage(tr("Hold the buyer's new seats in the Box office tab first, then exchange."), true);
        return;
    }
    const OrderDetails order = *m_order;
    const std::optional<Money> owed = quote->total.minus(sumOf(giveBack, order.currency));
    if (!owed) {
        setMessage(tr("The new seats are priced in %1 and the order in %2: exchange for seats sold in %2.")
                       .arg(quote->total.currency(), order.currency),
                   true);
        return;
    }
    const qint64 difference = owed->minor();
    ExchangeRequest request;
    request.order = order.id;
    request.giveBack = chosenItems();
    request.cart = cart;
    request.seen = quote.value();
    request.reason = reason;
    request.payment.method = PaymentMethod(m_payBy->currentData().toInt());
    if (difference > 0) {
        if (request.payment.method == PaymentMethod::Cash) {
            const auto tendered = Money::read(m_tender->text(), order.currency);
            if (!tendered || tendered->minor() < difference) {
                setMessage(tendered ? tr("The buyer pays %1: the cash handed over is less.").arg(owed->text())
                                    : tr("Type the cash handed over for the %1 difference.").arg(owed->text()),
                           true);
                m_tender->setFocus();
                return;
            }
            request.payment.tendered = *tendered;
        } else {
            request.payment.cardReference = m_tender->text().trimmed();
            if (request.payment.cardReference.isEmpty()) {
                setMessage(tr("Type or scan the card terminal's reference for the %1 difference.").arg(owed->text()),
                           true);
                m_tender->setFocus();
                return;
            }
        }
    }
    QStringList newLabels;
    for (const QuoteLine &line : quote->lines)
        newLabels << line.label;
    const QString money = difference > 0 ? tr("the buyer pays %1").arg(owed->text())
        : difference < 0                 ? tr("the buyer gets %1 back").arg(owed->withMinor(-difference).text())
                                         : tr("no money changes hands");
    const QString what
        = tr("Exchange %1 for %2: %3.").arg(joined(giveBack), newLabels.join(QStringLiteral(", ")), money);
    std::optional<CounterExchange> done;
    const auto run = m_gate.run(
        this, what,
        [&](const AfterSalesServices &services) -> Status {
            auto exchanged = services.calls([&] { return services.exchanges->exchange(request); });
            if (!exchanged)
                return exchanged.error();
            done = exchanged.value();
            return Done{};
        },
        true);
    switch (run.outcome) {
    case ManagerGate::Outcome::Done: {
        m_lastExchange = done;
        m_lastApprovedBy = run.approvedBy;
        QString text = tr("Exchanged: %n new ticket(s).", nullptr, int(done->tickets.size()));
        if (done->charged.minor() > 0 && done->change.minor() > 0)
            text += QLatin1Char(' ') + tr("%1 taken; give %2 change.").arg(done->charged.text(), done->change.text());
        else if (done->charged.minor() > 0)
            text += QLatin1Char(' ') + tr("%1 taken.").arg(done->charged.text());
        else if (done->refunded.minor() > 0)
            text += QLatin1Char(' ')
                + tr("Pay %1.").arg(moneyBackWords(done->refundMethod, done->refundReference, done->refunded));
        setMessage(text, false);
        m_reason->clear();
        m_tender->clear();
        emit exchanged(*done);
        emit saleHandedOver();
        emit orderChanged(order.id);
        return;
    }
    case ManagerGate::Outcome::Queued: {
        if (!m_gate.own().approvals) {
            setMessage(tr("Not connected to the server. Wait for the connection, then try again."), true);
            return;
        }
        const AfterSalesServices &own = m_gate.own();
        const QString terminal = m_terminal;
        const auto filed = own.calls([&] { return own.approvals->requestExchange(request, terminal); });
        if (!filed) {
            setMessage(filed.error().code == ErrorCode::Conflict
                           ? tr("This order already waits for a manager's decision.")
                           : clerkWords(filed.error()),
                       true);
            return;
        }
        setMessage(tr("Sent to a manager's queue; the new seats stay held for it until their hold runs out. Take "
                      "no money until a manager has approved it."),
                   false);
        emit saleHandedOver();
        return;
    }
    case ManagerGate::Outcome::Failed:
        setMessage(clerkWords(*run.error), true);
        emit orderChanged(order.id);
        return;
    case ManagerGate::Outcome::Unavailable:
        setMessage(tr("Not connected to the server. Wait for the connection, then try again."), true);
        return;
    case ManagerGate::Outcome::Cancelled:
        setMessage(tr("Nothing was exchanged; the new seats stay held."), false);
        return;
    }
}

void OrderActions::setMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText,
                     problem ? QColor(0xb3, 0x1b, 0x1b) : this->palette().color(QPalette::WindowText));
    m_message->setPalette(palette);
}

QString OrderActions::message() const
{
    return m_message->text();
}

} // namespace boxoffice
