#pragma once

#include "domain/orderlookup.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QVBoxLayout;
class QTableWidget;

namespace boxoffice {

// The counter's "Orders" tab: find an order by its number, a ticket code (typed, or scanned into the
// search field), a part of the buyer's or guest's name, or the card terminal's reference, and read its
// lines, payments, refunds and tickets. It only reads: nothing here changes an order.
class OrderLookupPanel : public QWidget
{
    Q_OBJECT
public:
    explicit OrderLookupPanel(QWidget *parent = nullptr);

    void setService(OrderLookupService *lookup);
    // What Enter in the search field does; the tests and the screenshot call it directly.
    void search(const QString &typed);

    QLineEdit *searchEdit() const { return m_search; }
    QTableWidget *results() const { return m_results; }
    QString message() const;
    QString detailsText() const;

    // Columns of the results table.
    enum Column { OrderColumn, StateColumn, AmountColumn, CreatedColumn, MatchColumn, ColumnCount };

    // Printing for the order shown (the desk window does it): its tickets again, a copy of its receipt.
    QPushButton *reprintButton() const { return m_reprint; }
    QPushButton *receiptButton() const { return m_receipt; }

signals:
    void reprintTicketsRequested(boxoffice::OrderId order);
    void printReceiptRequested(const boxoffice::OrderDetails &order);

private:
    void buildUi();
    void showHits(const QVector<OrderHit> &hits);
    void showSelected();
    void showDetails(const OrderDetails &details);
    void setMessage(const QString &text, bool problem);

    OrderLookupService *m_lookup = nullptr;
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
};

} // namespace boxoffice
