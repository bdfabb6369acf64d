#pragma once

// The door's one statement: boxoffice_admit (migration 019) decides and records in the database, and
// the ticket's printed fields are joined on here. :gate NULL only looks.
namespace boxoffice::DoorSql {

// Columns 0-10 as CounterSql::checkTicket (ticketFromRow); then recorded, order state, line state,
// seat still sold, and the admission (epoch ms, gate, by, terminal), NULL when none; last, whether an
// exchange gave the ticket's seat back (migration 026), so the door says "exchanged", not "refunded".
inline constexpr char admit[] = R"SQL(
SELECT CAST(t.code AS text), t.order_id, e.name, CAST(extract(epoch FROM e.starts_at) * 1000 AS bigint),
       vl.name, st.label, sec.name, l.amount_minor, o.currency, t.issued_by,
       CAST(extract(epoch FROM t.issued_at) * 1000 AS bigint),
       a.recorded, a.order_state, a.line_state, COALESCE(a.seat_sold, false),
       CAST(extract(epoch FROM a.admitted_at) * 1000 AS bigint), a.gate, a.admitted_by, a.terminal,
       EXISTS (SELECT 1 FROM order_exchanges x
               WHERE x.from_order = t.order_id AND ('seat:' || t.unit_id) = ANY (string_to_array(x.items, ',')))
FROM boxoffice_admit(CAST(:code AS uuid), CAST(:gate AS text)) a
JOIN tickets t ON t.code = a.ticket_code
JOIN orders o ON o.id = t.order_id
JOIN order_lines l ON l.order_id = t.order_id AND l.unit_id = t.unit_id
JOIN event_seats es ON es.id = t.unit_id
JOIN events e ON e.id = es.event_id
JOIN venue_layouts vl ON vl.id = e.layout_id
JOIN seats st ON st.id = es.seat_id
JOIN sections sec ON sec.id = st.section_id
)SQL";

} // namespace boxoffice::DoorSql
