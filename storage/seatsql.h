#pragma once

// The statements behind PgSeatStore. Each write is one statement: rows it changes are first locked
// in unit-id order (a FOR UPDATE CTE sorted by id) so two multi-seat claims that overlap always queue
// instead of deadlocking, and the state test sits in the WHERE clause, evaluated against the latest
// committed row. Values are always bound; parameters are gathered once in a `p` CTE.

namespace boxoffice::SeatSql {

// Lazy expiry lives here: a HELD row whose lease has run out is as claimable as an AVAILABLE one.
// This cart's own live hold is claimable too (a retry): it keeps its start and extension count and its
// lease is refreshed, never shortened and never past the event's longest lease. The lease rule is the
// functions of migration 050, which the planner inlines into these statements.
inline constexpr char hold[] = R"SQL(
WITH p AS (
    SELECT CAST(:event AS bigint) AS event_id, CAST(:cart AS text) AS cart,
           CAST(:units AS bigint[]) AS units, CAST(:ttl AS integer) AS ttl
), ev AS (
    SELECT e.id,
           boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions) AS lease,
           e.hold_seconds, e.max_extensions
    FROM events e, p WHERE e.id = p.event_id
), want AS (
    SELECT DISTINCT unnest(p.units) AS unit_id FROM p
), claimable AS (
    SELECT s.id FROM event_seats s, p
    WHERE s.id = ANY (p.units) AND s.event_id = p.event_id
      AND (s.state = 'AVAILABLE'
           OR (s.state = 'HELD' AND (s.hold_expires_at <= now() OR s.cart_id = p.cart)))
    ORDER BY s.id
    FOR UPDATE OF s
), claimed AS (
    UPDATE event_seats s SET
        state = 'HELD',
        cart_id = p.cart,
        held_since = CASE WHEN s.state = 'HELD' AND s.cart_id = p.cart AND s.hold_expires_at > now()
                          THEN s.held_since ELSE now() END,
        extensions_used = CASE WHEN s.state = 'HELD' AND s.cart_id = p.cart AND s.hold_expires_at > now()
                               THEN s.extensions_used ELSE 0 END,
        hold_expires_at = CASE WHEN s.state = 'HELD' AND s.cart_id = p.cart AND s.hold_expires_at > now()
                               THEN GREATEST(s.hold_expires_at, LEAST(now() + ev.lease,
                                    boxoffice_hold_lease_limit(s.held_since, ev.hold_seconds, ev.max_extensions)))
                               ELSE now() + ev.lease END
    FROM p, ev
    WHERE s.id IN (SELECT id FROM claimable)
      AND (SELECT count(*) FROM claimable) = (SELECT count(*) FROM want)
    RETURNING s.id, s.hold_expires_at
)
SELECT w.unit_id,
       e.id IS NOT NULL AS known,
       st.label,
       EXISTS (SELECT 1 FROM claimable c WHERE c.id = w.unit_id) AS claimable,
       c.id IS NOT NULL AS granted,
       CAST(extract(epoch FROM c.hold_expires_at) * 1000 AS bigint) AS expires_ms,
       (SELECT count(*) FROM ev) AS event_found
FROM want w
CROSS JOIN p
LEFT JOIN event_seats e ON e.id = w.unit_id AND e.event_id = p.event_id
LEFT JOIN seats st ON st.id = e.seat_id
LEFT JOIN claimed c ON c.id = w.unit_id
ORDER BY w.unit_id
)SQL";

// The same claim for one seat, the common case at a counter and on the web: one conditional UPDATE whose
// row lock is its only lock. The seat's label is read beside it, so a lost race is answered in the same
// round trip (a second one for the one in five attempts that lose cost a fifth more client wake-ups on
// the busy night). No row at all means the seat id or the event is wrong.
inline constexpr char holdOne[] = R"SQL(
WITH p AS (
    SELECT CAST(:event AS bigint) AS event_id, CAST(:cart AS text) AS cart,
           CAST(:unit AS bigint) AS unit_id, CAST(:ttl AS integer) AS ttl
), claimed AS (
    UPDATE event_seats s SET
        state = 'HELD',
        cart_id = p.cart,
        held_since = CASE WHEN s.state = 'HELD' AND s.cart_id = p.cart AND s.hold_expires_at > now()
                          THEN s.held_since ELSE now() END,
        extensions_used = CASE WHEN s.state = 'HELD' AND s.cart_id = p.cart AND s.hold_expires_at > now()
                               THEN s.extensions_used ELSE 0 END,
        hold_expires_at = CASE WHEN s.state = 'HELD' AND s.cart_id = p.cart AND s.hold_expires_at > now()
            THEN GREATEST(s.hold_expires_at, LEAST(
                     now() + boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions),
                     boxoffice_hold_lease_limit(s.held_since, e.hold_seconds, e.max_extensions)))
            ELSE now() + boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions)
            END
    FROM p, events e
    WHERE s.id = p.unit_id AND s.event_id = p.event_id AND e.id = s.event_id
      AND (s.state = 'AVAILABLE'
           OR (s.state = 'HELD' AND (s.hold_expires_at <= now() OR s.cart_id = p.cart)))
    RETURNING s.hold_expires_at
)
SELECT CAST(extract(epoch FROM c.hold_expires_at) * 1000 AS bigint), st.label
FROM p
JOIN event_seats s ON s.id = p.unit_id AND s.event_id = p.event_id
JOIN seats st ON st.id = s.seat_id
LEFT JOIN claimed c ON true
)SQL";

