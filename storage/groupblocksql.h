#pragma once

// Statements behind PgGroupBlockStore. The claims are the database's functions (migration 034): they
// lock the nights in date order, then the block's nights, then the stay, as every hotel path does.

namespace boxoffice::GroupBlockSql {

inline constexpr char create[] = R"SQL(
SELECT outcome, block_id, short_night
FROM boxoffice_create_group_block(:room_type, :group_name, CAST(:first_night AS date), CAST(:after_last AS date),
                                  CAST(:rooms AS integer[]), to_timestamp(CAST(:cutoff_ms AS bigint) / 1000.0))
)SQL";

inline constexpr char pickUp[] = R"SQL(
SELECT outcome, stay_id, expires_ms, full_night
FROM boxoffice_pick_up_from_block(:block, :cart, CAST(:check_in AS date), CAST(:check_out AS date), :guest, :reference)
)SQL";

inline constexpr char returnPickUp[] = R"SQL(
SELECT boxoffice_return_pick_up(:stay, :cart)
)SQL";

inline constexpr char shrink[] = R"SQL(
SELECT outcome, returned FROM boxoffice_shrink_group_block(:block, CAST(:rooms AS integer))
)SQL";

// For a claim made of several statements (a capacity change): lapsed blocks give their rooms back
// under the nights' locks before the counters are read.
inline constexpr char lapse[] = R"SQL(
SELECT boxoffice_lapse_group_blocks(:room_type, CAST(:first_night AS date), CAST(:after_last AS date))
)SQL";

// Display only. Past the cut-off (by the database's clock) a night's unpicked rooms are on sale already,
// whether or not a claim has marked it released yet.
inline constexpr char blocks[] = R"SQL(
SELECT g.id, rt.hotel_id, g.room_type_id, rt.code, g.group_name, g.first_night, g.after_last,
       CAST(extract(epoch FROM g.cutoff_at) * 1000 AS bigint), g.cutoff_at <= now(), g.created_by,
       b.night, b.rooms, b.picked, b.released
FROM group_blocks g
JOIN room_types rt ON rt.id = g.room_type_id
JOIN group_block_nights b ON b.block_id = g.id
WHERE rt.hotel_id = :hotel AND g.after_last > CAST(:from AS date)
ORDER BY g.first_night, g.id, b.night
)SQL";

} // namespace boxoffice::GroupBlockSql
