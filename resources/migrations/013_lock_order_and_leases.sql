-- One lock order for every path, so that two changes wanting the same rows queue instead of
-- deadlocking:
--   hotel: room nights first, in (room type, night) order, then stay rows. A claim, a release, a
--          cancel, a confirm and the sweeper always did this; moving a stay and a manager's walk,
--          move or upgrade (009) locked the stay first and are replaced here.
--   general admission: sub-pool rows in id order, each before its hold rows, never a lower id after a
--          higher one in the same transaction.
-- Moves and upgrades also give back the holds that ran out on the nights they claim, in the same
-- transaction, as a claim does (lazy expiry): an expired hold never makes a night look full.

-- ---------------------------------------------------------------- hotel stays

-- Returns the HELD stays of a room type that ran out and overlap [p_check_in, p_check_out), and their
-- nights. Only stays whose every night lies in [p_first, p_after) are returned: the caller has locked
-- exactly those nights, and a night's counter is never changed without its lock.
CREATE FUNCTION boxoffice_expire_stays(p_room_type bigint, p_check_in date, p_check_out date, p_first date,
                                       p_after date)
RETURNS void
LANGUAGE sql SET search_path = public AS $$
    WITH expired AS (
        UPDATE stays x SET state = 'EXPIRED', expires_at = NULL
        WHERE x.room_type_id = p_room_type AND x.state = 'HELD' AND x.expires_at <= now()
          AND x.check_in < p_check_out AND x.check_out > p_check_in
          AND x.check_in >= p_first AND x.check_out <= p_after
        RETURNING x.check_in, x.check_out
    )
    UPDATE room_nights n
    SET booked = n.booked - (SELECT count(*) FROM expired e WHERE n.night >= e.check_in AND n.night < e.check_out)
    WHERE n.room_type_id = p_room_type AND n.night >= p_first AND n.night < p_after
      AND EXISTS (SELECT 1 FROM expired e WHERE n.night >= e.check_in AND n.night < e.check_out);
$$;
REVOKE ALL ON FUNCTION boxoffice_expire_stays(bigint, date, date, date, date) FROM PUBLIC;

-- One attempt at moving a stay in one of `p_states` to other nights and/or another room type of the
-- same hotel. The stay is read without a lock to learn its nights; those, the new ones and the nights
-- of expired holds overlapping the new ones are locked in (room type, night) order, and only then the
-- stay. If another move changed the stay in between, the nights locked are not its nights: the
-- attempt raises BXMOV and the caller undoes it (releasing its locks) and tries again. A new night
-- without room raises BXFUL, and the caller undoes the attempt: nothing changes.
-- Answers 'OK', 'NOT_FOUND', 'NOT_BOOKED' or 'OUTSIDE' (not on sale then).
CREATE FUNCTION boxoffice_relocate_stay(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date,
                                        p_states text[])
RETURNS text
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    seen stays%ROWTYPE;
    locked_stay stays%ROWTYPE;
    first_night date;
    after_last date;
    wanted integer := p_check_out - p_check_in;
    claimed integer;
BEGIN
    SELECT * INTO seen FROM stays WHERE id = p_stay;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF seen.state <> ALL (p_states) THEN
        RETURN 'NOT_BOOKED';
    END IF;
    IF (SELECT hotel_id FROM room_types WHERE id = p_room_type) IS DISTINCT FROM
       (SELECT hotel_id FROM room_types WHERE id = seen.room_type_id) THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF (SELECT count(*) FROM room_nights
        WHERE room_type_id = p_room_type AND night >= p_check_in AND night < p_check_out) < wanted THEN
        RETURN 'OUTSIDE';
    END IF;
    -- An expired hold is given back whole, so all its nights are locked, not only the overlap.
    SELECT LEAST(p_check_in, min(x.check_in)), GREATEST(p_check_out, max(x.check_out))
    INTO first_night, after_last
    FROM stays x
    WHERE x.room_type_id = p_room_type AND x.state = 'HELD' AND x.expires_at <= now()
      AND x.check_in < p_check_out AND x.check_out > p_check_in;
    PERFORM 1 FROM room_nights n
    WHERE (n.room_type_id = seen.room_type_id AND n.night >= seen.check_in AND n.night < seen.check_out)
       OR (n.room_type_id = p_room_type AND n.night >= first_night AND n.night < after_last)
    ORDER BY n.room_type_id, n.night
    FOR UPDATE;
    SELECT * INTO locked_stay FROM stays WHERE id = p_stay FOR UPDATE;
    IF (locked_stay.room_type_id, locked_stay.check_in, locked_stay.check_out)
       IS DISTINCT FROM (seen.room_type_id, seen.check_in, seen.check_out) THEN
        RAISE EXCEPTION 'stay % moved while its nights were being locked', p_stay USING ERRCODE = 'BXMOV';
    END IF;
    IF locked_stay.state <> ALL (p_states) THEN
        RETURN 'NOT_BOOKED';
    END IF;
    PERFORM boxoffice_expire_stays(p_room_type, p_check_in, p_check_out, first_night, after_last);
    UPDATE room_nights SET booked = booked - 1
    WHERE room_type_id = seen.room_type_id AND night >= seen.check_in AND night < seen.check_out;
    UPDATE room_nights SET booked = booked + 1
    WHERE room_type_id = p_room_type AND night >= p_check_in AND night < p_check_out AND booked < capacity;
    GET DIAGNOSTICS claimed = ROW_COUNT;
    IF claimed <> wanted THEN
        RAISE EXCEPTION 'not every night is free' USING ERRCODE = 'BXFUL';
    END IF;
    UPDATE stays SET room_type_id = p_room_type, check_in = p_check_in, check_out = p_check_out WHERE id = p_stay;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_relocate_stay(bigint, bigint, date, date, text[]) FROM PUBLIC;

