#include "ui/frontdesk/compensationdialog.h"

#include "ui/common/money.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace boxoffice {

CompensationDialog::CompensationDialog(const QString &title, const QString &guest, const QString &currency,
                                       QWidget *parent)
    : QDialog(parent), m_currency(currency)
{
    setWindowTitle(title);
    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("Guest: <b>%1</b>").arg(guest.toHtmlEscaped())));
    m_refundNote = new QLabel;
    m_refundNote->setObjectName(QStringLiteral("refundNote"));
    m_refundNote->setWordWrap(true);
    m_refundNote->hide();
    form->addRow(m_refundNote);
    m_amount = new QLineEdit;
    m_amount->setObjectName(QStringLiteral("amount"));
    m_amount->setPlaceholderText(tr("e.g. %1 %2").arg(Money(2050, currency).inputText(locale()), currency));
    m_reason = new QLineEdit;
    m_reason->setObjectName(QStringLiteral("reason"));
    m_reason->setPlaceholderText(tr("e.g. first night at the partner hotel, taxi paid"));
    m_reason->setMinimumWidth(340); // a reason is a sentence: show it whole
    form->addRow(tr("Compensation &paid:"), m_amount);
    m_amountProblem = new QLabel;
    m_amountProblem->setObjectName(QStringLiteral("amountProblem"));
    m_amountProblem->setStyleSheet(QStringLiteral("color:#b01c1c;"));
    m_amountProblem->setWordWrap(true);
    m_amountProblem->hide();
    form->addRow(m_amountProblem);
    form->addRow(tr("&Reason:"), m_reason);
    m_partner = new QComboBox;
    m_partner->setObjectName(QStringLiteral("partner"));
    m_partner->setEditable(true); // a partner not yet on the hotel's list is typed in; a manager adds it
    m_partner->setInsertPolicy(QComboBox::NoInsert);
    m_partner->setMinimumWidth(340);
    m_partnerLabel = new QLabel(tr("Partner &property:"));
    m_partnerLabel->setBuddy(m_partner);
    form->addRow(m_partnerLabel, m_partner);
    m_partner->hide();
    m_partnerLabel->hide();
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_amount, &QLineEdit::textChanged, this, &CompensationDialog::updateState);
    connect(m_reason, &QLineEdit::textChanged, this, &CompensationDialog::updateState);
    connect(m_partner, &QComboBox::currentTextChanged, this, &CompensationDialog::updateState);
    updateState();
}

qint64 CompensationDialog::amountMinor() const
{
    if (m_amount->text().trimmed().isEmpty())
        return 0;
    const auto amount = Money::read(m_amount->text(), m_currency, locale());
    return amount ? amount->minor() : -1;
}

QString CompensationDialog::amountProblem() const
{
    return m_amountProblem->isVisibleTo(this) ? m_amountProblem->text() : QString();
}

QString CompensationDialog::reason() const
{
    return m_reason->text().trimmed();
}

void CompensationDialog::setRefundNote(const QString &note)
{
    m_refundNote->setText(note);
    m_refundNote->setVisible(!note.isEmpty());
}

QString CompensationDialog::refundNote() const
{
    return m_refundNote->text();
}

void CompensationDialog::askForPartner(const QVector<PartnerHotel> &partners)
{
    m_partners = partners;
    m_partner->clear();
    for (const PartnerHotel &partner : partners)
        m_partner->addItem(partner.contact.isEmpty() ? partner.name : tr("%1 (%2)").arg(partner.name, partner.contact),
                           partner.id);
    m_partner->setCurrentIndex(-1);
    m_partner->setEditText(QString());
    m_partner->lineEdit()->setPlaceholderText(partners.isEmpty() ? tr("Type the partner property's name")
                                                                 : tr("Choose, or type a new one"));
    m_partner->show();
    m_partnerLabel->show();
    updateState();
}

qint64 CompensationDialog::partnerId() const
{
    const QString typed = m_partner->currentText().trimmed();
    for (int row = 0; row < m_partner->count(); ++row) {
        if (m_partner->itemText(row) == typed || m_partners.value(row).name.compare(typed, Qt::CaseInsensitive) == 0)
            return m_partner->itemData(row).toLongLong();
    }
    return 0;
}

QString CompensationDialog::partnerName() const
{
    const qint64 id = partnerId();
    for (const PartnerHotel &partner : m_partners) {
        if (partner.id == id)
            return partner.name;
    }
    return m_partner->currentText().trimmed();
}

void CompensationDialog::updateState()
{
    const bool readable = amountMinor() >= 0;
    m_amountProblem->setText(readable ? QString() : unreadableMoneyMessage(m_amount->text(), m_currency, locale()));
    m_amountProblem->setVisible(!readable);
    const bool partnerNamed = m_partner->isHidden() || !partnerName().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(readable && !reason().isEmpty() && partnerNamed);
}

} // namespace boxoffice
