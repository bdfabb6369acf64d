#pragma once

// The till's statements (migration 020). Opening, closing and countersigning are functions that decide
// under the shift's lock; the figures are the database's sums of the recorded counter money.
namespace boxoffice::TillSql {

// The session's terminal, which every counter payment and refund then records by default.
inline constexpr char setTerminal[] = R"SQL(
SELECT set_config('boxoffice.terminal', CAST(:terminal AS text), false)
)SQL";

// A manager signed in on the spot at a clerk's desk: the money they approve passes the clerk's drawer.
// Honoured for a manager's session only (boxoffice_till_owner in migration 020).
inline constexpr char actOnBehalfOf[] = R"SQL(
SELECT set_config('boxoffice.on_behalf_of', CAST(:clerk AS text), false)
)SQL";

inline constexpr char open[] = R"SQL(
SELECT shift_id, outcome FROM boxoffice_open_shift(CAST(:float AS bigint), CAST(:currency AS text))
)SQL";

// Columns of a shift, in the order PgTillStore reads them.
#define BOXOFFICE_TILL_SHIFT_COLUMNS                                                                                   \
    "s.id, s.clerk, s.terminal, s.currency, s.float_minor, CAST(extract(epoch FROM s.opened_at) * 1000 AS bigint), "   \
    "CAST(extract(epoch FROM s.closed_at) * 1000 AS bigint), s.counted_minor, COALESCE(s.close_note, ''), "            \
    "s.cash_sales, s.cash_sales_minor, s.change_minor, s.card_sales, s.card_sales_minor, s.voids, s.void_cash_minor, " \
    "s.void_card_minor, s.refunds, s.refund_cash_minor, s.refund_card_minor, s.other_currency, "                       \
    "COALESCE(s.countersigned_by, ''), CAST(extract(epoch FROM s.countersigned_at) * 1000 AS bigint), "                \
    "COALESCE(s.countersign_note, '') "

inline constexpr char openHere[] = "SELECT " BOXOFFICE_TILL_SHIFT_COLUMNS R"SQL(
FROM till_shifts s
WHERE s.clerk = session_user AND s.terminal = boxoffice_terminal() AND s.closed_at IS NULL
)SQL";

inline constexpr char shift[] = "SELECT " BOXOFFICE_TILL_SHIFT_COLUMNS R"SQL(
FROM till_shifts s WHERE s.id = :shift
)SQL";

inline constexpr char figures[] = R"SQL(
SELECT cash_sales, cash_sales_minor, change_minor, card_sales, card_sales_minor, voids, void_cash_minor,
       void_card_minor, refunds, refund_cash_minor, refund_card_minor, other_currency
FROM boxoffice_till_figures(:shift)
)SQL";

// Card money of a shift by the card terminal's reference: taken, and handed back to that card.
inline constexpr char cardTotals[] = R"SQL(
SELECT m.reference,
       CAST(count(*) FILTER (WHERE m.kind = 'sale') AS integer),
       COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind = 'sale'), 0),
       COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind <> 'sale'), 0)
FROM till_movements m JOIN till_shifts s ON s.id = m.shift_id
WHERE m.shift_id = :shift AND m.method = 'card' AND m.currency = s.currency
GROUP BY m.reference
ORDER BY m.reference
)SQL";

inline constexpr char close[] = R"SQL(
SELECT boxoffice_close_shift(CAST(:shift AS bigint), CAST(:counted AS bigint), CAST(:note AS text))
)SQL";

inline constexpr char countersign[] = R"SQL(
SELECT boxoffice_countersign_shift(CAST(:shift AS bigint), CAST(:note AS text))
)SQL";

inline constexpr char awaitingCountersign[] = "SELECT " BOXOFFICE_TILL_SHIFT_COLUMNS R"SQL(
FROM till_shifts s
WHERE s.closed_at IS NOT NULL AND s.countersigned_at IS NULL
ORDER BY s.closed_at, s.id
)SQL";

inline constexpr char shiftsOpenedBetween[] = "SELECT " BOXOFFICE_TILL_SHIFT_COLUMNS R"SQL(
FROM till_shifts s
WHERE s.opened_at >= to_timestamp(CAST(:from AS bigint) / 1000.0) AND s.opened_at < to_timestamp(CAST(:to AS bigint) / 1000.0)
ORDER BY s.clerk, s.terminal, s.opened_at, s.id
)SQL";

#undef BOXOFFICE_TILL_SHIFT_COLUMNS

// The counter's money of a period by the clerk and terminal of the shift it fell in (a manager's
// refund on the spot belongs to the clerk's till), else by whoever recorded it where.
inline constexpr char dayMoney[] = R"SQL(
WITH p AS (
    SELECT to_timestamp(CAST(:from AS bigint) / 1000.0) AS t0, to_timestamp(CAST(:to AS bigint) / 1000.0) AS t1
), m AS (
    SELECT COALESCE(s.clerk, m.made_by) AS clerk, COALESCE(s.terminal, m.terminal, '') AS terminal, m.currency,
           m.kind, m.method, m.amount_minor, m.change_minor, m.shift_id
    FROM till_movements m LEFT JOIN till_shifts s ON s.id = m.shift_id, p
    WHERE m.at >= p.t0 AND m.at < p.t1
)
SELECT clerk, terminal, currency,
       CAST(count(*) FILTER (WHERE kind = 'sale' AND method = 'cash') AS integer),
       COALESCE(sum(amount_minor) FILTER (WHERE kind = 'sale' AND method = 'cash'), 0),
       COALESCE(sum(change_minor) FILTER (WHERE kind = 'sale' AND method = 'cash'), 0),
       CAST(count(*) FILTER (WHERE kind = 'sale' AND method = 'card') AS integer),
       COALESCE(sum(amount_minor) FILTER (WHERE kind = 'sale' AND method = 'card'), 0),
       CAST(count(*) FILTER (WHERE kind = 'void') AS integer),
       COALESCE(sum(amount_minor) FILTER (WHERE kind = 'void' AND method = 'cash'), 0),
       COALESCE(sum(amount_minor) FILTER (WHERE kind = 'void' AND method = 'card'), 0),
       CAST(count(*) FILTER (WHERE kind = 'refund') AS integer),
       COALESCE(sum(amount_minor) FILTER (WHERE kind = 'refund' AND method = 'cash'), 0),
       COALESCE(sum(amount_minor) FILTER (WHERE kind = 'refund' AND method = 'card'), 0),
       CAST(count(*) FILTER (WHERE shift_id IS NULL) AS integer)
FROM m
GROUP BY clerk, terminal, currency
ORDER BY clerk, terminal, currency
)SQL";

// Online money of a period from the order ledger: captured by the provider, and refunded through it.
inline constexpr char dayOnline[] = R"SQL(
SELECT l.currency,
       CAST(count(*) FILTER (WHERE l.entry = 'CAPTURED') AS integer),
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'CAPTURED'), 0),
       CAST(count(*) FILTER (WHERE l.entry = 'REFUND_DONE') AS integer),
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_DONE'), 0)
FROM order_ledger l
WHERE l.via = 'provider' AND l.entry IN ('CAPTURED', 'REFUND_DONE')
  AND l.recorded_at >= to_timestamp(CAST(:from AS bigint) / 1000.0)
  AND l.recorded_at < to_timestamp(CAST(:to AS bigint) / 1000.0)
GROUP BY l.currency
ORDER BY l.currency
)SQL";

// A report reads its statements from one snapshot, so its sums agree with each other.
inline constexpr char readOnlySnapshot[] = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";

} // namespace boxoffice::TillSql
