-- House seats and kills: a manager takes seats off sale for the house, the press or a technical reason
-- (a camera position, a mixing desk: a kill), with an owner and a note, for as long as it takes. They
-- are released on purpose, never by a clock.
--
-- A seat so held is in a state of its own, HOUSE, rather than a HELD row with a far-off expiry:
--   * every claim (SeatSql::hold, holdOne, best available, the web, a late confirm, a replacement
--     seat) takes only AVAILABLE or HELD rows, so HOUSE is out of their reach with no change to them;
--     the claim statements are untouched and pay nothing for it;
--   * a HOUSE seat has no cart, no expiry and no order, so it can never be SOLD from that state, and
--     the sold-once index and constraints stay as they were;
--   * the who and why live in house_holds, one live row per seat, written only by the two functions
--     below, which a manager alone may run; a trigger refuses any other way into or out of HOUSE,
--     so a clerk's own UPDATE (the column grant of 003 allows writing `state`) fails with 42501.
-- The seat's audit line (trigger of 003/016) records each change with the person who made it.

ALTER TABLE event_seats DROP CONSTRAINT event_seats_state_check;
ALTER TABLE event_seats ADD CONSTRAINT event_seats_state_check
    CHECK (state IN ('AVAILABLE', 'HELD', 'SOLD', 'HOUSE'));
