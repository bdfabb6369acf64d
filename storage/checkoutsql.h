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
INSERT INTO payments (order_id, provider, idempotency_key, amount_minor, currency, payment_method)
SELECT o.id, :provider, :key, o.amount_minor, o.currency,
       (SELECT c.payment_method FROM buyer_carts c WHERE c.cart_id = o.cart_id)
FROM orders o WHERE o.id = :order
ON CONFLICT (idempotency_key) DO NOTHING
)SQL";

inline constexpr char paymentByKey[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id, COALESCE(p.payment_method, '')
FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.idempotency_key = :key
)SQL";

inline constexpr char paymentById[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id, COALESCE(p.payment_method, '')
FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = :payment
)SQL";

// The order's payment (one key per order, so at most one), locked after the order row.
inline constexpr char paymentOfOrder[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id, COALESCE(p.payment_method, '')
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.order_id = :order
ORDER BY (p.state <> 'DECLINED') DESC, p.id DESC
LIMIT 1
FOR UPDATE OF p
)SQL";

inline constexpr char lockPayment[] = R"SQL(
SELECT order_id, state FROM payments WHERE id = :payment FOR UPDATE
)SQL";

// Final states stay final: a late "unknown" never overwrites what the provider already answered. The
// one exception is the provider's own word that the money moved: a success recorded after a decline
// (or after a closed key was taken as never charged) is the truth, and settling it refunds the order.
inline constexpr char setPaymentState[] = R"SQL(
UPDATE payments SET state = :state, provider_payment_id = COALESCE(NULLIF(:provider_id, ''), provider_payment_id),
                    detail = :detail, updated_at = now()
WHERE id = :payment AND (state IN ('CHARGING', 'UNKNOWN') OR (state = 'DECLINED' AND :state2 = 'SUCCEEDED'))
)SQL";

// Units of the order still held by its cart (live, or run out but not reclaimed) are pinned to the
// payment: a long lease that uses no extension. Each shape in the lock order every path uses.
inline constexpr char pinSeats[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:cart AS text) AS cart, CAST(:pin AS integer) AS pin
), target AS (
    SELECT s.id FROM event_seats s JOIN order_lines l ON l.unit_id = s.id JOIN p ON l.order_id = p.order_id
    WHERE s.state = 'HELD' AND s.cart_id = p.cart
    ORDER BY s.id
    FOR UPDATE OF s
), pinned AS (
    UPDATE event_seats s SET hold_expires_at = GREATEST(s.hold_expires_at, now() + make_interval(secs => p.pin))
    FROM p WHERE s.id IN (SELECT id FROM target)
    RETURNING s.id
)
SELECT (SELECT count(*) FROM pinned), (SELECT count(*) FROM order_lines l, p WHERE l.order_id = p.order_id)
)SQL";

inline constexpr char pinPlaces[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:cart AS text) AS cart, CAST(:pin AS integer) AS pin
), target AS (
    SELECT h.id FROM ga_holds h JOIN order_pool_lines l ON l.hold_id = h.id JOIN p ON l.order_id = p.order_id
    WHERE h.state = 'HELD' AND h.cart_id = p.cart
    ORDER BY h.id
    FOR UPDATE OF h
), pinned AS (
    UPDATE ga_holds h SET expires_at = GREATEST(h.expires_at, now() + make_interval(secs => p.pin))
    FROM p WHERE h.id IN (SELECT id FROM target)
    RETURNING h.id
)
SELECT (SELECT count(*) FROM pinned), (SELECT count(*) FROM order_pool_lines l, p WHERE l.order_id = p.order_id)
)SQL";

