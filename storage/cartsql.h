#pragma once

// Statements behind PgCartStore: what a cart holds across all four shapes, checked out as one order.
// Lock order, the same in every path: the order row, then seats by id, GA sub-pool rows by id (before
// their hold rows), hotel nights by date (before their stay rows), then table bookings.

namespace boxoffice::CartSql {

// Everything the cart holds live, priced. Shared by the order statement below.
#define BOXOFFICE_CART_ITEMS                                                                                           \
    "items AS ("                                                                                                       \
    " SELECT 'seat' AS kind, s.id AS item_id, 1 AS quantity, e.currency,"                                              \
    "  CASE COALESCE(pc.price_type, 'ADULT') WHEN 'ADULT' THEN ep.amount_minor WHEN 'COMPLIMENTARY' THEN 0"            \
    "   ELSE tp.amount_minor END AS amount,"                                                                           \
    "  COALESCE(pc.price_type, 'ADULT') AS price_type, pc.comp_id"                                                     \
    " FROM event_seats s JOIN seat_locks k ON k.id = s.id JOIN events e ON e.id = s.event_id"                          \
    " JOIN seats st ON st.id = s.seat_id"                                                                              \
    " LEFT JOIN event_prices ep ON ep.event_id = s.event_id AND ep.price_band_id = st.price_band_id"                   \
    " LEFT JOIN seat_price_choices pc ON pc.unit_id = s.id AND pc.cart_id = s.cart_id"                                 \
    " LEFT JOIN event_type_prices tp ON tp.event_id = s.event_id AND tp.price_band_id = st.price_band_id"              \
    "  AND tp.price_type = pc.price_type"                                                                              \
    " UNION ALL"                                                                                                       \
    " SELECT 'ga', h.id, h.quantity, e.currency, gp.price_minor * h.quantity, NULL, NULL"                              \
    " FROM ga_holds h JOIN p ON h.cart_id = p.cart JOIN ga_pools gp ON gp.id = h.pool_id"                              \
    " JOIN events e ON e.id = gp.event_id WHERE h.state = 'HELD' AND h.expires_at > now()"                             \
    " UNION ALL"                                                                                                       \
    " SELECT 'stay', st.id, st.check_out - st.check_in, ho.currency,"                                                  \
    "  (SELECT sum(COALESCE(n.price_minor, rt.price_minor)) FROM room_nights n"                                        \
    "   WHERE n.room_type_id = st.room_type_id AND n.night >= st.check_in AND n.night < st.check_out),"                \
    "  NULL, NULL"                                                                                                     \
    " FROM stays st JOIN p ON st.cart_id = p.cart JOIN room_types rt ON rt.id = st.room_type_id"                       \
    " JOIN hotels ho ON ho.id = rt.hotel_id WHERE st.state = 'HELD' AND st.expires_at > now()"                         \
    " UNION ALL"                                                                                                       \
    " SELECT 'slot', b.id, b.party_size, rs.currency, rs.deposit_minor, NULL, NULL"                                    \
    " FROM slot_bookings b JOIN p ON b.cart_id = p.cart JOIN slot_resources r ON r.id = b.resource_id"                 \
    " JOIN restaurants rs ON rs.id = r.restaurant_id WHERE b.state = 'HELD' AND b.expires_at > now())"

// One PENDING order over the cart's live holds, priced. A seat is charged at the price type its cart chose
// for it (migration 022), ADULT (the band's price) when none; a comp line carries its recorded comp. Refused (no row
// inserted) when the cart holds nothing, something has no price, or the holds mix currencies; a second live order
// (pending, paid or guaranteed) for the same cart is refused by the unique index, also when the first one was paid
// while this statement ran.
//
// The order lines' foreign keys take key-share locks on the seats they list. Taken as rows happen to
// be read, a claim (FOR UPDATE in id order) on seats whose lease is running out could deadlock with
// them; so the cart's live seats are locked first, in id order, and only those still the cart's after
// the lock are ordered.
inline constexpr char createOrder[]
    = "WITH p AS (SELECT CAST(:cart AS text) AS cart), "
      "seat_locks AS MATERIALIZED ("
      " SELECT s.id FROM event_seats s JOIN p ON s.cart_id = p.cart"
      " WHERE s.state = 'HELD' AND s.hold_expires_at > now() ORDER BY s.id FOR KEY SHARE OF s), " BOXOFFICE_CART_ITEMS
      R"SQL(,
summary AS (
    SELECT count(*) AS items, count(amount) AS priced, count(DISTINCT currency) AS currencies,
           min(currency) AS currency, COALESCE(sum(amount), 0) AS total
    FROM items
), created AS (
    INSERT INTO orders (cart_id, currency, amount_minor)
    SELECT p.cart, s.currency, s.total FROM p, summary s
    WHERE s.items > 0 AND s.priced = s.items AND s.currencies = 1
    ON CONFLICT (cart_id) WHERE state IN ('PENDING', 'PAID', 'GUARANTEED') DO NOTHING
    RETURNING id
), seat_lines AS (
    INSERT INTO order_lines (order_id, unit_id, amount_minor, price_type, comp_id)
    SELECT c.id, i.item_id, i.amount, i.price_type, i.comp_id FROM created c, items i WHERE i.kind = 'seat'
    RETURNING 1
), pool_lines AS (
    INSERT INTO order_pool_lines (order_id, hold_id, pool_id, quantity, amount_minor)
    SELECT c.id, i.item_id, h.pool_id, i.quantity, i.amount
    FROM created c, items i JOIN ga_holds h ON h.id = i.item_id WHERE i.kind = 'ga'
    RETURNING 1
), stay_lines AS (
    INSERT INTO order_stay_lines (order_id, stay_id, amount_minor)
    SELECT c.id, i.item_id, i.amount FROM created c, items i WHERE i.kind = 'stay'
    RETURNING 1
), slot_lines AS (
    INSERT INTO order_slot_lines (order_id, booking_id, amount_minor)
    SELECT c.id, i.item_id, i.amount FROM created c, items i WHERE i.kind = 'slot'
    RETURNING 1
)
SELECT s.items, s.priced, s.currencies, c.id,
       (SELECT count(*) FROM seat_lines) + (SELECT count(*) FROM pool_lines) + (SELECT count(*) FROM stay_lines)
       + (SELECT count(*) FROM slot_lines)
FROM summary s LEFT JOIN created c ON true
)SQL";

