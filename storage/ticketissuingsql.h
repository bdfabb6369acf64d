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

inline constexpr char recipient[] = R"SQL(
SELECT COALESCE(b.email, b.name, 'box office customer'), o.id
FROM orders o LEFT JOIN buyer_carts c ON c.cart_id = o.cart_id LEFT JOIN buyers b ON b.id = c.buyer_id
WHERE o.id = :order
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
