#pragma once

// The front desk's money statements: each one call of a database function from migration 015, which
// locks the stay's orders, its nights by date and then the stay, and writes every movement of money
// through the order ledger. The desk reads a stay's money first only to say it before confirming.
namespace boxoffice::StayMoneySql {

inline constexpr char stayMoney[] = R"SQL(
SELECT COALESCE(m.order_id, 0), COALESCE(m.order_state, ''), COALESCE(m.currency, ''),
       m.line_minor + m.supplements_minor, m.paid_minor, m.online
FROM boxoffice_stay_money(:stay) m
)SQL";

// What the stay would cost on the new room type and nights (the nightly price times the nights).
inline constexpr char quoteMove[] = R"SQL(
SELECT COALESCE(m.order_id, 0), COALESCE(m.order_state, ''), COALESCE(m.currency, ''),
       m.line_minor + m.supplements_minor, m.paid_minor, m.online,
       rt.price_minor * (CAST(:check_out AS date) - CAST(:check_in AS date))
FROM boxoffice_stay_money(:stay) m JOIN room_types rt ON rt.id = :room_type
)SQL";

inline constexpr char cancelStay[] = R"SQL(
SELECT outcome, nights, refunded_minor, fee_minor, refund_at_desk, COALESCE(order_state, '')
FROM boxoffice_cancel_stay(:stay, :fee, :reason)
)SQL";

inline constexpr char moveStay[] = R"SQL(
SELECT outcome, difference_minor, charged_minor, refunded_minor, waived_minor, refund_at_desk,
       COALESCE(supplement_order, 0)
FROM boxoffice_move_stay_priced(:stay, :room_type, :check_in, :check_out, :settle, :reason, :method, :tendered,
                                :reference)
)SQL";

} // namespace boxoffice::StayMoneySql
