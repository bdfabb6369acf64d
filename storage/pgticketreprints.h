#pragma once

#include "domain/ticketreprints.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// TicketReprintStore on PostgreSQL: one INSERT ... SELECT a reprint (migration 025).
class PgTicketReprints final : public TicketReprintStore
{
public:
    explicit PgTicketReprints(QSqlDatabase database);

    Result<TicketReprintRecord> record(OrderId order, const QString &terminal) override;
    Result<QVector<TicketReprintRecord>> reprints(OrderId order) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