// Only asked when holdOne answered no row at all: the event or the seat id is wrong.
inline constexpr char eventExists[] = R"SQL(
SELECT count(*) FROM events WHERE id = :event
)SQL";

inline constexpr char releaseUnits[] = R"SQL(
WITH p AS (
    SELECT CAST(:cart AS text) AS cart, CAST(:units AS bigint[]) AS units
), target AS (
    SELECT s.id FROM event_seats s, p
    WHERE s.id = ANY (p.units) AND s.state = 'HELD' AND s.cart_id = p.cart
    ORDER BY s.id
    FOR UPDATE OF s
), released AS (
    UPDATE event_seats s SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL,
                             hold_expires_at = NULL, extensions_used = 0
    WHERE s.id IN (SELECT id FROM target)
    RETURNING s.id, s.seat_id, s.event_id
)
SELECT r.id, st.label, r.event_id FROM released r JOIN seats st ON st.id = r.seat_id ORDER BY r.id
)SQL";

inline constexpr char releaseCart[] = R"SQL(
WITH p AS (
    SELECT CAST(:cart AS text) AS cart
), target AS (
    SELECT s.id FROM event_seats s, p
    WHERE s.cart_id = p.cart AND s.state = 'HELD'
    ORDER BY s.id
    FOR UPDATE OF s
), released AS (
    UPDATE event_seats s SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL,
                             hold_expires_at = NULL, extensions_used = 0
    WHERE s.id IN (SELECT id FROM target)
    RETURNING s.id, s.seat_id, s.event_id
)
SELECT r.id, st.label, r.event_id FROM released r JOIN seats st ON st.id = r.seat_id ORDER BY r.id
)SQL";

inline constexpr char resolveLabels[] = R"SQL(
WITH p AS (
    SELECT CAST(:event AS bigint) AS event_id, CAST(:labels AS text[]) AS labels
)
SELECT w.label, s.id, (SELECT count(*) FROM events e WHERE e.id = p.event_id) AS event_found
FROM p
CROSS JOIN LATERAL unnest(p.labels) WITH ORDINALITY AS w(label, position)
LEFT JOIN events e ON e.id = p.event_id
LEFT JOIN seats st ON st.layout_id = e.layout_id AND st.label = w.label
LEFT JOIN event_seats s ON s.event_id = p.event_id AND s.seat_id = st.id
ORDER BY w.position
)SQL";

inline constexpr char listEvents[] = R"SQL(
WITH p AS (
    SELECT CAST(:event AS bigint) AS event_id
)
SELECT e.id, e.name, v.name, CAST(extract(epoch FROM e.starts_at) * 1000 AS bigint), e.currency,
       e.hold_seconds, e.max_extensions,
       (SELECT count(*) FROM event_seats s WHERE s.event_id = e.id)
FROM p, events e JOIN venue_layouts v ON v.id = e.layout_id
WHERE p.event_id IS NULL OR e.id = p.event_id
ORDER BY e.starts_at, e.id
)SQL";

// Display only, no locks: a hold past its expiry already counts as available here.
inline constexpr char availability[] = R"SQL(
SELECT sec.code, sec.name, pb.code, COALESCE(ep.amount_minor, 0),
       count(*) AS total,
       count(*) FILTER (WHERE s.state = 'AVAILABLE' OR (s.state = 'HELD' AND s.hold_expires_at <= now())),
       count(*) FILTER (WHERE s.state = 'HELD' AND s.hold_expires_at > now()),
       count(*) FILTER (WHERE s.state = 'SOLD')
FROM event_seats s
JOIN seats st ON st.id = s.seat_id
JOIN sections sec ON sec.id = st.section_id
JOIN price_bands pb ON pb.id = st.price_band_id
LEFT JOIN event_prices ep ON ep.event_id = s.event_id AND ep.price_band_id = pb.id
WHERE s.event_id = :event
GROUP BY sec.id, sec.code, sec.name, pb.id, pb.code, ep.amount_minor
ORDER BY sec.id, pb.id
)SQL";

// Batches skip rows a buyer is claiming right now; the WHERE repeats the expiry test so a row that
// was re-held between the pick and the update is left alone.
inline constexpr char sweepBatch[] = R"SQL(
WITH target AS (
    SELECT id FROM event_seats
    WHERE state = 'HELD' AND hold_expires_at <= now()
    ORDER BY id
    LIMIT 5000
    FOR UPDATE SKIP LOCKED
)
UPDATE event_seats s SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL,
                         hold_expires_at = NULL, extensions_used = 0
WHERE s.id IN (SELECT id FROM target) AND s.state = 'HELD' AND s.hold_expires_at <= now()
)SQL";

} // namespace boxoffice::SeatSql