inline constexpr char pinStays[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:cart AS text) AS cart, CAST(:pin AS integer) AS pin
), target AS (
    SELECT st.id FROM stays st JOIN order_stay_lines l ON l.stay_id = st.id JOIN p ON l.order_id = p.order_id
    WHERE st.state = 'HELD' AND st.cart_id = p.cart
    ORDER BY st.id
    FOR UPDATE OF st
), pinned AS (
    UPDATE stays st SET expires_at = GREATEST(st.expires_at, now() + make_interval(secs => p.pin))
    FROM p WHERE st.id IN (SELECT id FROM target)
    RETURNING st.id
)
SELECT (SELECT count(*) FROM pinned), (SELECT count(*) FROM order_stay_lines l, p WHERE l.order_id = p.order_id)
)SQL";

inline constexpr char pinTables[] = R"SQL(
WITH p AS (
    SELECT CAST(:order AS bigint) AS order_id, CAST(:cart AS text) AS cart, CAST(:pin AS integer) AS pin
), target AS (
    SELECT b.id FROM slot_bookings b JOIN order_slot_lines l ON l.booking_id = b.id JOIN p ON l.order_id = p.order_id
    WHERE b.state = 'HELD' AND b.cart_id = p.cart
    ORDER BY b.id
    FOR UPDATE OF b
), pinned AS (
    UPDATE slot_bookings b SET expires_at = GREATEST(b.expires_at, now() + make_interval(secs => p.pin))
    FROM p WHERE b.id IN (SELECT id FROM target)
    RETURNING b.id
)
SELECT (SELECT count(*) FROM pinned), (SELECT count(*) FROM order_slot_lines l, p WHERE l.order_id = p.order_id)
)SQL";

// Orders whose charge is still in flight, for re-pinning their units.
inline constexpr char ordersInFlight[] = R"SQL(
SELECT o.id, o.cart_id FROM orders o JOIN payments p ON p.order_id = o.id
WHERE o.state = 'PENDING' AND p.state IN ('CHARGING', 'UNKNOWN')
ORDER BY o.id
)SQL";

inline constexpr char permitSend[] = R"SQL(
UPDATE payments SET send_deadline = clock_timestamp() + make_interval(secs => :window), attempts = attempts + 1,
                    updated_at = now()
WHERE id = :payment AND state IN ('CHARGING', 'UNKNOWN') AND closed_at IS NULL
RETURNING attempts
)SQL";

inline constexpr char sendAnswered[] = R"SQL(
UPDATE payments SET send_deadline = NULL WHERE id = :payment AND attempts = :attempt
)SQL";

// Closing is idempotent; the answer says whether every permitted request is past its deadline.
inline constexpr char closeKey[] = R"SQL(
UPDATE payments SET closed_at = COALESCE(closed_at, clock_timestamp()), updated_at = now()
WHERE id = :payment AND state IN ('CHARGING', 'UNKNOWN')
RETURNING send_deadline IS NULL OR send_deadline < clock_timestamp()
)SQL";

inline constexpr char paymentForCharge[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id, COALESCE(p.payment_method, '')
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.provider_payment_id = :provider_id OR p.idempotency_key = :key
ORDER BY (p.provider_payment_id = :provider_id2) DESC NULLS LAST
LIMIT 1
)SQL";

inline constexpr char insertStray[] = R"SQL(
INSERT INTO stray_charges (provider_payment_id, idempotency_key, order_id, amount_minor, currency, why)
VALUES (:provider_id, NULLIF(:key, ''), NULLIF(CAST(:order AS bigint), 0), :amount, :currency, :why)
ON CONFLICT (provider_payment_id) DO NOTHING
RETURNING provider_payment_id
)SQL";

inline constexpr char strayRefundsDue[] = R"SQL(
SELECT provider_payment_id, amount_minor, COALESCE(order_id, 0), why, currency FROM stray_charges
WHERE refund_state = 'DUE' ORDER BY found_at, provider_payment_id
)SQL";

inline constexpr char strayRefunded[] = R"SQL(
UPDATE stray_charges SET refund_state = :state, provider_refund_id = NULLIF(:refund_id, ''), refunded_at = now()
WHERE provider_payment_id = :provider_id AND refund_state = 'DUE'
)SQL";

