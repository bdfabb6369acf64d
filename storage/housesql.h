#pragma once

// The statements behind PgHouseSeatStore (migration 023): a manager's functions, and a read.
namespace boxoffice::HouseSql {

inline constexpr char hold[] = R"SQL(
SELECT unit_id, label FROM boxoffice_house_hold(CAST(:event AS bigint), CAST(:units AS bigint[]),
                                                CAST(:kind AS text), CAST(:owner AS text), CAST(:note AS text))
)SQL";

inline constexpr char release[] = R"SQL(
SELECT unit_id, label FROM boxoffice_house_release(CAST(:event AS bigint), CAST(:units AS bigint[]))
)SQL";

inline constexpr char list[] = R"SQL(
SELECT s.id, st.label, h.kind, h.owner, h.note, h.held_by, CAST(extract(epoch FROM h.held_at) * 1000 AS bigint)
FROM event_seats s
JOIN house_holds h ON h.unit_id = s.id AND h.released_at IS NULL
JOIN seats st ON st.id = s.seat_id
WHERE s.event_id = :event AND s.state = 'HOUSE'
ORDER BY s.id
)SQL";

} // namespace boxoffice::HouseSql
