#pragma once

#include "domain/frontdesk.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QVBoxLayout;

namespace boxoffice {

// Cancelling a stay at the desk, in words a clerk understands. Nothing paid yet: the nights go back.
// Paid: a manager decides whether everything is refunded or a cancellation fee is kept (with a reason),
// and sees where the refund goes (the card, through the payment provider; or cash handed back now). A
// clerk is told to ask a manager and cannot confirm; the database refuses a clerk anyway.
class StayCancelDialog : public QDialog
{
    Q_OBJECT
public:
    StayCancelDialog(const StayRecord &stay, const StayMoney &money, bool manager, QWidget *parent = nullptr);

    bool mayConfirm() const; // what the Cancel-the-stay button says
    qint64 feeMinor() const; // 0 unless a fee is kept; -1 when unreadable
    QString reason() const;
    QString explanation() const; // the words shown, for tests and screenshots
    QString summary() const; // "Refund €140.00 · fee kept €20.00"
    QString policy() const; // the cancellation policy's words; empty without a policy
    qint64 maxFeeMinor() const; // what was paid, or under a policy the policy's fee now

    QRadioButton *refundAllButton() const { return m_refundAll; }
    QRadioButton *keepFeeButton() const { return m_keepFee; }
    QLineEdit *feeEdit() const { return m_fee; }
    QLineEdit *reasonEdit() const { return m_reason; }

private:
    void buildPaidChoice(QVBoxLayout *layout);
    void updateState();

    StayMoney m_money;
    bool m_manager = false;
    QLabel *m_explanation = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_policy = nullptr;
    QRadioButton *m_refundAll = nullptr;
    QRadioButton *m_keepFee = nullptr;
    QLineEdit *m_fee = nullptr;
    QLineEdit *m_reason = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

// Where a refund goes, said the same way in every dialog and message: "goes back to the guest's card
// ..." or "is handed back at the desk now", to follow "the refund" or "which".
QString refundDestination(const StayMoney &money);

// The hotel's cancellation policy for the stay in words: the deadline, and the fee it asks now.
QString policyWords(const StayMoney &money);

} // namespace boxoffice
