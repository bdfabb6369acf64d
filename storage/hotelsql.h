#pragma once

// Statements behind PgHotelStore. Every path that changes a night locks the nights it touches first,
// in date order (`ORDER BY night FOR UPDATE`): two stays sharing nights then queue instead of
// deadlocking, whatever their ranges. Later steps read the `locked` CTE, so it runs first.

namespace boxoffice::HotelSql {

// One statement: lock the nights (the stay's, widened to cover the expired holds it overlaps), return
// those expired holds, and book one unit on every night of the stay only if every night has room.
// `:as_order` makes it a direct booking for a late confirm.
inline constexpr char claim[] = R"SQL(
WITH p AS (
    SELECT CAST(:room_type AS bigint) AS room_type_id, CAST(:cart AS text) AS cart,
           CAST(:check_in AS date) AS check_in, CAST(:check_out AS date) AS check_out,
           CAST(:ttl AS integer) AS ttl, CAST(:reference AS text) AS reference, CAST(:guest AS text) AS guest,
           CAST(:as_order AS bigint) AS as_order
), stale AS (
    SELECT s.id, s.check_in, s.check_out FROM stays s, p
    WHERE s.room_type_id = p.room_type_id AND s.state = 'HELD' AND s.expires_at <= now()
      AND s.check_in < p.check_out AND s.check_out > p.check_in
), span AS (
    SELECT LEAST(p.check_in, (SELECT min(check_in) FROM stale)) AS first_night,
           GREATEST(p.check_out, (SELECT max(check_out) FROM stale)) AS after_last
    FROM p
), locked AS (
    SELECT n.night, n.capacity, n.booked FROM room_nights n, p, span
    WHERE n.room_type_id = p.room_type_id AND n.night >= span.first_night AND n.night < span.after_last
    ORDER BY n.night
    FOR UPDATE OF n
), expired AS (
    UPDATE stays s SET state = 'EXPIRED', expires_at = NULL
    WHERE s.id IN (SELECT id FROM stale) AND s.state = 'HELD' AND s.expires_at <= now()
      AND (SELECT count(*) FROM locked) >= 0
    RETURNING s.check_in, s.check_out
), lapsed AS (
    -- group blocks past their cut-off give back their unpicked rooms on the locked nights (migration 034)
    UPDATE group_block_nights b SET released = true
    FROM group_blocks g, p
    WHERE g.id = b.block_id AND b.room_type_id = p.room_type_id AND b.night IN (SELECT night FROM locked)
      AND NOT b.released AND g.cutoff_at <= now()
    RETURNING b.night, b.rooms - b.picked AS rooms
), nights AS (
    SELECT l.night, l.capacity, l.booked AS locked_booked,
           l.booked - (SELECT count(*) FROM expired x WHERE l.night >= x.check_in AND l.night < x.check_out)
                    - (SELECT COALESCE(sum(z.rooms), 0) FROM lapsed z WHERE z.night = l.night) AS live_booked,
           l.night >= p.check_in AND l.night < p.check_out AS wanted
    FROM locked l, p
), decision AS (
    SELECT (SELECT count(*) FROM nights WHERE wanted) AS known_nights,
           (SELECT count(*) FROM nights WHERE wanted AND live_booked < capacity) AS open_nights,
           p.check_out - p.check_in AS nights
    FROM p
), verdict AS (
    SELECT d.known_nights = d.nights AND d.open_nights = d.nights AS fits FROM decision d
), counted AS (
    UPDATE room_nights r
    SET booked = n.live_booked + CASE WHEN n.wanted AND v.fits THEN 1 ELSE 0 END
    FROM nights n, p, verdict v
    WHERE r.room_type_id = p.room_type_id AND r.night = n.night
      AND (n.live_booked <> n.locked_booked OR (n.wanted AND v.fits))
    RETURNING r.night
), lease AS (
    SELECT boxoffice_hold_lease(p.ttl, h.hold_seconds, h.max_extensions) AS ttl
    FROM p JOIN room_types rt ON rt.id = p.room_type_id JOIN hotels h ON h.id = rt.hotel_id
), created AS (
    INSERT INTO stays (reference, room_type_id, cart_id, check_in, check_out, state, held_since, expires_at,
                       order_id, guest_name)
    SELECT p.reference, p.room_type_id, p.cart, p.check_in, p.check_out,
           CASE WHEN p.as_order IS NULL THEN 'HELD' ELSE 'BOOKED' END, now(),
           CASE WHEN p.as_order IS NULL THEN now() + lease.ttl END, p.as_order, NULLIF(p.guest, '')
    FROM p, lease, verdict v
    WHERE v.fits
    RETURNING id, expires_at
)
SELECT d.known_nights, d.nights, v.fits, c.id, CAST(extract(epoch FROM c.expires_at) * 1000 AS bigint),
       (SELECT count(*) FROM room_types WHERE id = (SELECT room_type_id FROM p))
FROM decision d CROSS JOIN verdict v LEFT JOIN created c ON true
)SQL";

