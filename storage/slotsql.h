#pragma once

// Statements behind PgSlotStore. The exclusion constraint slot_bookings_no_overlap is the invariant;
// a claim locks its table first (an advisory lock on the table's id), retires the expired holds in its range, then
// inserts, and the database refuses an overlap with SQLSTATE 23P01. That lock is what keeps two overlapping inserts
// from waiting on each other's uncommitted rows: exclusion checks deadlock without it.

namespace boxoffice::SlotSql {

inline constexpr char claim[] = R"SQL(
WITH p AS (
    SELECT CAST(:resource AS bigint) AS resource_id, CAST(:cart AS text) AS cart,
           CAST(:party AS integer) AS party, tstzrange(CAST(:starts AS timestamptz), CAST(:ends AS timestamptz)) AS during,
           CAST(:ttl AS integer) AS ttl, CAST(:as_order AS bigint) AS as_order
), locked AS (
    -- A transaction-level advisory lock per table: no row privilege needed, released at commit.
    SELECT p.resource_id AS id, pg_advisory_xact_lock(1936486260, CAST(p.resource_id % 2147483647 AS integer)) AS taken
    FROM p
), expired AS (
    UPDATE slot_bookings b SET state = 'EXPIRED', expires_at = NULL
    FROM p
    WHERE b.resource_id = (SELECT id FROM locked) AND b.state = 'HELD' AND b.expires_at <= now() AND b.during && p.during
    RETURNING b.id
), target AS (
    SELECT r.id, r.seats, r.code,
           boxoffice_hold_lease(p.ttl, rs.hold_seconds, rs.max_extensions) AS lease
    FROM p JOIN slot_resources r ON r.id = p.resource_id JOIN restaurants rs ON rs.id = r.restaurant_id
), created AS (
    INSERT INTO slot_bookings (resource_id, cart_id, party_size, during, state, held_since, expires_at, order_id)
    SELECT t.id, p.cart, p.party, p.during, CASE WHEN p.as_order IS NULL THEN 'HELD' ELSE 'BOOKED' END, now(),
           CASE WHEN p.as_order IS NULL THEN now() + t.lease END, p.as_order
    FROM p, target t
    WHERE t.seats >= p.party AND (SELECT count(*) FROM expired) >= 0
    RETURNING id, expires_at
)
SELECT (SELECT count(*) FROM target), (SELECT seats FROM target), (SELECT code FROM target),
       c.id, CAST(extract(epoch FROM c.expires_at) * 1000 AS bigint)
FROM p LEFT JOIN created c ON true
)SQL";

// The cart's own live hold on exactly this table and time: a retry refreshes it.
inline constexpr char refreshOwn[] = R"SQL(
WITH p AS (
    SELECT CAST(:resource AS bigint) AS resource_id, CAST(:cart AS text) AS cart,
           tstzrange(CAST(:starts AS timestamptz), CAST(:ends AS timestamptz)) AS during, CAST(:ttl AS integer) AS ttl
)
UPDATE slot_bookings b
SET expires_at = GREATEST(b.expires_at, LEAST(
        now() + boxoffice_hold_lease(p.ttl, rs.hold_seconds, rs.max_extensions),
        boxoffice_hold_lease_limit(b.held_since, rs.hold_seconds, rs.max_extensions)))
FROM p, slot_resources r JOIN restaurants rs ON rs.id = r.restaurant_id
WHERE b.resource_id = p.resource_id AND b.cart_id = p.cart AND b.during = p.during AND b.state = 'HELD'
  AND b.expires_at > now() AND r.id = b.resource_id
RETURNING b.id, r.code, CAST(extract(epoch FROM b.expires_at) * 1000 AS bigint)
)SQL";

inline constexpr char release[] = R"SQL(
UPDATE slot_bookings SET state = 'RELEASED', expires_at = NULL
WHERE id = :booking AND cart_id = :cart AND state = 'HELD'
)SQL";

inline constexpr char restaurants[] = R"SQL(
SELECT rs.id, rs.name, rs.currency, rs.deposit_minor, r.id, r.code, r.seats
FROM restaurants rs JOIN slot_resources r ON r.restaurant_id = rs.id
ORDER BY rs.id, r.id
)SQL";

// Tables that fit, smallest first so a couple does not take the table for eight; ties in random order so
// two clerks asking at once pick different tables.
inline constexpr char candidates[] = R"SQL(
WITH p AS (
    SELECT CAST(:restaurant AS bigint) AS restaurant_id, CAST(:party AS integer) AS party,
           tstzrange(CAST(:starts AS timestamptz), CAST(:ends AS timestamptz)) AS during, CAST(:limit AS integer) AS max_rows
)
SELECT r.id, r.code, r.seats
FROM p JOIN slot_resources r ON r.restaurant_id = p.restaurant_id AND r.seats >= p.party
WHERE NOT EXISTS (
    SELECT 1 FROM slot_bookings b
    WHERE b.resource_id = r.id AND b.during && p.during
      AND (b.state = 'BOOKED' OR (b.state = 'HELD' AND b.expires_at > now())))
ORDER BY r.seats, random()
LIMIT (SELECT max_rows FROM p)
)SQL";

inline constexpr char sweep[] = R"SQL(
UPDATE slot_bookings SET state = 'EXPIRED', expires_at = NULL
WHERE id IN (SELECT id FROM slot_bookings WHERE state = 'HELD' AND expires_at <= now() LIMIT 5000 FOR UPDATE SKIP LOCKED)
  AND state = 'HELD' AND expires_at <= now()
)SQL";

} // namespace boxoffice::SlotSql
