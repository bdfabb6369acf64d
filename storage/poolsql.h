#pragma once

// Statements behind PgPoolStore. A claim locks its sub-pool row first (the `locked` CTE is read by
// every later step, so it runs first), returns the row's expired holds, and only then decides: the
// counter, the returned holds and the new hold change together or not at all.

namespace boxoffice::PoolSql {

inline constexpr char meta[] = R"SQL(
SELECT gp.claim_strategy, array_to_string(array_agg(s.id ORDER BY s.slot), ',')
FROM ga_pools gp JOIN ga_subpools s ON s.pool_id = gp.id
WHERE gp.id = :pool
GROUP BY gp.id
)SQL";

// The atomic claim on one sub-pool row. `:as_sold` turns it into a direct sale for a late confirm.
inline constexpr char claim[] = R"SQL(
WITH p AS (
    SELECT CAST(:subpool AS bigint) AS subpool_id, CAST(:cart AS text) AS cart,
           CAST(:quantity AS integer) AS quantity, CAST(:ttl AS integer) AS ttl,
           CAST(:sold_order AS bigint) AS sold_order
), locked AS (
    SELECT s.id, s.pool_id, s.capacity, s.sold, s.held
    FROM ga_subpools s, p
    WHERE s.id = p.subpool_id
    FOR UPDATE OF s
), expired AS (
    UPDATE ga_holds h SET state = 'EXPIRED', expires_at = NULL
    WHERE h.subpool_id = (SELECT id FROM locked) AND h.state = 'HELD' AND h.expires_at <= now()
    RETURNING h.quantity
), decision AS (
    SELECT l.id, l.pool_id, l.sold,
           l.held - (SELECT COALESCE(sum(quantity), 0) FROM expired) AS live_held,
           l.capacity - l.sold - (l.held - (SELECT COALESCE(sum(quantity), 0) FROM expired)) >= p.quantity AS fits
    FROM locked l, p
), counted AS (
    UPDATE ga_subpools s
    SET held = d.live_held + CASE WHEN d.fits AND p.sold_order IS NULL THEN p.quantity ELSE 0 END,
        sold = d.sold + CASE WHEN d.fits AND p.sold_order IS NOT NULL THEN p.quantity ELSE 0 END
    FROM decision d, p
    WHERE s.id = d.id
    RETURNING s.capacity - s.sold - s.held AS remaining
), lease AS (
    SELECT make_interval(secs => LEAST(COALESCE(p.ttl, e.hold_seconds), e.hold_seconds * (1 + e.max_extensions))) AS ttl
    FROM p, decision d
    JOIN ga_pools gp ON gp.id = d.pool_id
    JOIN events e ON e.id = gp.event_id
), created AS (
    INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at, order_id)
    SELECT d.pool_id, d.id, p.cart, p.quantity,
           CASE WHEN p.sold_order IS NULL THEN 'HELD' ELSE 'SOLD' END, now(),
           CASE WHEN p.sold_order IS NULL THEN now() + lease.ttl END, p.sold_order
    FROM decision d, p, lease
    WHERE d.fits
    RETURNING id, expires_at
)
SELECT d.fits, (SELECT remaining FROM counted), c.id, CAST(extract(epoch FROM c.expires_at) * 1000 AS bigint)
FROM decision d
LEFT JOIN created c ON true
)SQL";

// The pessimistic variant, step by step inside one short transaction (lock, return, decide, write).
inline constexpr char lockSubpool[] = R"SQL(
SELECT s.pool_id, s.capacity, s.sold, s.held FROM ga_subpools s WHERE s.id = :subpool FOR UPDATE
)SQL";

inline constexpr char expireSubpoolHolds[] = R"SQL(
WITH expired AS (
    UPDATE ga_holds SET state = 'EXPIRED', expires_at = NULL
    WHERE subpool_id = :subpool AND state = 'HELD' AND expires_at <= now()
    RETURNING quantity
)
SELECT COALESCE(sum(quantity), 0) FROM expired
)SQL";

inline constexpr char setSubpoolHeld[] = R"SQL(
UPDATE ga_subpools SET held = :held WHERE id = :subpool
)SQL";

inline constexpr char insertHold[] = R"SQL(
WITH p AS (
    SELECT CAST(:pool AS bigint) AS pool_id, CAST(:subpool AS bigint) AS subpool_id, CAST(:cart AS text) AS cart,
           CAST(:quantity AS integer) AS quantity, CAST(:ttl AS integer) AS ttl
)
INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at)
SELECT p.pool_id, p.subpool_id, p.cart, p.quantity, 'HELD', now(),
       now() + make_interval(secs => LEAST(COALESCE(p.ttl, e.hold_seconds), e.hold_seconds * (1 + e.max_extensions)))
FROM p
JOIN ga_pools gp ON gp.id = p.pool_id
JOIN events e ON e.id = gp.event_id
RETURNING id, CAST(extract(epoch FROM expires_at) * 1000 AS bigint)
)SQL";

// Routing only: where the cart's own hold of this pool is, if it has one. Correctness never rests on
// this read: the claim and the refresh are conditional writes.
inline constexpr char ownHold[] = R"SQL(
SELECT id, subpool_id, quantity, expires_at > now()
FROM ga_holds WHERE pool_id = :pool AND cart_id = :cart AND state = 'HELD'
)SQL";

