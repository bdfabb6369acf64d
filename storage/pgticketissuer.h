#pragma once

#include "domain/ticketissuing.h"
#include "storage/pgcountersales.h"
#include "storage/preparedstatements.h"

#include <optional>

namespace boxoffice {

// TicketIssuingStore on PostgreSQL; tickets are issued and read exactly as at the counter.
class PgTicketIssuer final : public TicketIssuingStore
{
public:
    PgTicketIssuer(QSqlDatabase database, PgCounterSales &tickets);

    Result<IssuedOrder> issueNextConfirmed(const TicketPdfRenderer &render) override;
    // The same for one event named by its outbox id (a RabbitMQ delivery): waits for the row's lock
    // instead of skipping it, so a duplicate delivered to a second issuer finds it processed. None:
    // processed already, nothing issued or queued again. NotFound: no such paid-order event.
    Result<std::optional<IssuedOrder>> issueEvent(qint64 outboxId, const TicketPdfRenderer &render);

private:
    // Everything after the event's row is locked, up to marking it processed; the caller commits.
    Status issueLocked(IssuedOrder &issued, const TicketPdfRenderer &render, const QString &context);

    PreparedStatements m_statements;
    PgCounterSales &m_tickets;
};

} // namespace boxoffice
