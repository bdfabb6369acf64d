#pragma once

#include "domain/ticketissuing.h"
#include "storage/pgcountersales.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// TicketIssuingStore on PostgreSQL; tickets are issued and read exactly as at the counter.
class PgTicketIssuer final : public TicketIssuingStore
{
public:
    PgTicketIssuer(QSqlDatabase database, PgCounterSales &tickets);

    Result<IssuedOrder> issueNextConfirmed(const TicketPdfRenderer &render) override;

private:
    PreparedStatements m_statements;
    PgCounterSales &m_tickets;
};

} // namespace boxoffice
