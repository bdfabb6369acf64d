#include "ui/till/tillpanel.h"

#include "ui/common/money.h"
#include "ui/till/tillrunner.h"

#include <QComboBox>
#include <QDateEdit>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
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

QString timeOf(const QDateTime &at)
{
    return at.isValid() ? at.toLocalTime().toString(QStringLiteral("HH:mm")) : QString();
}

QTableWidgetItem *amountItem(const QString &text, bool bold = false)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (bold) {
        QFont font = item->font();
        font.setBold(true);
        item->setFont(font);
    }
    return item;
}

QTableWidgetItem *textItem(const QString &text, bool bold = false)
{
    auto *item = new QTableWidgetItem(text);
    if (bold) {
        QFont font = item->font();
        font.setBold(true);
        item->setFont(font);
    }
    return item;
}

QTableWidget *readOnlyTable(const QString &name, const QStringList &headers)
{
    auto *table = new QTableWidget(0, int(headers.size()));
    table->setObjectName(name);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

TillPanel::TillPanel(QWidget *parent) : QWidget(parent)
{
    buildUi();
    setMessage(tr("Not connected to the server."), false);
    updateButtons();
}

TillPanel::~TillPanel() = default;

void TillPanel::buildUi()
{
    auto *outer = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("tillMessage"));
    m_message->setWordWrap(true);
    top->addWidget(m_message, 1);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("tillProgress"));
    m_progress->setRange(0, 0); // busy: the server gives no steps to count
    m_progress->setFormat(tr("Asking the server…"));
    m_progress->setTextVisible(true);
    m_progress->setMaximumWidth(220);
    m_progress->setAccessibleName(tr("Till: waiting for the server"));
    m_progress->hide();
    top->addWidget(m_progress);
    outer->addLayout(top);

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(buildMyTill());
    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(buildCountersign());
    rightLayout->addWidget(buildDayReport(), 1);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    outer->addWidget(splitter, 1);
}

QGroupBox *TillPanel::buildMyTill()
{
    auto *box = new QGroupBox(tr("Till"));
    auto *layout = new QVBoxLayout(box);

    auto *openRow = new QHBoxLayout;
    m_float = new QLineEdit;
    m_float->setObjectName(QStringLiteral("tillFloat"));
    m_float->setPlaceholderText(Money(10000, QLocale().currencySymbol(QLocale::CurrencyIsoCode)).inputText());
    m_float->setAccessibleName(tr("Opening float"));
    m_currency = new QComboBox;
    m_currency->setObjectName(QStringLiteral("tillCurrency"));
    m_currency->addItems({QStringLiteral("EUR"), QStringLiteral("GBP"), QStringLiteral("USD"), QStringLiteral("CHF")});
    m_currency->setAccessibleName(tr("Till currency"));
    const int local = m_currency->findText(QLocale().currencySymbol(QLocale::CurrencyIsoCode));
    if (local >= 0)
        m_currency->setCurrentIndex(local);
    m_openButton = new QPushButton(tr("&Open till"));
    m_openButton->setObjectName(QStringLiteral("tillOpen"));
    openRow->addWidget(new QLabel(tr("Float:")));
    openRow->addWidget(m_float, 1);
    openRow->addWidget(m_currency);
    openRow->addWidget(m_openButton);
    layout->addLayout(openRow);

    m_reportTitle = new QLabel;
    m_reportTitle->setObjectName(QStringLiteral("tillReportTitle"));
    m_reportTitle->setWordWrap(true);
    m_reportTitle->setStyleSheet(QStringLiteral("font-weight:bold;"));
    layout->addWidget(m_reportTitle);
    m_figures = readOnlyTable(QStringLiteral("tillFigures"), {tr("Figure"), tr("Amount")});
    m_figures->setAccessibleName(tr("Till report"));
    m_figures->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_figures->horizontalHeader()->setStretchLastSection(false);
    m_figures->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    layout->addWidget(m_figures, 3);
    layout->addWidget(new QLabel(tr("Card payments by card terminal reference:")));
    m_cards
        = readOnlyTable(QStringLiteral("tillCards"), {tr("Reference"), tr("Payments"), tr("Taken"), tr("Handed back")});
    m_cards->setAccessibleName(tr("Card payments by terminal reference"));
    m_cards->horizontalHeader()->setStretchLastSection(false);
    m_cards->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_cards->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    layout->addWidget(m_cards, 1);

    auto *closeForm = new QFormLayout;
    m_counted = new QLineEdit;
    m_counted->setObjectName(QStringLiteral("tillCounted"));
    m_counted->setPlaceholderText(Money().inputText());
    m_counted->setAccessibleName(tr("Cash counted in the drawer"));
    m_note = new QLineEdit;
    m_note->setObjectName(QStringLiteral("tillNote"));
    m_note->setMaxLength(TillRules::maxNoteLength);
    m_note->setPlaceholderText(tr("Optional, e.g. why the drawer is short"));
    closeForm->addRow(tr("Cash &counted:"), m_counted);
    closeForm->addRow(tr("&Note:"), m_note);
    layout->addLayout(closeForm);
    auto *buttons = new QHBoxLayout;
    m_refreshButton = new QPushButton(tr("&Refresh"));
    m_refreshButton->setObjectName(QStringLiteral("tillRefresh"));
    m_closeButton = new QPushButton(tr("C&lose till"));
    m_closeButton->setObjectName(QStringLiteral("tillClose"));
    m_closeButton->setToolTip(tr("Close your till with the cash counted; a manager countersigns it afterwards"));
    buttons->addWidget(m_refreshButton);
    buttons->addStretch(1);
    buttons->addWidget(m_closeButton);
    layout->addLayout(buttons);

    connect(m_openButton, &QPushButton::clicked, this, &TillPanel::openTill);
    connect(m_float, &QLineEdit::returnPressed, this, &TillPanel::openTill);
    connect(m_closeButton, &QPushButton::clicked, this, &TillPanel::closeTill);
    connect(m_refreshButton, &QPushButton::clicked, this, &TillPanel::refresh);
    return box;
}

