#include "storage/pgticketissuer.h"

#include "storage/countersql.h"
#include "storage/ticketissuingsql.h"
#include "storage/transactionguard.h"

namespace boxoffice {

PgTicketIssuer::PgTicketIssuer(QSqlDatabase database, PgCounterSales &tickets)
    : m_statements(std::move(database)), m_tickets(tickets)
{ }

Result<IssuedOrder> PgTicketIssuer::issueNextConfirmed(const TicketPdfRenderer &render)
{
    const QString context = QStringLiteral("issuing tickets for a paid order");
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    auto next = m_statements.exec(TicketIssuingSql::nextConfirmed, context, {});
    if (!next)
        return next.error();
    if (!next.value()->next()) {
        next.value()->finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("No paid order is waiting for its tickets."));
    }
    IssuedOrder issued;
    issued.outboxId = next.value()->value(0).toLongLong();
    issued.order = next.value()->value(1).toLongLong();
    next.value()->finish();

    auto made = m_statements.exec(CounterSql::issueTickets, context, {{QStringLiteral(":order"), issued.order}});
    if (!made)
        return made.error();
    made.value()->finish();
    auto tickets = m_tickets.tickets(issued.order);
    if (!tickets)
        return tickets.error();
    issued.tickets = tickets.value();

    auto who = m_statements.exec(TicketIssuingSql::recipient, context, {{QStringLiteral(":order"), issued.order}});
    if (!who)
        return who.error();
    issued.recipient = who.value()->next() ? who.value()->value(0).toString() : QString();
    who.value()->finish();

    if (!issued.tickets.isEmpty()) {
        // Rendering is CPU work on data already read; nothing here waits on the network.
        auto pdf = render(issued.tickets);
        if (!pdf)
            return pdf.error();
        const Ticket &first = issued.tickets.first();
        QStringList seats;
        for (const Ticket &ticket : issued.tickets)
            seats << ticket.seatLabel;
        const QString body = QStringLiteral("Thank you for your order %1.\n\n%2, %3\nSeats: %4\n\n"
                                            "Your tickets are attached; show the QR code at the door.\n")
                                 .arg(issued.order)
                                 .arg(first.eventName, first.startsAt.toString(Qt::ISODate), seats.join(QStringLiteral(", ")));
        auto queued = m_statements.exec(TicketIssuingSql::queueMail, context,
                                        {{QStringLiteral(":order"), issued.order},
                                         {QStringLiteral(":recipient"), issued.recipient},
                                         {QStringLiteral(":subject"), QStringLiteral("Your tickets for %1 (order %2)").arg(first.eventName).arg(issued.order)},
                                         {QStringLiteral(":body"), body},
                                         {QStringLiteral(":attachment"), pdf.value()}});
        if (!queued)
            return queued.error();
        issued.mailQueued = queued.value()->numRowsAffected() == 1;
        queued.value()->finish();
    }
    auto processed = m_statements.exec(TicketIssuingSql::markProcessed, context, {{QStringLiteral(":id"), issued.outboxId}});
    if (!processed)
        return processed.error();
    processed.value()->finish();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return issued;
}

} // namespace boxoffice
