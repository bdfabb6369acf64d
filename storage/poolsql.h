#pragma once

// Statements behind PgPoolStore. A claim locks its sub-pool row first (the `locked` CTE is read by
// every later step, so it runs first), returns the row's expired holds, and only then decides: the
// counter, the returned holds and the new hold change together or not at all. A statement that locks
// several sub-pool rows locks them in id order, the order every path uses.

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
    SELECT boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions) AS ttl
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

// A claim across every sub-pool of the pool, for a request larger than any one row's free places (and
// for a late confirm, whose confirm has locked these rows already). One statement: every row locked in
// id order, its expired holds returned, then the places taken only if the rows together have them:
// from the first row that has them all if one does, else filling rows in id order. One hold row per
// row used; the first is the lead, the others name it. `:sold_order` makes them a direct sale.
inline constexpr char claimAcross[] = R"SQL(
WITH p AS (
    SELECT CAST(:pool AS bigint) AS pool_id, CAST(:cart AS text) AS cart, CAST(:quantity AS integer) AS quantity,
           CAST(:ttl AS integer) AS ttl, CAST(:sold_order AS bigint) AS sold_order
), locked AS (
    SELECT s.id, s.capacity, s.sold, s.held FROM ga_subpools s, p
    WHERE s.pool_id = p.pool_id
    ORDER BY s.id
    FOR UPDATE OF s
), expired AS (
    UPDATE ga_holds h SET state = 'EXPIRED', expires_at = NULL
    WHERE h.subpool_id IN (SELECT id FROM locked) AND h.state = 'HELD' AND h.expires_at <= now()
    RETURNING h.subpool_id, h.quantity
), counters AS (
    SELECT l.id, l.sold, l.held AS locked_held,
           l.held - COALESCE((SELECT sum(x.quantity) FROM expired x WHERE x.subpool_id = l.id), 0) AS live_held,
           l.capacity
    FROM locked l
), free AS (
    SELECT c.id, c.sold, c.locked_held, c.live_held, c.capacity - c.sold - c.live_held AS free
    FROM counters c
), ranked AS (
    SELECT f.*, COALESCE(sum(f.free) OVER (ORDER BY f.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                AS free_before
    FROM free f
), verdict AS (
    SELECT COALESCE((SELECT sum(free) FROM free), 0) >= p.quantity AS fits,
           (SELECT min(f.id) FROM free f WHERE f.free >= p.quantity) AS one_row
    FROM p
), taken AS (
    SELECT r.id, r.sold, r.locked_held, r.live_held,
           CASE WHEN NOT v.fits THEN 0
                WHEN v.one_row IS NOT NULL THEN CASE WHEN r.id = v.one_row THEN p.quantity ELSE 0 END
                ELSE GREATEST(0, LEAST(r.free, p.quantity - r.free_before)) END AS quantity
    FROM ranked r, p, verdict v
), counted AS (
    UPDATE ga_subpools s
    SET held = t.live_held + CASE WHEN p.sold_order IS NULL THEN t.quantity ELSE 0 END,
        sold = t.sold + CASE WHEN p.sold_order IS NULL THEN 0 ELSE t.quantity END
    FROM taken t, p
    WHERE s.id = t.id AND (t.quantity > 0 OR t.live_held <> t.locked_held)
    RETURNING s.id
), lease AS (
    SELECT boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions) AS ttl
    FROM p JOIN ga_pools gp ON gp.id = p.pool_id JOIN events e ON e.id = gp.event_id
), lead AS (
    INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at, order_id)
    SELECT p.pool_id, t.id, p.cart, t.quantity, CASE WHEN p.sold_order IS NULL THEN 'HELD' ELSE 'SOLD' END, now(),
           CASE WHEN p.sold_order IS NULL THEN now() + lease.ttl END, p.sold_order
    FROM p, lease, (SELECT * FROM taken WHERE quantity > 0 ORDER BY id LIMIT 1) t
    RETURNING id, subpool_id, expires_at
), parts AS (
    INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at, order_id,
                          lead_hold_id)
    SELECT p.pool_id, t.id, p.cart, t.quantity, CASE WHEN p.sold_order IS NULL THEN 'HELD' ELSE 'SOLD' END, now(),
           CASE WHEN p.sold_order IS NULL THEN now() + lease.ttl END, p.sold_order, l.id
    FROM p, lease, lead l, taken t
    WHERE t.quantity > 0 AND t.id <> l.subpool_id
    RETURNING id
)
SELECT v.fits, l.id, CAST(extract(epoch FROM l.expires_at) * 1000 AS bigint), (SELECT count(*) FROM parts),
       (SELECT count(*) FROM counted)
