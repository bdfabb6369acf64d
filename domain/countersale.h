#pragma once

#include "domain/cartitems.h"
#include "domain/cartquote.h"
#include "domain/money.h"
#include "domain/result.h"
#include "domain/ticket.h"

#include <QString>
#include <QVector>

namespace boxoffice {

// Money taken at the box-office counter: settled on the spot, so the sale and its payment are one step.
// Guarantee: a card on file, nothing charged now (hotel stays): the money is taken on departure.
enum class PaymentMethod { Cash, Card, Guarantee };

struct CounterPayment
{
    PaymentMethod method = PaymentMethod::Cash;
    Money tendered; // cash: what the buyer handed over, in the currency due
    QString cardReference; // card: the terminal's receipt reference, typed or scanned; guarantee: the card on file
};

struct CounterSale
{
    OrderSummary order; // after confirm: PAID, lines SOLD or LOST
    QVector<OrderLine> lost; // held once, reclaimed by another buyer before the sale: not charged
    Money charged; // the sold lines only
    Money change; // cash: tendered - charged
    QVector<Ticket> tickets; // one per sold seat
};

// The counter's side of checkout. One transaction: the order over everything the cart holds, confirm,
// the payment for what was actually sold, and the tickets; any refusal leaves the holds as they were.
class CounterSaleStore
{
public:
    virtual ~CounterSaleStore() = default;
    // What the cart holds live now, priced as its order would be; empty when it holds nothing.
    virtual Result<CartQuote> quote(const CartId &cart) = 0;
    // Sells the cart only if what it holds live is exactly `seen` (units, quantities, amounts, total):
    // otherwise Conflict, with nothing changed and every hold kept, so the clerk can show the new quote.
    virtual Result<CounterSale> sellAtCounter(const CartId &cart, const CounterPayment &pay, const CartQuote &seen) = 0;
    virtual Result<QVector<Ticket>> tickets(OrderId order) = 0;
    // The order's tickets that still admit: their seat still sold to this order (not refunded, not
    // given back in an exchange). What a reprint hands out.
    virtual Result<QVector<Ticket>> admittingTickets(OrderId order) = 0;
    // A GUARANTEED order paid at last (on departure): the payment for what it holds, and PAID.
    virtual Result<CounterSale> settleGuarantee(OrderId order, const CounterPayment &payment) = 0;
    // NotFound for a code that was never issued.
    virtual Result<TicketCheck> checkTicket(const QString &code) = 0;
};

namespace CounterPaymentRules {
// What a clerk can get wrong before anything is sent: a short cash amount, an empty card reference.
Status check(const CounterPayment &payment, const Money &due);
} // namespace CounterPaymentRules

class CounterSaleService
{
public:
    explicit CounterSaleService(CounterSaleStore &store);

    Result<CartQuote> quote(const CartId &cart);
    // `seen` is the quote the clerk showed the buyer: the sale charges exactly that, or is refused.
    Result<CounterSale> sell(const CartId &cart, const CounterPayment &payment, const CartQuote &seen);
    Result<QVector<Ticket>> tickets(OrderId order);
    Result<CounterSale> settleGuarantee(OrderId order, const CounterPayment &payment, const Money &due);
    // A scanned or typed code, checked against the database: the only proof a ticket has.
    Result<TicketCheck> checkTicket(const QString &scanned);

private:
    CounterSaleStore &m_store;
};

} // namespace boxoffice
