#include "storage/pgcountersales.h"

#include "storage/countersql.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"
#include "storage/transactionguard.h"

#include <QSet>

namespace boxoffice {

namespace {

const QString saleContext = QStringLiteral("selling at the counter");

} // namespace

Result<CartQuote> PgCounterSales::quote(const CartId &cart)
{
    auto query = m_statements.exec(CounterSql::quote, QStringLiteral("reading what the sale will charge"),
                                   {{QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    CartQuote quote;
    quote.cart = cart;
    bool unpriced = false;
    QSet<QString> currencies;
    qint64 totalMinor = 0;
    while (q.next()) {
        unpriced = unpriced || q.value(4).isNull();
        currencies.insert(q.value(5).toString().trimmed());
        auto type = priceTypeFromText(q.value(7).toString());
        if (!type) {
            q.finish();
            return type.error();
        }
        quote.lines << QuoteLine{kindFromIndex(q.value(0).toInt()),
                                 q.value(1).toLongLong(),
                                 q.value(2).toString(),
                                 q.value(3).toInt(),
                                 Money(q.value(4).toLongLong(), q.value(5).toString().trimmed()),
                                 fromEpochMs(q.value(6)),
                                 type.value()};
        totalMinor += quote.lines.last().amount.minor();
    }
    q.finish();
    // The same refusals as the order itself, so a quote never promises a sale that cannot happen.
    if (unpriced)
        return withReason(makeError(ErrorCode::Conflict, QStringLiteral("Something in the cart has no price.")),
                          ErrorReason::Unpriced);
    if (currencies.size() > 1)
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("The cart mixes currencies; check out each currency separately.")),
                          ErrorReason::MixedCurrencies);
    if (!currencies.isEmpty())
        quote.currency = *currencies.cbegin();
    quote.total = Money(totalMinor, quote.currency);
    return quote;
}

Status PgCounterSales::lockLiveHolds(const CartId &cart)
{
    for (const char *statement :
         {CounterSql::lockSeats, CounterSql::lockPoolHolds, CounterSql::lockStays, CounterSql::lockTableBookings}) {
        auto locked = m_statements.exec(statement, saleContext, {{QStringLiteral(":cart"), cart}});
        if (!locked)
            return locked.error();
        locked.value()->finish();
    }
    return Done{};
}

PgCounterSales::PgCounterSales(QSqlDatabase database, PgCartStore &carts)
    : m_statements(std::move(database)), m_carts(carts)
{ }

Result<CounterSale> PgCounterSales::sellAtCounter(const CartId &cart, const CounterPayment &payment,
                                                  const CartQuote &seen)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(saleContext); !status)
        return status.error();
    if (auto status = lockLiveHolds(cart); !status)
        return status.error();
    auto order = m_carts.createOrder(cart);
    if (!order && order.error().code == ErrorCode::NotFound)
        return withReason(
            makeError(ErrorCode::Lost,
                      QStringLiteral("Nothing in this sale is still held (the holds ran out): take no payment.")),
            ErrorReason::CartEmpty);
    if (!order)
        return order.error();
    // The order is what confirm will charge: compared with what the clerk showed, inside the same
    // transaction and after the locks, so what is compared is what is sold. Another terminal may
    // still add to the cart after the locks; createOrder's lines include that too, and so does the
    // comparison.
    const QuoteChange change = compareQuotes(seen, quoteOfOrder(order.value()));
    if (!change.isEmpty())
        return withReason(
            makeError(ErrorCode::Conflict,
                      QStringLiteral("This sale changed after its total was shown (%1). Nothing was charged and "
                                     "the holds are kept: show the buyer the new total.")
                          .arg(change.describe()),
                      change.added + change.gone + change.repriced),
            ErrorReason::SaleChanged);
    auto confirmed = m_carts.confirmInTransaction(order->id);
    if (!confirmed)
        return confirmed.error();