inline constexpr char ownHold[] = R"SQL(
SELECT id, reference FROM stays
WHERE cart_id = :cart AND room_type_id = :room_type AND check_in = :check_in AND check_out = :check_out
  AND state = 'HELD' AND expires_at > now()
)SQL";

inline constexpr char refresh[] = R"SQL(
WITH p AS (
    SELECT CAST(:stay AS bigint) AS stay_id, CAST(:ttl AS integer) AS ttl
)
UPDATE stays s
SET expires_at = GREATEST(s.expires_at, LEAST(
        now() + boxoffice_hold_lease(p.ttl, h.hold_seconds, h.max_extensions),
        boxoffice_hold_lease_limit(s.held_since, h.hold_seconds, h.max_extensions)))
FROM p, room_types rt JOIN hotels h ON h.id = rt.hotel_id
WHERE s.id = p.stay_id AND s.state = 'HELD' AND s.expires_at > now() AND rt.id = s.room_type_id
RETURNING CAST(extract(epoch FROM s.expires_at) * 1000 AS bigint)
)SQL";

// Release (HELD -> RELEASED, by its cart) returns the nights: lock them in date order, change the stay
// only if it is still in the expected state, count down. The stay's nights are read before they are
// locked; a move that wins the race in between changes them, and then the stay is left alone (no night
// is counted without its lock): the third column says the stay was found but not changed, and the
// caller runs the statement again.
inline constexpr char giveBack[] = R"SQL(
WITH p AS (
    SELECT CAST(:stay AS bigint) AS stay_id, CAST(:cart AS text) AS cart,
           CAST(:from_state AS text) AS from_state, CAST(:to_state AS text) AS to_state
), target AS (
    SELECT s.id, s.room_type_id, s.check_in, s.check_out FROM stays s, p
    WHERE s.id = p.stay_id AND s.state = p.from_state AND (p.cart IS NULL OR s.cart_id = p.cart)
), locked AS (
    SELECT n.night FROM room_nights n JOIN target t
      ON n.room_type_id = t.room_type_id AND n.night >= t.check_in AND n.night < t.check_out
    ORDER BY n.night
    FOR UPDATE OF n
), changed AS (
    UPDATE stays s SET state = p.to_state, expires_at = NULL
    FROM p, target t
    WHERE s.id = p.stay_id AND s.state = p.from_state AND (p.cart IS NULL OR s.cart_id = p.cart)
      AND s.room_type_id = t.room_type_id AND s.check_in = t.check_in AND s.check_out = t.check_out
      AND (SELECT count(*) FROM locked) >= 0
    RETURNING s.room_type_id, s.check_in, s.check_out
), counted AS (
    UPDATE room_nights n SET booked = n.booked - 1
    FROM changed c
    WHERE n.room_type_id = c.room_type_id AND n.night >= c.check_in AND n.night < c.check_out
    RETURNING n.night
)
SELECT (SELECT count(*) FROM changed), (SELECT count(*) FROM counted),
       (SELECT count(*) FROM target) - (SELECT count(*) FROM changed)
)SQL";

// A cancel decides about money, so it is the database's front-desk function (migration 015): with no
// fee and no reason it cancels only what nobody paid for; a paid stay needs a manager's refund or fee.
inline constexpr char cancel[] = R"SQL(
SELECT outcome, nights FROM boxoffice_cancel_stay(:stay, 0, NULL)
)SQL";

inline constexpr char hotels[] = R"SQL(
SELECT h.id, h.name, h.currency, h.hold_seconds, h.max_extensions,
       rt.id, rt.code, rt.name, rt.rank, rt.price_minor,
       (SELECT min(night) FROM room_nights n WHERE n.room_type_id = rt.id),
       (SELECT max(night) FROM room_nights n WHERE n.room_type_id = rt.id)
