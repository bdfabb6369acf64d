#pragma once

namespace boxoffice::BuyerSql {

inline constexpr char addBuyer[] = R"SQL(
INSERT INTO buyers (name, token_hash) VALUES (:name, :hash) RETURNING id
)SQL";

inline constexpr char authenticate[] = R"SQL(
SELECT id, name FROM buyers WHERE token_hash = :hash
)SQL";

inline constexpr char addCart[] = R"SQL(
INSERT INTO buyer_carts (cart_id, buyer_id, instrument) VALUES (:cart, :buyer, :instrument)
)SQL";

inline constexpr char cartInstrument[] = R"SQL(
SELECT instrument FROM buyer_carts WHERE cart_id = :cart
)SQL";

inline constexpr char lockInstrument[] = R"SQL(
SELECT pg_advisory_xact_lock(7421, hashtext(:instrument))
)SQL";

// The event's cap per instrument, and the seats held live on the event by carts paying with it,
// beyond those asked for again.
inline constexpr char instrumentCapAndHeld[] = R"SQL(
WITH p AS (
    SELECT CAST(:instrument AS text) AS instrument, CAST(:event AS bigint) AS event_id, CAST(:units AS bigint[]) AS units
)
SELECT e.max_holds_per_instrument,
       (SELECT count(*) FROM event_seats s JOIN buyer_carts c ON c.cart_id = s.cart_id
        WHERE c.instrument = p.instrument AND s.event_id = p.event_id AND s.state = 'HELD'
          AND s.hold_expires_at > now() AND NOT (s.id = ANY (p.units)))
FROM p LEFT JOIN events e ON e.id = p.event_id
)SQL";

inline constexpr char cartOwner[] = R"SQL(
SELECT 1 FROM buyer_carts WHERE cart_id = :cart AND buyer_id = :buyer
)SQL";

inline constexpr char orderOwner[] = R"SQL(
SELECT 1 FROM orders o JOIN buyer_carts c ON c.cart_id = o.cart_id WHERE o.id = :order AND c.buyer_id = :buyer
)SQL";

// Serializes one buyer's claims (never two buyers'): the count below and the claim after it see the
// same holds. The first key names this use of advisory locks.
inline constexpr char lockBuyer[] = R"SQL(
SELECT pg_advisory_xact_lock(7420, CAST(:buyer AS integer))
)SQL";

// The event's cap, and the seats this buyer holds live on the event beyond those asked for again.
inline constexpr char capAndHeld[] = R"SQL(
WITH p AS (
    SELECT CAST(:buyer AS bigint) AS buyer_id, CAST(:event AS bigint) AS event_id, CAST(:units AS bigint[]) AS units
)
SELECT e.max_holds_per_buyer,
       (SELECT count(*) FROM event_seats s JOIN buyer_carts c ON c.cart_id = s.cart_id
        WHERE c.buyer_id = p.buyer_id AND s.event_id = p.event_id AND s.state = 'HELD'
          AND s.hold_expires_at > now() AND NOT (s.id = ANY (p.units)))
FROM p LEFT JOIN events e ON e.id = p.event_id
)SQL";

} // namespace boxoffice::BuyerSql
