#pragma once

// The counter's order lookup (OrderLookupService): reads only. Every hit statement answers the same
// columns: order id, state, amount, currency, created (epoch ms), what matched (0 order number,
// 1 ticket code, 2 buyer name, 3 guest name, 4 card reference) and the matching value.
// An order's lines are CartSql::orderLines, plus its room supplements below.
namespace boxoffice::OrderLookupSql {

inline constexpr char byId[] = R"SQL(
SELECT o.id, o.state, o.amount_minor, o.currency, CAST(extract(epoch FROM o.created_at) * 1000 AS bigint),
       0, CAST(o.id AS text)
FROM orders o WHERE o.id = :order
)SQL";

inline constexpr char byTicketCode[] = R"SQL(
SELECT o.id, o.state, o.amount_minor, o.currency, CAST(extract(epoch FROM o.created_at) * 1000 AS bigint),
       1, CAST(t.code AS text)
FROM tickets t JOIN orders o ON o.id = t.order_id
WHERE t.code = CAST(:code AS uuid)
)SQL";

// :pattern is an ILIKE pattern whose % and _ (and the escape \) are already escaped; the first match of
// an order counts (buyer before guest before card), and the newest :limit orders are answered.
inline constexpr char byText[] = R"SQL(
WITH p AS (
    SELECT CAST(:pattern AS text) AS pattern
), hits AS (
    SELECT o.id AS order_id, 2 AS what, b.name AS matched
    FROM p, orders o JOIN buyer_carts bc ON bc.cart_id = o.cart_id JOIN buyers b ON b.id = bc.buyer_id
    WHERE b.name ILIKE p.pattern ESCAPE '\'
    UNION
    SELECT o.id, 2, o.buyer FROM p, orders o WHERE o.buyer ILIKE p.pattern ESCAPE '\'
    UNION
    SELECT l.order_id, 3, s.guest_name
    FROM p, order_stay_lines l JOIN stays s ON s.id = l.stay_id
    WHERE s.guest_name ILIKE p.pattern ESCAPE '\'
    UNION
    SELECT s.order_id, 3, s.guest_name FROM p, stays s
    WHERE s.order_id IS NOT NULL AND s.guest_name ILIKE p.pattern ESCAPE '\'
    UNION
    SELECT l.order_id, 3, s.guest_name
    FROM p, order_supplement_lines l JOIN stays s ON s.id = l.stay_id
    WHERE s.guest_name ILIKE p.pattern ESCAPE '\'
    UNION
    SELECT c.order_id, 4, c.reference FROM p, counter_payments c WHERE c.reference ILIKE p.pattern ESCAPE '\'
), firsts AS (
    SELECT DISTINCT ON (order_id) order_id, what, matched FROM hits ORDER BY order_id, what, matched
)
SELECT o.id, o.state, o.amount_minor, o.currency, CAST(extract(epoch FROM o.created_at) * 1000 AS bigint),
       f.what, f.matched
FROM firsts f JOIN orders o ON o.id = f.order_id
ORDER BY o.created_at DESC, o.id DESC
LIMIT :limit
)SQL";

// id, state, amount, refunded, currency, channel, buyer (the web buyer's name, else orders.buyer),
// created and paid (epoch ms).
inline constexpr char header[] = R"SQL(
SELECT o.id, o.state, o.amount_minor, o.refunded_minor, o.currency, o.channel,
       COALESCE(b.name, o.buyer, ''),
       CAST(extract(epoch FROM o.created_at) * 1000 AS bigint), CAST(extract(epoch FROM o.paid_at) * 1000 AS bigint)
FROM orders o
LEFT JOIN buyer_carts bc ON bc.cart_id = o.cart_id
LEFT JOIN buyers b ON b.id = bc.buyer_id
WHERE o.id = :order
)SQL";

// A stay's room supplement (migration 015) is the only line of its own order.
inline constexpr char supplementLines[] = R"SQL(
SELECT l.stay_id, 'Room supplement for ' || s.reference || ' (' || l.reason || ')', l.amount_minor, l.state
FROM order_supplement_lines l JOIN stays s ON s.id = l.stay_id
WHERE l.order_id = :order
ORDER BY l.stay_id
)SQL";

// online?, method, amount, currency, state, reference, taken by, at (epoch ms); oldest first.
inline constexpr char payments[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id
)
SELECT false, c.method, c.amount_minor, o.currency, 'TAKEN', COALESCE(c.reference, ''), c.taken_by,
       CAST(extract(epoch FROM c.taken_at) * 1000 AS bigint)
FROM counter_payments c JOIN p ON c.order_id = p.order_id JOIN orders o ON o.id = c.order_id
UNION ALL
SELECT true, y.provider, y.amount_minor, y.currency, y.state, COALESCE(y.provider_payment_id, ''), '',
       CAST(extract(epoch FROM y.created_at) * 1000 AS bigint)
FROM payments y JOIN p ON y.order_id = p.order_id
ORDER BY 8, 2
)SQL";

inline constexpr char refunds[] = R"SQL(
SELECT amount_minor, state, reason, CAST(extract(epoch FROM created_at) * 1000 AS bigint)
FROM refunds WHERE order_id = :order
ORDER BY created_at, id
)SQL";

// from, to, the units given back, returned, new, credit, reason, by, at (epoch ms); oldest first.
inline constexpr char exchanges[] = R"SQL(
SELECT from_order, to_order, items, returned_minor, new_minor, credit_minor, reason, exchanged_by,
       CAST(extract(epoch FROM exchanged_at) * 1000 AS bigint)
FROM order_exchanges WHERE from_order = :order OR to_order = :order
ORDER BY exchanged_at, id
)SQL";

// Code, event, what it admits to (a seat's label, or "Standing — <area>" for a standing place;
// ticket_faces, migration 047) and whether it is a place's; seats by label, then places.
inline constexpr char tickets[] = R"SQL(
SELECT CAST(f.code AS text), f.event_name,
       CASE WHEN f.place > 0 THEN 'Standing — ' || f.area ELSE f.seat_label END, f.place > 0
FROM ticket_faces f
WHERE f.order_id = :order
ORDER BY f.kind_order, f.seat_label, f.unit_order, f.place, f.code
)SQL";

} // namespace boxoffice::OrderLookupSql
