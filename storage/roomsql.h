#pragma once

namespace boxoffice::RoomSql {

inline constexpr char rooms[] = R"SQL(
SELECT r.id, r.hotel_id, r.room_type_id, rt.code, r.number, r.housekeeping_state, r.state_changed_at,
       r.state_changed_by
FROM rooms r JOIN room_types rt ON rt.id = r.room_type_id
WHERE r.hotel_id = :hotel
ORDER BY rt.rank, rt.code, length(r.number), r.number
)SQL";

inline constexpr char claims[] = R"SQL(
SELECT a.room_id, lower(a.nights), upper(a.nights), COALESCE(a.stay_id, 0), COALESCE(s.reference, ''),
       COALESCE(s.guest_name, ''), COALESCE(a.out_of_order_reason, '')
FROM room_assignments a JOIN rooms r ON r.id = a.room_id LEFT JOIN stays s ON s.id = a.stay_id
WHERE r.hotel_id = :hotel AND a.nights && daterange(CAST(:from AS date), CAST(:until AS date))
ORDER BY a.room_id, lower(a.nights)
)SQL";

inline constexpr char assign[] = R"SQL(SELECT boxoffice_assign_room(:stay, :room))SQL";
inline constexpr char move[] = R"SQL(SELECT boxoffice_move_room(:stay, :room))SQL";
inline constexpr char setHousekeeping[] = R"SQL(SELECT boxoffice_set_housekeeping(:room, :state))SQL";
inline constexpr char outOfOrder[]
    = R"SQL(SELECT boxoffice_room_out_of_order(:room, CAST(:from AS date), CAST(:until AS date), :reason))SQL";
inline constexpr char backInService[] = R"SQL(SELECT boxoffice_room_back_in_service(:room))SQL";

} // namespace boxoffice::RoomSql