ALTER TABLE event_seats DROP CONSTRAINT event_seats_state_columns;
-- The same branches as 001, in the same order (the claim's HELD rows are decided by the second), and
-- HOUSE last: off sale since held_since, nobody's cart, no expiry, no order.
ALTER TABLE event_seats ADD CONSTRAINT event_seats_state_columns CHECK (
    (state = 'AVAILABLE' AND cart_id IS NULL AND held_since IS NULL AND hold_expires_at IS NULL
         AND order_id IS NULL AND extensions_used = 0)
    OR (state = 'HELD' AND cart_id IS NOT NULL AND held_since IS NOT NULL AND hold_expires_at IS NOT NULL
         AND order_id IS NULL)
    OR (state = 'SOLD' AND order_id IS NOT NULL AND hold_expires_at IS NULL)
    OR (state = 'HOUSE' AND cart_id IS NULL AND held_since IS NOT NULL AND hold_expires_at IS NULL
         AND order_id IS NULL AND extensions_used = 0)
);

CREATE TABLE house_holds (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    unit_id      bigint NOT NULL REFERENCES event_seats,
    kind         text NOT NULL CHECK (kind IN ('HOUSE', 'PRESS', 'TECHNICAL')),
    owner        text NOT NULL CHECK (btrim(owner) <> ''),
    note         text NOT NULL DEFAULT '',
    held_by      text NOT NULL DEFAULT session_user,
    held_at      timestamptz NOT NULL DEFAULT now(),
    released_by  text,
    released_at  timestamptz,
    CHECK ((released_by IS NULL) = (released_at IS NULL))
);
CREATE UNIQUE INDEX house_holds_one_live_per_seat ON house_holds (unit_id) WHERE released_at IS NULL;
GRANT SELECT ON house_holds TO boxoffice_clerk;

-- Into HOUSE only with a live house hold for the seat, out of it only to AVAILABLE once that hold was
-- released: what the two functions below do, and nothing else can (nobody else may write house_holds).
-- The WHEN clause keeps this off the claim path: a claim's rows are AVAILABLE or HELD before and HELD
-- after, so the function never runs for them.
CREATE FUNCTION boxoffice_house_state_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    live boolean;
BEGIN
    live := EXISTS (SELECT 1 FROM house_holds h WHERE h.unit_id = NEW.id AND h.released_at IS NULL);
    IF NEW.state = 'HOUSE' AND OLD.state <> 'HOUSE' AND NOT live THEN
        RAISE EXCEPTION 'only a manager may hold seats for the house' USING ERRCODE = 'insufficient_privilege',
            HINT = 'A manager uses "Hold for house".';
    END IF;
    IF OLD.state = 'HOUSE' AND NEW.state <> 'HOUSE' AND (live OR NEW.state <> 'AVAILABLE') THEN
        RAISE EXCEPTION 'only a manager may release house seats' USING ERRCODE = 'insufficient_privilege',
            HINT = 'A manager uses "Release house seats".';
    END IF;
    RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_house_state_guard() FROM PUBLIC;
CREATE TRIGGER event_seats_house_guard BEFORE UPDATE OF state ON event_seats
    FOR EACH ROW WHEN (OLD.state = 'HOUSE' OR NEW.state = 'HOUSE')
    EXECUTE FUNCTION boxoffice_house_state_guard();

-- Holds the seats for the house, all or none: each must be free (AVAILABLE, or HELD with a lease that
-- ran out, as every claim counts it). Locks the seats in id order, as every claim does. Refused to
-- anyone but a manager (42501). Returns the seats held, with their labels.
CREATE FUNCTION boxoffice_house_hold(p_event bigint, p_units bigint[], p_kind text, p_owner text, p_note text)
RETURNS TABLE (unit_id bigint, label text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    wanted integer;
    locked bigint[];
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may hold seats for the house' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    IF p_kind IS NULL OR p_kind NOT IN ('HOUSE', 'PRESS', 'TECHNICAL') THEN
        RAISE EXCEPTION 'unknown house hold kind %', p_kind USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF btrim(COALESCE(p_owner, '')) = '' THEN
        RAISE EXCEPTION 'a house hold needs an owner' USING ERRCODE = 'check_violation';
    END IF;
    SELECT count(DISTINCT u) INTO wanted FROM unnest(p_units) u;
    IF wanted = 0 THEN
        RAISE EXCEPTION 'no seats to hold' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT array_agg(id ORDER BY id) INTO locked FROM (
        SELECT s.id FROM event_seats s
        WHERE s.id = ANY (p_units) AND s.event_id = p_event
          AND (s.state = 'AVAILABLE' OR (s.state = 'HELD' AND s.hold_expires_at <= now()))
        ORDER BY s.id
        FOR UPDATE OF s
    ) x;
    IF COALESCE(cardinality(locked), 0) <> wanted THEN
        RAISE EXCEPTION 'not every seat is free to hold for the house' USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    INSERT INTO house_holds (unit_id, kind, owner, note, held_by)
    SELECT u, p_kind, btrim(p_owner), btrim(COALESCE(p_note, '')), session_user FROM unnest(locked) u;
    RETURN QUERY
    WITH held AS (
        UPDATE event_seats s SET state = 'HOUSE', cart_id = NULL, held_since = now(), hold_expires_at = NULL,
                                 extensions_used = 0
        WHERE s.id = ANY (locked)
        RETURNING s.id, s.seat_id
    )
    SELECT h.id, st.label FROM held h JOIN seats st ON st.id = h.seat_id ORDER BY h.id;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_house_hold(bigint, bigint[], text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_house_hold(bigint, bigint[], text, text, text) TO boxoffice_clerk;

-- Puts house seats back on sale, on purpose: those of p_units that are HOUSE now (others are skipped).
-- Refused to anyone but a manager. Returns the seats released.
CREATE FUNCTION boxoffice_house_release(p_event bigint, p_units bigint[])
RETURNS TABLE (unit_id bigint, label text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    locked bigint[];
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may release house seats' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    SELECT array_agg(id ORDER BY id) INTO locked FROM (
        SELECT s.id FROM event_seats s
        WHERE s.id = ANY (p_units) AND s.event_id = p_event AND s.state = 'HOUSE'
        ORDER BY s.id
        FOR UPDATE OF s
    ) x;
    UPDATE house_holds h SET released_by = session_user, released_at = now()
    WHERE h.unit_id = ANY (locked) AND h.released_at IS NULL;
    RETURN QUERY
    WITH freed AS (
        UPDATE event_seats s SET state = 'AVAILABLE', held_since = NULL
        WHERE s.id = ANY (locked)
        RETURNING s.id, s.seat_id
    )
    SELECT f.id, st.label FROM freed f JOIN seats st ON st.id = f.seat_id ORDER BY f.id;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_house_release(bigint, bigint[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_house_release(bigint, bigint[]) TO boxoffice_clerk;