// A retry of the same hold: refreshed, never shortened, never past the event's longest lease.
inline constexpr char refresh[] = R"SQL(
WITH p AS (
    SELECT CAST(:hold AS bigint) AS hold_id, CAST(:quantity AS integer) AS quantity, CAST(:ttl AS integer) AS ttl
)
UPDATE ga_holds h
SET expires_at = GREATEST(h.expires_at, LEAST(
        now() + make_interval(secs => LEAST(COALESCE(p.ttl, e.hold_seconds), e.hold_seconds * (1 + e.max_extensions))),
        h.held_since + make_interval(secs => e.hold_seconds * (1 + e.max_extensions))))
FROM p, ga_pools gp JOIN events e ON e.id = gp.event_id
WHERE h.id = p.hold_id AND h.state = 'HELD' AND h.expires_at > now() AND h.quantity = p.quantity
  AND gp.id = h.pool_id
RETURNING h.id, CAST(extract(epoch FROM h.expires_at) * 1000 AS bigint)
)SQL";

// Releasing locks the sub-pool row before the hold row, like a claim does.
inline constexpr char release[] = R"SQL(
WITH p AS (
    SELECT CAST(:pool AS bigint) AS pool_id, CAST(:cart AS text) AS cart
), own AS (
    SELECT h.id, h.subpool_id FROM ga_holds h, p
    WHERE h.pool_id = p.pool_id AND h.cart_id = p.cart AND h.state = 'HELD'
), locked AS (
    SELECT s.id FROM ga_subpools s WHERE s.id IN (SELECT subpool_id FROM own) ORDER BY s.id FOR UPDATE
), released AS (
    UPDATE ga_holds h SET state = 'RELEASED', expires_at = NULL
    WHERE h.id IN (SELECT id FROM own) AND h.state = 'HELD' AND (SELECT count(*) FROM locked) >= 0
    RETURNING h.subpool_id, h.quantity
), counted AS (
    UPDATE ga_subpools s SET held = s.held - r.quantity FROM released r WHERE s.id = r.subpool_id
    RETURNING s.id
)
SELECT COALESCE(sum(quantity), 0), (SELECT count(*) FROM counted) FROM released
)SQL";

inline constexpr char summaries[] = R"SQL(
WITH p AS (
    SELECT CAST(:pool AS bigint) AS pool_id, CAST(:event AS bigint) AS event_id
)
SELECT gp.id, gp.event_id, gp.code, gp.name, gp.price_minor, e.currency, gp.claim_strategy,
       count(s.id), sum(s.capacity), sum(s.sold),
       sum(s.held) - (SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h
                      WHERE h.pool_id = gp.id AND h.state = 'HELD' AND h.expires_at <= now())
FROM p, ga_pools gp
JOIN events e ON e.id = gp.event_id
JOIN ga_subpools s ON s.pool_id = gp.id
WHERE gp.id = p.pool_id OR gp.event_id = p.event_id
GROUP BY gp.id, e.currency
ORDER BY gp.id
)SQL";

inline constexpr char createPool[] = R"SQL(
INSERT INTO ga_pools (event_id, code, name, price_minor, claim_strategy)
VALUES (:event, :code, :name, :price, :strategy)
RETURNING id
)SQL";

// Capacity spread as evenly as it goes: the first `capacity % rows` rows get one unit more.
inline constexpr char createSubpools[] = R"SQL(
WITH p AS (
    SELECT CAST(:pool AS bigint) AS pool_id, CAST(:capacity AS integer) AS capacity, CAST(:rows AS integer) AS row_count
)
INSERT INTO ga_subpools (pool_id, slot, capacity)
SELECT p.pool_id, slot, p.capacity / p.row_count + CASE WHEN slot < p.capacity % p.row_count THEN 1 ELSE 0 END
FROM p, generate_series(0, p.row_count - 1) AS slot
)SQL";

inline constexpr char setStrategy[] = R"SQL(
UPDATE ga_pools SET claim_strategy = :strategy WHERE id = :pool
)SQL";

// Display tidying: expired holds back into their counters, a batch of rows at a time, skipping rows a
// buyer is claiming right now.
inline constexpr char sweep[] = R"SQL(
WITH stale AS (
    SELECT DISTINCT subpool_id FROM ga_holds WHERE state = 'HELD' AND expires_at <= now() LIMIT 500
), locked AS (
    SELECT s.id FROM ga_subpools s WHERE s.id IN (SELECT subpool_id FROM stale) ORDER BY s.id FOR UPDATE SKIP LOCKED
), expired AS (
    UPDATE ga_holds h SET state = 'EXPIRED', expires_at = NULL
    WHERE h.subpool_id IN (SELECT id FROM locked) AND h.state = 'HELD' AND h.expires_at <= now()
    RETURNING h.subpool_id, h.quantity
), sums AS (
    SELECT subpool_id, sum(quantity) AS quantity FROM expired GROUP BY subpool_id
), counted AS (
    UPDATE ga_subpools s SET held = s.held - sums.quantity FROM sums WHERE s.id = sums.subpool_id RETURNING s.id
)
SELECT count(*), (SELECT count(*) FROM counted) FROM expired
)SQL";

} // namespace boxoffice::PoolSql