    CounterSale sale;
    sale.lost = confirmed->lost;
    qint64 charged = 0;
    for (const OrderLine &line : confirmed->sold)
        charged += line.amount.minor();
    sale.charged = Money(charged, order->currency);
    if (confirmed->sold.isEmpty()) {
        QStringList labels;
        for (const OrderLine &line : confirmed->lost)
            labels << line.label;
        // Rolled back: no order, no payment; the clerk takes no money.
        return withReason(
            makeError(ErrorCode::Lost,
                      QStringLiteral("Nothing in the cart could be sold: %1 went to other buyers. Take no payment.")
                          .arg(labels.join(QStringLiteral(", "))),
                      labels),
            ErrorReason::SaleLost);
    }
    if (payment.method == PaymentMethod::Cash && payment.tendered.minor() < sale.charged.minor())
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("The cash handed over is less than the amount due.")),
            ErrorReason::CashShort);
    const bool guarantee = payment.method == PaymentMethod::Guarantee;
    if (guarantee) {
        for (const OrderLine &line : confirmed->sold) {
            if (line.kind != ItemKind::Stay)
                return withReason(
                    makeError(ErrorCode::BadInput,
                              QStringLiteral("A guarantee holds rooms only: take payment for %1.").arg(line.label)),
                    ErrorReason::GuaranteeRoomsOnly);
        }
    }
    if (auto status = recordPayment(order->id, payment, guarantee ? sale.charged.withMinor(0) : sale.charged); !status)
        return status.error();
    if (guarantee) {
        // Sold, not paid: the money is taken on departure.
        auto marked
            = m_statements.exec(CounterSql::markGuaranteed, saleContext, {{QStringLiteral(":order"), order->id}});
        if (!marked)
            return marked.error();
        marked.value()->finish();
        sale.charged = sale.charged.withMinor(0);
    }
    auto issued = m_statements.exec(CounterSql::issueTickets, saleContext, {{QStringLiteral(":order"), order->id}});
    if (!issued)
        return issued.error();
    issued.value()->finish();
    if (auto status = transaction.commit(saleContext); !status)
        return status.error();

    sale.change = sale.charged.withMinor(
        payment.method == PaymentMethod::Cash ? payment.tendered.minor() - sale.charged.minor() : 0);
    auto settled = m_carts.order(order->id);
    if (!settled)
        return settled.error();
    sale.order = settled.value();
    auto tickets = this->tickets(order->id);
    if (!tickets)
        return tickets.error();
    sale.tickets = tickets.value();
    return sale;
}

Status PgCounterSales::recordPayment(OrderId order, const CounterPayment &payment, const Money &charged)
{
    const bool cash = payment.method == PaymentMethod::Cash;
    const QString method = cash                      ? QStringLiteral("cash")
        : payment.method == PaymentMethod::Guarantee ? QStringLiteral("guarantee")
                                                     : QStringLiteral("card");
    auto recorded
        = m_statements.exec(CounterSql::recordPayment, saleContext,
                            {{QStringLiteral(":order"), order},
                             {QStringLiteral(":method"), method},
                             {QStringLiteral(":amount"), charged.minor()},
                             {QStringLiteral(":tendered"),
                              cash ? QVariant(payment.tendered.minor()) : QVariant(QMetaType::fromType<qint64>())},
                             {QStringLiteral(":reference"),
                              cash ? QVariant(QMetaType::fromType<QString>()) : QVariant(payment.cardReference)}});
    if (!recorded)
        return recorded.error();
    recorded.value()->finish();
    return Done{};
}

Ticket ticketFromRow(const QSqlQuery &q)
{
    Ticket ticket;
    ticket.code = q.value(0).toString();
    ticket.order = q.value(1).toLongLong();
    ticket.eventName = q.value(2).toString();
    ticket.startsAt = fromEpochMs(q.value(3));
    ticket.venue = q.value(4).toString();
    ticket.seatLabel = q.value(5).toString();
    ticket.sectionName = q.value(6).toString();
    ticket.currency = q.value(8).toString().trimmed();
    ticket.price = Money(q.value(7).toLongLong(), ticket.currency);
    ticket.soldBy = q.value(9).toString();
    ticket.issuedAt = fromEpochMs(q.value(10));
    ticket.event = q.value(11).toLongLong();
    ticket.place = q.value(12).toInt();
    ticket.places = q.value(13).toInt();
    return ticket;
}

