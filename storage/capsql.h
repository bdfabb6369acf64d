#pragma once

// Statements behind PgBuyerCapStore: the locks a capped claim takes and the counts it decides with
// (the decision is HoldCaps', in domain). The locks are transaction-level advisory locks, so they
// need no row privilege and end with the unit of work. Each usage statement serves both holders:
// `:buyer` or `:instrument` is given, the other NULL, and `carts` is then that holder's carts. A scope
// that does not exist yields no row (no cap): the claim that follows reports it.

namespace boxoffice::CapSql {

// The first key names this use of advisory locks; a buyer id past 2^31 shares a lock with another
// (it only serialises the two).
inline constexpr char lockBuyer[] = R"SQL(
SELECT pg_advisory_xact_lock(7420, CAST(CAST(:buyer AS bigint) % 2147483647 AS integer))
)SQL";

inline constexpr char lockInstrument[] = R"SQL(
SELECT pg_advisory_xact_lock(7421, hashtext(:instrument))
)SQL";

inline constexpr char cartInstrument[] = R"SQL(
SELECT instrument FROM buyer_carts WHERE cart_id = :cart
)SQL";

// An event's cap, and its units the holder holds live: seats, and GA places (each place one unit),
// leaving out the seats asked for again (`:units`) and the cart's own hold of the pool asked of.
// `:event` for seats, `:pool` for places.
inline constexpr char eventUsage[] = R"SQL(
WITH p AS (
    SELECT CAST(:buyer AS bigint) AS buyer_id, CAST(:instrument AS text) AS instrument,
           CAST(:event AS bigint) AS event_id, CAST(:pool AS bigint) AS pool_id, CAST(:cart AS text) AS cart,
           CAST(:units AS bigint[]) AS units
), scope AS (
    SELECT e.id, CASE WHEN p.buyer_id IS NOT NULL THEN e.max_holds_per_buyer ELSE e.max_holds_per_instrument END AS cap
    FROM p JOIN events e ON e.id = COALESCE(p.event_id, (SELECT gp.event_id FROM ga_pools gp WHERE gp.id = p.pool_id))
), carts AS (
    SELECT c.cart_id FROM buyer_carts c JOIN p ON c.buyer_id = p.buyer_id
    UNION ALL
    SELECT c.cart_id FROM buyer_carts c JOIN p ON c.instrument = p.instrument
)
SELECT s.cap,
       (SELECT count(*) FROM event_seats es, p
        WHERE es.cart_id IN (SELECT cart_id FROM carts) AND es.event_id = s.id AND es.state = 'HELD'
          AND es.hold_expires_at > now() AND NOT (es.id = ANY (p.units)))
     + (SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN ga_pools gp ON gp.id = h.pool_id, p
        WHERE h.cart_id IN (SELECT cart_id FROM carts) AND gp.event_id = s.id AND h.state = 'HELD'
          AND h.expires_at > now() AND (p.pool_id IS NULL OR h.pool_id <> p.pool_id OR h.cart_id <> p.cart))
FROM scope s
)SQL";

// A hotel's cap, and the stays the holder holds live there, leaving out the cart's own hold of the
// very stay asked for.
inline constexpr char hotelUsage[] = R"SQL(
WITH p AS (
    SELECT CAST(:buyer AS bigint) AS buyer_id, CAST(:instrument AS text) AS instrument,
           CAST(:room_type AS bigint) AS room_type_id, CAST(:cart AS text) AS cart,
           CAST(:check_in AS date) AS check_in, CAST(:check_out AS date) AS check_out
), scope AS (
    SELECT h.id, CASE WHEN p.buyer_id IS NOT NULL THEN h.max_stays_per_buyer ELSE h.max_stays_per_instrument END AS cap
    FROM p JOIN room_types rt ON rt.id = p.room_type_id JOIN hotels h ON h.id = rt.hotel_id
), carts AS (
    SELECT c.cart_id FROM buyer_carts c JOIN p ON c.buyer_id = p.buyer_id
    UNION ALL
    SELECT c.cart_id FROM buyer_carts c JOIN p ON c.instrument = p.instrument
)
SELECT s.cap,
       (SELECT count(*) FROM stays st JOIN room_types rt ON rt.id = st.room_type_id, p
        WHERE st.cart_id IN (SELECT cart_id FROM carts) AND rt.hotel_id = s.id AND st.state = 'HELD'
          AND st.expires_at > now()
          AND NOT (st.cart_id = p.cart AND st.room_type_id = p.room_type_id AND st.check_in = p.check_in
                   AND st.check_out = p.check_out))
FROM scope s
)SQL";

