#pragma once

// The statements behind PgCheckoutStore. Each runs inside a short transaction that first locks the
// order row (then the payment row): the same order in every path, so two deciders never deadlock.
namespace boxoffice::CheckoutSql {

inline constexpr char tagOrder[] = R"SQL(
UPDATE orders SET channel = :channel, buyer = :buyer WHERE id = :order AND state = 'PENDING'
)SQL";

inline constexpr char lockOrder[] = R"SQL(
SELECT cart_id, state, amount_minor, currency FROM orders WHERE id = :order FOR UPDATE
)SQL";

inline constexpr char insertPayment[] = R"SQL(
INSERT INTO payments (order_id, provider, idempotency_key, amount_minor, currency)
SELECT id, :provider, :key, amount_minor, currency FROM orders WHERE id = :order
ON CONFLICT (idempotency_key) DO NOTHING
)SQL";

inline constexpr char paymentByKey[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id
FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.idempotency_key = :key
)SQL";

inline constexpr char paymentById[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id
FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = :payment
)SQL";

// The payment of an order that may have moved money (at most one, by the partial unique index).
inline constexpr char livePaymentOfOrder[] = R"SQL(
SELECT id, state FROM payments WHERE order_id = :order AND state <> 'DECLINED' FOR UPDATE
)SQL";

inline constexpr char lockPayment[] = R"SQL(
SELECT order_id, state FROM payments WHERE id = :payment FOR UPDATE
)SQL";

// Final states stay final: a late "unknown" never overwrites what the provider already confirmed.
inline constexpr char setPaymentState[] = R"SQL(
UPDATE payments SET state = :state, provider_payment_id = COALESCE(NULLIF(:provider_id, ''), provider_payment_id),
                    detail = :detail, updated_at = now()
WHERE id = :payment AND state IN ('CHARGING', 'UNKNOWN')
)SQL";

inline constexpr char cancelOrder[] = R"SQL(
UPDATE orders SET state = 'CANCELLED' WHERE id = :order AND state = 'PENDING'
)SQL";

inline constexpr char sellEquivalentSeat[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:unit AS bigint) AS lost_unit, CAST(:cart AS text) AS cart
), lost AS (
    SELECT es.event_id, st.price_band_id, l.amount_minor
    FROM p JOIN event_seats es ON es.id = p.lost_unit JOIN seats st ON st.id = es.seat_id
    JOIN order_lines l ON l.order_id = p.order_id AND l.unit_id = p.lost_unit AND l.state = 'LOST'
), candidate AS (
    SELECT es.id FROM event_seats es JOIN seats st ON st.id = es.seat_id, lost
    WHERE es.event_id = lost.event_id AND st.price_band_id = lost.price_band_id
      AND (es.state = 'AVAILABLE' OR (es.state = 'HELD' AND es.hold_expires_at <= now()))
    ORDER BY es.id
    LIMIT 1
    FOR UPDATE OF es SKIP LOCKED
), line AS (
    INSERT INTO order_lines (order_id, unit_id, amount_minor, state)
    SELECT p.order_id, c.id, lost.amount_minor, 'SOLD' FROM p, candidate c, lost
    RETURNING unit_id
), sold AS (
    UPDATE event_seats es SET state = 'SOLD', order_id = p.order_id, cart_id = p.cart, held_since = NULL,
                              hold_expires_at = NULL, extensions_used = 0
    FROM p WHERE es.id IN (SELECT unit_id FROM line)
    RETURNING es.id, es.seat_id
), replaced AS (
    UPDATE order_lines l SET state = 'REPLACED' FROM p
    WHERE l.order_id = p.order_id AND l.unit_id = p.lost_unit AND EXISTS (SELECT 1 FROM sold)
    RETURNING l.unit_id
)
SELECT s.id, st.label FROM sold s JOIN seats st ON st.id = s.seat_id
)SQL";

inline constexpr char insertRefund[] = R"SQL(
INSERT INTO refunds (order_id, payment_id, amount_minor, reason, idempotency_key)
VALUES (:order, :payment, :amount, :reason, :key)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id
)SQL";

inline constexpr char insertCompensation[] = R"SQL(
INSERT INTO compensations (order_id, refund_id, unit, amount_minor, reason)
VALUES (:order, :refund, :unit, :amount, :reason)
)SQL";

inline constexpr char markLineRefunded[] = R"SQL(
UPDATE order_lines SET state = 'REFUNDED' WHERE order_id = :order AND unit_id = :unit AND state = 'LOST'
)SQL";

inline constexpr char insertOutbox[] = R"SQL(
INSERT INTO outbox (topic, order_id, payload)
VALUES ('payment-confirmed', :order, CAST(:payload AS jsonb))
ON CONFLICT (topic, order_id) DO NOTHING
)SQL";

inline constexpr char logStep[] = R"SQL(
INSERT INTO saga_log (order_id, step, detail) VALUES (:order, :step, :detail)
)SQL";

inline constexpr char insertInbox[] = R"SQL(
INSERT INTO payment_inbox (provider, event_id, event_type, order_id)
VALUES (:provider, :event, :type, :order)
ON CONFLICT (provider, event_id) DO NOTHING
RETURNING event_id
)SQL";