QGroupBox *TillPanel::buildCountersign()
{
    m_countersignBox = new QGroupBox(tr("Closed tills waiting for a manager's countersign"));
    auto *layout = new QVBoxLayout(m_countersignBox);
    m_awaiting = readOnlyTable(
        QStringLiteral("tillAwaiting"),
        {tr("Till"), tr("Clerk"), tr("Terminal"), tr("Closed"), tr("Expected"), tr("Counted"), tr("Difference")});
    m_awaiting->setAccessibleName(tr("Closed tills waiting for a countersign"));
    layout->addWidget(m_awaiting);
    auto *buttons = new QHBoxLayout;
    m_showButton = new QPushButton(tr("&Show report"));
    m_showButton->setObjectName(QStringLiteral("tillShow"));
    m_countersignButton = new QPushButton(tr("Counter&sign"));
    m_countersignButton->setObjectName(QStringLiteral("tillCountersign"));
    buttons->addStretch(1);
    buttons->addWidget(m_showButton);
    buttons->addWidget(m_countersignButton);
    layout->addLayout(buttons);
    m_countersignBox->hide(); // a manager's

    connect(m_countersignButton, &QPushButton::clicked, this, &TillPanel::countersignSelected);
    connect(m_showButton, &QPushButton::clicked, this, [this] {
        const int row = m_awaiting->currentRow();
        if (!m_runner || row < 0 || row >= m_awaitingShifts.size())
            return;
        const ShiftId id = m_awaitingShifts.at(row).id;
        m_runner->run<TillReport>([id](TillService &till) { return till.report(id); },
                                  [this](const Result<TillReport> &report) {
                                      if (report)
                                          showReport(report.value(), false);
                                      else
                                          setMessage(report.error().message, true);
                                      done();
                                  });
    });
    connect(m_awaiting, &QTableWidget::itemSelectionChanged, this, &TillPanel::updateButtons);
    return m_countersignBox;
}

QGroupBox *TillPanel::buildDayReport()
{
    auto *box = new QGroupBox(tr("Day report"));
    auto *layout = new QVBoxLayout(box);
    auto *row = new QHBoxLayout;
    m_dayEdit = new QDateEdit(QDate::currentDate());
    m_dayEdit->setObjectName(QStringLiteral("tillDay"));
    m_dayEdit->setCalendarPopup(true);
    m_dayEdit->setAccessibleName(tr("Day of the report"));
    m_dayButton = new QPushButton(tr("Show &day"));
    m_dayButton->setObjectName(QStringLiteral("tillDayButton"));
    row->addWidget(new QLabel(tr("Day:")));
    row->addWidget(m_dayEdit);
    row->addWidget(m_dayButton);
    row->addStretch(1);
    layout->addLayout(row);
    m_day = readOnlyTable(QStringLiteral("tillDayTable"),
                          {tr("Clerk"), tr("Terminal"), tr("Cash"), tr("Card"), tr("Voids"), tr("Refunds"),
                           tr("Tills open/closed/signed"), tr("Difference"), tr("Outside a till")});
    m_day->setAccessibleName(tr("Day report by clerk and terminal"));
    layout->addWidget(m_day, 1);
    connect(m_dayButton, &QPushButton::clicked, this, [this] { showDay(m_dayEdit->date()); });
    return box;
}

