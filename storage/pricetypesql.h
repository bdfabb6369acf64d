#pragma once

// The statements behind PgPriceTypeStore (migration 022). None touches the seat claim: a type is chosen
// for a seat after it is held, in a statement of its own.
namespace boxoffice::PriceTypeSql {

inline constexpr char prices[] = R"SQL(
SELECT pb.code, pb.name, t.price_type, t.amount_minor, e.currency
FROM events e
JOIN price_bands pb ON pb.layout_id = e.layout_id
JOIN event_price_types t ON t.event_id = e.id AND t.price_band_id = pb.id
WHERE e.id = :event
ORDER BY pb.code,
         CASE t.price_type WHEN 'ADULT' THEN 0 WHEN 'CHILD' THEN 1 WHEN 'CONCESSION' THEN 2 ELSE 3 END
)SQL";

// ADULT is the band's own price. A price is written only in its event's currency; the answer says how
// many rows were written and which currency the band's event sells in (none: no such band), so a
// refusal can be told apart from an unknown band without a second statement.
inline constexpr char setAdultPrice[] = R"SQL(
WITH p AS (
    SELECT CAST(:event AS bigint) AS event_id, CAST(:band AS text) AS band, CAST(:amount AS bigint) AS amount,
           CAST(:currency AS text) AS currency
), b AS (
    SELECT pb.id, CAST(e.currency AS text) AS currency FROM p JOIN events e ON e.id = p.event_id
    JOIN price_bands pb ON pb.layout_id = e.layout_id AND pb.code = p.band
), w AS (
    INSERT INTO event_prices (event_id, price_band_id, amount_minor)
    SELECT p.event_id, b.id, p.amount FROM p JOIN b ON b.currency = p.currency
    ON CONFLICT (event_id, price_band_id) DO UPDATE SET amount_minor = EXCLUDED.amount_minor
    RETURNING 1
)
SELECT (SELECT count(*) FROM w), (SELECT currency FROM b)
)SQL";

inline constexpr char setTypePrice[] = R"SQL(
WITH p AS (
    SELECT CAST(:event AS bigint) AS event_id, CAST(:band AS text) AS band, CAST(:type AS text) AS price_type,
           CAST(:amount AS bigint) AS amount, CAST(:currency AS text) AS currency
), b AS (
    SELECT pb.id, CAST(e.currency AS text) AS currency FROM p JOIN events e ON e.id = p.event_id
    JOIN price_bands pb ON pb.layout_id = e.layout_id AND pb.code = p.band
), w AS (
    INSERT INTO event_type_prices (event_id, price_band_id, price_type, amount_minor)
    SELECT p.event_id, b.id, p.price_type, p.amount FROM p JOIN b ON b.currency = p.currency
    ON CONFLICT (event_id, price_band_id, price_type)
        DO UPDATE SET amount_minor = EXCLUDED.amount_minor, set_by = session_user, set_at = now()
    RETURNING 1
)
SELECT (SELECT count(*) FROM w), (SELECT currency FROM b)
)SQL";

inline constexpr char choose[] = R"SQL(
SELECT boxoffice_choose_price_type(CAST(:cart AS text), CAST(:unit AS bigint), CAST(:type AS text),
                                   CAST(:reason AS text)),
       (SELECT e.currency FROM event_seats s JOIN events e ON e.id = s.event_id WHERE s.id = CAST(:unit2 AS bigint))
)SQL";

} // namespace boxoffice::PriceTypeSql
