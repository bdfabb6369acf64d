#pragma once

#include "domain/hotellists.h"

#include <QDialog>

class QComboBox;
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
    // A walk: asks which partner property takes the guest, one of `partners` or a new name typed in.
    void askForPartner(const QVector<PartnerHotel> &partners);
    qint64 partnerId() const; // 0: a name not on the list (partnerName() says which)
    QString partnerName() const;
    QComboBox *partnerBox() const { return m_partner; }

private:
    void updateState();

    QString m_currency;
    QLabel *m_refundNote;
    QLineEdit *m_amount;
    QLabel *m_amountProblem; // why the amount cannot be read, while it cannot
    QLineEdit *m_reason;
    QLabel *m_partnerLabel;
    QComboBox *m_partner; // shown for a walk only
    QVector<PartnerHotel> m_partners;
    QDialogButtonBox *m_buttons;
};

} // namespace boxoffice