void TillPanel::setOpener(TillSessionOpener opener)
{
    // The old runner finishes what it was asked on its own, closes its connection and stops: a
    // reconnect never waits on a connection that lost its server, and its answers are not shown.
    if (m_runner) {
        disconnect(m_runner.get(), nullptr, this, nullptr);
        m_runner.release()->retire();
    }
    m_shown.reset();
    showReport(std::nullopt, true);
    showAwaiting({});
    m_day->setRowCount(0);
    if (opener) {
        m_runner = std::make_unique<TillRunner>(std::move(opener));
        connect(m_runner.get(), &TillRunner::busyChanged, this, [this](bool busy) {
            m_progress->setVisible(busy);
            updateButtons();
        });
        setMessage(QString(), false);
        if (isVisible())
            refresh();
    } else {
        m_progress->hide();
        setMessage(tr("Not connected to the server."), false);
    }
    updateButtons();
}

void TillPanel::setStaff(const StaffIdentity &staff)
{
    m_staff = staff;
    m_countersignBox->setVisible(staff.role == StaffRole::Manager);
    updateButtons();
}

bool TillPanel::busy() const
{
    return m_runner && m_runner->busy();
}

QString TillPanel::message() const
{
    return m_message->text();
}

QString TillPanel::reportTitle() const
{
    return m_reportTitle->text();
}

QString TillPanel::reportText() const
{
    QStringList lines;
    for (int row = 0; row < m_figures->rowCount(); ++row) {
        const QTableWidgetItem *label = m_figures->item(row, 0);
        const QTableWidgetItem *amount = m_figures->item(row, 1);
        lines << QStringLiteral("%1: %2").arg(label ? label->text() : QString(), amount ? amount->text() : QString());
    }
    return lines.join(QLatin1Char('\n'));
}

void TillPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // What the counter sold since the tab was last looked at.
    // After the show, not inside it: reading waits for the database in a nested event loop, and
    // events it lets run (a panel rebuilding its widgets) must not delete children the window is
    // still walking to show (a crash in QWidgetPrivate::showChildren under load).
    QMetaObject::invokeMethod(this, &TillPanel::refresh, Qt::QueuedConnection);
}

void TillPanel::done()
{
    updateButtons();
    emit answered();
}

void TillPanel::refresh()
{
    if (!m_runner)
        return;
    m_runner->run<std::optional<TillReport>>(
        [](TillService &till) { return till.currentReport(); },
        [this](const Result<std::optional<TillReport>> &report) {
            if (!report)
                setMessage(report.error().message, true);
            else if (report.value())
                showReport(report.value(), true);
            else if (!m_shown || (m_shownIsMine && m_shown->shift.state() == ShiftState::Open))
                showReport(std::nullopt, true); // a till just closed, or a manager's look, stays on screen
            done();
        });
    loadAwaiting();
}

void TillPanel::loadAwaiting()
{
    if (!m_runner || m_staff.role != StaffRole::Manager)
        return;
    m_runner->run<QVector<TillShift>>([](TillService &till) { return till.awaitingCountersign(); },
                                      [this](const Result<QVector<TillShift>> &shifts) {
                                          if (shifts)
                                              showAwaiting(shifts.value());
                                          else
                                              setMessage(shifts.error().message, true);
                                          done();
                                      });
}

