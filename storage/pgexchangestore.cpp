#include "storage/pgexchangestore.h"

#include "domain/approvals.h"
#include "domain/cartquote.h"
#include "storage/checkoutsql.h"
#include "storage/countersql.h"
#include "storage/exchangesql.h"
#include "storage/pgcartstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/statetext.h"

namespace boxoffice {

namespace {

const QString exchangeContext = QStringLiteral("exchanging units at the counter");

QVariant nullableId(qint64 id)
{
    return id ? QVariant(id) : QVariant(QMetaType::fromType<qint64>());
}

} // namespace

PgExchangeStore::PgExchangeStore(QSqlDatabase database, PgCartStore &carts, PgCheckoutStore &checkout,
                                 PgCounterSales &counter)
    : m_statements(std::move(database)), m_carts(carts), m_checkout(checkout), m_counter(counter)
{ }

Status PgExchangeStore::run(const char *sql, PreparedStatements::Bindings bindings)
{
    auto done = m_statements.exec(sql, exchangeContext, bindings);
    if (!done)
        return done.error();
    done.value()->finish();
    return Done{};
}

Result<PaidOrderMoney> PgExchangeStore::lockPaidOrder(OrderId order)
{
    auto lock = m_statements.exec(ExchangeSql::lockOrder, exchangeContext, {{QStringLiteral(":order"), order}});
    if (!lock)
        return lock.error();
    QSqlQuery &q = *lock.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("There is no order %1.").arg(order));
    }
    auto state = orderStateFromText(q.value(0).toString());
    PaidOrderMoney money;
    money.buyer = q.value(1).toString();
    q.finish();
    if (!state)
        return state.error();
    if (state.value() != OrderState::Paid)
        return makeError(
            ErrorCode::Conflict,
            QStringLiteral("Only a paid order can be exchanged; this one is %1.").arg(toText(state.value()).toLower()));
    auto summary = m_carts.order(order);
    if (!summary)
        return summary.error();
    money.order = summary.value();

    auto online = m_statements.exec(ExchangeSql::providerPayment, exchangeContext, {{QStringLiteral(":order"), order}});
    if (!online)
        return online.error();
    money.providerPayment = online.value()->next() ? online.value()->value(0).toLongLong() : 0;
    online.value()->finish();
    if (money.providerPayment) {
        money.method = MoneyBack::Online;
        return money;
    }
    auto counter = m_statements.exec(ExchangeSql::counterPayment, exchangeContext, {{QStringLiteral(":order"), order}});
    if (!counter)
        return counter.error();
    if (counter.value()->next()) {
        const QString method = counter.value()->value(0).toString();
        money.method = method == QLatin1String("card") ? MoneyBack::Card : MoneyBack::Cash;
        money.cardReference = counter.value()->value(1).toString();
    }
    counter.value()->finish();
    return money;
}

Result<OrderSummary> PgExchangeStore::sellHeld(const CartId &cart, const CartQuote &seen, const QString &buyer)
{
    // The cart's live holds locked in the counter sale's order (seats by id, GA sub-pools, nights by
    // date, tables) before the order over them is written.
    for (const char *statement :
         {CounterSql::lockSeats, CounterSql::lockPoolHolds, CounterSql::lockStays, CounterSql::lockTableBookings}) {
        if (auto status = run(statement, {{QStringLiteral(":cart"), cart}}); !status)
            return status.error();
    }
    auto order = m_carts.createOrder(cart);
    if (!order && order.error().code == ErrorCode::NotFound)
        return makeError(
            ErrorCode::Lost,
            QStringLiteral("The new units are no longer held (their holds ran out). Nothing was changed."));
    if (!order)
        return order.error();
    const CartQuote now = quoteOfOrder(order.value());
    if (!seen.lines.isEmpty()) {
        const QuoteChange change = compareQuotes(seen, now);
        if (!change.gone.isEmpty())
            return makeError(ErrorCode::Lost,
                             QStringLiteral("%1 went to another buyer. Nothing was changed.")
                                 .arg(change.gone.join(QStringLiteral(", "))),
                             change.gone);
        if (!change.isEmpty())
            return makeError(ErrorCode::Conflict,
                             QStringLiteral("The new units changed after their total was shown (%1). Nothing was "
                                            "changed.")
                                 .arg(change.describe()),
                             change.added + change.repriced);
    } else if (now.total.minor() != seen.total.minor()) {
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("The units held for the exchange are no longer what was "
                                        "asked for. Nothing was changed."));
    }
    if (auto status
        = run(ExchangeSql::tagNewOrder, {{QStringLiteral(":buyer"), buyer}, {QStringLiteral(":order"), order->id}});
        !status)
        return status.error();
    auto confirmed = m_carts.confirmInTransaction(order->id);
    if (!confirmed)
        return confirmed.error();
    if (!confirmed->lost.isEmpty()) {
        QStringList labels;
        for (const OrderLine &line : confirmed->lost)
            labels << line.label;
        return makeError(
            ErrorCode::Lost,
            QStringLiteral("%1 went to another buyer. Nothing was changed.").arg(labels.join(QStringLiteral(", "))),
            labels);
    }
    auto sold = m_carts.order(order->id);
    if (!sold)
        return sold.error();
    OrderSummary summary = sold.value();
    QVector<OrderLine> soldLines;
    for (const OrderLine &line : summary.lines) {
        if (line.state == LineState::Sold)
            soldLines << line;
    }
    summary.lines = soldLines;
    return summary;
}

