#pragma once

#include "domain/folio.h"
#include "ui/common/databasecalls.h"

#include <QWidget>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
QT_END_NAMESPACE

namespace boxoffice {

class PaymentDialog;

// One stay's folio: its charges, posting a charge, a manager's void, the balance, settle-and-check-out
// and the invoice PDF. A plain widget taking a stay id, so it can sit in a dialog of its own or inside
// a guest's profile.
class FolioPanel : public QWidget
{
    Q_OBJECT
public:
    explicit FolioPanel(QWidget *parent = nullptr);

    // Every call of `folio` goes through `calls` (the session's database thread).
    void setService(FolioService *folio, const DatabaseCalls &calls);
    void setStay(StayId stay);
    StayId stay() const { return m_stay; }
    void reload(); // reads the folio again; the chosen charge stays chosen

    void postCharge(); // what the post row holds
    void voidSelectedCharge();
    void settleAndCheckOut();
    void writeInvoice();

    const Folio &folio() const { return m_folio; }
    QString message() const;
    QComboBox *kindBox() const { return m_kind; }
    QLineEdit *descriptionEdit() const { return m_description; }
    QSpinBox *quantityBox() const { return m_quantity; }
    QLineEdit *amountEdit() const { return m_amount; }
    QTableWidget *chargesTable() const { return m_charges; }

    // For tests: called instead of the modal payment dialog, the void reason and the file dialog.
    std::function<bool(PaymentDialog &)> paymentHook;
    std::function<std::optional<QString>()> voidReasonHook;
    std::function<QString()> invoicePathHook;

signals:
    // The guest left: settled (or owing nothing) and checked out. `payment` is empty when nothing was owed.
    void checkedOut(const boxoffice::FolioSettlement &settlement,
                    const std::optional<boxoffice::CounterPayment> &payment, const QString &currency);

private:
    void buildUi();
    void showFolio(const Folio &folio);
    void showMessage(const QString &text, bool problem = false);
    FolioChargeId selectedCharge() const;

    FolioService *m_service = nullptr;
    DatabaseCalls m_calls;
    StayId m_stay = 0;
    Folio m_folio;
    QLabel *m_title = nullptr;
    QTableWidget *m_charges = nullptr;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_description = nullptr;
    QSpinBox *m_quantity = nullptr;
    QLineEdit *m_amount = nullptr;
    QPushButton *m_post = nullptr;
    QPushButton *m_void = nullptr;
    QPushButton *m_settle = nullptr;
    QPushButton *m_invoice = nullptr;
    QLabel *m_balance = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