FROM verdict v
LEFT JOIN lead l ON true
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
       now() + boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions)
FROM p
JOIN ga_pools gp ON gp.id = p.pool_id
JOIN events e ON e.id = gp.event_id
RETURNING id, CAST(extract(epoch FROM expires_at) * 1000 AS bigint)
)SQL";

// Routing only: where the cart's own hold of this pool is (its lead row), if it has one, and how many
// places its live rows hold together. Correctness never rests on this read: the claim and the refresh
// are conditional writes.
inline constexpr char ownHold[] = R"SQL(
SELECT h.id, h.subpool_id,
       (SELECT COALESCE(sum(o.quantity), 0) FROM ga_holds o
        WHERE o.pool_id = h.pool_id AND o.cart_id = h.cart_id AND o.state = 'HELD' AND o.expires_at > now()),
       h.expires_at > now()
FROM ga_holds h WHERE h.pool_id = :pool AND h.cart_id = :cart AND h.state = 'HELD' AND h.lead_hold_id IS NULL
)SQL";

// A retry of the same hold, every row of it: refreshed, never shortened, never past the event's longest
// lease, and only when its live rows still hold the places asked for.
inline constexpr char refresh[] = R"SQL(
WITH p AS (
    SELECT CAST(:pool AS bigint) AS pool_id, CAST(:cart AS text) AS cart, CAST(:quantity AS integer) AS quantity,
           CAST(:ttl AS integer) AS ttl
), own AS (
    SELECT h.id, h.quantity FROM ga_holds h, p
    WHERE h.pool_id = p.pool_id AND h.cart_id = p.cart AND h.state = 'HELD' AND h.expires_at > now()
)
UPDATE ga_holds h
SET expires_at = GREATEST(h.expires_at, LEAST(
        now() + boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions),
        boxoffice_hold_lease_limit(h.held_since, e.hold_seconds, e.max_extensions)))
FROM p, ga_pools gp JOIN events e ON e.id = gp.event_id
WHERE h.id IN (SELECT id FROM own) AND (SELECT sum(quantity) FROM own) = p.quantity
  AND h.state = 'HELD' AND h.expires_at > now() AND gp.id = h.pool_id
RETURNING h.id, CAST(extract(epoch FROM h.expires_at) * 1000 AS bigint)
)SQL";

// Releasing locks the sub-pool rows (in id order) before the hold rows, like a claim does. A cart may
// hold several rows on one sub-pool (a live hold beside the rows of an older, expired one): they are
// summed per sub-pool, as an UPDATE ... FROM changes each row once. `:pool` NULL: every pool of the
// cart, in one statement, so a whole cart's release also takes sub-pool rows in id order.
inline constexpr char release[] = R"SQL(
WITH p AS (
    SELECT CAST(:pool AS bigint) AS pool_id, CAST(:cart AS text) AS cart
), own AS (
    SELECT h.id, h.subpool_id FROM ga_holds h, p
    WHERE (p.pool_id IS NULL OR h.pool_id = p.pool_id) AND h.cart_id = p.cart AND h.state = 'HELD'
), locked AS (
    SELECT s.id FROM ga_subpools s WHERE s.id IN (SELECT subpool_id FROM own) ORDER BY s.id FOR UPDATE
), released AS (
    UPDATE ga_holds h SET state = 'RELEASED', expires_at = NULL
    WHERE h.id IN (SELECT id FROM own) AND h.state = 'HELD' AND (SELECT count(*) FROM locked) >= 0
    RETURNING h.pool_id, h.subpool_id, h.quantity
), sums AS (
    SELECT subpool_id, sum(quantity) AS quantity FROM released GROUP BY subpool_id
), counted AS (
    UPDATE ga_subpools s SET held = s.held - sums.quantity FROM sums WHERE s.id = sums.subpool_id
    RETURNING s.id
)
SELECT r.pool_id, gp.name, sum(r.quantity), (SELECT count(*) FROM counted)
FROM released r JOIN ga_pools gp ON gp.id = r.pool_id
GROUP BY r.pool_id, gp.name
ORDER BY r.pool_id
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
