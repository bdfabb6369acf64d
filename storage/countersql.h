#pragma once

// The statements a counter sale adds to confirm, in the same transaction.
namespace boxoffice::CounterSql {

// What the cart holds live, each unit priced (at its chosen price type) and labelled as CartSql::createOrder and
// ::orderLines would (the same joins, prices and label expressions), with its expiry. The sale does not trust this copy
// of the pricing: it compares the quote the clerk saw with the lines createOrder itself wrote.
inline constexpr char quote[] = R"SQL(
WITH p AS (
    SELECT CAST(:cart AS text) AS cart
)
SELECT 0 AS kind, s.id, st.label, 1,
       CASE COALESCE(pc.price_type, 'ADULT') WHEN 'ADULT' THEN ep.amount_minor WHEN 'COMPLIMENTARY' THEN 0
           ELSE tp.amount_minor END,
       e.currency, CAST(extract(epoch FROM s.hold_expires_at) * 1000 AS bigint), COALESCE(pc.price_type, 'ADULT')
FROM event_seats s JOIN p ON s.cart_id = p.cart JOIN events e ON e.id = s.event_id
JOIN seats st ON st.id = s.seat_id
LEFT JOIN event_prices ep ON ep.event_id = s.event_id AND ep.price_band_id = st.price_band_id
LEFT JOIN seat_price_choices pc ON pc.unit_id = s.id AND pc.cart_id = s.cart_id
LEFT JOIN event_type_prices tp ON tp.event_id = s.event_id AND tp.price_band_id = st.price_band_id
                              AND tp.price_type = pc.price_type
WHERE s.state = 'HELD' AND s.hold_expires_at > now()
UNION ALL
SELECT 1, h.id, gp.name || ' x' || h.quantity, h.quantity, gp.price_minor * h.quantity, e.currency,
       CAST(extract(epoch FROM h.expires_at) * 1000 AS bigint), 'ADULT'
FROM ga_holds h JOIN p ON h.cart_id = p.cart JOIN ga_pools gp ON gp.id = h.pool_id
JOIN events e ON e.id = gp.event_id
WHERE h.state = 'HELD' AND h.expires_at > now()
UNION ALL
SELECT 2, st.id, rt.code || ' ' || st.check_in || ' to ' || st.check_out || ' (' || st.reference || ')',
       st.check_out - st.check_in,
       (SELECT sum(COALESCE(n.price_minor, rt.price_minor)) FROM room_nights n
        WHERE n.room_type_id = st.room_type_id AND n.night >= st.check_in AND n.night < st.check_out), ho.currency,
       CAST(extract(epoch FROM st.expires_at) * 1000 AS bigint), 'ADULT'
FROM stays st JOIN p ON st.cart_id = p.cart JOIN room_types rt ON rt.id = st.room_type_id
JOIN hotels ho ON ho.id = rt.hotel_id
WHERE st.state = 'HELD' AND st.expires_at > now()
UNION ALL
SELECT 3, b.id, r.code || ' ' || to_char(lower(b.during) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || '-'
       || to_char(upper(b.during) AT TIME ZONE 'UTC', 'HH24:MI') || ' UTC', b.party_size, rs.deposit_minor,
       rs.currency, CAST(extract(epoch FROM b.expires_at) * 1000 AS bigint), 'ADULT'
FROM slot_bookings b JOIN p ON b.cart_id = p.cart JOIN slot_resources r ON r.id = b.resource_id
JOIN restaurants rs ON rs.id = r.restaurant_id
WHERE b.state = 'HELD' AND b.expires_at > now()
ORDER BY 1, 2
)SQL";

// The sale locks the cart's live holds before it writes the order, in the order every other path
// takes them (seats by id; a GA sub-pool row before its holds; hotel nights by room type and date
// before their stays; a table's advisory lock before its bookings), so that nothing the clerk was
// shown can expire into another buyer's hands between the order and the confirm. One statement per
// shape, run in this order; each reads its `locked` CTE first, so the parent rows are locked first.
inline constexpr char lockSeats[] = R"SQL(
SELECT s.id FROM event_seats s
WHERE s.cart_id = :cart AND s.state = 'HELD' AND s.hold_expires_at > now()
ORDER BY s.id
FOR UPDATE OF s
)SQL";

inline constexpr char lockPoolHolds[] = R"SQL(
WITH p AS (
    SELECT CAST(:cart AS text) AS cart
), own AS (
    SELECT h.id, h.subpool_id FROM ga_holds h, p
    WHERE h.cart_id = p.cart AND h.state = 'HELD' AND h.expires_at > now()
), locked AS (
    SELECT s.id FROM ga_subpools s WHERE s.id IN (SELECT subpool_id FROM own) ORDER BY s.id FOR UPDATE OF s
)
SELECT h.id FROM ga_holds h
WHERE h.id IN (SELECT id FROM own) AND (SELECT count(*) FROM locked) >= 0
ORDER BY h.id
FOR UPDATE OF h
)SQL";