#undef BOXOFFICE_CART_ITEMS

// The cart's live order, if any: at most one, by the unique index.
inline constexpr char liveOrderOfCart[] = R"SQL(
SELECT id, state FROM orders WHERE cart_id = :cart AND state IN ('PENDING', 'PAID', 'GUARANTEED')
)SQL";

inline constexpr char orderHeader[] = R"SQL(
SELECT id, cart_id, state, amount_minor, currency FROM orders WHERE id = :order
)SQL";

// Every line of an order, whatever its shape, with a label a clerk can read and the order's currency.
inline constexpr char orderLines[] = R"SQL(
WITH p AS (
    SELECT id AS order_id, currency FROM orders WHERE id = CAST(:order AS bigint)
)
SELECT 0 AS kind, l.unit_id, st.label, 1, l.amount_minor, l.state, p.currency
FROM order_lines l JOIN p ON l.order_id = p.order_id
JOIN event_seats s ON s.id = l.unit_id JOIN seats st ON st.id = s.seat_id
UNION ALL
SELECT 1, l.hold_id, gp.name || ' x' || l.quantity, l.quantity, l.amount_minor, l.state, p.currency
FROM order_pool_lines l JOIN p ON l.order_id = p.order_id JOIN ga_pools gp ON gp.id = l.pool_id
UNION ALL
SELECT 2, l.stay_id, rt.code || ' ' || st.check_in || ' to ' || st.check_out || ' (' || st.reference || ')',
       st.check_out - st.check_in, l.amount_minor, l.state, p.currency
FROM order_stay_lines l JOIN p ON l.order_id = p.order_id
JOIN stays st ON st.id = l.stay_id JOIN room_types rt ON rt.id = st.room_type_id
UNION ALL
SELECT 3, l.booking_id, r.code || ' ' || to_char(lower(b.during) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || '-'
       || to_char(upper(b.during) AT TIME ZONE 'UTC', 'HH24:MI') || ' UTC', b.party_size, l.amount_minor, l.state, p.currency
FROM order_slot_lines l JOIN p ON l.order_id = p.order_id
JOIN slot_bookings b ON b.id = l.booking_id JOIN slot_resources r ON r.id = b.resource_id
ORDER BY 1, 2
)SQL";

inline constexpr char lockOrder[] = R"SQL(
SELECT cart_id, state FROM orders WHERE id = :order FOR UPDATE
)SQL";

