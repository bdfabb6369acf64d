#pragma once

#include "domain/frontdesk.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QVBoxLayout;

namespace boxoffice {

// Moving a stay to other nights or another room type: the price difference is said before anything
// changes, and settled. Dearer: charged now at the desk (cash or card) or, by a manager with a reason,
// waived. Cheaper: refunded, by a manager. Nothing paid yet: the new price is what the guest pays on
// departure. The database refuses what the signed-in role may not do, whatever this dialog allows.
class MoveStayDialog : public QDialog
{
    Q_OBJECT
public:
    struct Target
    {
        QString roomType; // "DLX Deluxe"
        QDate checkIn;
        QDate checkOut;
    };

    MoveStayDialog(const StayRecord &stay, const MoveQuote &quote, const Target &target, bool manager,
                   QWidget *parent = nullptr);

    bool mayConfirm() const;
    PriceSettlement settlement() const; // Charge then needs the payment dialog for the difference
    QString reason() const;
    QString explanation() const; // the words shown, for tests and screenshots

    QRadioButton *chargeButton() const { return m_charge; }
    QRadioButton *waiveButton() const { return m_waive; }
    QLineEdit *reasonEdit() const { return m_reason; }

private:
    QString differenceText() const;
    void buildChoice(QVBoxLayout *layout);
    void updateState();

    MoveQuote m_quote;
    bool m_manager = false;
    QLabel *m_explanation = nullptr;
    QRadioButton *m_charge = nullptr;
    QRadioButton *m_waive = nullptr;
    QLineEdit *m_reason = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace boxoffice
