#pragma once

// The front desk's lists: reads only, values bound, no locks.
namespace boxoffice::HotelListSql {

inline constexpr char currency[] = R"SQL(
SELECT currency FROM hotels WHERE id = :hotel
)SQL";

// Booked to arrive that day: not yet arrived, in the house, already gone again, or a no-show.
inline constexpr char arrivals[] = R"SQL(
WITH p AS (SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:day AS date) AS day)
SELECT s.id, s.reference, COALESCE(s.guest_name, ''), rt.code, s.check_in, s.check_out, s.state
FROM stays s JOIN room_types rt ON rt.id = s.room_type_id, p
WHERE rt.hotel_id = p.hotel_id AND s.check_in = p.day
  AND s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT', 'NO_SHOW')
ORDER BY lower(COALESCE(s.guest_name, '')), s.reference
)SQL";

// In the house and leaving that day: still to check out, or checked out.
inline constexpr char departures[] = R"SQL(
WITH p AS (SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:day AS date) AS day)
SELECT s.id, s.reference, COALESCE(s.guest_name, ''), rt.code, s.check_in, s.check_out, s.state
FROM stays s JOIN room_types rt ON rt.id = s.room_type_id, p
WHERE rt.hotel_id = p.hotel_id AND s.check_out = p.day AND s.state IN ('CHECKED_IN', 'CHECKED_OUT')
ORDER BY lower(COALESCE(s.guest_name, '')), s.reference
)SQL";

// Sleeping here that night: checked in, or (for a night already past) checked out since. A stay records
// no time of its check-out, so one that left early still counts on its later past nights.
inline constexpr char inHouse[] = R"SQL(
WITH p AS (SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:day AS date) AS day)
SELECT s.id, s.reference, COALESCE(s.guest_name, ''), rt.code, s.check_in, s.check_out, s.state
FROM stays s JOIN room_types rt ON rt.id = s.room_type_id, p
WHERE rt.hotel_id = p.hotel_id AND s.check_in <= p.day AND s.check_out > p.day
  AND (s.state = 'CHECKED_IN' OR (s.state = 'CHECKED_OUT' AND p.day < current_date))
ORDER BY lower(COALESCE(s.guest_name, '')), s.reference
)SQL";

// Per room type and night: the counters, the stays sold on it and their revenue. A stay's sold order
// line is spread over its nights in proportion to their rates (migration 031: a weekend night carries
// more), in whole minor units: each night the rounded-up running share minus the one before, so the
// odd cents fall on the first nights and its nights add up to the line exactly (domain/allocation.h
// spreads a folio's room the same way).
inline constexpr char occupancy[] = R"SQL(
WITH p AS (SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:from AS date) AS first, CAST(:until AS date) AS after),
stay_nights AS (
    SELECT s.id, s.room_type_id, s.check_in + g.i AS night, l.amount_minor AS amount,
           CAST(COALESCE(n.price_minor, rt.price_minor) AS numeric) AS rate
    FROM stays s JOIN room_types rt ON rt.id = s.room_type_id
         LEFT JOIN order_stay_lines l ON l.stay_id = s.id AND l.state = 'SOLD'
         CROSS JOIN p
         CROSS JOIN LATERAL generate_series(0, s.check_out - s.check_in - 1) AS g(i)
         LEFT JOIN room_nights n ON n.room_type_id = s.room_type_id AND n.night = s.check_in + g.i
    WHERE rt.hotel_id = p.hotel_id AND s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT')
      AND s.check_in < p.after AND s.check_out > p.first
),
running AS (
    SELECT room_type_id, night, amount,
           CASE WHEN sum(rate) OVER whole > 0 THEN rate ELSE 1 END AS weight,
           CASE WHEN sum(rate) OVER whole > 0 THEN sum(rate) OVER upto ELSE count(*) OVER upto END AS upto,
           CASE WHEN sum(rate) OVER whole > 0 THEN sum(rate) OVER whole ELSE count(*) OVER whole END AS total
    FROM stay_nights
    WINDOW whole AS (PARTITION BY id), upto AS (PARTITION BY id ORDER BY night)
),
shares AS (
    SELECT room_type_id, night,
           CAST(ceil(amount * upto / total) - ceil(amount * (upto - weight) / total) AS bigint) AS share
    FROM running, p
    WHERE night >= p.first AND night < p.after
),
per_night AS (
    SELECT room_type_id, night, count(*) AS sold, COALESCE(sum(share), 0) AS revenue
    FROM shares GROUP BY room_type_id, night
)
SELECT n.room_type_id, rt.code, n.night, n.physical, n.capacity, n.booked, COALESCE(x.sold, 0),
       COALESCE(x.revenue, 0)
FROM room_nights n JOIN room_types rt ON rt.id = n.room_type_id CROSS JOIN p
     LEFT JOIN per_night x ON x.room_type_id = n.room_type_id AND x.night = n.night
WHERE rt.hotel_id = p.hotel_id AND n.night >= p.first AND n.night < p.after
ORDER BY n.night, rt.rank, rt.code
)SQL";

// Per room type, the room-nights in [from, until) of stays booked to the end (or lost at the end): the
// late cancellations (cancelled from the day before arrival on, of a stay on an order), the no-shows
// and the walks among them. Stays cancelled earlier were free to sell again, so they do not count.
inline constexpr char attrition[] = R"SQL(
WITH p AS (SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:from AS date) AS first, CAST(:until AS date) AS after),
counted AS (
    SELECT s.room_type_id, s.state, LEAST(s.check_out, p.after) - GREATEST(s.check_in, p.first) AS nights,
           s.state = 'CANCELLED' AND s.order_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM inventory_audit a
                         WHERE a.entity = 'stay' AND a.entity_id = s.id AND a.to_state = 'CANCELLED'
                           AND a.at >= CAST(s.check_in - 1 AS timestamptz)) AS late
    FROM stays s JOIN room_types rt ON rt.id = s.room_type_id, p
    WHERE rt.hotel_id = p.hotel_id AND s.check_in < p.after AND s.check_out > p.first
      AND s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT', 'NO_SHOW', 'WALKED', 'CANCELLED')
)
SELECT rt.id, rt.code,
       COALESCE(sum(c.nights) FILTER (WHERE c.state <> 'CANCELLED' OR c.late), 0),
       COALESCE(sum(c.nights) FILTER (WHERE c.late), 0),
       COALESCE(sum(c.nights) FILTER (WHERE c.state = 'NO_SHOW'), 0),
       COALESCE(sum(c.nights) FILTER (WHERE c.state = 'WALKED'), 0)
FROM room_types rt CROSS JOIN p LEFT JOIN counted c ON c.room_type_id = rt.id
WHERE rt.hotel_id = p.hotel_id
GROUP BY rt.id, rt.code, rt.rank
ORDER BY rt.rank, rt.code
)SQL";

inline constexpr char partners[] = R"SQL(
SELECT id, hotel_id, name, contact FROM partner_hotels WHERE hotel_id = :hotel AND active ORDER BY lower(name), id
)SQL";

// A manager's (the function refuses anyone else); naming a partner again makes it active again.
inline constexpr char addPartner[] = R"SQL(
SELECT id, hotel_id, name, contact FROM boxoffice_add_partner(:hotel, :name, :contact)
)SQL";

} // namespace boxoffice::HotelListSql