// Seats: confirm checks owner and state, never this cart's clock. A late payment on a seat nobody
// reclaimed still sells; a seat counts as reclaimed only when another cart holds it live or it is sold.
inline constexpr char confirmSeats[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:cart AS text) AS cart
), target AS (
    SELECT s.id FROM event_seats s
    JOIN order_lines l ON l.unit_id = s.id
    JOIN p ON l.order_id = p.order_id
    WHERE s.state = 'AVAILABLE'
       OR (s.state = 'HELD' AND (s.cart_id = p.cart OR s.hold_expires_at <= now()))
    ORDER BY s.id
    FOR UPDATE OF s
), sold AS (
    UPDATE event_seats s SET state = 'SOLD', order_id = p.order_id, cart_id = p.cart,
                             held_since = NULL, hold_expires_at = NULL, extensions_used = 0
    FROM p
    WHERE s.id IN (SELECT id FROM target)
    RETURNING s.id
)
UPDATE order_lines l SET state = CASE WHEN l.unit_id IN (SELECT id FROM sold) THEN 'SOLD' ELSE 'LOST' END
FROM p
WHERE l.order_id = p.order_id
)SQL";

inline constexpr char poolLines[] = R"SQL(
SELECT l.hold_id, l.pool_id, l.quantity FROM order_pool_lines l JOIN ga_holds h ON h.id = l.hold_id
WHERE l.order_id = :order AND l.state = 'PENDING'
ORDER BY h.subpool_id, l.hold_id
)SQL";

// The sub-pool rows of an order's pending GA lines, locked in id order before any hold row: what a
// confirm needs while every hold is still the cart's.
inline constexpr char lockPoolLineSubpools[] = R"SQL(
SELECT s.id FROM ga_subpools s
WHERE s.id IN (SELECT h.subpool_id FROM order_pool_lines l JOIN ga_holds h ON h.id = l.hold_id
               WHERE l.order_id = :order AND l.state = 'PENDING')
ORDER BY s.id
FOR UPDATE
)SQL";

// Every sub-pool row of the pools of an order's pending GA lines, in id order: what a late confirm
// may need, as places claimed afresh can come from any row.
inline constexpr char lockPoolsOfPendingLines[] = R"SQL(
SELECT s.id FROM ga_subpools s
WHERE s.pool_id IN (SELECT l.pool_id FROM order_pool_lines l WHERE l.order_id = :order AND l.state = 'PENDING')
ORDER BY s.id
FOR UPDATE
)SQL";

// The held units become sold: sub-pool row locked first, then the hold, then the counters move.
inline constexpr char confirmPoolHold[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:cart AS text) AS cart, CAST(:hold AS bigint) AS hold_id
), locked AS (
    SELECT s.id FROM ga_subpools s
    WHERE s.id = (SELECT h.subpool_id FROM ga_holds h, p WHERE h.id = p.hold_id)
    FOR UPDATE
), sold AS (
    UPDATE ga_holds h SET state = 'SOLD', expires_at = NULL, order_id = p.order_id
    FROM p
    WHERE h.id = p.hold_id AND h.cart_id = p.cart AND h.state = 'HELD' AND (SELECT count(*) FROM locked) = 1
    RETURNING h.subpool_id, h.quantity
), counted AS (
    UPDATE ga_subpools s SET held = s.held - x.quantity, sold = s.sold + x.quantity
    FROM sold x WHERE s.id = x.subpool_id
    RETURNING s.id
)
SELECT (SELECT count(*) FROM sold), (SELECT count(*) FROM counted)
)SQL";

// The line of a GA hold the cart still held, settled: its own hold was sold, so only its state moves.
// A counter clerk may update nothing else on an order line (the grants): quantity and amount change
// only when places were claimed afresh (settlePoolLine, on the late path).
inline constexpr char settleHeldPoolLine[] = R"SQL(
UPDATE order_pool_lines SET state = 'SOLD' WHERE order_id = :order AND hold_id = :hold AND state = 'PENDING'
)SQL";

