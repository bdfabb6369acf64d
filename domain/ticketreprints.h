#pragma once

#include "domain/countersale.h"
#include "domain/ids.h"
#include "domain/result.h"
#include "domain/ticket.h"

#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

// One reprint of an order's tickets, as the database recorded it.
struct TicketReprintRecord
{
    OrderId order = 0;
    int tickets = 0;
    QDateTime printedAt; // the database's clock
    QString printedBy; // the login that printed them
    QString terminal;
};

class TicketReprintStore
{
public:
    virtual ~TicketReprintStore() = default;
    // Records a reprint of the order's tickets that still admit (counted by the database); NotFound when
    // the order has none: all refunded or exchanged, or never issued.
    virtual Result<TicketReprintRecord> record(OrderId order, const QString &terminal) = 0;
    // Newest first.
    virtual Result<QVector<TicketReprintRecord>> reprints(OrderId order) = 0;
};

struct TicketReprint
{
    QVector<Ticket> tickets; // as issued: the same codes
    TicketReprintRecord record;
};

// Reprinting an order's tickets at the counter: the reprint is recorded (who, when, how many, where),
// then the tickets are read as issued. Nothing is printed without its record.
class TicketReprintService
{
public:
    TicketReprintService(TicketReprintStore &reprints, CounterSaleStore &sales);

    Result<TicketReprint> reprint(OrderId order, const QString &terminal);
    Result<QVector<TicketReprintRecord>> reprints(OrderId order);

private:
    TicketReprintStore &m_reprints;
    CounterSaleStore &m_sales;
};

namespace TicketReprintRules {
// The terminal name as stored: trimmed, control characters dropped, at most 64 characters; "desk"
// when nothing is left.
QString terminal(const QString &name);
} // namespace TicketReprintRules

} // namespace boxoffice
