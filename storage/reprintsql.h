#pragma once

// Reprints of an order's tickets (migration 025). The count is the database's: every ticket the order
// was issued, as CounterSql::tickets prints them. Who and when are column defaults the clerk cannot set.
namespace boxoffice::ReprintSql {

// No row: the order has no tickets.
inline constexpr char record[] = R"SQL(
INSERT INTO ticket_reprints (order_id, tickets, terminal)
SELECT order_id, count(*), :terminal FROM tickets WHERE order_id = :order GROUP BY order_id
RETURNING order_id, tickets, CAST(extract(epoch FROM printed_at) * 1000 AS bigint), printed_by, terminal
)SQL";

inline constexpr char list[] = R"SQL(
SELECT order_id, tickets, CAST(extract(epoch FROM printed_at) * 1000 AS bigint), printed_by, terminal
FROM ticket_reprints WHERE order_id = :order ORDER BY printed_at DESC, id DESC
)SQL";

} // namespace boxoffice::ReprintSql