FROM hotels h JOIN room_types rt ON rt.hotel_id = h.id
ORDER BY h.id, rt.rank, rt.id
)SQL";

// Display only, no locks. A hold past its expiry is free here already.
// Through room_nights_on_sale (migration 034): so is a group block's unpicked room past its cut-off.
// The last column is the night's price (migration 031), the room type's where no rate rule sets one.
inline constexpr char availability[] = R"SQL(
WITH p AS (
    SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:first_night AS date) AS first_night,
           CAST(:after_last AS date) AS after_last, CAST(:codes AS text[]) AS codes
)
SELECT rt.id, rt.code, rt.name, rt.rank, rt.price_minor, n.night, n.capacity, n.physical,
       n.booked - (SELECT count(*) FROM stays s
                   WHERE s.room_type_id = rt.id AND s.state = 'HELD' AND s.expires_at <= now()
                     AND n.night >= s.check_in AND n.night < s.check_out),
       ho.currency, COALESCE(n.price_minor, rt.price_minor)
FROM p
JOIN hotels ho ON ho.id = p.hotel_id
JOIN room_types rt ON rt.hotel_id = p.hotel_id AND (cardinality(p.codes) = 0 OR rt.code = ANY (p.codes))
JOIN room_nights_on_sale n ON n.room_type_id = rt.id AND n.night >= p.first_night AND n.night < p.after_last
ORDER BY rt.rank, rt.id, n.night
)SQL";

// Nights locked in date order, then changed only if every one of them keeps booked <= sellable; the
// caller commits only when the count of changed nights equals the count asked for.
inline constexpr char changeCapacity[] = R"SQL(
WITH p AS (
    SELECT CAST(:room_type AS bigint) AS room_type_id, CAST(:first_night AS date) AS first_night,
           CAST(:after_last AS date) AS after_last, CAST(:sellable AS integer) AS sellable,
           CAST(:physical AS integer) AS physical
), locked AS (
    SELECT n.night, n.booked FROM room_nights n, p
    WHERE n.room_type_id = p.room_type_id AND n.night >= p.first_night AND n.night < p.after_last
    ORDER BY n.night
    FOR UPDATE OF n
), fits AS (
    SELECT (SELECT count(*) FROM locked) = (p.after_last - p.first_night)
           AND NOT EXISTS (SELECT 1 FROM locked l WHERE p.sellable IS NOT NULL AND l.booked > p.sellable) AS ok
    FROM p
), changed AS (
    UPDATE room_nights n SET capacity = COALESCE(p.sellable, n.capacity), physical = COALESCE(p.physical, n.physical)
    FROM p, fits
    WHERE fits.ok AND n.room_type_id = p.room_type_id AND n.night IN (SELECT night FROM locked)
    RETURNING n.night
)
SELECT (SELECT ok FROM fits), (SELECT count(*) FROM changed), (SELECT count(*) FROM locked),
       (SELECT max(booked) FROM locked)
)SQL";

inline constexpr char sweep[] = R"SQL(
SELECT id, cart_id FROM stays WHERE state = 'HELD' AND expires_at <= now() ORDER BY id LIMIT 500
)SQL";

inline constexpr char expireOne[] = R"SQL(
WITH p AS (
    SELECT CAST(:stay AS bigint) AS stay_id
), target AS (
    SELECT s.room_type_id, s.check_in, s.check_out FROM stays s, p
    WHERE s.id = p.stay_id AND s.state = 'HELD' AND s.expires_at <= now()
), locked AS (
    SELECT n.night FROM room_nights n JOIN target t
      ON n.room_type_id = t.room_type_id AND n.night >= t.check_in AND n.night < t.check_out
    ORDER BY n.night
    FOR UPDATE OF n
), changed AS (
    UPDATE stays s SET state = 'EXPIRED', expires_at = NULL
    FROM p
    WHERE s.id = p.stay_id AND s.state = 'HELD' AND s.expires_at <= now() AND (SELECT count(*) FROM locked) >= 0
    RETURNING s.room_type_id, s.check_in, s.check_out
), counted AS (
    UPDATE room_nights n SET booked = n.booked - 1
    FROM changed c
    WHERE n.room_type_id = c.room_type_id AND n.night >= c.check_in AND n.night < c.check_out
    RETURNING n.night
)
SELECT (SELECT count(*) FROM changed)
)SQL";

} // namespace boxoffice::HotelSql
