#include "ui/orders/approvalspanel.h"

#include "ui/common/money.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

ApprovalsPanel::ApprovalsPanel(QWidget *parent) : QWidget(parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(new QLabel(tr("Waiting for a manager")));
    m_table = new QTableWidget(0, ColumnCount);
    m_table->setObjectName(QStringLiteral("approvalRequests"));
    m_table->setAccessibleName(tr("Refunds and exchanges waiting for a manager"));
    m_table->setHorizontalHeaderLabels({tr("Order"), tr("What"), tr("Units"), tr("Reason"), tr("Asked by")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    outer->addWidget(m_table, 1);
    auto *buttons = new QHBoxLayout;
    m_reload = new QPushButton(tr("Re&load"));
    m_approve = new QPushButton(tr("A&pprove"));
    m_approve->setObjectName(QStringLiteral("approveRequest"));
    m_decline = new QPushButton(tr("&Decline"));
    m_decline->setObjectName(QStringLiteral("declineRequest"));
    buttons->addWidget(m_reload);
    buttons->addStretch(1);
    buttons->addWidget(m_approve);
    buttons->addWidget(m_decline);
    outer->addLayout(buttons);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("approvalMessage"));
    m_message->setWordWrap(true);
    outer->addWidget(m_message);
    connect(m_reload, &QPushButton::clicked, this, &ApprovalsPanel::reload);
    connect(m_approve, &QPushButton::clicked, this, &ApprovalsPanel::approveSelected);
    connect(m_decline, &QPushButton::clicked, this, &ApprovalsPanel::declineSelected);
}

void ApprovalsPanel::setServices(const AfterSalesServices &own, ManagerSignIn signIn)
{
    m_gate.setServices(own, std::move(signIn));
    reload();
}

void ApprovalsPanel::reload()
{
    m_requests.clear();
    m_table->setRowCount(0);
    if (!m_gate.own().approvals)
        return;
    const AfterSalesServices &own = m_gate.own();
    const auto pending = own.calls([&] { return own.approvals->pending(); });
    if (!pending) {
        setMessage(clerkWords(pending.error()), true);
        return;
    }
    m_requests = pending.value();
    m_table->setRowCount(int(m_requests.size()));
    for (int row = 0; row < m_requests.size(); ++row) {
        const ApprovalRequest &r = m_requests.at(row);
        m_table->setItem(row, OrderColumn, new QTableWidgetItem(QString::number(r.order)));
        m_table->setItem(row, KindColumn,
                         new QTableWidgetItem(r.kind == ApprovalKind::Refund ? tr("Refund") : tr("Exchange")));
        m_table->setItem(row, UnitsColumn,
                         new QTableWidgetItem(r.items.isEmpty() ? tr("whole order")
                                                                : tr("%n unit(s)", nullptr, int(r.items.size()))));
        m_table->setItem(row, ReasonColumn, new QTableWidgetItem(r.reason));
        const QString when = QLocale().toString(r.requestedAt.toLocalTime(), QLocale::ShortFormat);
        m_table->setItem(row, RequestedColumn,
                         new QTableWidgetItem(r.terminal.isEmpty()
                                                  ? tr("%1, %2").arg(r.requestedBy, when)
                                                  : tr("%1 at %2, %3").arg(r.requestedBy, r.terminal, when)));
    }
    m_table->resizeColumnsToContents();
    if (!m_requests.isEmpty())
        m_table->selectRow(0);
    m_approve->setEnabled(!m_requests.isEmpty());
    m_decline->setEnabled(!m_requests.isEmpty());
}

void ApprovalsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // After the show, not inside it: reading waits for the database in a nested event loop, and
    // events it lets run (a panel rebuilding its widgets) must not delete children the window is
    // still walking to show (a crash in QWidgetPrivate::showChildren under load).
    QMetaObject::invokeMethod(this, &ApprovalsPanel::reload, Qt::QueuedConnection);
}

void ApprovalsPanel::approveSelected()
{
    decide(true);
}

void ApprovalsPanel::declineSelected()
{
    decide(false);
}

void ApprovalsPanel::decide(bool approve)
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_requests.size()) {
        setMessage(tr("Select a request first."), true);
        return;
    }
    const ApprovalRequest request = m_requests.at(row);
    const QString what
        = (approve ? tr("Approve the %1 of order %2: \"%3\".") : tr("Decline the %1 of order %2: \"%3\"."))
              .arg(request.kind == ApprovalKind::Refund ? tr("refund") : tr("exchange"))
              .arg(request.order)
              .arg(request.reason);
    std::optional<ApprovalOutcome> outcome;
    const auto run = m_gate.run(
        this, what,
        [&](const AfterSalesServices &services) -> Status {
            auto decided = services.calls([&] {
                return approve ? services.approvals->approve(request.id) : services.approvals->decline(request.id);
            });
            if (!decided)
                return decided.error();
            outcome = decided.value();
            return Done{};
        },
        false);
    if (run.outcome == ManagerGate::Outcome::Failed) {
        setMessage(clerkWords(*run.error), true);
    } else if (run.outcome == ManagerGate::Outcome::Done && outcome) {
        if (!outcome->carriedOut && outcome->state != ApprovalState::Declined)
            setMessage(tr("Another manager decided this request already."), false);
        else if (outcome->state == ApprovalState::Declined)
            setMessage(tr("Declined: nothing was refunded or exchanged."), false);
        else if (outcome->refund)
            setMessage(tr("Approved and refunded %1.").arg(outcome->refund->amount.text()), false);
        else
            setMessage(tr("Approved and exchanged."), false);
        m_lastApprovedBy = run.approvedBy;
        if (outcome->refund)
            emit refunded(*outcome->refund);
        if (outcome->exchange)
            emit exchanged(*outcome->exchange);
        emit decided(request.order);
    } else if (run.outcome == ManagerGate::Outcome::Unavailable) {
        setMessage(tr("Not connected to the server. Wait for the connection, then try again."), true);
    }
    reload();
}

void ApprovalsPanel::setMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText,
                     problem ? QColor(0xb3, 0x1b, 0x1b) : this->palette().color(QPalette::WindowText));
    m_message->setPalette(palette);
}

QString ApprovalsPanel::message() const
{
    return m_message->text();
}

} // namespace boxoffice