void TillPanel::openTill()
{
    if (!m_runner) {
        setMessage(tr("Not connected to the server. Wait for the connection, then try again."), true);
        return;
    }
    const QString typed = m_float->text().trimmed();
    const auto amount = Money::read(typed, m_currency->currentText());
    if (!amount) {
        setMessage(typed.isEmpty() ? tr("Type the float you start with (the cash in the drawer now).")
                                   : unreadableMoneyMessage(typed, m_currency->currentText()),
                   true);
        m_float->setFocus();
        return;
    }
    const Money float_ = *amount;
    m_runner->run<TillReport>(
        [float_](TillService &till) -> Result<TillReport> {
            auto opened = till.open(float_);
            if (!opened)
                return opened.error();
            return till.report(opened->id);
        },
        [this](const Result<TillReport> &report) {
            if (report) {
                showReport(report.value(), true);
                m_float->clear();
                setMessage(tr("Till opened with a float of %1. Sales at this terminal are counted in it.")
                               .arg(report->shift.float_.text()),
                           false);
            } else {
                setMessage(report.error().message, true);
            }
            done();
        });
}

void TillPanel::closeTill()
{
    if (!m_runner || !m_shown || !m_shownIsMine || m_shown->shift.state() != ShiftState::Open) {
        setMessage(tr("You have no open till at this terminal to close."), true);
        return;
    }
    const QString typed = m_counted->text().trimmed();
    const QString currency = m_shown->shift.currency;
    const auto counted = Money::read(typed, currency);
    if (!counted) {
        setMessage(typed.isEmpty() ? tr("Count the cash in the drawer and type the amount, then close.")
                                   : unreadableMoneyMessage(typed, currency),
                   true);
        m_counted->setFocus();
        return;
    }
    const ShiftId id = m_shown->shift.id;
    const Money countedAmount = *counted;
    const QString note = m_note->text();
    m_runner->run<TillReport>(
        [id, countedAmount, note](TillService &till) { return till.close(id, countedAmount, note); },
        [this](const Result<TillReport> &report) {
            if (report) {
                showReport(report.value(), true);
                m_counted->clear();
                m_note->clear();
                const qint64 difference = report->difference ? report->difference->minor() : 0;
                const QString money = Money(qAbs(difference), report->shift.currency).text();
                setMessage(difference == 0 ? tr("Till closed: the cash balances. A manager "
                                                "countersigns it next.")
                               : difference < 0
                               ? tr("Till closed: %1 short. A manager countersigns it next.").arg(money)
                               : tr("Till closed: %1 over. A manager countersigns it next.").arg(money),
                           difference != 0);
                loadAwaiting();
            } else {
                setMessage(report.error().message, true);
            }
            done();
        });
}

void TillPanel::countersignSelected()
{
    const int row = m_awaiting->currentRow();
    if (!m_runner || row < 0 || row >= m_awaitingShifts.size()) {
        setMessage(tr("Choose a closed till to countersign."), true);
        return;
    }
    const TillShift shift = m_awaitingShifts.at(row);
    m_runner->run<TillReport>(
        [id = shift.id](TillService &till) { return till.countersign(id, QString()); },
        [this](const Result<TillReport> &report) {
            if (report) {
                showReport(report.value(), false);
                setMessage(tr("Countersigned the till of %1 at %2.").arg(report->shift.clerk, report->shift.terminal),
                           false);
            } else {
                setMessage(report.error().message, true);
            }
            loadAwaiting();
            done();
        });
}

void TillPanel::showDay(const QDate &day)
{
    if (!m_runner) {
        setMessage(tr("Not connected to the server. Wait for the connection, then try again."), true);
        return;
    }
    m_dayEdit->setDate(day);
    m_runner->run<DayReport>([day](TillService &till) { return till.dayReport(day); },
                             [this](const Result<DayReport> &report) {
                                 if (report)
                                     showDayReport(report.value());
                                 else
                                     setMessage(report.error().message, true);
                                 done();
                             });
}

