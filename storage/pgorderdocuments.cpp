#include "storage/pgorderdocuments.h"

#include "storage/countersql.h"
#include "storage/orderdocumentsql.h"
#include "storage/pgcountersales.h"

namespace boxoffice {

PgOrderDocuments::PgOrderDocuments(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<OrderDocument> PgOrderDocuments::document(OrderId order)
{
    auto query = m_statements.exec(OrderDocumentSql::document, QStringLiteral("reading an order's tickets"),
                                   {{QStringLiteral(":order"), order}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("No such order."));
    }
    const bool paid = q.value(0).toString() == QLatin1String("PAID");
    const bool spooled = q.value(1).toBool();
    OrderDocument document;
    document.pdf = q.value(2).toByteArray();
    q.finish();
    // The worker issues and spools in one transaction: a paid order without its mail is one the
    // worker has not reached yet, never one it gave up on.
    if (paid && !spooled)
        document.state = OrderDocument::State::NotIssuedYet;
    else if (paid && !document.pdf.isEmpty())
        document.state = OrderDocument::State::Ready;
    else
        document.state = OrderDocument::State::None;
    if (document.state != OrderDocument::State::Ready)
        document.pdf.clear();
    return document;
}

Result<QVector<Ticket>> PgOrderDocuments::tickets(OrderId order)
{
    auto query = m_statements.exec(CounterSql::tickets, QStringLiteral("reading an order's tickets"),
                                   {{QStringLiteral(":order"), order}});
    if (!query)
        return query.error();
    QVector<Ticket> tickets;
    for (QSqlQuery &q = *query.value(); q.next();)
        tickets << ticketFromRow(q);
    query.value()->finish();
    return tickets;
}

} // namespace boxoffice
