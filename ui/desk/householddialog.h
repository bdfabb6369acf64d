#pragma once

#include "domain/states.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLineEdit;

namespace boxoffice {

// What a manager says when taking seats off sale: why (house, press, technical kill), for whom, and a note.
class HouseHoldDialog : public QDialog
{
    Q_OBJECT
public:
    explicit HouseHoldDialog(const QStringList &seatLabels, QWidget *parent = nullptr);

    HouseKind kind() const;
    QString owner() const;
    QString note() const;

    // The parts tests fill in, as a manager would.
    QComboBox *kindBox() const { return m_kind; }
    QLineEdit *ownerEdit() const { return m_owner; }
    QLineEdit *noteEdit() const { return m_note; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void updateButtons();

    QComboBox *m_kind = nullptr;
    QLineEdit *m_owner = nullptr;
    QLineEdit *m_note = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

QString houseKindText(HouseKind kind);

} // namespace boxoffice