// The line of a GA hold, settled: SOLD on the hold that was sold (the same one, or the lead row of
// places claimed afresh), or LOST. Places claimed afresh across several sub-pools are one lead row and
// follower rows; each follower gets a sold line of its own for its share of the places and the amount,
// so every sold hold row is on a sold line (and a refund gives every row back).
inline constexpr char settlePoolLine[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:hold AS bigint) AS hold_id,
           CAST(:sold_hold AS bigint) AS sold_hold, CAST(:state AS text) AS state
), line AS (
    SELECT l.pool_id, l.quantity, l.amount_minor FROM order_pool_lines l, p
    WHERE l.order_id = p.order_id AND l.hold_id = p.hold_id
), extra AS (
    INSERT INTO order_pool_lines (order_id, hold_id, pool_id, quantity, amount_minor, state)
    SELECT p.order_id, h.id, line.pool_id, h.quantity, line.amount_minor * h.quantity / line.quantity, 'SOLD'
    FROM p, line, ga_holds h
    WHERE p.state = 'SOLD' AND h.lead_hold_id = p.sold_hold AND h.order_id = p.order_id AND h.state = 'SOLD'
    RETURNING quantity, amount_minor
)
UPDATE order_pool_lines l SET state = p.state, hold_id = p.sold_hold,
       quantity = l.quantity - COALESCE((SELECT sum(quantity) FROM extra), 0),
       amount_minor = l.amount_minor - COALESCE((SELECT sum(amount_minor) FROM extra), 0)
FROM p
WHERE l.order_id = p.order_id AND l.hold_id = p.hold_id
)SQL";

inline constexpr char stayLines[] = R"SQL(
SELECT l.stay_id, st.room_type_id, st.check_in, st.check_out, st.guest_name
FROM order_stay_lines l JOIN stays st ON st.id = l.stay_id
WHERE l.order_id = :order AND l.state = 'PENDING'
ORDER BY st.room_type_id, st.check_in, l.stay_id
)SQL";

// The nights of an order's pending stay lines, locked in (room type, night) order before any stay
// row: what a confirm needs while every stay is still the cart's hold.
inline constexpr char lockStayLineNights[] = R"SQL(
SELECT n.night FROM room_nights n
WHERE EXISTS (SELECT 1 FROM order_stay_lines l JOIN stays st ON st.id = l.stay_id
              WHERE l.order_id = :order AND l.state = 'PENDING'
                AND n.room_type_id = st.room_type_id AND n.night >= st.check_in AND n.night < st.check_out)
ORDER BY n.room_type_id, n.night
FOR UPDATE
)SQL";

// The same nights widened, as a claim widens them, by the expired holds each line overlaps: booking a
// stay afresh gives those back too, every night of them.
inline constexpr char lockNightsForLateStays[] = R"SQL(
WITH lines AS (
    SELECT st.room_type_id, st.check_in, st.check_out FROM order_stay_lines l JOIN stays st ON st.id = l.stay_id
    WHERE l.order_id = :order AND l.state = 'PENDING'
), spans AS (
    SELECT li.room_type_id, LEAST(li.check_in, min(x.check_in)) AS first_night,
           GREATEST(li.check_out, max(x.check_out)) AS after_last
    FROM lines li
    LEFT JOIN stays x ON x.room_type_id = li.room_type_id AND x.state = 'HELD' AND x.expires_at <= now()
                     AND x.check_in < li.check_out AND x.check_out > li.check_in
    GROUP BY li.room_type_id, li.check_in, li.check_out
)
SELECT n.night FROM room_nights n
WHERE EXISTS (SELECT 1 FROM spans s
              WHERE n.room_type_id = s.room_type_id AND n.night >= s.first_night AND n.night < s.after_last)
ORDER BY n.room_type_id, n.night
FOR UPDATE OF n
)SQL";

// The held stay becomes booked. Its nights are locked (in date order) before the stay row, as every
// path that touches both does; the counters already include the hold.
inline constexpr char confirmStay[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:cart AS text) AS cart, CAST(:stay AS bigint) AS stay_id
), target AS (
    SELECT s.room_type_id, s.check_in, s.check_out FROM stays s, p WHERE s.id = p.stay_id
), locked AS (
    SELECT n.night FROM room_nights n JOIN target t
      ON n.room_type_id = t.room_type_id AND n.night >= t.check_in AND n.night < t.check_out
    ORDER BY n.night
    FOR UPDATE OF n
)
UPDATE stays s SET state = 'BOOKED', expires_at = NULL, order_id = p.order_id
FROM p
WHERE s.id = p.stay_id AND s.cart_id = p.cart AND s.state = 'HELD' AND (SELECT count(*) FROM locked) >= 0
)SQL";

