#pragma once

// The audit's money and lease checks: each a query for counter-examples, one text column naming the
// order, payment or unit. Money is read from the order ledger (what the database recorded as it moved)
// and compared with what the orders' lines and units say, so a defect on either side shows.
namespace boxoffice::MoneyAuditSql {

// Per order: captured, refunded (due or done, minus failed) and fees kept, from the ledger; an exchange's
// credit (migration 021) counts as taken on the new order (CREDIT_IN) and as given back on the old one
// (CREDIT_OUT), so both balance with what each delivers. Delivered,
// the amounts of its sold lines of every shape. A line counts while it is SOLD, whatever its unit did
// since (a checked-out stay was delivered; a cancelled stay still SOLD is no-ended-stay-with-money-kept's
// to report, so each fault has one check naming it). Compensation paid to a walked guest is money of
// its own, outside the balance. `untouched`: a counter order through which no money moved (no ledger
// row but compensation, no payment, no counter payment), i.e. confirmed by staff without taking money
// (`boxoffice-ctl confirm`, a comp); a web order always takes money, and a guarantee row means money is
// owed.
#define BOXOFFICE_ORDER_MONEY                                                                                          \
    "ledger AS ("                                                                                                      \
    " SELECT order_id,"                                                                                                \
    "  COALESCE(sum(amount_minor) FILTER (WHERE entry IN ('CAPTURED', 'CREDIT_IN')), 0) AS captured,"                  \
    "  COALESCE(sum(amount_minor) FILTER (WHERE entry IN ('REFUND_DUE', 'CREDIT_OUT')), 0)"                            \
    "   - COALESCE(sum(amount_minor) FILTER (WHERE entry = 'REFUND_FAILED'), 0) AS refunded,"                          \
    "  COALESCE(sum(amount_minor) FILTER (WHERE entry = 'FEE_KEPT'), 0) AS fees,"                                      \
    "  count(*) FILTER (WHERE entry NOT IN ('COMPENSATION_PAID', 'WAIVED')) AS moved"                                  \
    " FROM order_ledger GROUP BY order_id),"                                                                           \
    " delivered AS ("                                                                                                  \
    " SELECT order_id, sum(amount_minor) AS amount FROM ("                                                             \
    "  SELECT order_id, amount_minor FROM order_lines WHERE state = 'SOLD'"                                            \
    "  UNION ALL SELECT order_id, amount_minor FROM order_pool_lines WHERE state = 'SOLD'"                             \
    "  UNION ALL SELECT order_id, amount_minor FROM order_stay_lines WHERE state = 'SOLD'"                             \
    "  UNION ALL SELECT order_id, amount_minor FROM order_slot_lines WHERE state = 'SOLD'"                             \
    "  UNION ALL SELECT order_id, amount_minor FROM order_supplement_lines WHERE state = 'SOLD') d"                    \
    " GROUP BY order_id),"                                                                                             \
    " money AS ("                                                                                                      \
    " SELECT o.id AS order_id, o.state, COALESCE(l.captured, 0) AS captured, COALESCE(l.refunded, 0) AS refunded,"     \
    "  COALESCE(l.fees, 0) AS fees, COALESCE(d.amount, 0) AS delivered,"                                               \
    "  (o.channel = 'counter' AND COALESCE(l.moved, 0) = 0"                                                            \
    "   AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)"                                             \
    "   AND NOT EXISTS (SELECT 1 FROM counter_payments c WHERE c.order_id = o.id)) AS untouched"                       \
    " FROM orders o LEFT JOIN ledger l ON l.order_id = o.id LEFT JOIN delivered d ON d.order_id = o.id)"

// The unique index allows one live order per cart; this finds what slipped past it (an index dropped
// or rebuilt, rows restored from a dump).
inline constexpr char oneLiveOrderPerCart[] = R"SQL(
SELECT 'cart ' || cart_id || ': orders ' || string_agg(CAST(id AS text), ', ' ORDER BY id) || ' live at once'
FROM orders WHERE state IN ('PENDING', 'PAID', 'GUARANTEED')
GROUP BY cart_id HAVING count(*) > 1
ORDER BY cart_id
)SQL";

