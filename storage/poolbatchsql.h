#pragma once

// Statements behind PgPoolBatchStore. The batch is one function call (migration 038): its asks go
// in as parallel arrays, bound as array literals, and come back one row each, in ask order.

namespace boxoffice::PoolBatchSql {

inline constexpr char strategy[] = R"SQL(
SELECT claim_strategy FROM ga_pools WHERE id = :pool
)SQL";

inline constexpr char holdBatch[] = R"SQL(
SELECT r_ask, r_outcome, r_hold_id, r_quantity, r_expires_ms, r_cap, r_used
FROM boxoffice_hold_pool_batch(CAST(:pool AS bigint), CAST(:carts AS text[]), CAST(:quantities AS integer[]),
                               CAST(:ttls AS integer[]), CAST(:buyers AS bigint[]), CAST(:partial AS boolean[]))
ORDER BY r_ask
)SQL";

} // namespace boxoffice::PoolBatchSql
