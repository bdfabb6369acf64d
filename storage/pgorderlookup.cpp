#include "storage/pgorderlookup.h"

#include "storage/cartsql.h"
#include "storage/orderlinerow.h"
#include "storage/orderlookupsql.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"

namespace boxoffice {

namespace {

const QString readingOrder = QStringLiteral("reading an order");

OrderMatch matchFromIndex(int index)
{
    switch (index) {
    case 1:
        return OrderMatch::TicketCode;
    case 2:
        return OrderMatch::BuyerName;
    case 3:
        return OrderMatch::GuestName;
    case 4:
        return OrderMatch::CardReference;
    default:
        return OrderMatch::OrderNumber;
    }
}

} // namespace

PgOrderLookup::PgOrderLookup(QSqlDatabase database) : m_statements(std::move(database)) { }

QString PgOrderLookup::containsPattern(const QString &text)
{
    QString escaped;
    escaped.reserve(text.size() + 2);
    escaped += QLatin1Char('%');
    for (const QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('%') || c == QLatin1Char('_'))
            escaped += QLatin1Char('\\');
        escaped += c;
    }
    escaped += QLatin1Char('%');
    return escaped;
}

Result<QVector<OrderHit>> PgOrderLookup::byId(OrderId order)
{
    return hits(OrderLookupSql::byId, {{QStringLiteral(":order"), order}});
}

Result<QVector<OrderHit>> PgOrderLookup::byTicketCode(const QString &code)
{
    return hits(OrderLookupSql::byTicketCode, {{QStringLiteral(":code"), code}});
}

Result<QVector<OrderHit>> PgOrderLookup::byText(const QString &text, int limit)
{
    return hits(OrderLookupSql::byText,
                {{QStringLiteral(":pattern"), containsPattern(text)}, {QStringLiteral(":limit"), limit}});
}

Result<QVector<OrderHit>> PgOrderLookup::hits(const char *sql, PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, QStringLiteral("searching orders"), bindings);
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<OrderHit> hits;
    while (q.next()) {
        auto state = orderStateFromText(q.value(1).toString());
        if (!state) {
            q.finish();
            return state.error();
        }
        OrderHit hit;
        hit.id = q.value(0).toLongLong();
        hit.state = state.value();
        hit.amount = Money(q.value(2).toLongLong(), q.value(3).toString());
        hit.createdAt = fromEpochMs(q.value(4));
        hit.matchedBy = matchFromIndex(q.value(5).toInt());
        hit.matched = q.value(6).toString();
        hits << hit;
    }
    q.finish();
    return hits;
}

Result<OrderDetails> PgOrderLookup::details(OrderId order)
{
    auto header = m_statements.exec(OrderLookupSql::header, readingOrder, {{QStringLiteral(":order"), order}});
    if (!header)
        return header.error();
    QSqlQuery &h = *header.value();
    if (!h.next()) {
        h.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("There is no order %1.").arg(order));
    }
    OrderDetails details;
    details.id = h.value(0).toLongLong();
    const QString state = h.value(1).toString();
    details.currency = h.value(4).toString();
    details.amount = Money(h.value(2).toLongLong(), details.currency);
    details.refunded = Money(h.value(3).toLongLong(), details.currency);
    details.channel = h.value(5).toString();
    details.buyer = h.value(6).toString();
    details.createdAt = fromEpochMs(h.value(7));
    details.paidAt = fromEpochMs(h.value(8));
    h.finish();
    auto orderState = orderStateFromText(state);
    if (!orderState)
        return orderState.error();
    details.state = orderState.value();
    for (auto read : {&PgOrderLookup::readLines, &PgOrderLookup::readPayments, &PgOrderLookup::readRefunds,
                      &PgOrderLookup::readTickets, &PgOrderLookup::readExchanges}) {
        if (auto done = (this->*read)(details); !done)
            return done.error();
    }
    return details;
}

Status PgOrderLookup::readLines(OrderDetails &details)
{
    // The same statement the cart store reads an order's lines with: every shape, labelled alike.
    auto query = m_statements.exec(CartSql::orderLines, readingOrder, {{QStringLiteral(":order"), details.id}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    while (q.next()) {
        auto line = orderLineFromRow(q);
        if (!line) {
            q.finish();
            return line.error();
        }
        details.lines << line.value();
    }
    q.finish();
    auto supplements
        = m_statements.exec(OrderLookupSql::supplementLines, readingOrder, {{QStringLiteral(":order"), details.id}});
    if (!supplements)
        return supplements.error();
    QSqlQuery &s = *supplements.value();
    while (s.next()) {
        auto state = lineStateFromText(s.value(3).toString());
        if (!state) {
            s.finish();
            return state.error();
        }
        details.lines << OrderLine{ItemKind::Stay,
                                   s.value(0).toLongLong(),
                                   s.value(1).toString(),
                                   1,
                                   Money(s.value(2).toLongLong(), details.currency),
                                   state.value()};
    }
    s.finish();
    return Done{};
}

Status PgOrderLookup::readPayments(OrderDetails &details)
{
    auto query = m_statements.exec(OrderLookupSql::payments, readingOrder, {{QStringLiteral(":order"), details.id}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    while (q.next()) {
        OrderPaymentRecord payment;
        payment.online = q.value(0).toBool();
        payment.method = q.value(1).toString();
        payment.amount = Money(q.value(2).toLongLong(), q.value(3).toString());
        payment.state = q.value(4).toString();
        payment.reference = q.value(5).toString();
        payment.takenBy = q.value(6).toString();
        payment.at = fromEpochMs(q.value(7));
        details.payments << payment;
    }
    q.finish();
    return Done{};
}

Status PgOrderLookup::readRefunds(OrderDetails &details)
{
    auto query = m_statements.exec(OrderLookupSql::refunds, readingOrder, {{QStringLiteral(":order"), details.id}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    while (q.next()) {
        auto state = refundStateFromText(q.value(1).toString());
        if (!state) {
            q.finish();
            return state.error();
        }
        details.refunds << OrderRefundRecord{Money(q.value(0).toLongLong(), details.currency), state.value(),
                                             q.value(2).toString(), fromEpochMs(q.value(3))};
    }
    q.finish();
    return Done{};
}

Status PgOrderLookup::readTickets(OrderDetails &details)
{
    auto query = m_statements.exec(OrderLookupSql::tickets, readingOrder, {{QStringLiteral(":order"), details.id}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    while (q.next())
        details.tickets << OrderTicketRecord{q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                                             q.value(3).toBool()};
    q.finish();
    return Done{};
}

Status PgOrderLookup::readExchanges(OrderDetails &details)
{
    auto query = m_statements.exec(OrderLookupSql::exchanges, readingOrder, {{QStringLiteral(":order"), details.id}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    while (q.next()) {
        OrderExchangeRecord exchange;
        exchange.fromOrder = q.value(0).toLongLong();
        exchange.toOrder = q.value(1).toLongLong();
        // Written by the exchange itself; should it ever not read, the exchange still shows, without its units.
        if (auto items = parseOrderItemRefs(q.value(2).toString()))
            exchange.items = items.value();
        exchange.returnedTotal = Money(q.value(3).toLongLong(), details.currency);
        exchange.newTotal = Money(q.value(4).toLongLong(), details.currency);
        exchange.credit = Money(q.value(5).toLongLong(), details.currency);
        exchange.reason = q.value(6).toString();
        exchange.by = q.value(7).toString();
        exchange.at = fromEpochMs(q.value(8));
        details.exchanges << exchange;
    }
    q.finish();
    return Done{};
}

} // namespace boxoffice
