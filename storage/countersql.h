#pragma once

// The statements a counter sale adds to confirm, in the same transaction.
namespace boxoffice::CounterSql {

inline constexpr char recordPayment[] = R"SQL(
INSERT INTO counter_payments (order_id, method, amount_minor, tendered_minor, reference)
VALUES (:order, :method, :amount, :tendered, :reference)
)SQL";

// One ticket per sold seat of the order; a repeat issues nothing new.
inline constexpr char issueTickets[] = R"SQL(
INSERT INTO tickets (order_id, unit_id)
SELECT l.order_id, l.unit_id FROM order_lines l
WHERE l.order_id = :order AND l.state = 'SOLD'
ORDER BY l.unit_id
ON CONFLICT (order_id, unit_id) DO NOTHING
)SQL";

inline constexpr char tickets[] = R"SQL(
SELECT CAST(t.code AS text), t.order_id, e.name, CAST(extract(epoch FROM e.starts_at) * 1000 AS bigint),
       vl.name, st.label, sec.name, l.amount_minor, o.currency, t.issued_by,
       CAST(extract(epoch FROM t.issued_at) * 1000 AS bigint)
FROM tickets t
JOIN orders o ON o.id = t.order_id
JOIN order_lines l ON l.order_id = t.order_id AND l.unit_id = t.unit_id
JOIN event_seats es ON es.id = t.unit_id
JOIN events e ON e.id = es.event_id
JOIN venue_layouts vl ON vl.id = e.layout_id
JOIN seats st ON st.id = es.seat_id
JOIN sections sec ON sec.id = st.section_id
WHERE t.order_id = :order
ORDER BY es.id
)SQL";

// A ticket admits while its order is paid and its seat is still sold to that order.
inline constexpr char checkTicket[] = R"SQL(
SELECT CAST(t.code AS text), t.order_id, e.name, CAST(extract(epoch FROM e.starts_at) * 1000 AS bigint),
       vl.name, st.label, sec.name, l.amount_minor, o.currency, t.issued_by,
       CAST(extract(epoch FROM t.issued_at) * 1000 AS bigint),
       o.state, es.state = 'SOLD' AND es.order_id = t.order_id
FROM tickets t
JOIN orders o ON o.id = t.order_id
JOIN order_lines l ON l.order_id = t.order_id AND l.unit_id = t.unit_id
JOIN event_seats es ON es.id = t.unit_id
JOIN events e ON e.id = es.event_id
JOIN venue_layouts vl ON vl.id = e.layout_id
JOIN seats st ON st.id = es.seat_id
JOIN sections sec ON sec.id = st.section_id
WHERE t.code = CAST(:code AS uuid)
)SQL";

inline constexpr char markGuaranteed[] = R"SQL(
UPDATE orders SET state = 'GUARANTEED', paid_at = NULL WHERE id = :order AND state = 'PAID'
)SQL";

inline constexpr char markSettled[] = R"SQL(
UPDATE orders SET state = 'PAID', paid_at = now() WHERE id = :order AND state = 'GUARANTEED'
)SQL";

inline constexpr char lockGuaranteed[] = R"SQL(
SELECT state FROM orders WHERE id = :order FOR UPDATE
)SQL";

} // namespace boxoffice::CounterSql