inline constexpr char lockStays[] = R"SQL(
WITH p AS (
    SELECT CAST(:cart AS text) AS cart
), own AS (
    SELECT s.id, s.room_type_id, s.check_in, s.check_out FROM stays s, p
    WHERE s.cart_id = p.cart AND s.state = 'HELD' AND s.expires_at > now()
), locked AS (
    SELECT n.night FROM room_nights n
    JOIN own o ON n.room_type_id = o.room_type_id AND n.night >= o.check_in AND n.night < o.check_out
    ORDER BY n.room_type_id, n.night
    FOR UPDATE OF n
)
SELECT s.id FROM stays s
WHERE s.id IN (SELECT id FROM own) AND (SELECT count(*) FROM locked) >= 0
ORDER BY s.id
FOR UPDATE OF s
)SQL";

inline constexpr char lockTableBookings[] = R"SQL(
WITH p AS (
    SELECT CAST(:cart AS text) AS cart
), own AS (
    SELECT b.id, b.resource_id FROM slot_bookings b, p
    WHERE b.cart_id = p.cart AND b.state = 'HELD' AND b.expires_at > now()
), tables AS (
    SELECT DISTINCT resource_id FROM own ORDER BY resource_id
), locked AS (
    -- The key a claim on the table takes (SlotSql::claim).
    SELECT t.resource_id, pg_advisory_xact_lock(1936486260, CAST(t.resource_id % 2147483647 AS integer)) AS taken
    FROM tables t
)
SELECT b.id FROM slot_bookings b
WHERE b.id IN (SELECT id FROM own) AND (SELECT count(*) FROM locked) >= 0
ORDER BY b.id
FOR UPDATE OF b
)SQL";

inline constexpr char recordPayment[] = R"SQL(
INSERT INTO counter_payments (order_id, method, amount_minor, tendered_minor, reference)
VALUES (:order, :method, :amount, :tendered, :reference)
)SQL";

// One ticket per sold seat and one per place of each sold pool line (migration 047); a repeat issues
// nothing new. One statement, so the order's tickets of both kinds appear together.
inline constexpr char issueTickets[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id
), seats AS (
    INSERT INTO tickets (order_id, unit_id)
    SELECT l.order_id, l.unit_id FROM order_lines l JOIN p ON l.order_id = p.order_id
    WHERE l.state = 'SOLD'
    ORDER BY l.unit_id
    ON CONFLICT (order_id, unit_id) DO NOTHING
    RETURNING 1
)
INSERT INTO tickets (order_id, pool_hold_id, place)
SELECT l.order_id, l.hold_id, n.place
FROM order_pool_lines l JOIN p ON l.order_id = p.order_id
CROSS JOIN LATERAL generate_series(1, l.quantity) AS n(place)
WHERE l.state = 'SOLD'
ORDER BY l.hold_id, n.place
ON CONFLICT (order_id, pool_hold_id, place) DO NOTHING
)SQL";

// Columns 0-13 are a ticket as ticketFromRow reads it (TicketColumns): every statement that reads
// tickets selects them from ticket_faces (migration 047), in this order. Seats first (by unit), then
// places (by line, place); column 14 says whether it still admits.
inline constexpr char tickets[] = R"SQL(
SELECT CAST(f.code AS text), f.order_id, f.event_name, CAST(extract(epoch FROM f.starts_at) * 1000 AS bigint),
       f.venue, f.seat_label, f.area, f.price_minor, o.currency, f.issued_by,
       CAST(extract(epoch FROM f.issued_at) * 1000 AS bigint), f.event_id, f.place, f.places,
       f.line_state = 'SOLD' AND f.still_sold
FROM ticket_faces f
JOIN orders o ON o.id = f.order_id
WHERE f.order_id = :order
ORDER BY f.kind_order, f.unit_order, f.place
)SQL";

// A ticket admits while its order is paid and its seat is still sold to that order (a place: its line
// still sold).
inline constexpr char checkTicket[] = R"SQL(
SELECT CAST(f.code AS text), f.order_id, f.event_name, CAST(extract(epoch FROM f.starts_at) * 1000 AS bigint),
       f.venue, f.seat_label, f.area, f.price_minor, o.currency, f.issued_by,
       CAST(extract(epoch FROM f.issued_at) * 1000 AS bigint), f.event_id, f.place, f.places,
       o.state, f.still_sold
FROM ticket_faces f
JOIN orders o ON o.id = f.order_id
WHERE f.code = CAST(:code AS uuid)
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
