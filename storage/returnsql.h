#pragma once

// Statements that give sold units of an order back to the inventory (a refund), one shape each, through
// the same conditional writes as a release: only a unit the order really holds as SOLD moves. Lock
// order as everywhere: the order row first (the caller has it), then seats by id, GA sub-pool rows
// before their hold rows, hotel nights by date before their stay rows, then table bookings.
namespace boxoffice::ReturnSql {

// Seats of the order (all when :units is empty) go back on sale; their lines become REFUNDED.
inline constexpr char seats[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:units AS bigint[]) AS units
), target AS (
    SELECT s.id FROM event_seats s, p
    WHERE s.order_id = p.order_id AND s.state = 'SOLD' AND (cardinality(p.units) = 0 OR s.id = ANY (p.units))
    ORDER BY s.id
    FOR UPDATE OF s
), lines AS (
    UPDATE order_lines l SET state = 'REFUNDED' FROM p
    WHERE l.order_id = p.order_id AND l.unit_id IN (SELECT id FROM target) AND l.state = 'SOLD'
    RETURNING l.unit_id, l.amount_minor
), returned AS (
    UPDATE event_seats s SET state = 'AVAILABLE', order_id = NULL, cart_id = NULL
    WHERE s.id IN (SELECT unit_id FROM lines)
    RETURNING s.id
)
SELECT count(*), COALESCE(sum(l.amount_minor), 0) FROM lines l JOIN returned r ON r.id = l.unit_id
)SQL";

// GA places of the order (all when :holds is empty): the sub-pool rows locked in id order first, the
// sold count given back, the hold released and its line REFUNDED.
inline constexpr char places[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:holds AS bigint[]) AS holds
), wanted AS (
    SELECT h.id, h.subpool_id, h.quantity FROM ga_holds h JOIN order_pool_lines l ON l.hold_id = h.id, p
    WHERE l.order_id = p.order_id AND l.state = 'SOLD' AND h.state = 'SOLD' AND h.order_id = p.order_id
      AND (cardinality(p.holds) = 0 OR h.id = ANY (p.holds))
), locked AS (
    SELECT s.id FROM ga_subpools s WHERE s.id IN (SELECT subpool_id FROM wanted) ORDER BY s.id FOR UPDATE
), released AS (
    UPDATE ga_holds h SET state = 'RELEASED', order_id = NULL
    FROM p
    WHERE h.id IN (SELECT id FROM wanted) AND h.state = 'SOLD' AND h.order_id = p.order_id
      AND (SELECT count(*) FROM locked) >= 0
    RETURNING h.id, h.subpool_id, h.quantity
), counted AS (
    UPDATE ga_subpools s SET sold = s.sold - r.quantity
    FROM (SELECT subpool_id, sum(quantity) AS quantity FROM released GROUP BY subpool_id) r
    WHERE s.id = r.subpool_id
    RETURNING s.id
), lines AS (
    UPDATE order_pool_lines l SET state = 'REFUNDED' FROM p
    WHERE l.order_id = p.order_id AND l.hold_id IN (SELECT id FROM released) AND l.state = 'SOLD'
    RETURNING l.amount_minor
)
SELECT (SELECT count(*) FROM lines), COALESCE((SELECT sum(amount_minor) FROM lines), 0), (SELECT count(*) FROM counted)
)SQL";

