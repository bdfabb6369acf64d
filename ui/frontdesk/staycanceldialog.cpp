#include "ui/frontdesk/staycanceldialog.h"

#include "ui/common/money.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace boxoffice {

QString refundDestination(const StayMoney &money)
{
    return money.paidOnline
        ? QObject::tr("goes back to the guest's card through the payment provider, within a few days")
        : QObject::tr("is handed back at the desk now");
}

StayCancelDialog::StayCancelDialog(const StayRecord &stay, const StayMoney &money, bool manager, QWidget *parent)
    : QDialog(parent), m_money(money), m_manager(manager)
{
    setWindowTitle(tr("Cancel stay %1").arg(stay.reference));
    auto *layout = new QVBoxLayout(this);
    auto *who = new QLabel(
        tr("<b>%1</b>, %2, %3 to %4")
            .arg(stay.guest.toHtmlEscaped(), stay.roomTypeCode,
                 QLocale().toString(stay.checkIn, tr("d MMM yyyy", "date format (QLocale): day, month, year")),
                 QLocale().toString(stay.checkOut, tr("d MMM yyyy", "date format (QLocale): day, month, year"))));
    layout->addWidget(who);
    m_explanation = new QLabel;
    m_explanation->setObjectName(QStringLiteral("cancelExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setMinimumWidth(460);
    layout->addWidget(m_explanation);
    const QString paid = money.amountPaid.text();
    if (!money.paid()) {
        m_explanation->setText(tr("Nothing has been paid for this stay yet, so nothing is refunded. "
                                  "Cancelling gives its nights back for sale."));
    } else if (!manager) {
        m_explanation->setText(tr("The guest has paid %1 for this stay. Only a manager can cancel a paid stay: "
                                  "they decide whether the guest gets everything back or a cancellation fee is kept. "
                                  "Please ask a manager to sign in.")
                                   .arg(paid));
    } else {
        m_explanation->setText(
            tr("The guest has paid %1 for this stay. The refund %2.").arg(paid, refundDestination(money)));
        buildPaidChoice(layout);
    }
    if (money.terms.hasPolicy) {
        m_policy = new QLabel(policyWords(money));
        m_policy->setObjectName(QStringLiteral("cancelPolicy"));
        m_policy->setWordWrap(true);
        layout->insertWidget(2, m_policy);
    }
    m_buttons = new QDialogButtonBox;
    if (manager || !money.paid())
        m_buttons->addButton(tr("Cancel the &stay"), QDialogButtonBox::AcceptRole)
            ->setObjectName(QStringLiteral("confirmCancel"));
    m_buttons->addButton(money.paid() && !manager ? tr("&Close") : tr("&Keep the stay"), QDialogButtonBox::RejectRole);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateState();
}

void StayCancelDialog::buildPaidChoice(QVBoxLayout *layout)
{
    m_refundAll = new QRadioButton(tr("&Refund everything (%1)").arg(m_money.amountPaid.text()));
    m_keepFee = new QRadioButton(tr("Keep a cancellation &fee and refund the rest"));
    // The policy's fee is proposed; a manager may keep less (a waiver, with the reason given below).
    const Money proposed = m_money.proposedFee();
    (proposed.minor() > 0 ? m_keepFee : m_refundAll)->setChecked(true);
    layout->addWidget(m_refundAll);
    layout->addWidget(m_keepFee);
    auto *form = new QFormLayout;
    m_fee = new QLineEdit;
    m_fee->setObjectName(QStringLiteral("cancellationFee"));
    m_fee->setPlaceholderText(
        tr("e.g. %1 %2").arg(Money(2050, m_money.currency).inputText(locale()), m_money.currency));
    if (proposed.minor() > 0)
        m_fee->setText(proposed.inputText(locale()));
    m_reason = new QLineEdit;
    m_reason->setObjectName(QStringLiteral("cancellationReason"));
    m_reason->setPlaceholderText(tr("e.g. guest fell ill; late cancellation, 24-hour policy"));
    form->addRow(tr("Fee &kept:"), m_fee);
    form->addRow(tr("Rea&son:"), m_reason);
    layout->addLayout(form);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("cancelSummary"));
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    layout->addWidget(m_summary);
    for (QRadioButton *button : {m_refundAll, m_keepFee})
        connect(button, &QRadioButton::toggled, this, &StayCancelDialog::updateState);
    connect(m_fee, &QLineEdit::textChanged, this, &StayCancelDialog::updateState);
    connect(m_reason, &QLineEdit::textChanged, this, &StayCancelDialog::updateState);
}

qint64 StayCancelDialog::maxFeeMinor() const
{
    return (m_money.terms.hasPolicy ? m_money.proposedFee() : m_money.amountPaid).minor();
}

QString StayCancelDialog::policy() const
{
    return m_policy ? m_policy->text() : QString();
}

QString policyWords(const StayMoney &money)
{
    const CancellationTerms &terms = money.terms;
    if (!terms.hasPolicy)
        return {};
    const QString deadline = QLocale().toString(terms.freeUntil.toLocalTime(), QLocale::ShortFormat);
    if (!terms.late)
        return QObject::tr("Free cancellation until %1: no fee is kept.").arg(deadline);
    if (!money.paid())
        return QObject::tr("The free cancellation ended %1. Nothing was paid for this stay, so no fee can be "
                           "taken.")
            .arg(deadline);
    return QObject::tr("The free cancellation ended %1: the cancellation policy asks a fee of %2. A manager may keep "
                       "less, saying why.")
        .arg(deadline, money.proposedFee().text());
}

bool StayCancelDialog::mayConfirm() const
{
    if (!m_money.paid())
        return true;
    if (!m_manager)
        return false;
    const qint64 fee = feeMinor();
    return !reason().isEmpty() && fee >= 0 && fee <= maxFeeMinor() && (m_refundAll->isChecked() || fee > 0);
}

qint64 StayCancelDialog::feeMinor() const
{
    if (!m_keepFee || !m_keepFee->isChecked())
        return 0;
    const auto fee = Money::read(m_fee->text(), m_money.currency, locale());
    return fee ? fee->minor() : -1;
}

QString StayCancelDialog::reason() const
{
    return m_reason ? m_reason->text().trimmed() : QString();
}

QString StayCancelDialog::explanation() const
{
    return m_explanation->text();
}

QString StayCancelDialog::summary() const
{
    return m_summary ? m_summary->text() : QString();
}

void StayCancelDialog::updateState()
{
    if (m_fee)
        m_fee->setEnabled(m_keepFee->isChecked());
    if (m_summary) {
        const qint64 fee = feeMinor();
        if (fee < 0 && !m_fee->text().trimmed().isEmpty())
            m_summary->setText(unreadableMoneyMessage(m_fee->text(), m_money.currency, locale()));
        else if (fee < 0 || fee > maxFeeMinor())
            m_summary->setText(tr("A fee is an amount up to %1.").arg(formatMoney(maxFeeMinor(), m_money.currency)));
        else
            m_summary->setText(tr("Refund %1 · fee kept %2")
                                   .arg(formatMoney(m_money.amountPaid.minor() - fee, m_money.currency),
                                        formatMoney(fee, m_money.currency)));
    }
    if (QPushButton *confirm
        = m_buttons ? m_buttons->findChild<QPushButton *>(QStringLiteral("confirmCancel")) : nullptr)
        confirm->setEnabled(mayConfirm());
}

} // namespace boxoffice
