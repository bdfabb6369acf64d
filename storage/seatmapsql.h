#pragma once

// The statements behind PgSeatMapStore: reads only.
namespace boxoffice::SeatMapSql {

inline constexpr char sections[] = R"SQL(
SELECT sec.code, sec.name, sec.preference
FROM events e JOIN sections sec ON sec.layout_id = e.layout_id
WHERE e.id = :event
ORDER BY sec.code
)SQL";

// The layout's own scoring for best available; NULL: decided by the seats' places.
inline constexpr char layoutScoring[] = R"SQL(
SELECT v.focus_x, v.focus_y, v.arena
FROM events e JOIN venue_layouts v ON v.id = e.layout_id
WHERE e.id = :event
)SQL";

inline constexpr char bands[] = R"SQL(
SELECT pb.code, pb.name, COALESCE(ep.amount_minor, 0), e.currency
FROM events e
JOIN price_bands pb ON pb.layout_id = e.layout_id
LEFT JOIN event_prices ep ON ep.event_id = e.id AND ep.price_band_id = pb.id
WHERE e.id = :event
ORDER BY COALESCE(ep.amount_minor, 0) DESC, pb.code
)SQL";

inline constexpr char seats[] = R"SQL(
SELECT es.id, st.label, sec.code, st.row_number, st.seat_number, st.x, st.y, pb.code,
       es.state, es.cart_id, CAST(extract(epoch FROM es.hold_expires_at) * 1000 AS bigint)
FROM event_seats es
JOIN seats st ON st.id = es.seat_id
JOIN sections sec ON sec.id = st.section_id
JOIN price_bands pb ON pb.id = st.price_band_id
WHERE es.event_id = :event
ORDER BY es.id
)SQL";

// The recent tail of the audit trail, read in the same snapshot as the seats: where the map's copy
// ends. Older lines are all in the snapshot already.
inline constexpr char recentAuditIds[] = R"SQL(
SELECT a.id FROM inventory_audit a
WHERE a.id > (SELECT COALESCE(max(id), 0) - 2000 FROM inventory_audit)
ORDER BY a.id
)SQL";

inline constexpr char auditFloor[] = R"SQL(
SELECT GREATEST(COALESCE(max(id), 0) - 2000, 0) FROM inventory_audit
)SQL";

// Every audit line after the cursor (the reader tracks gaps with them) with the current state of the
// touched seat when it is one of this event's.
inline constexpr char changesSince[] = R"SQL(
WITH p AS (
    SELECT CAST(:event AS bigint) AS event_id, CAST(:since AS bigint) AS since, CAST(:limit AS integer) AS lim
), lines AS (
    SELECT a.id, a.entity, a.entity_id FROM inventory_audit a, p
    WHERE a.id > p.since
    ORDER BY a.id
    LIMIT (SELECT lim FROM p)
)
SELECT l.id, s.id, s.state, s.cart_id, CAST(extract(epoch FROM s.hold_expires_at) * 1000 AS bigint)
FROM lines l
CROSS JOIN p
LEFT JOIN event_seats s ON l.entity = 'seat' AND s.id = l.entity_id AND s.event_id = p.event_id
ORDER BY l.id
)SQL";

inline constexpr char serverNow[] = R"SQL(
SELECT CAST(extract(epoch FROM clock_timestamp()) * 1000 AS bigint)
)SQL";

} // namespace boxoffice::SeatMapSql