// A booked stay of the order (not yet checked in): nights locked in date order and given back, the
// stay CANCELLED, its line REFUNDED.
inline constexpr char stay[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:stay AS bigint) AS stay_id
), target AS (
    SELECT s.id, s.room_type_id, s.check_in, s.check_out FROM stays s JOIN order_stay_lines l ON l.stay_id = s.id, p
    WHERE s.id = p.stay_id AND l.order_id = p.order_id AND l.state = 'SOLD' AND s.state = 'BOOKED'
), locked AS (
    SELECT n.night FROM room_nights n JOIN target t
      ON n.room_type_id = t.room_type_id AND n.night >= t.check_in AND n.night < t.check_out
    ORDER BY n.night
    FOR UPDATE OF n
), changed AS (
    UPDATE stays s SET state = 'CANCELLED', expires_at = NULL
    WHERE s.id IN (SELECT id FROM target) AND s.state = 'BOOKED' AND (SELECT count(*) FROM locked) >= 0
    RETURNING s.id, s.room_type_id, s.check_in, s.check_out
), counted AS (
    UPDATE room_nights n SET booked = n.booked - 1
    FROM changed c
    WHERE n.room_type_id = c.room_type_id AND n.night >= c.check_in AND n.night < c.check_out
    RETURNING n.night
), lines AS (
    UPDATE order_stay_lines l SET state = 'REFUNDED' FROM p
    WHERE l.order_id = p.order_id AND l.stay_id IN (SELECT id FROM changed) AND l.state = 'SOLD'
    RETURNING l.amount_minor
)
SELECT (SELECT count(*) FROM lines), COALESCE((SELECT sum(amount_minor) FROM lines), 0), (SELECT count(*) FROM counted)
)SQL";

// Booked stays of the order, in id order: what a whole-order refund walks through.
inline constexpr char soldStays[] = R"SQL(
SELECT l.stay_id FROM order_stay_lines l WHERE l.order_id = :order AND l.state = 'SOLD' ORDER BY l.stay_id
)SQL";

// Table bookings of the order (all when :bookings is empty): CANCELLED, so the time is free again.
inline constexpr char tables[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:bookings AS bigint[]) AS bookings
), target AS (
    SELECT b.id FROM slot_bookings b JOIN order_slot_lines l ON l.booking_id = b.id, p
    WHERE l.order_id = p.order_id AND l.state = 'SOLD' AND b.state = 'BOOKED'
      AND (cardinality(p.bookings) = 0 OR b.id = ANY (p.bookings))
    ORDER BY b.id
    FOR UPDATE OF b
), changed AS (
    UPDATE slot_bookings b SET state = 'CANCELLED' WHERE b.id IN (SELECT id FROM target) RETURNING b.id
), lines AS (
    UPDATE order_slot_lines l SET state = 'REFUNDED' FROM p
    WHERE l.order_id = p.order_id AND l.booking_id IN (SELECT id FROM changed) AND l.state = 'SOLD'
    RETURNING l.amount_minor
)
SELECT (SELECT count(*) FROM lines), COALESCE((SELECT sum(amount_minor) FROM lines), 0)
)SQL";

// A line lost at confirm (any shape) is refunded: it never delivered, so nothing returns to stock.
inline constexpr char markLostRefunded[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:kind AS text) AS kind, CAST(:unit AS bigint) AS unit
), seat AS (
    UPDATE order_lines l SET state = 'REFUNDED' FROM p
    WHERE p.kind = 'seat' AND l.order_id = p.order_id AND l.unit_id = p.unit AND l.state = 'LOST' RETURNING 1
), ga AS (
    UPDATE order_pool_lines l SET state = 'REFUNDED' FROM p
    WHERE p.kind = 'ga' AND l.order_id = p.order_id AND l.hold_id = p.unit AND l.state = 'LOST' RETURNING 1
), stay AS (
    UPDATE order_stay_lines l SET state = 'REFUNDED' FROM p
    WHERE p.kind = 'stay' AND l.order_id = p.order_id AND l.stay_id = p.unit AND l.state = 'LOST' RETURNING 1
), slot AS (
    UPDATE order_slot_lines l SET state = 'REFUNDED' FROM p
    WHERE p.kind = 'slot' AND l.order_id = p.order_id AND l.booking_id = p.unit AND l.state = 'LOST' RETURNING 1
)
SELECT (SELECT count(*) FROM seat) + (SELECT count(*) FROM ga) + (SELECT count(*) FROM stay) + (SELECT count(*) FROM slot)
)SQL";

} // namespace boxoffice::ReturnSql
