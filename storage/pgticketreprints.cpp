#include "storage/pgticketreprints.h"

#include "storage/reprintsql.h"
#include "storage/sqlvalues.h"

namespace boxoffice {

namespace {

TicketReprintRecord recordFromRow(const QSqlQuery &q)
{
    TicketReprintRecord record;
    record.order = q.value(0).toLongLong();
    record.tickets = q.value(1).toInt();
    record.printedAt = fromEpochMs(q.value(2));
    record.printedBy = q.value(3).toString();
    record.terminal = q.value(4).toString();
    return record;
}

} // namespace

PgTicketReprints::PgTicketReprints(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<TicketReprintRecord> PgTicketReprints::record(OrderId order, const QString &terminal)
{
    auto query = m_statements.exec(ReprintSql::record, QStringLiteral("recording a reprint"),
                                   {{QStringLiteral(":order"), order}, {QStringLiteral(":terminal"), terminal}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("Order %1 has no tickets to reprint.").arg(order));
    }
    TicketReprintRecord record = recordFromRow(q);
    q.finish();
    return record;
}

Result<QVector<TicketReprintRecord>> PgTicketReprints::reprints(OrderId order)
{
    auto query
        = m_statements.exec(ReprintSql::list, QStringLiteral("reading reprints"), {{QStringLiteral(":order"), order}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<TicketReprintRecord> records;
    while (q.next())
        records << recordFromRow(q);
    q.finish();
    return records;
}

} // namespace boxoffice