Result<ExchangeStore::Returned> PgExchangeStore::returnUnits(OrderId order, const QVector<OrderItemRef> &items)
{
    if (items.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("Choose the units the buyer gives back."));
    auto returned = m_checkout.returnSoldItems(order, items);
    if (!returned)
        return returned.error();
    return Returned{returned->lines, returned->amount};
}

Status PgExchangeStore::recordExchange(OrderId from, OrderId to, const Money &returnedTotal, const Money &newTotal,
                                       const Money &credit, const QString &reason, qint64 approvalRequest,
                                       const QVector<OrderItemRef> &items)
{
    if (auto status = run(ExchangeSql::insertExchange,
                          {{QStringLiteral(":from"), from},
                           {QStringLiteral(":to"), to},
                           {QStringLiteral(":returned"), returnedTotal.minor()},
                           {QStringLiteral(":new"), newTotal.minor()},
                           {QStringLiteral(":credit"), credit.minor()},
                           {QStringLiteral(":reason"), reason},
                           {QStringLiteral(":request"), nullableId(approvalRequest)},
                           {QStringLiteral(":items"), QString(QLatin1String("")) + formatOrderItemRefs(items)}});
        !status)
        return status;
    if (auto status = run(CheckoutSql::logStep,
                          {{QStringLiteral(":order"), from},
                           {QStringLiteral(":step"), QStringLiteral("exchanged-out")},
                           {QStringLiteral(":detail"), QString::number(to)}});
        !status)
        return status;
    return run(CheckoutSql::logStep,
               {{QStringLiteral(":order"), to},
                {QStringLiteral(":step"), QStringLiteral("exchanged-in")},
                {QStringLiteral(":detail"), QString::number(from)}});
}

Status PgExchangeStore::takeDifference(OrderId to, const CounterPayment &payment, const Money &amount)
{
    const bool cash = payment.method == PaymentMethod::Cash;
    return run(CounterSql::recordPayment,
               {{QStringLiteral(":order"), to},
                {QStringLiteral(":method"), cash ? QStringLiteral("cash") : QStringLiteral("card")},
                {QStringLiteral(":amount"), amount.minor()},
                {QStringLiteral(":tendered"),
                 cash ? QVariant(payment.tendered.minor()) : QVariant(QMetaType::fromType<qint64>())},
                {QStringLiteral(":reference"),
                 cash ? QVariant(QMetaType::fromType<QString>()) : QVariant(payment.cardReference)}});
}

Result<qint64> PgExchangeStore::refundDifference(OrderId from, qint64 providerPayment, const Money &amount,
                                                 const QString &reason)
{
    auto number = m_statements.exec(CheckoutSql::refundNumber, exchangeContext, {{QStringLiteral(":order"), from}});
    if (!number)
        return number.error();
    const int n = number.value()->next() ? number.value()->value(0).toInt() : 1;
    number.value()->finish();
    // A manager's only: a clerk may not insert a refund (42501).
    auto refund = m_statements.exec(CheckoutSql::insertRefund, exchangeContext,
                                    {{QStringLiteral(":order"), from},
                                     {QStringLiteral(":payment"), nullableId(providerPayment)},
                                     {QStringLiteral(":amount"), amount.minor()},
                                     {QStringLiteral(":reason"), reason},
                                     {QStringLiteral(":key"), QStringLiteral("order-%1-refund-%2").arg(from).arg(n)}});
    if (!refund)
        return refund.error();
    const qint64 id = refund.value()->next() ? refund.value()->value(0).toLongLong() : 0;
    refund.value()->finish();
    if (id == 0)
        return makeError(ErrorCode::Busy,
                         QStringLiteral("Another refund of this order was recorded at the same "
                                        "time. Nothing was changed; try again."));
    if (providerPayment == 0) {
        // Counter money goes back at the counter, now.
        if (auto status = run(CheckoutSql::counterRefundDone, {{QStringLiteral(":refund"), id}}); !status)
            return status.error();
        if (auto status = run(CheckoutSql::addRefunded,
                              {{QStringLiteral(":amount"), amount.minor()}, {QStringLiteral(":order"), from}});
            !status)
            return status.error();
    }
    return id;
}

Status PgExchangeStore::closeIfEmpty(OrderId order)
{
    auto left = m_statements.exec(CheckoutSql::soldLinesLeft, exchangeContext,
                                  {{QStringLiteral(":order"), order},
                                   {QStringLiteral(":order2"), order},
                                   {QStringLiteral(":order3"), order},
                                   {QStringLiteral(":order4"), order}});
    if (!left)
        return left.error();
    const int remaining = left.value()->next() ? left.value()->value(0).toInt() : 1;
    left.value()->finish();
    if (remaining > 0)
        return Done{};
    return run(CheckoutSql::markOrderRefunded, {{QStringLiteral(":order"), order}});
}

Result<QVector<Ticket>> PgExchangeStore::issueTickets(OrderId order)
{
    if (auto status = run(CounterSql::issueTickets, {{QStringLiteral(":order"), order}}); !status)
        return status.error();
    return m_counter.tickets(order);
}

} // namespace boxoffice