inline constexpr char settleStayLine[] = R"SQL(
UPDATE order_stay_lines SET state = :state, stay_id = :sold_stay WHERE order_id = :order AND stay_id = :stay
)SQL";

inline constexpr char slotLines[] = R"SQL(
SELECT l.booking_id, b.resource_id, b.party_size,
       CAST(extract(epoch FROM lower(b.during)) * 1000 AS bigint), CAST(extract(epoch FROM upper(b.during)) * 1000 AS bigint)
FROM order_slot_lines l JOIN slot_bookings b ON b.id = l.booking_id
WHERE l.order_id = :order AND l.state = 'PENDING'
ORDER BY b.resource_id, l.booking_id
)SQL";

// The table's lock first, as a claim takes it, then the booking.
inline constexpr char confirmSlot[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:booking AS bigint) AS booking_id, CAST(:cart AS text) AS cart
), locked AS (
    SELECT b.resource_id AS id, pg_advisory_xact_lock(1936486260, CAST(b.resource_id % 2147483647 AS integer)) AS taken
    FROM slot_bookings b, p WHERE b.id = p.booking_id
)
UPDATE slot_bookings b SET state = 'BOOKED', expires_at = NULL, order_id = p.order_id
FROM p
WHERE b.id = p.booking_id AND b.cart_id = p.cart AND b.state = 'HELD' AND (SELECT count(*) FROM locked) = 1
)SQL";

inline constexpr char settleSlotLine[] = R"SQL(
UPDATE order_slot_lines SET state = :state, booking_id = :sold_booking WHERE order_id = :order AND booking_id = :booking
)SQL";

// PAID only when something was delivered: an order whose every unit was lost delivers nothing and is
// CANCELLED (money already taken for it is then refunded by the settlement).
inline constexpr char markOrderPaid[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id
), delivered AS (
    SELECT EXISTS (SELECT 1 FROM order_lines l, p WHERE l.order_id = p.order_id AND l.state = 'SOLD')
        OR EXISTS (SELECT 1 FROM order_pool_lines l, p WHERE l.order_id = p.order_id AND l.state = 'SOLD')
        OR EXISTS (SELECT 1 FROM order_stay_lines l, p WHERE l.order_id = p.order_id AND l.state = 'SOLD')
        OR EXISTS (SELECT 1 FROM order_slot_lines l, p WHERE l.order_id = p.order_id AND l.state = 'SOLD') AS any
)
UPDATE orders o SET state = CASE WHEN d.any THEN 'PAID' ELSE 'CANCELLED' END,
                    paid_at = CASE WHEN d.any THEN now() END
FROM p, delivered d
WHERE o.id = p.order_id AND o.state = 'PENDING'
)SQL";