// Every capture traces to one payment of its own order for that payment's amount (and intent, online);
// every succeeded payment and every counter payment that took money has exactly one capture; one
// provider intent is captured once, and never also refunded as a stray charge that no order keeps.
inline constexpr char capturedChargeMapsToOneOrder[] = R"SQL(
SELECT finding FROM (
    SELECT l.id AS at, 'order ' || l.order_id || ': capture ' || l.id || ' of ' || l.amount_minor
           || CASE WHEN l.via = 'provider' THEN ' names payment ' || COALESCE(CAST(l.payment_id AS text), 'none')
                   ELSE ' names counter payment ' || COALESCE(CAST(l.counter_payment_id AS text), 'none') END
           || ', which is not a matching payment of this order' AS finding
    FROM order_ledger l
    LEFT JOIN payments p ON p.id = l.payment_id
    LEFT JOIN counter_payments c ON c.id = l.counter_payment_id
    WHERE l.entry = 'CAPTURED'
      AND NOT COALESCE(
          (l.via = 'provider' AND l.counter_payment_id IS NULL AND p.order_id = l.order_id AND p.state = 'SUCCEEDED'
           AND p.amount_minor = l.amount_minor AND p.provider_payment_id IS NOT DISTINCT FROM l.provider_payment_id)
          OR (l.via = 'counter' AND l.payment_id IS NULL AND c.order_id = l.order_id AND c.method <> 'guarantee'
              AND c.amount_minor = l.amount_minor), false)
    UNION ALL
    SELECT min(l.id), 'provider payment ' || l.provider_payment_id || ' captured ' || count(*) || ' times, orders '
           || string_agg(CAST(l.order_id AS text), ', ' ORDER BY l.id)
    FROM order_ledger l WHERE l.entry = 'CAPTURED' AND l.provider_payment_id IS NOT NULL
    GROUP BY l.provider_payment_id HAVING count(*) > 1
    UNION ALL
    SELECT NULL, 'order ' || p.order_id || ': payment ' || p.id || ' succeeded with ' || count(l.id) || ' captures'
    FROM payments p LEFT JOIN order_ledger l ON l.payment_id = p.id AND l.entry = 'CAPTURED'
    WHERE p.state = 'SUCCEEDED'
    GROUP BY p.id, p.order_id HAVING count(l.id) <> 1
    UNION ALL
    SELECT NULL, 'order ' || c.order_id || ': counter payment ' || c.id || ' took ' || c.amount_minor || ' with '
           || count(l.id) || ' captures'
    FROM counter_payments c LEFT JOIN order_ledger l ON l.counter_payment_id = c.id AND l.entry = 'CAPTURED'
    WHERE c.method <> 'guarantee'
    GROUP BY c.id, c.order_id, c.amount_minor HAVING count(l.id) <> 1
    UNION ALL
    SELECT l.id, 'order ' || l.order_id || ': provider payment ' || s.provider_payment_id
           || ' is captured here and also a stray charge refunded to the buyer'
    FROM stray_charges s JOIN order_ledger l ON l.entry = 'CAPTURED' AND l.provider_payment_id = s.provider_payment_id
) f
ORDER BY at NULLS LAST, finding
)SQL";

// What an ended order keeps is what it delivered plus the fees it says it kept. PENDING orders are
// still being paid for and GUARANTEED ones owe the money until departure.
inline constexpr char moneyBalancesPerOrder[] = "WITH " BOXOFFICE_ORDER_MONEY R"SQL(
SELECT 'order ' || order_id || ' (' || state || '): taken ' || captured || ', refunded ' || refunded
       || ', delivered ' || delivered || ', fees ' || fees
FROM money
WHERE state NOT IN ('PENDING', 'GUARANTEED') AND NOT untouched AND captured - refunded <> delivered + fees
ORDER BY order_id
)SQL";

inline constexpr char noPaidOrderWithoutUnits[] = R"SQL(
SELECT 'order ' || o.id || ' is PAID with no sold line' FROM orders o
WHERE o.state = 'PAID'
  AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')
  AND NOT EXISTS (SELECT 1 FROM order_pool_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')
  AND NOT EXISTS (SELECT 1 FROM order_stay_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')
  AND NOT EXISTS (SELECT 1 FROM order_slot_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')
  AND NOT EXISTS (SELECT 1 FROM order_supplement_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')
ORDER BY o.id
)SQL";

// A stay that ended without the guest staying (cancelled, or walked to another hotel) delivered
// nothing: its line may not stay SOLD, and an order that keeps more than it delivers must say why in
// a FEE_KEPT row (the amount itself is money-balances-per-order's to weigh).
inline constexpr char noEndedStayWithMoneyKept[] = "WITH " BOXOFFICE_ORDER_MONEY R"SQL(
SELECT finding FROM (
    SELECT s.id, 'stay ' || s.id || ' (' || s.state || ') of order ' || s.order_id || ': its line of '
           || l.amount_minor || ' is still sold' AS finding
    FROM stays s JOIN order_stay_lines l ON l.stay_id = s.id AND l.order_id = s.order_id
    WHERE s.state IN ('CANCELLED', 'WALKED', 'NO_SHOW') AND l.state = 'SOLD'
    UNION ALL
    SELECT s.id, 'stay ' || s.id || ' (' || s.state || ') of order ' || s.order_id || ': '
           || (m.captured - m.refunded - m.delivered) || ' kept with no fee recorded'
    FROM stays s JOIN money m ON m.order_id = s.order_id
    WHERE s.state IN ('CANCELLED', 'WALKED', 'NO_SHOW') AND m.captured - m.refunded > m.delivered AND m.fees = 0
) f
ORDER BY id, finding
)SQL";

// Read from the trail, not the seats' present state: the previous holder and its expiry as they were
// when the seat changed hands (migration 016). Another cart may take a hold over once it has run out
// (lazy expiry), so a takeover is a fault only while that expiry was still ahead. Lines written before
// 016 carry no lease and are not judged.
inline constexpr char noUnitHeldByTwoCarts[] = R"SQL(
SELECT 'unit ' || a.entity_id || ': cart ' || COALESCE(a.cart_id, '?') || ' took it (' || a.to_state || ') at '
       || a.at || ' while cart ' || a.from_cart_id || ' held it until ' || a.from_expires_at
FROM inventory_audit a
WHERE a.entity = 'seat' AND a.from_state = 'HELD' AND a.to_state IN ('HELD', 'SOLD')
  AND a.cart_id IS DISTINCT FROM a.from_cart_id AND a.from_expires_at > a.at
ORDER BY a.id
)SQL";

// An applied success is what made its order paid; it must be the payment's own charge.
inline constexpr char webhookAmountsEqualPayments[] = R"SQL(
SELECT 'order ' || COALESCE(CAST(i.order_id AS text), '?') || ': event ' || i.event_id || ' claimed '
       || COALESCE(CAST(i.amount_minor AS text), '?') || ' ' || COALESCE(CAST(i.currency AS text), '?') || ' '
       || COALESCE(i.provider_payment_id, '?') || ', '
       || COALESCE('the payment is ' || p.amount_minor || ' ' || p.currency || ' '
                   || COALESCE(p.provider_payment_id, '?'), 'no payment of the order succeeded')
FROM payment_inbox i
LEFT JOIN payments p ON p.order_id = i.order_id AND p.state = 'SUCCEEDED'
WHERE i.outcome = 'APPLIED' AND i.event_type = 'payment_intent.succeeded'
  AND (p.id IS NULL OR i.amount_minor IS DISTINCT FROM p.amount_minor
       OR upper(i.currency) IS DISTINCT FROM upper(p.currency)
       OR i.provider_payment_id IS DISTINCT FROM p.provider_payment_id)
ORDER BY i.received_at, i.event_id
)SQL";