// A restaurant's cap, and the table bookings the holder holds live there, leaving out the cart's own
// hold of the very table and time asked for. `:resource` for a given table, `:restaurant` for a
// search (which never refreshes: it only tries tables nobody holds).
inline constexpr char restaurantUsage[] = R"SQL(
WITH p AS (
    SELECT CAST(:buyer AS bigint) AS buyer_id, CAST(:instrument AS text) AS instrument,
           CAST(:restaurant AS bigint) AS restaurant_id, CAST(:resource AS bigint) AS resource_id,
           CAST(:cart AS text) AS cart,
           tstzrange(CAST(:starts AS timestamptz), CAST(:ends AS timestamptz)) AS during
), scope AS (
    SELECT rs.id,
           CASE WHEN p.buyer_id IS NOT NULL THEN rs.max_bookings_per_buyer ELSE rs.max_bookings_per_instrument END AS cap
    FROM p JOIN restaurants rs
        ON rs.id = COALESCE(p.restaurant_id, (SELECT r.restaurant_id FROM slot_resources r WHERE r.id = p.resource_id))
), carts AS (
    SELECT c.cart_id FROM buyer_carts c JOIN p ON c.buyer_id = p.buyer_id
    UNION ALL
    SELECT c.cart_id FROM buyer_carts c JOIN p ON c.instrument = p.instrument
)
SELECT s.cap,
       (SELECT count(*) FROM slot_bookings b JOIN slot_resources r ON r.id = b.resource_id, p
        WHERE b.cart_id IN (SELECT cart_id FROM carts) AND r.restaurant_id = s.id AND b.state = 'HELD'
          AND b.expires_at > now()
          AND (p.resource_id IS NULL OR b.resource_id <> p.resource_id OR b.cart_id <> p.cart OR b.during <> p.during))
FROM scope s
)SQL";

// Every cap of an ask in one call (migration 037): the cart's owner, then each holder locked and
// counted in the fixed order. One row: the refusing holder (NULL: none; 'cart': not the buyer's cart),
// its cap and what it holds.
inline constexpr char checkCaps[] = R"SQL(
SELECT r_refused, r_cap, r_held
FROM boxoffice_web_caps(CAST(:buyer AS bigint), CAST(:cart AS text), CAST(:asking AS integer),
                        CAST(:event AS bigint), CAST(:units AS bigint[]), CAST(:pool AS bigint),
                        CAST(:room_type AS bigint), CAST(:check_in AS date), CAST(:check_out AS date),
                        CAST(:restaurant AS bigint), CAST(:resource AS bigint),
                        CAST(:starts AS timestamptz), CAST(:ends AS timestamptz))
)SQL";

// A web buyer's seat hold, caps and all, in one call and one transaction (migration 037).
inline constexpr char holdSeats[] = R"SQL(
SELECT r_outcome, r_unit, r_label, r_expires_ms, r_cap, r_held
FROM boxoffice_web_hold_seats(CAST(:buyer AS bigint), CAST(:cart AS text), CAST(:event AS bigint),
                              CAST(:units AS bigint[]), CAST(:labels AS text[]), CAST(:ttl AS integer))
)SQL";

// A web buyer's GA places, caps and all, in one call and one transaction (migration 037).
inline constexpr char holdPlaces[] = R"SQL(
SELECT r_outcome, r_hold, r_expires_ms, r_quantity, r_holder, r_cap, r_held
FROM boxoffice_web_hold_places(CAST(:buyer AS bigint), CAST(:cart AS text), CAST(:pool AS bigint),
                               CAST(:quantity AS integer), CAST(:ttl AS integer))
)SQL";

// A scope's four caps set (the ones marked `:set_*`; NULL clears) and read back. The manager's grants
// of 008, 017 and 037 allow exactly these columns. No row: no such event, hotel or restaurant.
inline constexpr char setEventCaps[] = R"SQL(
UPDATE events SET
    max_holds_per_buyer = CASE WHEN :set_buyer THEN CAST(:buyer AS integer) ELSE max_holds_per_buyer END,
    max_holds_per_instrument = CASE WHEN :set_card THEN CAST(:card AS integer) ELSE max_holds_per_instrument END,
    max_holds_unknown_card = CASE WHEN :set_unknown THEN CAST(:unknown AS integer) ELSE max_holds_unknown_card END,
    max_holds_per_address = CASE WHEN :set_address THEN CAST(:address AS integer) ELSE max_holds_per_address END
WHERE id = :id
RETURNING max_holds_per_buyer, max_holds_per_instrument, max_holds_unknown_card, max_holds_per_address
)SQL";

inline constexpr char setHotelCaps[] = R"SQL(
UPDATE hotels SET
    max_stays_per_buyer = CASE WHEN :set_buyer THEN CAST(:buyer AS integer) ELSE max_stays_per_buyer END,
    max_stays_per_instrument = CASE WHEN :set_card THEN CAST(:card AS integer) ELSE max_stays_per_instrument END,
    max_stays_unknown_card = CASE WHEN :set_unknown THEN CAST(:unknown AS integer) ELSE max_stays_unknown_card END,
    max_stays_per_address = CASE WHEN :set_address THEN CAST(:address AS integer) ELSE max_stays_per_address END
WHERE id = :id
RETURNING max_stays_per_buyer, max_stays_per_instrument, max_stays_unknown_card, max_stays_per_address
)SQL";

inline constexpr char setRestaurantCaps[] = R"SQL(
UPDATE restaurants SET
    max_bookings_per_buyer = CASE WHEN :set_buyer THEN CAST(:buyer AS integer) ELSE max_bookings_per_buyer END,
    max_bookings_per_instrument = CASE WHEN :set_card THEN CAST(:card AS integer) ELSE max_bookings_per_instrument END,
    max_bookings_unknown_card = CASE WHEN :set_unknown THEN CAST(:unknown AS integer) ELSE max_bookings_unknown_card END,
    max_bookings_per_address = CASE WHEN :set_address THEN CAST(:address AS integer) ELSE max_bookings_per_address END
WHERE id = :id
RETURNING max_bookings_per_buyer, max_bookings_per_instrument, max_bookings_unknown_card, max_bookings_per_address
)SQL";

} // namespace boxoffice::CapSql