// An extension adds one more hold period to each live hold of the cart that has extensions left, in
// every shape, each under its own owner's policy (event, hotel, restaurant). Like a re-hold's refresh,
// it never runs past the longest lease the owner allows (boxoffice_hold_lease_limit, migration 050):
// a re-hold may already have used part of that, so the extension is cut to what is left, and a hold
// already at its longest lease is not extended at all.
inline constexpr char extend[] = R"SQL(
WITH p AS (
    SELECT CAST(:cart AS text) AS cart
), live_seats AS (
    SELECT s.id FROM event_seats s, p
    WHERE s.cart_id = p.cart AND s.state = 'HELD' AND s.hold_expires_at > now()
    ORDER BY s.id
    FOR UPDATE OF s
), seats_extended AS (
    UPDATE event_seats s
    SET hold_expires_at = boxoffice_extended_hold_expiry(s.hold_expires_at, s.held_since, e.hold_seconds,
                                                         e.max_extensions),
        extensions_used = s.extensions_used + 1
    FROM events e
    WHERE s.id IN (SELECT id FROM live_seats) AND e.id = s.event_id AND s.extensions_used < e.max_extensions
      AND s.hold_expires_at < boxoffice_hold_lease_limit(s.held_since, e.hold_seconds, e.max_extensions)
    RETURNING 0 AS kind, s.id, s.seat_id AS detail, 1 AS quantity, s.hold_expires_at, e.max_extensions - s.extensions_used AS left_over
), ga_extended AS (
    UPDATE ga_holds h
    SET expires_at = boxoffice_extended_hold_expiry(h.expires_at, h.held_since, e.hold_seconds, e.max_extensions),
        extensions_used = h.extensions_used + 1
    FROM p, ga_pools gp JOIN events e ON e.id = gp.event_id
    WHERE h.cart_id = p.cart AND h.state = 'HELD' AND h.expires_at > now() AND gp.id = h.pool_id
      AND h.extensions_used < e.max_extensions
      AND h.expires_at < boxoffice_hold_lease_limit(h.held_since, e.hold_seconds, e.max_extensions)
    RETURNING 1 AS kind, h.id, h.pool_id AS detail, h.quantity, h.expires_at, e.max_extensions - h.extensions_used AS left_over
), stays_extended AS (
    UPDATE stays s
    SET expires_at = boxoffice_extended_hold_expiry(s.expires_at, s.held_since, ho.hold_seconds, ho.max_extensions),
        extensions_used = s.extensions_used + 1
    FROM p, room_types rt JOIN hotels ho ON ho.id = rt.hotel_id
    WHERE s.cart_id = p.cart AND s.state = 'HELD' AND s.expires_at > now() AND rt.id = s.room_type_id
      AND s.extensions_used < ho.max_extensions
      AND s.expires_at < boxoffice_hold_lease_limit(s.held_since, ho.hold_seconds, ho.max_extensions)
    RETURNING 2 AS kind, s.id, s.room_type_id AS detail, s.check_out - s.check_in AS quantity, s.expires_at,
              ho.max_extensions - s.extensions_used AS left_over
), slots_extended AS (
    UPDATE slot_bookings b
    SET expires_at = boxoffice_extended_hold_expiry(b.expires_at, b.held_since, rs.hold_seconds, rs.max_extensions),
        extensions_used = b.extensions_used + 1
    FROM p, slot_resources r JOIN restaurants rs ON rs.id = r.restaurant_id
    WHERE b.cart_id = p.cart AND b.state = 'HELD' AND b.expires_at > now() AND r.id = b.resource_id
      AND b.extensions_used < rs.max_extensions
      AND b.expires_at < boxoffice_hold_lease_limit(b.held_since, rs.hold_seconds, rs.max_extensions)
    RETURNING 3 AS kind, b.id, b.resource_id AS detail, b.party_size AS quantity, b.expires_at,
              rs.max_extensions - b.extensions_used AS left_over
), extended AS (
    SELECT * FROM seats_extended UNION ALL SELECT * FROM ga_extended
    UNION ALL SELECT * FROM stays_extended UNION ALL SELECT * FROM slots_extended
)
SELECT (SELECT count(*) FROM live_seats)
       + (SELECT count(*) FROM ga_holds h, p WHERE h.cart_id = p.cart AND h.state = 'HELD' AND h.expires_at > now())
       + (SELECT count(*) FROM stays s, p WHERE s.cart_id = p.cart AND s.state = 'HELD' AND s.expires_at > now())
       + (SELECT count(*) FROM slot_bookings b, p WHERE b.cart_id = p.cart AND b.state = 'HELD' AND b.expires_at > now())
         AS live,
       x.kind, x.id,
       CASE x.kind WHEN 0 THEN (SELECT label FROM seats WHERE id = x.detail)
                   WHEN 1 THEN (SELECT name FROM ga_pools WHERE id = x.detail) || ' x' || x.quantity
                   WHEN 2 THEN (SELECT code FROM room_types WHERE id = x.detail) || ' stay'
                   ELSE (SELECT code FROM slot_resources WHERE id = x.detail) END,
       x.quantity, CAST(extract(epoch FROM x.hold_expires_at) * 1000 AS bigint), x.left_over
FROM (SELECT 1) AS one
LEFT JOIN extended x ON true
ORDER BY x.kind, x.id
)SQL";

inline constexpr char heldStays[] = R"SQL(
SELECT s.id, rt.code || ' ' || s.check_in || ' to ' || s.check_out FROM stays s JOIN room_types rt ON rt.id = s.room_type_id
WHERE s.cart_id = :cart AND s.state = 'HELD'
ORDER BY s.room_type_id, s.check_in, s.id
)SQL";

inline constexpr char releaseSlots[] = R"SQL(
WITH released AS (
    UPDATE slot_bookings SET state = 'RELEASED', expires_at = NULL
    WHERE cart_id = :cart AND state = 'HELD'
    RETURNING id, resource_id, party_size
)
SELECT x.id, r.code, x.party_size FROM released x JOIN slot_resources r ON r.id = x.resource_id ORDER BY x.id
)SQL";

} // namespace boxoffice::CartSql