inline constexpr char refundByKey[] = R"SQL(
SELECT id FROM refunds WHERE idempotency_key = :key
)SQL";

// The webhook's claims against the payment it names: what the audit compares later.
inline constexpr char rejectInbox[] = R"SQL(
UPDATE payment_inbox SET outcome = :outcome, detail = :detail WHERE provider = :provider AND event_id = :event
)SQL";

inline constexpr char inboxOutcome[] = R"SQL(
SELECT outcome FROM payment_inbox WHERE provider = :provider AND event_id = :event
)SQL";

inline constexpr char markOrderRefundedFromPending[] = R"SQL(
UPDATE orders SET state = 'REFUNDED' WHERE id = :order AND state IN ('PAID', 'PENDING', 'CANCELLED')
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
    SELECT es.id FROM event_seats es JOIN seats st ON st.id = es.seat_id, lost, p
    WHERE es.event_id = lost.event_id AND st.price_band_id = lost.price_band_id
      AND (es.state = 'AVAILABLE' OR (es.state = 'HELD' AND es.hold_expires_at <= now()))
      -- A seat this order already has a line for (a lost one, freed by its taker since the confirm
      -- looked) would be a second line for the same unit: the primary key refuses it.
      AND NOT EXISTS (SELECT 1 FROM order_lines mine WHERE mine.order_id = p.order_id AND mine.unit_id = es.id)
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

// The confirm decided PAID or CANCELLED before lost seats were replaced: an order left with nothing
// then, that delivers a replacement seat now, is PAID after all (the transaction that CANCELLED it is this
// very settlement, which found it PENDING).
inline constexpr char markReplacedOrderPaid[] = R"SQL(
UPDATE orders SET state = 'PAID', paid_at = now()
WHERE id = :order AND state = 'CANCELLED'
  AND EXISTS (SELECT 1 FROM order_lines WHERE order_id = :order2 AND state = 'SOLD')
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

inline constexpr char insertOutbox[] = R"SQL(
INSERT INTO outbox (topic, order_id, payload)
VALUES ('payment-confirmed', :order, CAST(:payload AS jsonb))
ON CONFLICT (topic, order_id) DO NOTHING
)SQL";

inline constexpr char logStep[] = R"SQL(
INSERT INTO saga_log (order_id, step, detail) VALUES (:order, :step, :detail)
)SQL";

inline constexpr char insertInbox[] = R"SQL(
INSERT INTO payment_inbox (provider, event_id, event_type, order_id, provider_payment_id, amount_minor, currency)
VALUES (:provider, :event, :type, :order, NULLIF(:provider_id, ''), :amount, NULLIF(:currency, ''))
ON CONFLICT (provider, event_id) DO NOTHING
RETURNING event_id
)SQL";

inline constexpr char paymentsToResolve[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id, COALESCE(p.payment_method, '')
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.state IN ('CHARGING', 'UNKNOWN') AND p.created_at <= now() - make_interval(secs => :age)
ORDER BY p.id
)SQL";

// Charged, and the order is not PAID: still PENDING (to confirm), or ended without units and not yet
// refunded (to refund).
inline constexpr char paidButUnsettled[] = R"SQL(
SELECT p.id, p.order_id, p.provider, p.idempotency_key, COALESCE(p.provider_payment_id, ''), p.amount_minor,
       p.currency, p.state, o.cart_id, COALESCE(p.payment_method, '')
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.state = 'SUCCEEDED'
  AND (o.state = 'PENDING'
       OR (o.state IN ('CANCELLED', 'EXPIRED') AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id)))
ORDER BY p.id
)SQL";

inline constexpr char refundsDue[] = R"SQL(
SELECT r.id, r.order_id, r.idempotency_key, COALESCE(p.provider_payment_id, ''), r.amount_minor, r.reason,
       o.currency
FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN payments p ON p.id = r.payment_id
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
