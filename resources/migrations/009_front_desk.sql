-- The hotel front desk: arrivals and departures, moving a stay in one step, and a manager's answers
-- to an overbooked night (move, upgrade, walk with compensation), each recorded in a ledger.

ALTER TABLE stays DROP CONSTRAINT stays_state_check;
ALTER TABLE stays ADD CONSTRAINT stays_state_check
    CHECK (state IN ('HELD', 'BOOKED', 'EXPIRED', 'RELEASED', 'CANCELLED', 'CHECKED_IN', 'CHECKED_OUT', 'WALKED'));
CREATE INDEX stays_guest ON stays (lower(guest_name));

CREATE TABLE compensation_ledger (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at            timestamptz NOT NULL DEFAULT now(),
    by_user       text NOT NULL DEFAULT session_user,
    stay_id       bigint NOT NULL REFERENCES stays,
    guest         text,
    action        text NOT NULL CHECK (action IN ('MOVE', 'UPGRADE', 'WALK')),
    amount_minor  bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
    currency      char(3) NOT NULL,
    reason        text NOT NULL CHECK (reason <> ''),
    night         date NOT NULL
);
CREATE INDEX compensation_ledger_night ON compensation_ledger (night);
GRANT SELECT ON compensation_ledger TO boxoffice_clerk;

-- Moves a booked stay to other nights and/or another room type in one step: every night involved
-- (old and new) is locked in (room type, night) order, the old nights are given back and the new
-- ones claimed under the sellable limit; if any new night is full, nothing changes. Runs with the
-- owner's rights so a clerk can move a stay without writing the stay's columns directly.
-- Answers 'OK', 'NOT_FOUND', 'NOT_BOOKED', 'BAD_RANGE', 'OUTSIDE' (not on sale then) or 'FULL'.
CREATE FUNCTION boxoffice_move_stay(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    wanted integer;
    claimed integer;
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER')
       AND NOT (SELECT rolsuper OR rolname = (SELECT tableowner FROM pg_tables WHERE tablename = 'stays' AND schemaname = 'public')
                FROM pg_roles WHERE rolname = session_user) THEN
        RAISE EXCEPTION 'only box-office staff may move a stay' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_check_out <= p_check_in THEN
        RETURN 'BAD_RANGE';
    END IF;
    SELECT * INTO s FROM stays WHERE id = p_stay FOR UPDATE;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.state NOT IN ('BOOKED', 'CHECKED_IN') THEN
        RETURN 'NOT_BOOKED';
    END IF;
    -- the same hotel only
    IF (SELECT hotel_id FROM room_types WHERE id = p_room_type) IS DISTINCT FROM
       (SELECT hotel_id FROM room_types WHERE id = s.room_type_id) THEN
        RETURN 'NOT_FOUND';
    END IF;
    wanted := p_check_out - p_check_in;
    IF (SELECT count(*) FROM room_nights
        WHERE room_type_id = p_room_type AND night >= p_check_in AND night < p_check_out) < wanted THEN
        RETURN 'OUTSIDE';
    END IF;
    PERFORM 1 FROM room_nights
    WHERE (room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out)
       OR (room_type_id = p_room_type AND night >= p_check_in AND night < p_check_out)
    ORDER BY room_type_id, night
    FOR UPDATE;
    UPDATE room_nights SET booked = booked - 1
    WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out;
    UPDATE room_nights SET booked = booked + 1
    WHERE room_type_id = p_room_type AND night >= p_check_in AND night < p_check_out AND booked < capacity;
    GET DIAGNOSTICS claimed = ROW_COUNT;
    IF claimed <> wanted THEN
        RAISE EXCEPTION 'FULL' USING ERRCODE = 'P0001';
    END IF;
    UPDATE stays SET room_type_id = p_room_type, check_in = p_check_in, check_out = p_check_out WHERE id = p_stay;
    RETURN 'OK';
EXCEPTION WHEN raise_exception THEN
    -- the block's changes are undone: the old nights stay booked, the new ones untouched
    RETURN 'FULL';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_move_stay(bigint, bigint, date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_move_stay(bigint, bigint, date, date) TO boxoffice_clerk;

-- A manager's answer to an overbooked night for one stay: MOVE (to another room type, same dates),
-- UPGRADE (to a higher-ranked type at the same price), or WALK (the stay is cancelled here and the
-- guest sent to a partner, with a compensation). One transaction with its ledger line. A clerk's
-- call is refused (42501), whatever the client does.
CREATE FUNCTION boxoffice_resolve_overbooking(p_stay bigint, p_action text, p_room_type bigint, p_amount bigint,
                                              p_reason text, p_night date)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    moved text;
    cur char(3);
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_manager', 'MEMBER')
       AND NOT (SELECT rolsuper OR rolname = (SELECT tableowner FROM pg_tables WHERE tablename = 'stays' AND schemaname = 'public')
                FROM pg_roles WHERE rolname = session_user) THEN
        RAISE EXCEPTION 'only a manager may move, upgrade or walk a guest' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    IF p_action NOT IN ('MOVE', 'UPGRADE', 'WALK') OR p_reason IS NULL OR btrim(p_reason) = '' OR p_amount < 0 THEN
        RETURN 'BAD_INPUT';
    END IF;
    SELECT * INTO s FROM stays WHERE id = p_stay FOR UPDATE;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    END IF;
    SELECT h.currency INTO cur FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE rt.id = s.room_type_id;
    IF p_action = 'WALK' THEN
        PERFORM 1 FROM room_nights WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out
        ORDER BY room_type_id, night FOR UPDATE;
        UPDATE room_nights SET booked = booked - 1
        WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out;
        UPDATE stays SET state = 'WALKED' WHERE id = p_stay;
    ELSE
        IF p_action = 'UPGRADE' AND (SELECT rank FROM room_types WHERE id = p_room_type)
                                    <= (SELECT rank FROM room_types WHERE id = s.room_type_id) THEN
            RETURN 'NOT_AN_UPGRADE';
        END IF;
        moved := boxoffice_move_stay(p_stay, p_room_type, s.check_in, s.check_out);
        IF moved <> 'OK' THEN
            RETURN moved;
        END IF;
    END IF;
    INSERT INTO compensation_ledger (by_user, stay_id, guest, action, amount_minor, currency, reason, night)
    VALUES (session_user, p_stay, s.guest_name, p_action, p_amount, cur, btrim(p_reason), p_night);
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date) TO boxoffice_clerk;

GRANT UPDATE (state) ON stays TO boxoffice_clerk;