-- One attempt at walking a booked stay: its nights locked (in order), then the stay, then the nights
-- given back. BXMOV as above when the stay moved in between.
CREATE FUNCTION boxoffice_walk_stay(p_stay bigint)
RETURNS text
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    seen stays%ROWTYPE;
    locked_stay stays%ROWTYPE;
BEGIN
    SELECT * INTO seen FROM stays WHERE id = p_stay;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF seen.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    END IF;
    PERFORM 1 FROM room_nights
    WHERE room_type_id = seen.room_type_id AND night >= seen.check_in AND night < seen.check_out
    ORDER BY room_type_id, night
    FOR UPDATE;
    SELECT * INTO locked_stay FROM stays WHERE id = p_stay FOR UPDATE;
    IF (locked_stay.room_type_id, locked_stay.check_in, locked_stay.check_out)
       IS DISTINCT FROM (seen.room_type_id, seen.check_in, seen.check_out) THEN
        RAISE EXCEPTION 'stay % moved while its nights were being locked', p_stay USING ERRCODE = 'BXMOV';
    END IF;
    IF locked_stay.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    END IF;
    UPDATE room_nights SET booked = booked - 1
    WHERE room_type_id = seen.room_type_id AND night >= seen.check_in AND night < seen.check_out;
    UPDATE stays SET state = 'WALKED' WHERE id = p_stay;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_walk_stay(bigint) FROM PUBLIC;

-- As in 009 (same answers, same rights), locking in the one order. A stay that keeps moving under
-- ten attempts in a row is answered with a serialization failure (40001): nothing changed, try again.
CREATE OR REPLACE FUNCTION boxoffice_move_stay(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER')
       AND NOT (SELECT rolsuper OR rolname = (SELECT tableowner FROM pg_tables WHERE tablename = 'stays' AND schemaname = 'public')
                FROM pg_roles WHERE rolname = session_user) THEN
        RAISE EXCEPTION 'only box-office staff may move a stay' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_check_out <= p_check_in THEN
        RETURN 'BAD_RANGE';
    END IF;
    FOR attempt IN 1..10 LOOP
        BEGIN
            RETURN boxoffice_relocate_stay(p_stay, p_room_type, p_check_in, p_check_out,
                                           ARRAY['BOOKED', 'CHECKED_IN']);
        EXCEPTION
            -- the attempt is undone: the old nights stay booked, the new ones untouched
            WHEN SQLSTATE 'BXFUL' THEN
                RETURN 'FULL';
            -- undone with its locks; read where the stay is now and lock again
            WHEN SQLSTATE 'BXMOV' THEN
                NULL;
        END;
    END LOOP;
    RAISE EXCEPTION 'stay % kept moving; try again', p_stay USING ERRCODE = 'serialization_failure';
END
$$;

-- As in 009, locking in the one order: the stay is only read here; the attempt locks the nights, then
-- the stay. A move or upgrade keeps the stay's dates as they are when its nights are locked.
CREATE OR REPLACE FUNCTION boxoffice_resolve_overbooking(p_stay bigint, p_action text, p_room_type bigint,
                                                         p_amount bigint, p_reason text, p_night date)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    outcome text;
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
    SELECT * INTO s FROM stays WHERE id = p_stay;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    END IF;
    IF p_action = 'UPGRADE' AND (SELECT rank FROM room_types WHERE id = p_room_type)
                                <= (SELECT rank FROM room_types WHERE id = s.room_type_id) THEN
        RETURN 'NOT_AN_UPGRADE';
    END IF;
    SELECT h.currency INTO cur FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE rt.id = s.room_type_id;
    FOR attempt IN 1..10 LOOP
        BEGIN
            IF p_action = 'WALK' THEN
                outcome := boxoffice_walk_stay(p_stay);
            ELSE
                outcome := boxoffice_relocate_stay(p_stay, p_room_type, s.check_in, s.check_out, ARRAY['BOOKED']);
            END IF;
            EXIT;
        EXCEPTION
            WHEN SQLSTATE 'BXFUL' THEN
                outcome := 'FULL';
                EXIT;
            WHEN SQLSTATE 'BXMOV' THEN
                SELECT * INTO s FROM stays WHERE id = p_stay;
        END;
    END LOOP;
    IF outcome IS NULL THEN
        RAISE EXCEPTION 'stay % kept moving; try again', p_stay USING ERRCODE = 'serialization_failure';
    END IF;
    IF outcome <> 'OK' THEN
        RETURN outcome;
    END IF;
    INSERT INTO compensation_ledger (by_user, stay_id, guest, action, amount_minor, currency, reason, night)
    VALUES (session_user, p_stay, s.guest_name, p_action, p_amount, cur, btrim(p_reason), p_night);
    RETURN 'OK';
END
$$;

-- ---------------------------------------------------------------- general admission

-- A request larger than any one sub-pool's free places is taken across several sub-pools in one
-- statement (all or nothing), as one hold row per sub-pool. The row on the lowest sub-pool id is the
-- lead; the others name it here. Carts, orders, confirms, releases and the audit keep counting hold
-- rows one by one, each against its own sub-pool.
ALTER TABLE ga_holds ADD COLUMN lead_hold_id bigint REFERENCES ga_holds;

-- One live hold per cart and pool (a double click holds once) now means one live lead: the rows of
-- one claim spread over several sub-pools belong to that one hold.
DROP INDEX ga_holds_one_per_cart;
CREATE UNIQUE INDEX ga_holds_one_per_cart ON ga_holds (pool_id, cart_id) WHERE state = 'HELD' AND lead_hold_id IS NULL;
