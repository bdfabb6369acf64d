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
    PaymentDialog(qint64 dueMinor, const QString &currency, PaymentMethod method, QWidget *parent = nullptr);

    CounterPayment payment() const;

    // For tests and the keyboard: the fields a clerk types into.
    QLineEdit *tenderedEdit() const { return m_tendered; }
    QLineEdit *referenceEdit() const { return m_reference; }

private:
    void updateState();

    qint64 m_dueMinor;
    QString m_currency;
    QTabWidget *m_tabs;
    QLineEdit *m_tendered;
    QLabel *m_change;
    QLineEdit *m_reference;
    QDialogButtonBox *m_buttons;
};

} // namespace boxoffice
