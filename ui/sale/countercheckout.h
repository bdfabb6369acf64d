#pragma once

#include "domain/countersale.h"
#include "ui/common/databasecalls.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <optional>

class QWidget;

namespace boxoffice {

class PaymentDialog;
class ServerClock;

// Taking the money for a cart at a counter, the desk's and the front desk's alike: the server's quote
// in the payment dialog, kept fresh while it is open (refreshQuote() on live changes, and a short
// timer for what a notification may miss), closed when a hold in it runs out, and a sale that carries
// the quote the clerk saw. When the server refuses that sale because the cart changed, the dialog
// opens again on the new quote, saying what changed, for the clerk to accept or cancel.
class CounterCheckout : public QObject
{
    Q_OBJECT
public:
    static constexpr int refreshMs = 2000;

    CounterCheckout(ServerClock &clock, QObject *parent = nullptr);

    void setService(CounterSaleService *sales, DatabaseCalls calls)
    {
        m_sales = sales;
        m_calls = std::move(calls);
    }

    struct Request
    {
        CartId cart;
        PaymentMethod method = PaymentMethod::Cash;
        bool allowGuarantee = false;
        QWidget *parent = nullptr;
        // For tests: called with the dialog instead of exec(); returns "accepted".
        std::function<bool(PaymentDialog &)> hook;
    };

    struct Outcome
    {
        std::optional<CounterSale> sale; // set when sold
        QString message; // why nothing was sold; empty when the clerk cancelled
        bool connectionLost = false; // the server could not be reached: the caller reconnects
    };

    Outcome run(const Request &request);
    // What the clerk took in the last sale run() made (the method, cash tendered, card reference): the
    // receipt needs it, and a CounterSale keeps only the amounts.
    const CounterPayment &lastPayment() const { return m_lastPayment; }
    // Re-reads the open dialog's quote (nothing when no dialog is open).
    void refreshQuote();

signals:
    // Every quote read, so the caller's own view of the cart can follow the server.
    void quoteRead(const CartQuote &quote);

private:
    Result<CartQuote> readQuote(const CartId &cart);

    ServerClock &m_clock;
    CounterSaleService *m_sales = nullptr;
    DatabaseCalls m_calls;
    QPointer<PaymentDialog> m_open;
    CartId m_openCart;
    QTimer m_refresh;
    CounterPayment m_lastPayment;
};

} // namespace boxoffice
