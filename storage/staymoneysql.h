#pragma once

// The front desk's money statements: each one call of a database function (migrations 015 and 018),
// which locks the stay's orders, its nights by date and then the stay, and writes every movement of
// money through the order ledger. A change carries out a decision made over figures the desk read, and
// only while they still hold under those locks (MONEY_CHANGED otherwise).
namespace boxoffice::StayMoneySql {

inline constexpr char stayMoney[] = R"SQL(
SELECT COALESCE(m.order_id, 0), COALESCE(m.order_state, ''), COALESCE(m.currency, ''),
       m.line_minor + m.supplements_minor, m.paid_minor, m.online,
       COALESCE(t.has_policy, false), CAST(extract(epoch FROM t.free_until) * 1000 AS bigint), COALESCE(t.late, false), COALESCE(t.cancel_fee_minor, 0),
       COALESCE(t.no_show_fee_minor, 0)
FROM boxoffice_stay_money(:stay) m LEFT JOIN boxoffice_cancellation_terms(:stay) t ON true
)SQL";

// What the stay would cost on the new room type and nights (the sum of the new nights' prices, migration
// 031; no dates: over the nights the stay has). Nights outside the calendar have no price: the room
// type's price stands in, and the move itself refuses them.
inline constexpr char quoteMove[] = R"SQL(
WITH p AS (SELECT CAST(:stay AS bigint) AS stay, CAST(:room_type AS bigint) AS room_type,
                  CAST(:check_in AS date) AS check_in, CAST(:check_out AS date) AS check_out)
SELECT COALESCE(m.order_id, 0), COALESCE(m.order_state, ''), COALESCE(m.currency, ''),
       m.line_minor + m.supplements_minor, m.paid_minor, m.online,
       COALESCE(boxoffice_stay_price(p.room_type, COALESCE(p.check_in, s.check_in), COALESCE(p.check_out, s.check_out)),
                rt.price_minor * (COALESCE(p.check_out, s.check_out) - COALESCE(p.check_in, s.check_in)))
FROM p JOIN stays s ON s.id = p.stay JOIN room_types rt ON rt.id = p.room_type
     CROSS JOIN LATERAL boxoffice_stay_money(p.stay) m
)SQL";

inline constexpr char cancelStay[] = R"SQL(
SELECT outcome, nights, refunded_minor, fee_minor, refund_at_desk, COALESCE(order_state, '')
FROM boxoffice_cancel_stay(:stay, :fee, :reason, :seen_paid)
)SQL";

inline constexpr char moveStay[] = R"SQL(
SELECT outcome, difference_minor, charged_minor, refunded_minor, waived_minor, refund_at_desk,
       COALESCE(supplement_order, 0)
FROM boxoffice_move_stay_priced(:stay, :room_type, :check_in, :check_out, :settle, :reason, :method, :tendered,
                                :reference, :seen_price, :seen_new_price, :seen_paid)
)SQL";

inline constexpr char resolveOverbooking[] = R"SQL(
SELECT boxoffice_resolve_overbooking(:stay, :action, :room_type, :amount, :reason, :night, :settle, :seen_price,
                                     :seen_new_price, :seen_paid, :partner)
)SQL";

} // namespace boxoffice::StayMoneySql
