#pragma once

// The exchange's own statements; the rest is the counter sale's (countersql.h), the order ledger's
// (checkoutsql.h) and the return path's (returnsql.h).
namespace boxoffice::ExchangeSql {

// The old order's row, locked first as in every path, with the buyer the new order carries on.
inline constexpr char lockOrder[] = R"SQL(
SELECT state, COALESCE(buyer, '') FROM orders WHERE id = :order FOR UPDATE
)SQL";

// How the old order's money was taken at the counter (none for an online order).
inline constexpr char counterPayment[] = R"SQL(
SELECT method, COALESCE(reference, '') FROM counter_payments WHERE order_id = :order ORDER BY id LIMIT 1
)SQL";

// The succeeded online payment of the order, if any (read only: the order row is locked already).
inline constexpr char providerPayment[] = R"SQL(
SELECT id FROM payments WHERE order_id = :order AND state = 'SUCCEEDED'
)SQL";

// A manager's only: a clerk has no INSERT right here (42501). The credit's ledger rows follow by trigger.
inline constexpr char insertExchange[] = R"SQL(
INSERT INTO order_exchanges (from_order, to_order, returned_minor, new_minor, credit_minor, reason, request_id)
VALUES (:from, :to, :returned, :new, :credit, :reason, :request)
)SQL";

inline constexpr char tagNewOrder[] = R"SQL(
UPDATE orders SET channel = 'counter', buyer = NULLIF(:buyer, '') WHERE id = :order AND state = 'PENDING'
)SQL";

} // namespace boxoffice::ExchangeSql
