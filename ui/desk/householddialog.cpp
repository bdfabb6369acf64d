#include "ui/desk/householddialog.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice {

QString houseKindText(HouseKind kind)
{
    switch (kind) {
    case HouseKind::House:
        return QCoreApplication::translate("HouseHoldDialog", "House");
    case HouseKind::Press:
        return QCoreApplication::translate("HouseHoldDialog", "Press");
    case HouseKind::Technical:
        return QCoreApplication::translate("HouseHoldDialog", "Technical (kill)");
    }
    return {};
}

HouseHoldDialog::HouseHoldDialog(const QStringList &seatLabels, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Hold for house"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Take %n seat(s) off sale with no expiry: %1. A manager releases them on purpose.",
                                nullptr, int(seatLabels.size()))
                                 .arg(seatLabels.join(QStringLiteral(", "))));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("houseKind"));
    for (const HouseKind kind : allHouseKinds)
        m_kind->addItem(houseKindText(kind), int(kind));
    m_owner = new QLineEdit;
    m_owner->setObjectName(QStringLiteral("houseOwner"));
    m_owner->setPlaceholderText(tr("e.g. Director, Evening Post, sound desk"));
    m_note = new QLineEdit;
    m_note->setObjectName(QStringLiteral("houseNote"));
    form->addRow(tr("&Reason:"), m_kind);
    form->addRow(tr("&For:"), m_owner);
    form->addRow(tr("&Note:"), m_note);
    layout->addLayout(form);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Hold for house"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_owner, &QLineEdit::textChanged, this, &HouseHoldDialog::updateButtons);
    updateButtons();
}

HouseKind HouseHoldDialog::kind() const
{
    return HouseKind(m_kind->currentData().toInt());
}

QString HouseHoldDialog::owner() const
{
    return m_owner->text().trimmed();
}

QString HouseHoldDialog::note() const
{
    return m_note->text().trimmed();
}

void HouseHoldDialog::updateButtons()
{
    // Every house seat has someone it is held for: the audit and the next manager ask.
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!owner().isEmpty());
}

} // namespace boxoffice
