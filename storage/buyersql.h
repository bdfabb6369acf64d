#pragma once

namespace boxoffice::BuyerSql {

inline constexpr char addBuyer[] = R"SQL(
INSERT INTO buyers (name, token_hash) VALUES (:name, :hash) RETURNING id
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

} // namespace boxoffice::BuyerSql
