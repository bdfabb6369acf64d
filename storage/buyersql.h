#pragma once

namespace boxoffice::BuyerSql {

inline constexpr char addBuyer[] = R"SQL(
INSERT INTO buyers (name, token_hash) VALUES (:name, :hash) RETURNING id
)SQL";

inline constexpr char setEmail[] = R"SQL(
UPDATE buyers SET email = :email WHERE id = :buyer
)SQL";

inline constexpr char authenticate[] = R"SQL(
SELECT id, name FROM buyers WHERE token_hash = :hash
)SQL";

inline constexpr char addCart[] = R"SQL(
INSERT INTO buyer_carts (cart_id, buyer_id, instrument, client_address, payment_method)
VALUES (:cart, :buyer, :instrument, CAST(:address AS inet), :payment_method)
)SQL";

inline constexpr char cartOwner[] = R"SQL(
SELECT 1 FROM buyer_carts WHERE cart_id = :cart AND buyer_id = :buyer
)SQL";

inline constexpr char orderOwner[] = R"SQL(
SELECT 1 FROM orders o JOIN buyer_carts c ON c.cart_id = o.cart_id WHERE o.id = :order AND c.buyer_id = :buyer
)SQL";

// Through the buyer's carts (buyer_carts_buyer), then each cart's orders (orders_cart, migration 042).
// A NULL cart or `before` is no filter.
inline constexpr char orders[] = R"SQL(
SELECT o.id, o.cart_id, o.state, o.amount_minor, o.currency,
       CAST(extract(epoch FROM o.created_at) * 1000 AS bigint), CAST(extract(epoch FROM o.paid_at) * 1000 AS bigint)
FROM buyer_carts c JOIN orders o ON o.cart_id = c.cart_id
WHERE c.buyer_id = :buyer AND c.cart_id = COALESCE(CAST(:cart AS text), c.cart_id)
  AND o.id < COALESCE(CAST(:before AS bigint), 9223372036854775807)
ORDER BY o.id DESC
LIMIT :limit
)SQL";

} // namespace boxoffice::BuyerSql
