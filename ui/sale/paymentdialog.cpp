#include "ui/sale/paymentdialog.h"

#include "ui/common/money.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace boxoffice {

PaymentDialog::PaymentDialog(qint64 dueMinor, const QString &currency, PaymentMethod method, QWidget *parent,
                             bool allowGuarantee)
    : QDialog(parent), m_dueMinor(dueMinor), m_currency(currency)
{
    setWindowTitle(tr("Take payment"));
    auto *layout = new QVBoxLayout(this);
    auto *due = new QLabel(tr("Amount due: <b>%1</b>").arg(formatMoney(dueMinor, currency)));
    due->setObjectName(QStringLiteral("amountDue"));
    QFont bigger = due->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 1.4);
    due->setFont(bigger);
    layout->addWidget(due);

    m_tabs = new QTabWidget;
    auto *cashPage = new QWidget;
    auto *cashForm = new QFormLayout(cashPage);
    m_tendered = new QLineEdit;
    m_tendered->setObjectName(QStringLiteral("tendered"));
    m_tendered->setPlaceholderText(formatMoney(dueMinor, currency));
    m_change = new QLabel;
    m_change->setObjectName(QStringLiteral("change"));
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
    updateState();
}

CounterPayment PaymentDialog::payment() const
{
    CounterPayment payment;
    if (m_tabs->currentIndex() == 0) {
        payment.method = PaymentMethod::Cash;
        // An empty field means the exact amount: the most common cash sale is "exact change".
        payment.tenderedMinor = m_tendered->text().trimmed().isEmpty() ? m_dueMinor
                                                                       : parseMoney(m_tendered->text()).value_or(-1);
    } else if (m_tabs->currentIndex() == 1) {
        payment.method = PaymentMethod::Card;
        payment.cardReference = m_reference->text().trimmed();
    } else {
        payment.method = PaymentMethod::Guarantee;
        payment.cardReference = m_guarantee->text().trimmed();
    }
    return payment;
}

void PaymentDialog::updateState()
{
    const CounterPayment current = payment();
    const auto status = CounterPaymentRules::check(current, m_dueMinor);
    if (current.method == PaymentMethod::Cash) {
        if (current.tenderedMinor < 0)
            m_change->setText(tr("<span style='color:#b01c1c'>Type an amount such as 100 or 100.50</span>"));
        else if (current.tenderedMinor < m_dueMinor)
            m_change->setText(tr("<span style='color:#b01c1c'>%1 short</span>")
                                  .arg(formatMoney(m_dueMinor - current.tenderedMinor, m_currency)));
        else
            m_change->setText(QStringLiteral("<b>%1</b>").arg(formatMoney(current.tenderedMinor - m_dueMinor, m_currency)));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(bool(status));
}

} // namespace boxoffice
