#pragma once

// The approval queue (migration 021). Filing is anyone's at the desk; deciding goes through the
// manager-only functions, which refuse a clerk with 42501.
namespace boxoffice::ApprovalSql {

inline constexpr char file[] = R"SQL(
INSERT INTO approval_requests (kind, order_id, items, reason, cart_id, seen_total_minor, pay_method, pay_reference,
                               tendered_minor, terminal)
VALUES (:kind, :order, :items, :reason, :cart, :seen, :method, :reference, :tendered, :terminal)
RETURNING id
)SQL";

// The request keeps no currency of its own: its amounts are in its order's, read with it.
#define BOXOFFICE_APPROVAL_COLUMNS                                                                                     \
    "SELECT id, kind, order_id, items, reason, COALESCE(cart_id, ''), COALESCE(seen_total_minor, 0),"                  \
    " COALESCE(pay_method, ''), COALESCE(pay_reference, ''), COALESCE(tendered_minor, 0), COALESCE(terminal, ''),"     \
    " requested_by, requested_at, state, COALESCE(decided_by, ''), decided_at,"                                        \
    " (SELECT o.currency FROM orders o WHERE o.id = approval_requests.order_id) FROM approval_requests "

inline constexpr char pending[] = BOXOFFICE_APPROVAL_COLUMNS "WHERE state = 'PENDING' ORDER BY requested_at, id";
inline constexpr char byId[] = BOXOFFICE_APPROVAL_COLUMNS "WHERE id = :id";

#undef BOXOFFICE_APPROVAL_COLUMNS

inline constexpr char decide[] = R"SQL(
SELECT decided, state FROM boxoffice_decide_request(:id, :approve)
)SQL";

inline constexpr char finish[] = R"SQL(
SELECT boxoffice_finish_request(:id)
)SQL";

} // namespace boxoffice::ApprovalSql
