#pragma once

#include "domain/cartquote.h"
#include "domain/countersale.h"

#include <QDateTime>
#include <QDialog>

class QLabel;
class QLineEdit;
class QTabWidget;
class QTableView;
class QDialogButtonBox;

namespace boxoffice {

class QuoteModel;

// Taking the money at the counter: cash with the amount handed over and the change to give back, or
// card with the terminal's reference typed or scanned. Nothing is sold until the clerk accepts.
// Over a cart it lists the server's quote (every unit the sale will charge, and their total), follows
// new quotes while open, counts down to the first hold's expiry and closes itself when it passes.
class PaymentDialog : public QDialog
{
    Q_OBJECT
public:
    // A fixed amount, such as a guaranteed booking settled on departure.
    // `allowGuarantee`: a hotel stay may be confirmed by a card on file, charged on departure.
    PaymentDialog(const Money &due, PaymentMethod method, QWidget *parent = nullptr, bool allowGuarantee = false);
    // A cart's sale: the amount due is the quote's total.
    PaymentDialog(const CartQuote &quote, PaymentMethod method, QWidget *parent = nullptr, bool allowGuarantee = false);

    CounterPayment payment() const;
    // What the clerk has in front of them now: the sale carries it, and charges exactly that.
    const CartQuote &quote() const;
    // A newer quote of the same cart; `notice` says what changed, in words for the buyer.
    void showQuote(const CartQuote &quote, const QString &notice = {});
    void setNotice(const QString &notice);
    // The shared server clock's tick: the countdown, and the close when a hold has run out.
    void setServerNow(const QDateTime &serverNow);
    // Closes without a sale; `reason` is what the desk tells the clerk.
    void endSale(const QString &reason);
    // Why the dialog closed itself (empty when the clerk closed it).
    QString closeReason() const { return m_closeReason; }

    // For tests and the keyboard: the fields a clerk types into.
    QLineEdit *tenderedEdit() const { return m_tendered; }
    QLineEdit *referenceEdit() const { return m_reference; }
    QLineEdit *guaranteeEdit() const { return m_guarantee; }

private:
    void build(PaymentMethod method, bool allowGuarantee);
    void showDue();
    void fitLines();
    void updateState();

    Money m_amountDue; // in the currency the cash is read in
    QuoteModel *m_lines = nullptr; // null for a fixed amount
    QString m_closeReason;
    QLabel *m_due = nullptr;
    QLabel *m_countdown = nullptr;
    QLabel *m_notice = nullptr;
    QTableView *m_linesView = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLineEdit *m_tendered = nullptr;
    QLabel *m_change = nullptr;
    QLineEdit *m_reference = nullptr;
    QLineEdit *m_guarantee = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace boxoffice
