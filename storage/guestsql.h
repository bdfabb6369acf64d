#pragma once

// Statements behind PgGuestsStore. A search matches a part of any detail in any case; the expression
// is the one the trigram index of migration 030 is built on, so the index answers it.

namespace boxoffice::GuestSql {

inline constexpr char search[] = R"SQL(
WITH p AS (SELECT '%' || replace(replace(replace(lower(CAST(:text AS text)), '\', '\\'), '%', '\%'), '_', '\_') || '%' AS pattern)
SELECT g.id, g.name, g.email, g.phone, g.address, g.notes, g.created_at, g.updated_at,
       (SELECT count(*) FROM stays s WHERE s.guest_id = g.id
          AND s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT', 'WALKED'))
FROM guests g, p
WHERE lower(g.name || ' ' || g.email || ' ' || g.phone || ' ' || g.address) LIKE p.pattern
ORDER BY 9 DESC, g.name, g.id
LIMIT :limit
)SQL";

inline constexpr char profile[] = R"SQL(
SELECT g.id, g.name, g.email, g.phone, g.address, g.notes, g.created_at, g.updated_at,
       (SELECT count(*) FROM stays s WHERE s.guest_id = g.id
          AND s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT', 'WALKED'))
FROM guests g WHERE g.id = :guest
)SQL";

inline constexpr char update[] = R"SQL(
-- An empty QString binds as NULL: an empty detail is stored as ''.
UPDATE guests SET name = :name, email = COALESCE(CAST(:email AS text), ''), phone = COALESCE(CAST(:phone AS text), ''),
                  address = COALESCE(CAST(:address AS text), ''), notes = COALESCE(CAST(:notes AS text), ''),
                  updated_at = now()
WHERE id = :guest
)SQL";

// Every stay of the guest that was or is a booking, and a hold still running.
inline constexpr char stays[] = R"SQL(
SELECT s.id, s.reference, s.room_type_id, rt.code, s.check_in, s.check_out, s.state, COALESCE(s.guest_name, ''),
       COALESCE(s.order_id, 0)
FROM stays s JOIN room_types rt ON rt.id = s.room_type_id
WHERE s.guest_id = :guest AND s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT', 'HELD', 'WALKED', 'CANCELLED')
ORDER BY s.check_in DESC, s.id DESC
LIMIT 500
)SQL";

// One statement: the stay must be this cart's live hold (locked, so a confirm waits for it); only then
// is a profile created (no existing one) or the chosen one given the typed details (an empty optional
// detail keeps what the profile had), and the stay linked to it under its name. Nothing is written when
// the stay is not held. An empty QString binds as NULL, hence the COALESCEs.
inline constexpr char attach[] = R"SQL(
WITH p AS (
    SELECT CAST(:stay AS bigint) AS stay_id, CAST(:cart AS text) AS cart, CAST(:guest AS bigint) AS guest_id,
           CAST(:name AS text) AS name, COALESCE(CAST(:email AS text), '') AS email,
           COALESCE(CAST(:phone AS text), '') AS phone, COALESCE(CAST(:address AS text), '') AS address
), target AS (
    SELECT s.id FROM stays s, p
    WHERE s.id = p.stay_id AND s.cart_id = p.cart AND s.state = 'HELD' AND s.expires_at > now()
    FOR UPDATE OF s
), created AS (
    INSERT INTO guests (name, email, phone, address)
    SELECT p.name, p.email, p.phone, p.address FROM p
    WHERE p.guest_id IS NULL AND EXISTS (SELECT 1 FROM target)
    RETURNING id, name
), updated AS (
    UPDATE guests g
    SET name = p.name, email = COALESCE(NULLIF(p.email, ''), g.email), phone = COALESCE(NULLIF(p.phone, ''), g.phone),
        address = COALESCE(NULLIF(p.address, ''), g.address), updated_at = now()
    FROM p
    WHERE g.id = p.guest_id AND EXISTS (SELECT 1 FROM target)
    RETURNING g.id, g.name
), chosen AS (
    SELECT id, name FROM created UNION ALL SELECT id, name FROM updated
)
UPDATE stays s SET guest_id = c.id, guest_name = c.name
FROM chosen c, target t
WHERE s.id = t.id
RETURNING s.guest_id
)SQL";

// Why an attach wrote nothing: is there such a profile, and is the stay still this cart's hold?
inline constexpr char attachRefusal[] = R"SQL(
SELECT (SELECT count(*) FROM guests WHERE id = :guest),
       (SELECT count(*) FROM stays WHERE id = :stay AND cart_id = :cart AND state = 'HELD' AND expires_at > now())
)SQL";

inline constexpr char guestOfStay[] = R"SQL(
SELECT COALESCE(guest_id, 0) FROM stays WHERE id = :stay
)SQL";

} // namespace boxoffice::GuestSql
