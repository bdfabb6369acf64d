#pragma once

// Statements behind PgOnSaleStore (migration 036). Times travel as epoch milliseconds.

namespace boxoffice::OnSaleSql {

inline constexpr char all[] = R"SQL(
SELECT o.event_id, CAST(extract(epoch FROM o.draw_closes_at) * 1000 AS bigint),
       CAST(o.admit_per_second AS double precision), o.token_seconds,
       COALESCE(array_to_string(array_agg(p.id ORDER BY p.id) FILTER (WHERE p.id IS NOT NULL), ','), '')
FROM event_on_sales o LEFT JOIN ga_pools p ON p.event_id = o.event_id
GROUP BY o.event_id
ORDER BY o.event_id
)SQL";

inline constexpr char one[] = R"SQL(
SELECT o.event_id, CAST(extract(epoch FROM o.draw_closes_at) * 1000 AS bigint),
       CAST(o.admit_per_second AS double precision), o.token_seconds
FROM event_on_sales o
WHERE o.event_id = :event
)SQL";

inline constexpr char upsert[] = R"SQL(
INSERT INTO event_on_sales (event_id, draw_closes_at, admit_per_second, token_seconds)
VALUES (:event, to_timestamp(CAST(:draw_ms AS bigint) / 1000.0), CAST(:rate AS numeric), :token_seconds)
ON CONFLICT (event_id) DO UPDATE
    SET draw_closes_at = EXCLUDED.draw_closes_at, admit_per_second = EXCLUDED.admit_per_second,
        token_seconds = EXCLUDED.token_seconds, updated_at = now()
)SQL";

inline constexpr char remove[] = R"SQL(
DELETE FROM event_on_sales WHERE event_id = :event
)SQL";

} // namespace boxoffice::OnSaleSql
