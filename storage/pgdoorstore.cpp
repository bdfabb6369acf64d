#include "storage/pgdoorstore.h"

#include "storage/doorsql.h"
#include "storage/pgcountersales.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"

namespace boxoffice {

PgDoorStore::PgDoorStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<DoorRecord> PgDoorStore::admit(const QString &code, const QString &gate)
{
    return run(code, gate, QStringLiteral("admitting a ticket"));
}

Result<DoorRecord> PgDoorStore::look(const QString &code)
{
    // A typed NULL: the statement's CAST makes it text, and the function then only looks.
    return run(code, QVariant(QMetaType::fromType<QString>()), QStringLiteral("looking up a ticket"));
}

Result<DoorRecord> PgDoorStore::run(const QString &code, const QVariant &gate, const QString &context)
{
    auto query = m_statements.exec(DoorSql::admit, context,
                                   {{QStringLiteral(":code"), code}, {QStringLiteral(":gate"), gate}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return withReason(
            makeError(ErrorCode::NotFound, QStringLiteral("No ticket with code %1 was ever issued.").arg(code)),
            ErrorReason::TicketUnknown);
    }
    DoorRecord record;
    record.ticket = ticketFromRow(q);
    constexpr int facts = TicketColumns;
    record.recorded = q.value(facts).toBool();
    const QString orderState = q.value(facts + 1).toString();
    const QString lineState = q.value(facts + 2).toString();
    record.seatStillSold = q.value(facts + 3).toBool();
    record.admission.at = fromEpochMs(q.value(facts + 4));
    record.admission.gate = q.value(facts + 5).toString();
    record.admission.by = q.value(facts + 6).toString();
    record.admission.terminal = q.value(facts + 7).toString();
    record.exchanged = q.value(facts + 8).toBool();
    q.finish();
    auto order = orderStateFromText(orderState);
    if (!order)
        return order.error();
    auto line = lineStateFromText(lineState);
    if (!line)
        return line.error();
    record.orderState = order.value();
    record.lineState = line.value();
    return record;
}

} // namespace boxoffice
