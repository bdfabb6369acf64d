#pragma once

namespace boxoffice::TicketIssuingSql {

// A queue consumer's one legitimate use of SKIP LOCKED: two workers never take the same event, and
// neither waits for the other.
inline constexpr char nextConfirmed[] = R"SQL(
SELECT id, order_id FROM outbox
WHERE topic = 'payment-confirmed' AND processed_at IS NULL
ORDER BY id
LIMIT 1
FOR UPDATE SKIP LOCKED
)SQL";

// A RabbitMQ delivery names its event: wait for it rather than skip it. A second issuer holding a
// duplicate of the same message then sees it processed once the first commits, and issues nothing.
inline constexpr char lockEvent[] = R"SQL(
SELECT order_id, processed_at IS NOT NULL FROM outbox
WHERE id = :id AND topic = 'payment-confirmed'
FOR UPDATE
)SQL";

inline constexpr char recipient[] = R"SQL(
SELECT COALESCE(b.email, b.name, 'box office customer'), o.id
FROM orders o LEFT JOIN buyer_carts c ON c.cart_id = o.cart_id LEFT JOIN buyers b ON b.id = c.buyer_id
WHERE o.id = :order
)SQL";

// The order's paid stays and tables (seats and standing places get tickets), stays first: kind
// (Voucher::Kind: 0 stay, 1 table), what, venue, item, reference, starts and ends (epoch ms), check-in,
// check-out, party.
inline constexpr char vouchers[] = R"SQL(
SELECT v.kind, v.venue || ', ' || v.item, v.venue, v.item, v.reference, v.starts_ms, v.ends_ms, v.check_in,
       v.check_out, v.quantity
FROM (
    SELECT 0 AS kind, h.name AS venue, rt.name AS item, st.reference,
           CAST(NULL AS bigint) AS starts_ms, CAST(NULL AS bigint) AS ends_ms,
           st.check_in, st.check_out, 1 AS quantity, st.id AS sort_key
    FROM order_stay_lines l JOIN stays st ON st.id = l.stay_id JOIN room_types rt ON rt.id = st.room_type_id
    JOIN hotels h ON h.id = rt.hotel_id
    WHERE l.order_id = :order AND l.state = 'SOLD'
    UNION ALL
    SELECT 1, r.name, 'table ' || sr.code, CAST(b.id AS text),
           CAST(extract(epoch FROM lower(b.during)) * 1000 AS bigint),
           CAST(extract(epoch FROM upper(b.during)) * 1000 AS bigint), NULL, NULL, b.party_size, b.id
    FROM order_slot_lines l JOIN slot_bookings b ON b.id = l.booking_id
    JOIN slot_resources sr ON sr.id = b.resource_id JOIN restaurants r ON r.id = sr.restaurant_id
    WHERE l.order_id = :order AND l.state = 'SOLD'
) v
ORDER BY v.kind, v.sort_key
)SQL";

inline constexpr char queueMail[] = R"SQL(
INSERT INTO mail_spool (order_id, recipient, subject, body, attachment)
VALUES (:order, :recipient, :subject, :body, :attachment)
ON CONFLICT (order_id) DO NOTHING
)SQL";

inline constexpr char markProcessed[] = R"SQL(
UPDATE outbox SET processed_at = now() WHERE id = :id AND processed_at IS NULL
)SQL";

} // namespace boxoffice::TicketIssuingSql
