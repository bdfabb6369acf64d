#pragma once

// Reprints of an order's tickets (migration 025). The count is the database's: the order's tickets that
// still admit (their seat, or a place's pool line, still sold to it; ticket_faces, migration 047), as
// PgCounterSales::admittingTickets prints them. Who and
// when are column defaults the clerk cannot set.
namespace boxoffice::ReprintSql {

// No row: the order has no ticket that still admits.
inline constexpr char record[] = R"SQL(
INSERT INTO ticket_reprints (order_id, tickets, terminal)
SELECT f.order_id, count(*), :terminal
FROM ticket_faces f
WHERE f.order_id = :order AND f.line_state = 'SOLD' AND f.still_sold
GROUP BY f.order_id
RETURNING order_id, tickets, CAST(extract(epoch FROM printed_at) * 1000 AS bigint), printed_by, terminal
)SQL";

inline constexpr char list[] = R"SQL(
SELECT order_id, tickets, CAST(extract(epoch FROM printed_at) * 1000 AS bigint), printed_by, terminal
FROM ticket_reprints WHERE order_id = :order ORDER BY printed_at DESC, id DESC
)SQL";

} // namespace boxoffice::ReprintSql
