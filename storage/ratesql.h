#pragma once

// Room rates (migration 031): read by anyone, written only through the manager-only functions, which
// reprice the nights they cover under the nights' locks.
namespace boxoffice::RateSql {

inline constexpr char rules[] = R"SQL(
SELECT r.id, r.room_type_id, r.name, r.first_night, r.last_night, r.weekdays, r.price_minor, h.currency
FROM room_rates r JOIN room_types rt ON rt.id = r.room_type_id JOIN hotels h ON h.id = rt.hotel_id
WHERE rt.hotel_id = :hotel
ORDER BY rt.rank, rt.code, r.first_night, r.id
)SQL";

inline constexpr char add[] = R"SQL(
SELECT rate_id, repriced FROM boxoffice_set_room_rate(CAST(:room_type AS bigint), CAST(:name AS text), CAST(:first_night AS date),
                                                  CAST(:last_night AS date), CAST(:weekdays AS integer),
                                                  CAST(:price AS bigint))
)SQL";

inline constexpr char remove[] = R"SQL(
SELECT rate_id, repriced FROM boxoffice_remove_room_rate(CAST(:rate AS bigint))
)SQL";

} // namespace boxoffice::RateSql
