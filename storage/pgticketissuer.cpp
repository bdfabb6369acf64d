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
    if (auto status = issueLocked(issued, render, context); !status)
        return status.error();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return issued;
}

Result<std::optional<IssuedOrder>> PgTicketIssuer::issueEvent(qint64 outboxId, const TicketPdfRenderer &render)
{
    const QString context = QStringLiteral("issuing tickets for outbox event %1").arg(outboxId);
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    auto locked = m_statements.exec(TicketIssuingSql::lockEvent, context, {{QStringLiteral(":id"), outboxId}});
    if (!locked)
        return locked.error();
    if (!locked.value()->next()) {
        locked.value()->finish();
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("There is no paid-order event %1 in the outbox.").arg(outboxId));
    }
    IssuedOrder issued;
    issued.outboxId = outboxId;
    issued.order = locked.value()->value(0).toLongLong();
    const bool processed = locked.value()->value(1).toBool();
    locked.value()->finish();
    if (processed)
        return std::optional<IssuedOrder>(); // the guard ends the transaction; nothing was written
    if (auto status = issueLocked(issued, render, context); !status)
        return status.error();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return std::optional<IssuedOrder>(std::move(issued));
}

Status PgTicketIssuer::issueLocked(IssuedOrder &issued, const TicketPdfRenderer &render, const QString &context)
{
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

    auto vouchers = m_statements.exec(TicketIssuingSql::vouchers, context, {{QStringLiteral(":order"), issued.order}});
    if (!vouchers)
        return vouchers.error();
    for (QSqlQuery &q = *vouchers.value(); q.next();) {
        Voucher voucher;
        voucher.kind = q.value(0).toInt() == 0 ? Voucher::Kind::Stay : Voucher::Kind::Table;
        voucher.order = issued.order;
        voucher.what = q.value(1).toString();
        voucher.venue = q.value(2).toString();
        voucher.item = q.value(3).toString();
        voucher.reference = q.value(4).toString();
        if (!q.value(5).isNull())
            voucher.startsAt = QDateTime::fromMSecsSinceEpoch(q.value(5).toLongLong(), Qt::UTC);
        if (!q.value(6).isNull())
            voucher.endsAt = QDateTime::fromMSecsSinceEpoch(q.value(6).toLongLong(), Qt::UTC);
        voucher.checkIn = q.value(7).toDate();
        voucher.checkOut = q.value(8).toDate();
        voucher.quantity = q.value(9).toInt();
        issued.vouchers << voucher;
    }
    vouchers.value()->finish();

    if (!issued.tickets.isEmpty() || !issued.vouchers.isEmpty()) {
        // One PDF for the whole order, tickets and vouchers: the web shop serves these same bytes
        // (GET /api/v1/orders/{id}/tickets.pdf). Rendering is CPU work on data already read; nothing
        // here waits on the network.
        auto pdf = render(issued.tickets, issued.vouchers);
        if (!pdf)
            return pdf.error();
        const QByteArray attachment = pdf.value();
        const ConfirmationText text = orderConfirmation(issued.order, issued.tickets, issued.vouchers);
        auto queued = m_statements.exec(
            TicketIssuingSql::queueMail, context,
            {{QStringLiteral(":order"), issued.order},
             {QStringLiteral(":recipient"), issued.recipient},
             {QStringLiteral(":subject"), text.subject},
             {QStringLiteral(":body"), text.body},
             {QStringLiteral(":attachment"),
              attachment.isEmpty() ? QVariant(QMetaType(QMetaType::QByteArray)) : QVariant(attachment)}});
        if (!queued)
            return queued.error();
        issued.mailQueued = queued.value()->numRowsAffected() == 1;
        queued.value()->finish();
    }
    auto processed
        = m_statements.exec(TicketIssuingSql::markProcessed, context, {{QStringLiteral(":id"), issued.outboxId}});
    if (!processed)
        return processed.error();
    processed.value()->finish();
    return Done{};
}

} // namespace boxoffice
