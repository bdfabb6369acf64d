#pragma once

namespace boxoffice::FrontDeskSql {

inline constexpr char hotel[] = R"SQL(
SELECT id, name, currency, hold_seconds, max_extensions FROM hotels WHERE id = :hotel
)SQL";

inline constexpr char roomTypes[] = R"SQL(
SELECT id, hotel_id, code, name, rank, price_minor FROM room_types WHERE hotel_id = :hotel ORDER BY rank, code
)SQL";

inline constexpr char nights[] = R"SQL(
SELECT n.room_type_id, rt.code, n.night, n.capacity, n.physical, n.booked, COALESCE(n.price_minor, rt.price_minor)
FROM room_nights_on_sale n JOIN room_types rt ON rt.id = n.room_type_id
WHERE rt.hotel_id = :hotel AND n.night >= :from AND n.night < :until
ORDER BY rt.rank, rt.code, n.night
)SQL";

inline constexpr char findStays[] = R"SQL(
WITH p AS (SELECT CAST(:query AS text) AS q)
SELECT s.id, s.reference, s.room_type_id, rt.code, s.check_in, s.check_out, s.state, COALESCE(s.guest_name, ''),
       COALESCE(s.order_id, 0)
FROM stays s JOIN room_types rt ON rt.id = s.room_type_id, p
WHERE s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT', 'HELD', 'WALKED', 'CANCELLED', 'NO_SHOW')
  AND (s.reference = p.q OR lower(s.guest_name) LIKE '%' || lower(p.q) || '%')
ORDER BY s.check_in, s.id
LIMIT 200
)SQL";

inline constexpr char checkOut[] = R"SQL(
UPDATE stays SET state = 'CHECKED_OUT' WHERE id = :stay AND state = 'CHECKED_IN'
)SQL";

// The stays beyond the physical rooms of an overbooked night: the most recently booked first, as
// many as the night is over.
inline constexpr char arrivalsAtRisk[] = R"SQL(
WITH p AS (SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:night AS date) AS night),
over AS (
    SELECT n.room_type_id, n.booked - n.physical AS over_by
    FROM room_nights n JOIN room_types rt ON rt.id = n.room_type_id, p
    WHERE rt.hotel_id = p.hotel_id AND n.night = p.night AND n.booked > n.physical
),
ranked AS (
    SELECT s.id, s.reference, s.room_type_id, rt.code, s.check_in, s.check_out, s.state,
           COALESCE(s.guest_name, '') AS guest, COALESCE(s.order_id, 0) AS order_id, o.over_by,
           row_number() OVER (PARTITION BY s.room_type_id ORDER BY s.order_id DESC NULLS FIRST, s.id DESC) AS position
    FROM stays s JOIN over o ON o.room_type_id = s.room_type_id JOIN room_types rt ON rt.id = s.room_type_id, p
    WHERE s.state = 'BOOKED' AND s.check_in <= p.night AND s.check_out > p.night
)
SELECT id, reference, room_type_id, code, check_in, check_out, state, guest, order_id, over_by
FROM ranked WHERE position <= over_by
ORDER BY code, position
)SQL";

inline constexpr char compensations[] = R"SQL(
SELECT l.id, l.at, l.by_user, l.stay_id, COALESCE(l.guest, ''), l.action, l.amount_minor, l.currency, l.reason, l.night,
       COALESCE(ph.name, '')
FROM compensation_ledger l JOIN stays s ON s.id = l.stay_id JOIN room_types rt ON rt.id = s.room_type_id
     LEFT JOIN partner_hotels ph ON ph.id = l.partner_hotel_id
WHERE rt.hotel_id = :hotel AND l.night >= :from AND l.night < :until
ORDER BY l.night, l.id
)SQL";

inline constexpr char openRefundCases[] = R"SQL(
SELECT c.id, c.order_id, c.unit, c.amount_minor, c.reason, c.created_at, COALESCE(r.state, ''), o.currency
FROM compensations c JOIN orders o ON o.id = c.order_id LEFT JOIN refunds r ON r.id = c.refund_id
WHERE c.resolved_at IS NULL
ORDER BY c.id
LIMIT 500
)SQL";

inline constexpr char closeRefundCase[] = R"SQL(
UPDATE compensations SET resolved_at = now(), resolved_by = session_user WHERE id = :id AND resolved_at IS NULL
)SQL";

} // namespace boxoffice::FrontDeskSql