inline constexpr char paymentsToResolve[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.state IN ('CHARGING', 'UNKNOWN') AND p.created_at <= now() - make_interval(secs => :age)
ORDER BY p.id
)SQL";

// Charged, and the order is not PAID: still PENDING (to confirm), or ended without units and not yet
// refunded (to refund).
inline constexpr char paidButUnsettled[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.state = 'SUCCEEDED'
  AND (o.state = 'PENDING'
       OR (o.state IN ('CANCELLED', 'EXPIRED') AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id)))
ORDER BY p.id
)SQL";

inline constexpr char refundsDue[] = R"SQL(
SELECT r.id, r.order_id, r.idempotency_key, COALESCE(p.provider_payment_id, ''), r.amount_minor, r.reason
FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
WHERE r.state = 'DUE'
ORDER BY r.id
)SQL";

inline constexpr char lockRefund[] = R"SQL(
SELECT order_id, amount_minor, state FROM refunds WHERE id = :refund FOR UPDATE
)SQL";

inline constexpr char refundDone[] = R"SQL(
UPDATE refunds SET state = :state, provider_refund_id = NULLIF(:provider_id, ''), done_at = now()
WHERE id = :refund AND state = 'DUE'
)SQL";

inline constexpr char addRefunded[] = R"SQL(
UPDATE orders SET refunded_minor = refunded_minor + :amount WHERE id = :order
)SQL";

// Abandoned: nothing of the order is still held live, and no charge may have moved money.
inline constexpr char expireAbandoned[] = R"SQL(
UPDATE orders o SET state = 'EXPIRED'
WHERE o.state = 'PENDING'
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state <> 'DECLINED')
  AND NOT EXISTS (SELECT 1 FROM order_lines l JOIN event_seats s ON s.id = l.unit_id
                  WHERE l.order_id = o.id AND s.state = 'HELD' AND s.cart_id = o.cart_id AND s.hold_expires_at > now())
  AND NOT EXISTS (SELECT 1 FROM order_pool_lines l JOIN ga_holds h ON h.id = l.hold_id
                  WHERE l.order_id = o.id AND h.state = 'HELD' AND h.expires_at > now())
  AND NOT EXISTS (SELECT 1 FROM order_stay_lines l JOIN stays s ON s.id = l.stay_id
                  WHERE l.order_id = o.id AND s.state = 'HELD' AND s.expires_at > now())
  AND NOT EXISTS (SELECT 1 FROM order_slot_lines l JOIN slot_bookings b ON b.id = l.booking_id
                  WHERE l.order_id = o.id AND b.state = 'HELD' AND b.expires_at > now())
)SQL";

inline constexpr char countRepair[] = R"SQL(
INSERT INTO reconcile_repairs (day, kind, repaired) VALUES (CURRENT_DATE, :kind, :count)
ON CONFLICT (day, kind) DO UPDATE SET repaired = reconcile_repairs.repaired + EXCLUDED.repaired
)SQL";

inline constexpr char repairReport[] = R"SQL(
SELECT day, kind, repaired FROM reconcile_repairs
WHERE day > CURRENT_DATE - CAST(:days AS integer)
ORDER BY day DESC, kind
)SQL";

// Seats of the order go back on sale: the same conditional write as a release, on the order's own units.
inline constexpr char returnSoldSeats[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:units AS bigint[]) AS units
), target AS (
    SELECT s.id FROM event_seats s, p
    WHERE s.order_id = p.order_id AND s.state = 'SOLD' AND (cardinality(p.units) = 0 OR s.id = ANY (p.units))
    ORDER BY s.id
    FOR UPDATE OF s
), lines AS (
    UPDATE order_lines l SET state = 'REFUNDED' FROM p
    WHERE l.order_id = p.order_id AND l.unit_id IN (SELECT id FROM target) AND l.state = 'SOLD'
    RETURNING l.unit_id, l.amount_minor
), returned AS (
    UPDATE event_seats s SET state = 'AVAILABLE', order_id = NULL, cart_id = NULL
    WHERE s.id IN (SELECT unit_id FROM lines)
    RETURNING s.id
)
SELECT count(*), COALESCE(sum(l.amount_minor), 0) FROM lines l JOIN returned r ON r.id = l.unit_id
)SQL";

inline constexpr char soldLinesLeft[] = R"SQL(
SELECT (SELECT count(*) FROM order_lines WHERE order_id = :order AND state = 'SOLD')
     + (SELECT count(*) FROM order_pool_lines WHERE order_id = :order2 AND state = 'SOLD')
     + (SELECT count(*) FROM order_stay_lines WHERE order_id = :order3 AND state = 'SOLD')
     + (SELECT count(*) FROM order_slot_lines WHERE order_id = :order4 AND state = 'SOLD')
)SQL";

inline constexpr char markOrderRefunded[] = R"SQL(
UPDATE orders SET state = 'REFUNDED' WHERE id = :order AND state = 'PAID'
)SQL";

inline constexpr char refundNumber[] = R"SQL(
SELECT count(*) + 1 FROM refunds WHERE order_id = :order
)SQL";

inline constexpr char counterRefundDone[] = R"SQL(
UPDATE refunds SET state = 'SUCCEEDED', done_at = now() WHERE id = :refund
)SQL";

} // namespace boxoffice::CheckoutSql
