#include "ui/sale/paymentdialog.h"

#include "ui/common/money.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/quotemodel.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace boxoffice {

PaymentDialog::PaymentDialog(const Money &due, PaymentMethod method, QWidget *parent, bool allowGuarantee)
    : QDialog(parent), m_amountDue(due)
{
    build(method, allowGuarantee);
}

PaymentDialog::PaymentDialog(const CartQuote &quote, PaymentMethod method, QWidget *parent, bool allowGuarantee)
    : QDialog(parent), m_amountDue(quote.total), m_lines(new QuoteModel(this))
{
    m_lines->setQuote(quote);
    build(method, allowGuarantee);
}

void PaymentDialog::build(PaymentMethod method, bool allowGuarantee)
{
    setWindowTitle(tr("Take payment"));
    setMinimumWidth(440);
    auto *layout = new QVBoxLayout(this);
    if (m_lines) {
        m_linesView = new QTableView;
        m_linesView->setObjectName(QStringLiteral("quoteLines"));
        m_linesView->setModel(m_lines);
        m_linesView->setSelectionMode(QAbstractItemView::NoSelection);
        m_linesView->setFocusPolicy(Qt::NoFocus);
        m_linesView->verticalHeader()->hide();
        m_linesView->horizontalHeader()->setSectionResizeMode(QuoteModel::ItemColumn, QHeaderView::Stretch);
        m_linesView->horizontalHeader()->setSectionResizeMode(QuoteModel::PriceColumn, QHeaderView::ResizeToContents);
        layout->addWidget(m_linesView);
    }
    m_due = new QLabel;
    m_due->setObjectName(QStringLiteral("amountDue"));
    QFont bigger = m_due->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 1.4);
    m_due->setFont(bigger);
    layout->addWidget(m_due);
    m_countdown = new QLabel;
    m_countdown->setObjectName(QStringLiteral("holdCountdown"));
    m_countdown->setVisible(m_lines);
    layout->addWidget(m_countdown);
    m_notice = new QLabel;
    m_notice->setObjectName(QStringLiteral("quoteNotice"));
    m_notice->setWordWrap(true);
    m_notice->setStyleSheet(QStringLiteral("background:#fdecc8; color:#5c3b00; padding:6px; font-weight:bold;"));
    m_notice->hide();
    layout->addWidget(m_notice);

    m_tabs = new QTabWidget;
    m_tabs->setAccessibleName(tr("Payment method"));
    auto *cashPage = new QWidget;
    auto *cashForm = new QFormLayout(cashPage);
    m_tendered = new QLineEdit;
    m_tendered->setObjectName(QStringLiteral("tendered"));
    m_change = new QLabel;
    m_change->setObjectName(QStringLiteral("change"));
    m_change->setWordWrap(true); // an unreadable amount is explained in a sentence
    cashForm->addRow(tr("Cash &handed over:"), m_tendered);
    cashForm->addRow(tr("Change to give:"), m_change);
    m_tabs->addTab(cashPage, tr("&Cash"));

    auto *cardPage = new QWidget;
    auto *cardForm = new QFormLayout(cardPage);
    m_reference = new QLineEdit;
    m_reference->setObjectName(QStringLiteral("cardReference"));
    m_reference->setMaxLength(64);
    m_reference->setPlaceholderText(tr("type or scan the terminal's receipt reference"));
    cardForm->addRow(tr("Terminal &reference:"), m_reference);
    m_tabs->addTab(cardPage, tr("Car&d"));
    if (allowGuarantee) {
        auto *guaranteePage = new QWidget;
        auto *guaranteeForm = new QFormLayout(guaranteePage);
        m_guarantee = new QLineEdit;
        m_guarantee->setObjectName(QStringLiteral("guaranteeReference"));
        m_guarantee->setMaxLength(64);
        m_guarantee->setPlaceholderText(tr("the guaranteeing card's reference"));
        guaranteeForm->addRow(tr("Card on &file:"), m_guarantee);
        guaranteeForm->addRow(new QLabel(tr("Nothing is charged now; the stay is paid on departure.")));
        m_tabs->addTab(guaranteePage, tr("&Guarantee"));
        connect(m_guarantee, &QLineEdit::textChanged, this, &PaymentDialog::updateState);
    }
    layout->addWidget(m_tabs);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Sell"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_tendered, &QLineEdit::textChanged, this, &PaymentDialog::updateState);
    connect(m_reference, &QLineEdit::textChanged, this, &PaymentDialog::updateState);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int page) {
        (page == 0 ? m_tendered : page == 1 ? m_reference : m_guarantee)->setFocus();
        updateState();
    });

    const int page = method == PaymentMethod::Cash ? 0 : method == PaymentMethod::Card || !m_guarantee ? 1 : 2;
    m_tabs->setCurrentIndex(page);
    (page == 0 ? m_tendered : page == 1 ? m_reference : m_guarantee)->setFocus();
    showDue();
    fitLines();
}

