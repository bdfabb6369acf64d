#pragma once

// The door's one statement: boxoffice_admit (migration 019) decides and records in the database, and
// the ticket's printed fields are joined on here. :gate NULL only looks.
namespace boxoffice::DoorSql {

// Columns 0-13 as CounterSql::checkTicket (ticketFromRow); then recorded, order state, line state,
// seat (or place) still sold, and the admission (epoch ms, gate, by, terminal), NULL when none; last,
// whether an exchange gave the ticket's seat or pool line back (migration 026), so the door says
// "exchanged", not "refunded". Seat and standing-place tickets alike (ticket_faces, migration 047).
inline constexpr char admit[] = R"SQL(
SELECT CAST(f.code AS text), f.order_id, f.event_name, CAST(extract(epoch FROM f.starts_at) * 1000 AS bigint),
       f.venue, f.seat_label, f.area, f.price_minor, o.currency, f.issued_by,
       CAST(extract(epoch FROM f.issued_at) * 1000 AS bigint), f.event_id, f.place, f.places,
       a.recorded, a.order_state, a.line_state, COALESCE(a.seat_sold, false),
       CAST(extract(epoch FROM a.admitted_at) * 1000 AS bigint), a.gate, a.admitted_by, a.terminal,
       EXISTS (SELECT 1 FROM order_exchanges x
               WHERE x.from_order = f.order_id AND f.unit_item = ANY (string_to_array(x.items, ',')))
FROM boxoffice_admit(CAST(:code AS uuid), CAST(:gate AS text)) a
JOIN ticket_faces f ON f.code = a.ticket_code
JOIN orders o ON o.id = f.order_id
)SQL";

} // namespace boxoffice::DoorSql
