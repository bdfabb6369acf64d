#pragma once

// The night audit's statements (migration 033). The run is one call of boxoffice_night_audit, one
// transaction that decides who may run it, locks in the one fixed order and settles every stay that
// did not arrive; the report is read back from what that run stored.
namespace boxoffice::NightAuditSql {

inline constexpr char run[] = R"SQL(
SELECT run_id, ran_now FROM boxoffice_night_audit(:hotel, :business_date)
)SQL";

inline constexpr char runOfDate[] = R"SQL(
SELECT id FROM night_audit_runs WHERE hotel_id = :hotel AND business_date = :business_date
)SQL";

inline constexpr char report[] = R"SQL(
SELECT hotel_id, business_date, run_by, CAST(extract(epoch FROM run_at) * 1000 AS bigint), currency, no_shows,
       cancellations, fees_minor, refunded_minor, nights_released, arrivals, departures, in_house, rooms,
       room_revenue_minor
FROM night_audit_runs WHERE id = :run
)SQL";

inline constexpr char stays[] = R"SQL(
SELECT stay_id, reference, guest, room_type, check_in, check_out, action, secured_by, fee_minor, refunded_minor,
       nights_released, note
FROM night_audit_stays WHERE run_id = :run
ORDER BY action DESC, reference
)SQL";

} // namespace boxoffice::NightAuditSql
