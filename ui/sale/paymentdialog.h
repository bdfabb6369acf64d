#pragma once

#include "domain/countersale.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QTabWidget;
class QDialogButtonBox;

namespace boxoffice {

// Taking the money at the counter: cash with the amount handed over and the change to give back, or
// card with the terminal's reference typed or scanned. Nothing is sold until the clerk accepts.
class PaymentDialog : public QDialog
{
    Q_OBJECT
public:
    // `allowGuarantee`: a hotel stay may be confirmed by a card on file, charged on departure.
    PaymentDialog(qint64 dueMinor, const QString &currency, PaymentMethod method, QWidget *parent = nullptr,
                  bool allowGuarantee = false);

    CounterPayment payment() const;

    // For tests and the keyboard: the fields a clerk types into.
    QLineEdit *tenderedEdit() const { return m_tendered; }
    QLineEdit *referenceEdit() const { return m_reference; }
    QLineEdit *guaranteeEdit() const { return m_guarantee; }

private:
    void updateState();

    qint64 m_dueMinor;
    QString m_currency;
    QTabWidget *m_tabs;
    QLineEdit *m_tendered;
    QLabel *m_change;
    QLineEdit *m_reference;
    QLineEdit *m_guarantee = nullptr;
    QDialogButtonBox *m_buttons;
};

} // namespace boxoffice
