#pragma once

#include "domain/approvals.h"
#include "domain/orderlookup.h"
#include "ui/common/databasecalls.h"
#include "ui/desk/deskservices.h"

#include <QWidget>

#include <optional>

class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QVBoxLayout;
class QTableWidget;

namespace boxoffice {

class ApprovalsPanel;
class OrderActions;

// The counter's "Orders" tab: find an order by its number, a ticket code (typed, or scanned into the
// search field), a part of the buyer's or guest's name, or the card terminal's reference, and read its
// lines, payments, refunds and tickets. Below the details: refund or exchange the selected order's
// units (OrderActions, a manager approving on the spot or through the queue), and the requests waiting
// for a manager (ApprovalsPanel).
class OrderLookupPanel : public QWidget
{
    Q_OBJECT
public:
    explicit OrderLookupPanel(QWidget *parent = nullptr);

    void setService(OrderLookupService *lookup, DatabaseCalls calls);
    // Refunds, exchanges and approvals; `sales` quotes the current sale an exchange sells.
    void setAfterSales(const AfterSalesServices &own, const ManagerSignIn &signIn, CounterSaleService *sales);
    void setStaffRole(StaffRole role);
    // The desk's current sale (its cart), whose held seats an exchange sells.
    void setCurrentSale(std::function<CartId()> cart);
    // What Enter in the search field does; the tests and the screenshot call it directly.
    void search(const QString &typed);

    QLineEdit *searchEdit() const { return m_search; }
    QTableWidget *results() const { return m_results; }
    QString message() const;
    QString detailsText() const;
    OrderActions *actions() const { return m_actions; }
    ApprovalsPanel *approvals() const { return m_approvals; }

    // Columns of the results table.
    enum Column { OrderColumn, StateColumn, AmountColumn, CreatedColumn, MatchColumn, ColumnCount };

    // Printing for the order shown (the desk window does it): its tickets again, a copy of its receipt.
    QPushButton *reprintButton() const { return m_reprint; }
    QPushButton *receiptButton() const { return m_receipt; }

signals:
    void reprintTicketsRequested(boxoffice::OrderId order);
    void printReceiptRequested(const boxoffice::OrderDetails &order);
signals:
    // An exchange sold the current sale's held seats, or a queued one took them: start a new sale.
    void saleHandedOver();
    // A refund or an exchange was carried out from this tab (on the spot or approving a queued
    // request): its receipt is due. `approvedBy`: the manager who signed in for it, empty when the
    // desk's own manager did it.
    void refundReceiptDue(const boxoffice::CounterRefund &refund, const QString &approvedBy);
    void exchangeReceiptDue(const boxoffice::CounterExchange &exchange, const QString &approvedBy);

private:
    void buildUi();
    void reshow(OrderId order);
    void showHits(const QVector<OrderHit> &hits);
    void showSelected();
    void showDetails(const OrderDetails &details);
    void setMessage(const QString &text, bool problem);

    OrderLookupService *m_lookup = nullptr;
    DatabaseCalls m_calls;
    QVector<OrderHit> m_hits;
    QLineEdit *m_search = nullptr;
    QLabel *m_message = nullptr;
    QTableWidget *m_results = nullptr;
    QPlainTextEdit *m_details = nullptr;
    std::optional<OrderDetails> m_shown;
    QPushButton *m_reprint = nullptr;
    QPushButton *m_receipt = nullptr;
    void buildPrintButtons(QVBoxLayout *outer);
    void updatePrintButtons();
    // Buttons about the selected order as a whole (reprint, receipt) go in this row.
    QHBoxLayout *m_orderButtons = nullptr;
    OrderActions *m_actions = nullptr;
    ApprovalsPanel *m_approvals = nullptr;
};

} // namespace boxoffice