void TillPanel::showReport(const std::optional<TillReport> &report, bool mine)
{
    m_shown = report;
    m_shownIsMine = mine;
    m_figures->setRowCount(0);
    m_cards->setRowCount(0);
    if (!report) {
        m_reportTitle->setText(m_runner ? tr("You have no till open at this terminal. Open one with the cash in the "
                                             "drawer as its float; money taken without one is reported apart.")
                                        : QString());
        updateButtons();
        return;
    }
    const TillShift &s = report->shift;
    const TillFigures &f = report->figures;
    const auto money = [](const Money &amount) { return amount.text(); };
    const auto minus
        = [](const Money &amount) { return amount.isZero() ? amount.text() : QStringLiteral("− ") + amount.text(); };
    QString title;
    switch (s.state()) {
    case ShiftState::Open:
        title = tr("Till %1 — %2 at %3, open since %4").arg(s.id).arg(s.clerk, s.terminal, timeOf(s.openedAt));
        break;
    case ShiftState::Closed:
        title = tr("Till %1 — %2 at %3, %4 to %5, closed; waiting for a countersign")
                    .arg(s.id)
                    .arg(s.clerk, s.terminal, timeOf(s.openedAt), timeOf(s.closedAt));
        break;
    case ShiftState::Countersigned:
        title = tr("Till %1 — %2 at %3, %4 to %5, countersigned by %6")
                    .arg(s.id)
                    .arg(s.clerk, s.terminal, timeOf(s.openedAt), timeOf(s.closedAt), s.countersignedBy);
        break;
    }
    m_reportTitle->setText(title);

    const auto add = [this](const QString &label, const QString &amount, bool bold = false) {
        const int row = m_figures->rowCount();
        m_figures->insertRow(row);
        m_figures->setItem(row, 0, textItem(label, bold));
        m_figures->setItem(row, 1, amountItem(amount, bold));
    };
    add(tr("Opening float"), money(s.float_));
    add(f.cashSales == 1 ? tr("Cash tendered (1 sale)") : tr("Cash tendered (%1 sales)").arg(f.cashSales),
        money(Money(f.cashSalesAmount.minor() + f.change.minor(), s.currency)));
    add(tr("Change given"), minus(f.change));
    add(tr("Cash handed back, voids"), minus(f.voidCash));
    add(tr("Cash handed back, refunds of earlier sales"), minus(f.refundCash));
    add(tr("Cash expected in the drawer"), money(report->expectedCash), true);
    if (s.counted) {
        add(tr("Cash counted"), money(*s.counted));
        const Money difference = report->difference.value_or(s.counted->withMinor(0));
        add(difference.minor() == 0      ? tr("Difference: balances")
                : difference.minor() < 0 ? tr("Difference: short")
                                         : tr("Difference: over"),
            difference.minor() < 0 ? minus(difference.withMinor(-difference.minor())) : money(difference), true);
    }
    add(f.cardSales == 1 ? tr("Card sales (1 payment)") : tr("Card sales (%1 payments)").arg(f.cardSales),
        money(f.cardSalesAmount));
    add(tr("Card handed back, voids"), minus(f.voidCard));
    add(tr("Card handed back, refunds of earlier sales"), minus(f.refundCard));
    add(tr("Card total"), money(report->cardNet), true);
    add(tr("Voids (returned in this shift)"), QString::number(f.voids));
    add(tr("Refunds (of earlier sales)"), QString::number(f.refunds));
    if (f.otherCurrency > 0)
        add(tr("Payments in another currency, not in these sums"), QString::number(f.otherCurrency), true);
    if (!s.closeNote.isEmpty())
        add(tr("Clerk's note: %1").arg(s.closeNote), QString());
    if (!s.countersignNote.isEmpty())
        add(tr("Manager's note: %1").arg(s.countersignNote), QString());

    for (const CardReferenceTotal &card : report->cards) {
        const int row = m_cards->rowCount();
        m_cards->insertRow(row);
        m_cards->setItem(row, 0, textItem(card.reference));
        m_cards->setItem(row, 1, amountItem(QString::number(card.payments)));
        m_cards->setItem(row, 2, amountItem(money(card.taken)));
        m_cards->setItem(row, 3, amountItem(!card.returned.isZero() ? minus(card.returned) : QString()));
    }
    updateButtons();
}

void TillPanel::showAwaiting(const QVector<TillShift> &shifts)
{
    m_awaitingShifts = shifts;
    const QSignalBlocker quiet(m_awaiting);
    m_awaiting->setRowCount(int(shifts.size()));
    for (int row = 0; row < shifts.size(); ++row) {
        const TillShift &s = shifts.at(row);
        const Money expected = TillRules::expectedCash(s.float_, s.closedFigures);
        const Money counted = s.counted.value_or(expected.withMinor(0));
        const Money difference = TillRules::difference(counted, expected);
        m_awaiting->setItem(row, 0, amountItem(QString::number(s.id)));
        m_awaiting->setItem(row, 1, textItem(s.clerk));
        m_awaiting->setItem(row, 2, textItem(s.terminal));
        m_awaiting->setItem(row, 3, textItem(when(s.closedAt)));
        m_awaiting->setItem(row, 4, amountItem(expected.text()));
        m_awaiting->setItem(row, 5, amountItem(counted.text()));
        m_awaiting->setItem(row, 6, amountItem(difference.text(), !difference.isZero()));
    }
    m_awaiting->resizeColumnsToContents();
    if (!shifts.isEmpty() && m_awaiting->currentRow() < 0)
        m_awaiting->selectRow(0);
    updateButtons();
}