void PaymentDialog::fitLines()
{
    if (!m_linesView)
        return;
    // Every line in sight up to a dozen, so a unit added while the dialog is open cannot hide below
    // the fold; beyond that the list scrolls.
    const int rows = qBound(3, m_lines->rowCount(), 12);
    m_linesView->setMinimumHeight(m_linesView->horizontalHeader()->sizeHint().height()
                                  + rows * m_linesView->verticalHeader()->defaultSectionSize()
                                  + 2 * m_linesView->frameWidth());
    adjustSize();
}

const CartQuote &PaymentDialog::quote() const
{
    static const CartQuote none;
    return m_lines ? m_lines->quote() : none;
}

void PaymentDialog::showQuote(const CartQuote &quote, const QString &notice)
{
    if (!m_lines)
        return;
    m_lines->setQuote(quote);
    m_amountDue = quote.total;
    if (!notice.isEmpty())
        setNotice(notice);
    showDue();
    fitLines();
}

void PaymentDialog::setNotice(const QString &notice)
{
    m_notice->setText(notice);
    m_notice->setVisible(!notice.isEmpty());
    adjustSize();
}

void PaymentDialog::setServerNow(const QDateTime &serverNow)
{
    if (!m_lines || m_lines->quote().isEmpty() || !m_closeReason.isEmpty())
        return;
    const QStringList expired = m_lines->quote().expiredAt(serverNow);
    if (!expired.isEmpty()) {
        endSale(tr("The hold on %1 ran out before the sale: nothing was sold and no money is due. "
                   "Hold the seats again to sell them.")
                    .arg(expired.join(QStringLiteral(", "))));
        return;
    }
    // Rounded up, as the cart's countdowns are: "0:01" is the last second, not "expired".
    const qint64 left = (serverNow.msecsTo(m_lines->quote().earliestExpiry()) + 999) / 1000;
    m_countdown->setText(tr("The first hold runs out in %1.").arg(formatCountdown(left)));
    m_countdown->setStyleSheet(left <= CartModel::warningSeconds ? QStringLiteral("color:#b01c1c; font-weight:bold;")
                                                                 : QString());
}

void PaymentDialog::endSale(const QString &reason)
{
    m_closeReason = reason;
    reject();
}

CounterPayment PaymentDialog::payment() const
{
    CounterPayment payment;
    if (m_tabs->currentIndex() == 0) {
        payment.method = PaymentMethod::Cash;
        // An empty field means the exact amount: the most common cash sale is "exact change".
        // Unreadable: below zero, which no rule accepts.
        const auto tendered = Money::read(m_tendered->text(), m_amountDue.currency(), locale());
        payment.tendered = m_tendered->text().trimmed().isEmpty() ? m_amountDue
            : tendered                                            ? *tendered
                                                                  : m_amountDue.withMinor(-1);
    } else if (m_tabs->currentIndex() == 1) {
        payment.method = PaymentMethod::Card;
        payment.cardReference = m_reference->text().trimmed();
    } else {
        payment.method = PaymentMethod::Guarantee;
        payment.cardReference = m_guarantee->text().trimmed();
    }
    return payment;
}

void PaymentDialog::showDue()
{
    m_due->setText(tr("Amount due: <b>%1</b>").arg(m_amountDue.text()));
    m_tendered->setPlaceholderText(m_amountDue.inputText(locale()));
    updateState();
}

void PaymentDialog::updateState()
{
    const CounterPayment current = payment();
    const auto status = CounterPaymentRules::check(current, m_amountDue);
    if (current.method == PaymentMethod::Cash) {
        const qint64 tendered = current.tendered.minor();
        const qint64 due = m_amountDue.minor();
        if (tendered < 0)
            m_change->setText(
                QStringLiteral("<span style='color:#b01c1c'>%1</span>")
                    .arg(unreadableMoneyMessage(m_tendered->text(), m_amountDue.currency(), locale()).toHtmlEscaped()));
        else if (tendered < due)
            m_change->setText(
                tr("<span style='color:#b01c1c'>%1 short</span>").arg(m_amountDue.withMinor(due - tendered).text()));
        else
            m_change->setText(QStringLiteral("<b>%1</b>").arg(m_amountDue.withMinor(tendered - due).text()));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(bool(status));
}

} // namespace boxoffice
