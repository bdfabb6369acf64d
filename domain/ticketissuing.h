#pragma once

#include "domain/result.h"
#include "domain/ticket.h"

#include <QByteArray>
#include <QVector>

#include <functional>

namespace boxoffice {

// What the worker made of one "payment-confirmed" outbox event.
struct IssuedOrder
{
    qint64 outboxId = 0;
    OrderId order = 0;
    QVector<Ticket> tickets;
    QString recipient;
    bool mailQueued = false;
};

using TicketPdfRenderer = std::function<Result<QByteArray>(const QVector<Ticket> &)>;

// The outbox's consumer side. Each call takes one unprocessed event (skipping any another worker is
// on), issues the order's tickets, renders them with `render`, queues the confirmation mail and marks
// the event processed, all in one transaction: a crash in between leaves the event to do again, and
// doing it again issues nothing new (tickets and mail are unique per order). NotFound: nothing to do.
class TicketIssuingStore
{
public:
    virtual ~TicketIssuingStore() = default;
    virtual Result<IssuedOrder> issueNextConfirmed(const TicketPdfRenderer &render) = 0;
};

} // namespace boxoffice
