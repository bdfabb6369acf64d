#include "domain/ticketreprints.h"

namespace boxoffice {

QString TicketReprintRules::terminal(const QString &name)
{
    QString clean;
    for (const QChar c : name) {
        if (!c.isNonCharacter() && c.category() != QChar::Other_Control)
            clean += c;
    }
    clean = clean.trimmed().left(64).trimmed();
    return clean.isEmpty() ? QStringLiteral("desk") : clean;
}

TicketReprintService::TicketReprintService(TicketReprintStore &reprints, CounterSaleStore &sales)
    : m_reprints(reprints), m_sales(sales)
{ }

Result<TicketReprint> TicketReprintService::reprint(OrderId order, const QString &terminal)
{
    auto recorded = m_reprints.record(order, TicketReprintRules::terminal(terminal));
    if (!recorded)
        return recorded.error();
    auto tickets = m_sales.admittingTickets(order);
    if (!tickets)
        return tickets.error();
    return TicketReprint{std::move(tickets).value(), recorded.value()};
}

Result<QVector<TicketReprintRecord>> TicketReprintService::reprints(OrderId order)
{
    return m_reprints.reprints(order);
}

} // namespace boxoffice
