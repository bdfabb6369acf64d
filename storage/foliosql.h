#pragma once

// A stay's folio (migration 032). Reads are plain selects; every change is one call of a database
// function that decides who may do it, locks the stay (and, to settle, its orders and nights first, in
// the fixed order) and writes the money through the order ledger.
namespace boxoffice::FolioSql {

// The room's price is the stay's line and its moves' supplements; the folio's own supplement lines (the
// settled extras) are the charges', so they are left out here.
inline constexpr char head[] = R"SQL(
SELECT s.id, s.reference, COALESCE(s.guest_name, ''), h.name, rt.name, h.currency, s.check_in, s.check_out,
       s.state, COALESCE(s.order_id, 0),
       COALESCE((SELECT sum(l.amount_minor) FROM order_stay_lines l
                 WHERE l.stay_id = s.id AND l.order_id = s.order_id AND l.state = 'SOLD'), 0)
       + COALESCE((SELECT sum(l.amount_minor) FROM order_supplement_lines l
                   WHERE l.stay_id = s.id AND l.state = 'SOLD'
                     AND NOT EXISTS (SELECT 1 FROM folio_charges c
                                     WHERE c.stay_id = s.id AND c.settled_order_id = l.order_id)), 0),
       boxoffice_folio_room_owed(s.id),
       (SELECT string_agg(CAST(COALESCE(n.price_minor, rt.price_minor) AS text), ',' ORDER BY d.night)
        FROM generate_series(s.check_in, s.check_out - 1, interval '1 day') AS d(night)
        LEFT JOIN room_nights n ON n.room_type_id = s.room_type_id AND n.night = CAST(d.night AS date))
FROM stays s JOIN room_types rt ON rt.id = s.room_type_id JOIN hotels h ON h.id = rt.hotel_id
WHERE s.id = :stay
)SQL";

inline constexpr char charges[] = R"SQL(
SELECT id, stay_id, kind, description, amount_minor, quantity, posted_by, posted_at, COALESCE(voided_by, ''),
       voided_at, COALESCE(void_reason, ''), COALESCE(settled_order_id, 0), settled_at
FROM folio_charges WHERE stay_id = :stay ORDER BY id
)SQL";

// Money taken (and given back) on the stay's own order and on its supplements' orders, the folio's
// among them, from the ledger.
inline constexpr char payments[] = R"SQL(
WITH p AS (SELECT CAST(:stay AS bigint) AS stay),
o AS (
    SELECT s.order_id AS id FROM stays s, p WHERE s.id = p.stay AND s.order_id IS NOT NULL
    UNION
    SELECT l.order_id FROM order_supplement_lines l, p WHERE l.stay_id = p.stay
)
SELECT l.recorded_at,
       CASE WHEN l.entry = 'CAPTURED' THEN COALESCE(c.method, 'online') ELSE 'refund' END,
       CASE WHEN l.entry = 'CAPTURED' THEN l.amount_minor ELSE -l.amount_minor END,
       COALESCE(c.reference, l.provider_payment_id, '')
FROM order_ledger l JOIN o ON o.id = l.order_id LEFT JOIN counter_payments c ON c.id = l.counter_payment_id
WHERE l.entry IN ('CAPTURED', 'REFUND_DUE')
ORDER BY l.id
)SQL";

inline constexpr char post[] = R"SQL(
SELECT outcome, COALESCE(charge_id, 0)
FROM boxoffice_post_folio_charge(:stay, :kind, :description, :amount, :quantity)
)SQL";

inline constexpr char voidCharge[] = R"SQL(
SELECT boxoffice_void_folio_charge(:charge, :reason)
)SQL";

inline constexpr char settle[] = R"SQL(
SELECT outcome, balance_minor, charged_minor, change_minor, COALESCE(order_id, 0)
FROM boxoffice_settle_folio(:stay, :seen, :method, :tendered, :reference)
)SQL";

} // namespace boxoffice::FolioSql