Result<CounterSale> PgCounterSales::settleGuarantee(OrderId order, const CounterPayment &payment)
{
    const QString context = QStringLiteral("settling a guaranteed booking");
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    auto lock = m_statements.exec(CounterSql::lockGuaranteed, context, {{QStringLiteral(":order"), order}});
    if (!lock)
        return lock.error();
    const QString stateText = lock.value()->next() ? lock.value()->value(0).toString() : QString();
    lock.value()->finish();
    if (stateText.isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("Order %1 does not exist.").arg(order));
    auto state = orderStateFromText(stateText);
    if (!state)
        return state.error();
    if (state.value() != OrderState::Guaranteed)
        return withReason(
            makeError(ErrorCode::Conflict, QStringLiteral("Order %1 is not waiting for payment.").arg(order)),
            ErrorReason::OrderNotPayable);
    auto summary = m_carts.order(order);
    if (!summary)
        return summary.error();
    CounterSale sale;
    qint64 charged = 0;
    for (const OrderLine &line : summary->lines) {
        if (line.state == LineState::Sold)
            charged += line.amount.minor();
    }
    sale.charged = Money(charged, summary->currency);
    if (payment.method == PaymentMethod::Cash && payment.tendered.minor() < sale.charged.minor())
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("The cash handed over is less than the amount due.")),
            ErrorReason::CashShort);
    if (auto status = recordPayment(order, payment, sale.charged); !status)
        return status.error();
    auto settled = m_statements.exec(CounterSql::markSettled, context, {{QStringLiteral(":order"), order}});
    if (!settled)
        return settled.error();
    settled.value()->finish();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    sale.change = sale.charged.withMinor(
        payment.method == PaymentMethod::Cash ? payment.tendered.minor() - sale.charged.minor() : 0);
    auto paid = m_carts.order(order);
    if (!paid)
        return paid.error();
    sale.order = paid.value();
    return sale;
}

Result<QVector<Ticket>> PgCounterSales::tickets(OrderId order)
{
    return readTickets(order, false);
}

Result<QVector<Ticket>> PgCounterSales::admittingTickets(OrderId order)
{
    return readTickets(order, true);
}

Result<QVector<Ticket>> PgCounterSales::readTickets(OrderId order, bool onlyAdmitting)
{
    auto query = m_statements.exec(CounterSql::tickets, QStringLiteral("reading tickets"),
                                   {{QStringLiteral(":order"), order}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<Ticket> tickets;
    while (q.next()) {
        if (!onlyAdmitting || q.value(TicketColumns).toBool())
            tickets << ticketFromRow(q);
    }
    q.finish();
    return tickets;
}

Result<TicketCheck> PgCounterSales::checkTicket(const QString &code)
{
    auto query = m_statements.exec(CounterSql::checkTicket, QStringLiteral("checking a ticket"),
                                   {{QStringLiteral(":code"), code}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return withReason(
            makeError(ErrorCode::NotFound, QStringLiteral("No ticket with code %1 was ever issued.").arg(code)),
            ErrorReason::TicketUnknown);
    }
    TicketCheck check;
    check.ticket = ticketFromRow(q);
    auto orderState = orderStateFromText(q.value(TicketColumns).toString());
    const bool seatStillSold = q.value(TicketColumns + 1).toBool();
    q.finish();
    if (!orderState)
        return orderState.error();
    check.admits = orderState.value() == OrderState::Paid && seatStillSold;
    if (orderState.value() != OrderState::Paid)
        check.reason = QStringLiteral("the order is %1").arg(toText(orderState.value()).toLower());
    else if (!seatStillSold)
        check.reason = check.ticket.isStandingPlace() ? QStringLiteral("the place is no longer sold to this order")
                                                      : QStringLiteral("the seat is no longer sold to this order");
    return check;
}

} // namespace boxoffice