void TillPanel::showDayReport(const DayReport &report)
{
    m_day->setRowCount(0);
    const auto addRow = [this](const DayTillRow &r, const QString &clerk, const QString &terminal, bool bold) {
        const int row = m_day->rowCount();
        m_day->insertRow(row);
        const TillFigures &f = r.money;
        // Sums of the row's figures, in the row's currency.
        const auto money = [&r](qint64 minor) { return Money(minor, r.currency).text(); };
        m_day->setItem(row, 0, textItem(clerk, bold));
        m_day->setItem(row, 1, textItem(terminal, bold));
        m_day->setItem(row, 2,
                       amountItem(money(f.cashSalesAmount.minor() - f.voidCash.minor() - f.refundCash.minor()), bold));
        m_day->setItem(row, 3, amountItem(money(TillRules::cardNet(f).minor()), bold));
        m_day->setItem(
            row, 4, amountItem(tr("%1 · %2").arg(f.voids).arg(money(f.voidCash.minor() + f.voidCard.minor())), bold));
        m_day->setItem(
            row, 5,
            amountItem(tr("%1 · %2").arg(f.refunds).arg(money(f.refundCash.minor() + f.refundCard.minor())), bold));
        m_day->setItem(
            row, 6,
            amountItem(tr("%1 / %2 / %3").arg(r.shiftsOpen).arg(r.shiftsClosed).arg(r.shiftsCountersigned), bold));
        m_day->setItem(row, 7, amountItem(r.difference.text(), bold || !r.difference.isZero()));
        m_day->setItem(row, 8, amountItem(r.outsideShift ? QString::number(r.outsideShift) : QString(), bold));
    };
    for (const DayTillRow &r : report.rows)
        addRow(r, r.clerk, r.terminal.isEmpty() ? tr("(no terminal)") : r.terminal, false);
    for (const DayTillRow &total : report.totals)
        addRow(total, tr("All counters"), total.currency, true);
    for (const OnlineDayTotal &online : report.online) {
        const int row = m_day->rowCount();
        m_day->insertRow(row);
        m_day->setItem(row, 0, textItem(tr("Online (payment provider)"), true));
        m_day->setItem(row, 1, textItem(online.captured.currency()));
        const Money net = online.captured.withMinor(online.captured.minor() - online.refunded.minor());
        m_day->setItem(row, 3, amountItem(net.text(), true));
        m_day->setItem(row, 5, amountItem(tr("%1 · %2").arg(online.refunds).arg(online.refunded.text())));
    }
    m_day->resizeColumnsToContents();
    // (a till's closing words stay in the message line; only an empty day needs saying)
    if (report.rows.isEmpty() && report.online.isEmpty())
        setMessage(tr("No money moved on %1.").arg(QLocale().toString(report.day, QLocale::LongFormat)), false);
}

void TillPanel::setMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setStyleSheet(problem ? QStringLiteral("color:#b00020;") : QString());
}

void TillPanel::updateButtons()
{
    const bool ready = m_runner && !m_runner->busy();
    const bool mineOpen = m_shown && m_shownIsMine && m_shown->shift.state() == ShiftState::Open;
    m_openButton->setEnabled(ready && !mineOpen);
    m_float->setEnabled(m_runner && !mineOpen);
    m_currency->setEnabled(m_runner && !mineOpen);
    m_closeButton->setEnabled(ready && mineOpen);
    m_counted->setEnabled(m_runner && mineOpen);
    m_note->setEnabled(m_runner && mineOpen);
    m_refreshButton->setEnabled(ready);
    m_dayButton->setEnabled(ready);
    const bool chosen = m_awaiting->currentRow() >= 0 && m_awaiting->currentRow() < m_awaitingShifts.size();
    m_countersignButton->setEnabled(ready && chosen);
    m_showButton->setEnabled(ready && chosen);
}

} // namespace boxoffice
