#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QDialogButtonBox;

namespace boxoffice {

// What a manager records when walking a guest (or moving one): the compensation paid, and why.
class CompensationDialog : public QDialog
{
    Q_OBJECT
public:
    CompensationDialog(const QString &title, const QString &guest, const QString &currency, QWidget *parent = nullptr);

    qint64 amountMinor() const; // -1 when unreadable
    QString reason() const;
    // What happens to the money the guest paid for the stay (a walk refunds it), said before confirming.
    void setRefundNote(const QString &note);
    QString refundNote() const;
    QLineEdit *amountEdit() const { return m_amount; }
    QLineEdit *reasonEdit() const { return m_reason; }
    QString amountProblem() const; // the message shown for an unreadable amount, else empty

private:
    void updateState();

    QLabel *m_refundNote;
    QLineEdit *m_amount;
    QLabel *m_amountProblem; // why the amount cannot be read, while it cannot
    QLineEdit *m_reason;
    QDialogButtonBox *m_buttons;
};

} // namespace boxoffice