// Read from the ledger and from the refund rows alike: a refund row whose ledger line is missing
// still counts.
inline constexpr char refundsNeverExceedCaptured[] = "WITH " BOXOFFICE_ORDER_MONEY R"SQL(,
refund_rows AS (SELECT order_id, sum(amount_minor) AS amount FROM refunds WHERE state <> 'FAILED' GROUP BY order_id)
SELECT 'order ' || m.order_id || ': refunded ' || GREATEST(m.refunded, COALESCE(r.amount, 0)) || ' of '
       || m.captured || ' taken'
FROM money m LEFT JOIN refund_rows r ON r.order_id = m.order_id
WHERE GREATEST(m.refunded, COALESCE(r.amount, 0)) > m.captured
ORDER BY m.order_id
)SQL";

// A charge no order keeps is refunded by reconciliation; one still not refunded a day after it was
// found, with no one having closed its case, needs a person.
inline constexpr char strayChargesRefunded[] = R"SQL(
SELECT 'stray charge ' || provider_payment_id || COALESCE(' (order ' || order_id || ')', '') || ': '
       || amount_minor || ' ' || currency || ', refund ' || refund_state || ' since ' || found_at
FROM stray_charges
WHERE refund_state <> 'SUCCEEDED' AND resolved_at IS NULL AND found_at < now() - interval '1 day'
ORDER BY found_at, provider_payment_id
)SQL";

// An exchange's credit (migration 021) moves value between two orders without moving money: every
// order's CREDIT_OUT rows add up to the credits of the exchanges it gave units back in, and its
// CREDIT_IN rows to those of the exchange that sold it. A credit row with no exchange, or an exchange
// whose rows are missing, is value made up or lost.
inline constexpr char exchangeCreditsMatchExchanges[] = R"SQL(
WITH ledger AS (
    SELECT order_id, COALESCE(sum(amount_minor) FILTER (WHERE entry = 'CREDIT_OUT'), 0) AS credit_out,
           COALESCE(sum(amount_minor) FILTER (WHERE entry = 'CREDIT_IN'), 0) AS credit_in
    FROM order_ledger WHERE entry IN ('CREDIT_OUT', 'CREDIT_IN') GROUP BY order_id
), exchanged AS (
    SELECT order_id, sum(credit_out) AS credit_out, sum(credit_in) AS credit_in FROM (
        SELECT from_order AS order_id, credit_minor AS credit_out, 0 AS credit_in FROM order_exchanges
        UNION ALL SELECT to_order, 0, credit_minor FROM order_exchanges) x
    GROUP BY order_id
)
SELECT 'order ' || COALESCE(l.order_id, e.order_id) || ': ledger credits out ' || COALESCE(l.credit_out, 0)
       || ', in ' || COALESCE(l.credit_in, 0) || '; exchanges say out ' || COALESCE(e.credit_out, 0) || ', in '
       || COALESCE(e.credit_in, 0)
FROM ledger l FULL JOIN exchanged e ON e.order_id = l.order_id
WHERE COALESCE(l.credit_out, 0) <> COALESCE(e.credit_out, 0) OR COALESCE(l.credit_in, 0) <> COALESCE(e.credit_in, 0)
ORDER BY COALESCE(l.order_id, e.order_id)
)SQL";

#undef BOXOFFICE_ORDER_MONEY

} // namespace boxoffice::MoneyAuditSql
