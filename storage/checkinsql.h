#pragma once

// Arrivals: checking a booked stay in on its arrival day, and a manager's early check-in (migration 028).
namespace boxoffice::CheckInSql {

inline constexpr char checkIn[] = R"SQL(
SELECT boxoffice_check_in(:stay)
)SQL";

inline constexpr char allowEarly[] = R"SQL(
SELECT boxoffice_allow_early_check_in(:stay, :reason)
)SQL";

} // namespace boxoffice::CheckInSql
