#pragma once

#include "domain/approvals.h"
#include "ui/orders/managergate.h"

#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace boxoffice {

class CounterSaleService;

// Refund and exchange for the order the Orders tab shows. The clerk ticks the units (none ticked: the
// whole order for a refund), types a reason and, for an exchange, holds the new seats in the current
// sale first and says how a dearer exchange's difference is paid. A manager approves on the spot or
// the request waits in the managers' queue (ManagerGate).
class OrderActions : public QWidget
{
    Q_OBJECT
public:
    explicit OrderActions(QWidget *parent = nullptr);

    void setServices(const AfterSalesServices &own, ManagerSignIn signIn, CounterSaleService *sales);
    void setRole(StaffRole role) { m_gate.setRole(role); }
    // The desk's current sale (its cart), whose held seats an exchange sells.
    void setCurrentSale(std::function<CartId()> cart) { m_currentSale = std::move(cart); }
    void setTerminal(const QString &terminal) { m_terminal = terminal; }
    // The order to act on; nullopt: none selected.
    void showOrder(const std::optional<OrderDetails> &order);

    void refund();
    void exchange();

    QListWidget *units() const { return m_units; }
    QLineEdit *reasonEdit() const { return m_reason; }
    QComboBox *payBy() const { return m_payBy; }
    QLineEdit *tenderEdit() const { return m_tender; }
    QPushButton *refundButton() const { return m_refundButton; }
    QPushButton *exchangeButton() const { return m_exchangeButton; }
    QString message() const;
    ManagerGate &gate() { return m_gate; }

    // The last outcomes, for a receipt.
    const std::optional<CounterRefund> &lastRefund() const { return m_lastRefund; }
    const std::optional<CounterExchange> &lastExchange() const { return m_lastExchange; }
    // Who approved the last refund or exchange: the manager who signed in on the spot; empty when the
    // manager signed in at this desk did it.
    const QString &lastApprovedBy() const { return m_lastApprovedBy; }

signals:
    void refunded(const boxoffice::CounterRefund &refund);
    void exchanged(const boxoffice::CounterExchange &exchange);
    // The current sale's held seats were sold by an exchange or handed to a queued request: the desk
    // starts a new sale.
    void saleHandedOver();
    // Something about this order changed (or may have): show it again.
    void orderChanged(boxoffice::OrderId order);

private:
    void buildUi();
    QVector<OrderLine> chosenLines() const;
    QVector<OrderItemRef> chosenItems() const;
    QString moneyBackWords(MoneyBack method, const QString &reference, const Money &money) const;
    void setMessage(const QString &text, bool problem);
    void updatePreview();

    ManagerGate m_gate;
    CounterSaleService *m_sales = nullptr;
    std::function<CartId()> m_currentSale;
    QString m_terminal;
    std::optional<OrderDetails> m_order;
    std::optional<CounterRefund> m_lastRefund;
    std::optional<CounterExchange> m_lastExchange;
    QString m_lastApprovedBy;

    QListWidget *m_units = nullptr;
    QLineEdit *m_reason = nullptr;
    QLabel *m_preview = nullptr;
    QComboBox *m_payBy = nullptr;
    QLineEdit *m_tender = nullptr;
    QPushButton *m_refundButton = nullptr;
    QPushButton *m_exchangeButton = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
