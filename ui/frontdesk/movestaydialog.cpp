#include "ui/frontdesk/movestaydialog.h"

#include "ui/common/money.h"
#include "ui/frontdesk/staycanceldialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

QString range(const QDate &checkIn, const QDate &checkOut)
{
    const qint64 nights = checkIn.daysTo(checkOut);
    const QString format = QObject::tr("d MMM", "date format (QLocale): day and month");
    const QString from = QLocale().toString(checkIn, format);
    const QString to = QLocale().toString(checkOut, format);
    return QObject::tr("%1 to %2 (%n night(s))", nullptr, int(nights)).arg(from, to);
}

} // namespace

MoveStayDialog::MoveStayDialog(const StayRecord &stay, const MoveQuote &quote, const Target &target, bool manager,
                               QWidget *parent)
    : QDialog(parent), m_quote(quote), m_manager(manager)
{
    setWindowTitle(tr("Move stay %1").arg(stay.reference));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(
        new QLabel(tr("<b>%1</b><br>from %2, %3<br>to %4, %5")
                       .arg(stay.guest.toHtmlEscaped(), stay.roomTypeCode, range(stay.checkIn, stay.checkOut),
                            target.roomType.toHtmlEscaped(), range(target.checkIn, target.checkOut))));
    auto *prices = new QLabel(tr("Sold for %1 · new price %2 · <b>%3</b>")
                                  .arg(quote.money.price.text(), quote.newPrice.text(), differenceText()));
    prices->setObjectName(QStringLiteral("moveDifference"));
    QFont bigger = prices->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 1.2);
    prices->setFont(bigger);
    layout->addWidget(prices);
    m_explanation = new QLabel;
    m_explanation->setObjectName(QStringLiteral("moveExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setMinimumWidth(480);
    layout->addWidget(m_explanation);
    buildChoice(layout);
    m_buttons = new QDialogButtonBox;
    m_buttons->addButton(tr("&Move the stay"), QDialogButtonBox::AcceptRole)
        ->setObjectName(QStringLiteral("confirmMove"));
    m_buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateState();
}

QString MoveStayDialog::differenceText() const
{
    const qint64 difference = m_quote.difference().minor();
    const QString amount = m_quote.difference().withMinor(difference < 0 ? -difference : difference).text();
    if (difference == 0)
        return tr("same price");
    return difference > 0 ? tr("%1 more").arg(amount) : tr("%1 less").arg(amount);
}

void MoveStayDialog::buildChoice(QVBoxLayout *layout)
{
    const qint64 difference = m_quote.difference().minor();
    const QString amount = m_quote.difference().withMinor(difference < 0 ? -difference : difference).text();
    if (difference == 0) {
        m_explanation->setText(tr("Nothing to charge or refund."));
        return;
    }
    if (!m_quote.money.paid()) {
        m_explanation->setText(
            tr("Nothing has been paid for this stay yet: the guest pays the new price, %1, on departure.")
                .arg(m_quote.newPrice.text()));
        return;
    }
    auto *form = new QFormLayout;
    m_reason = new QLineEdit;
    m_reason->setObjectName(QStringLiteral("moveReason"));
    if (difference > 0) {
        m_explanation->setText(tr("The new room costs %1 more than the guest paid. Charge it now, or a manager waives "
                                  "it: the guest keeps the old price.")
                                   .arg(amount));
        m_charge = new QRadioButton(tr("&Charge %1 now (cash or card)").arg(amount));
        m_waive = new QRadioButton(tr("&Waive it (a manager's decision, with a reason)"));
        m_charge->setChecked(true);
        m_waive->setEnabled(m_manager);
        if (!m_manager)
            m_waive->setToolTip(tr("Only a manager can waive a difference: ask one to sign in."));
        layout->addWidget(m_charge);
        layout->addWidget(m_waive);
        m_reason->setPlaceholderText(tr("e.g. our fault: the booked room is out of order"));
        connect(m_charge, &QRadioButton::toggled, this, &MoveStayDialog::updateState);
    } else if (m_manager) {
        m_explanation->setText(tr("The new room costs %1 less. The difference is refunded and %2.")
                                   .arg(amount, refundDestination(m_quote.money)));
        m_reason->setPlaceholderText(tr("e.g. guest asked for a cheaper room"));
    } else {
        m_explanation->setText(tr("The new room costs %1 less, so the guest gets %1 back. Only a manager can refund: "
                                  "please ask a manager to move this stay.")
                                   .arg(amount));
        m_reason->setEnabled(false);
    }
    form->addRow(tr("Rea&son:"), m_reason);
    layout->addLayout(form);
    connect(m_reason, &QLineEdit::textChanged, this, &MoveStayDialog::updateState);
}

PriceSettlement MoveStayDialog::settlement() const
{
    const qint64 difference = m_quote.difference().minor();
    if (difference == 0 || !m_quote.money.paid())
        return PriceSettlement::None;
    if (difference < 0)
        return PriceSettlement::Refund;
    return m_charge->isChecked() ? PriceSettlement::Charge : PriceSettlement::Waive;
}

bool MoveStayDialog::mayConfirm() const
{
    switch (settlement()) {
    case PriceSettlement::None:
    case PriceSettlement::Charge:
        return true;
    case PriceSettlement::Refund:
    case PriceSettlement::Waive:
        break;
    }
    return m_manager && !reason().isEmpty();
}

QString MoveStayDialog::reason() const
{
    return m_reason ? m_reason->text().trimmed() : QString();
}

QString MoveStayDialog::explanation() const
{
    return m_explanation->text();
}

void MoveStayDialog::updateState()
{
    if (m_reason && m_charge)
        m_reason->setEnabled(!m_charge->isChecked());
    if (QPushButton *confirm = m_buttons->findChild<QPushButton *>(QStringLiteral("confirmMove")))
        confirm->setEnabled(mayConfirm());
}

} // namespace boxoffice
