#pragma once

// Reprints of an order's tickets (migration 025). The count is the database's: the order's tickets that
// still admit (their seat still sold to it), as PgCounterSales::admittingTickets prints them. Who and
// when are column defaults the clerk cannot set.
namespace boxoffice::ReprintSql {

// No row: the order has no ticket that still admits.
inline constexpr char record[] = R"SQL(
INSERT INTO ticket_reprints (order_id, tickets, terminal)
SELECT t.order_id, count(*), :terminal
FROM tickets t
JOIN order_lines l ON l.order_id = t.order_id AND l.unit_id = t.unit_id AND l.state = 'SOLD'
JOIN event_seats es ON es.id = t.unit_id AND es.state = 'SOLD' AND es.order_id = t.order_id
WHERE t.order_id = :order
GROUP BY t.order_id
RETURNING order_id, tickets, CAST(extract(epoch FROM printed_at) * 1000 AS bigint), printed_by, terminal
)SQL";

inline constexpr char list[] = R"SQL(
SELECT order_id, tickets, CAST(extract(epoch FROM printed_at) * 1000 AS bigint), printed_by, terminal
FROM ticket_reprints WHERE order_id = :order ORDER BY printed_at DESC, id DESC
)SQL";

} // namespace boxoffice::ReprintSql
