-- Physical rooms and housekeeping. Until now a hotel sold room types per night (room_nights) and never
-- knew which room a guest slept in. Rooms get numbers per room type and a housekeeping state; a stay
-- gets a room at or before check-in.
--
-- One table holds every claim on a room's nights: a stay's assignment, or the room being out of order
-- (no stay, a reason). One exclusion constraint over it keeps a room to one claim per night, so the
-- database itself refuses two stays in one room on one night, a stay in a room that is out of order, and
-- putting a room out of order under a guest, whichever connection races which. A room move or a stay
-- ending early shortens a row (its past nights stay recorded) rather than deleting it.
--
-- Out-of-order nights take the room out of room_nights.physical in the same transaction (a trigger on
-- the claims), so the calendar and arrivals at risk, which read physical, see it at once.
--
-- Lock order, as in the rest of the hotel: stays, then rooms, then room_nights by (room type, night).
-- No path here locks room_nights before a room.

ALTER TABLE room_types ADD CONSTRAINT room_types_id_hotel UNIQUE (id, hotel_id);

CREATE TABLE rooms (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    hotel_id            bigint NOT NULL REFERENCES hotels ON DELETE CASCADE,
    room_type_id        bigint NOT NULL,
    number              text NOT NULL CHECK (btrim(number) <> '' AND length(number) <= 20),
    housekeeping_state  text NOT NULL DEFAULT 'CLEAN'
                        CHECK (housekeeping_state IN ('DIRTY', 'CLEAN', 'INSPECTED', 'OUT_OF_ORDER')),
    state_changed_at    timestamptz NOT NULL DEFAULT now(),
    state_changed_by    text NOT NULL DEFAULT session_user,
    UNIQUE (hotel_id, number),
    -- a room belongs to a type of its own hotel
    FOREIGN KEY (room_type_id, hotel_id) REFERENCES room_types (id, hotel_id) ON DELETE CASCADE
);
CREATE INDEX rooms_by_type ON rooms (room_type_id, number);

CREATE TABLE room_assignments (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_id              bigint NOT NULL REFERENCES rooms ON DELETE CASCADE,
    stay_id              bigint REFERENCES stays, -- NULL: the room is out of order on these nights
    out_of_order_reason  text,
    nights               daterange NOT NULL
                         CHECK (NOT isempty(nights) AND NOT lower_inf(nights) AND NOT upper_inf(nights)),
    created_at           timestamptz NOT NULL DEFAULT now(),
    created_by           text NOT NULL DEFAULT session_user,
    CHECK ((stay_id IS NULL) = (out_of_order_reason IS NOT NULL)),
    CHECK (out_of_order_reason IS NULL OR btrim(out_of_order_reason) <> ''),
    CONSTRAINT room_assignments_one_per_night EXCLUDE USING gist (room_id WITH =, nights WITH &&)
);
CREATE INDEX room_assignments_by_stay ON room_assignments (stay_id) WHERE stay_id IS NOT NULL;

-- Staff read rooms and claims; every write goes through the functions below (or the triggers on stays).
GRANT SELECT ON rooms, room_assignments TO boxoffice_clerk;

-- ---------------------------------------------------------------- out of order moves physical
-- An out-of-order row takes its room out of physical for its nights; shortening or deleting it gives
-- those nights back. Nights beyond the hotel's calendar (no room_nights row) are skipped. The nights'
-- rows are locked in (room type, night) order before they change, as every claim does.
CREATE FUNCTION boxoffice_out_of_order_physical() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    room_type bigint;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.stay_id IS NULL THEN
        SELECT r.room_type_id INTO room_type FROM rooms r WHERE r.id = OLD.room_id;
        PERFORM 1 FROM room_nights n WHERE n.room_type_id = room_type AND OLD.nights @> n.night
            ORDER BY n.night FOR UPDATE;
        UPDATE room_nights n SET physical = n.physical + 1 WHERE n.room_type_id = room_type AND OLD.nights @> n.night;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.stay_id IS NULL THEN
        SELECT r.room_type_id INTO room_type FROM rooms r WHERE r.id = NEW.room_id;
        PERFORM 1 FROM room_nights n WHERE n.room_type_id = room_type AND NEW.nights @> n.night
            ORDER BY n.night FOR UPDATE;
        UPDATE room_nights n SET physical = n.physical - 1 WHERE n.room_type_id = room_type AND NEW.nights @> n.night;
    END IF;
    RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_out_of_order_physical() FROM PUBLIC;

CREATE TRIGGER room_assignments_out_of_order_physical AFTER INSERT OR UPDATE OR DELETE ON room_assignments
    FOR EACH ROW EXECUTE FUNCTION boxoffice_out_of_order_physical();

-- ---------------------------------------------------------------- the stay's side
-- Check-in ends with a room: the one assigned (it must be ready), or else a free clean or inspected room
-- of the stay's type, inspected ones first. SKIP LOCKED lets two check-ins at once take different rooms;
-- the exclusion constraint stays the last word. Refusals carry SQLSTATEs of their own (BXR01: no room
-- free, BXR02: the assigned room is not ready) so storage words them for the clerk.
CREATE FUNCTION boxoffice_check_in_room() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    assigned record;
    free_room bigint;
BEGIN
    SELECT r.id, r.number, r.housekeeping_state INTO assigned
    FROM room_assignments a JOIN rooms r ON r.id = a.room_id
    WHERE a.stay_id = NEW.id AND upper(a.nights) > GREATEST(NEW.check_in, current_date)
    ORDER BY lower(a.nights) LIMIT 1
    FOR UPDATE OF r;
    IF assigned.id IS NOT NULL THEN
        IF assigned.housekeeping_state NOT IN ('CLEAN', 'INSPECTED') THEN
            RAISE EXCEPTION 'room % is not ready', assigned.number USING ERRCODE = 'BXR02';
        END IF;
        RETURN NULL;
    END IF;
    SELECT r.id INTO free_room
    FROM rooms r
    WHERE r.room_type_id = NEW.room_type_id AND r.housekeeping_state IN ('CLEAN', 'INSPECTED')
      AND NOT EXISTS (SELECT 1 FROM room_assignments a
                      WHERE a.room_id = r.id AND a.nights && daterange(NEW.check_in, NEW.check_out))
    ORDER BY r.housekeeping_state = 'INSPECTED' DESC, r.number
    LIMIT 1
    FOR UPDATE OF r SKIP LOCKED;
    IF free_room IS NULL THEN
        RAISE EXCEPTION 'no clean room of this type is free for stay %', NEW.id USING ERRCODE = 'BXR01';
    END IF;
    INSERT INTO room_assignments (room_id, stay_id, nights) VALUES (free_room, NEW.id, daterange(NEW.check_in, NEW.check_out));
    RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_check_in_room() FROM PUBLIC;

CREATE TRIGGER stays_check_in_room AFTER UPDATE OF state ON stays
    FOR EACH ROW WHEN (NEW.state = 'CHECKED_IN' AND OLD.state IS DISTINCT FROM 'CHECKED_IN')
    EXECUTE FUNCTION boxoffice_check_in_room();

-- A stay that ends (checked out, cancelled, walked, lapsed, a no-show) gives back the nights not yet slept: a claim
-- that had not begun goes, one under way ends today. A check-out leaves the room it was in dirty.
CREATE FUNCTION boxoffice_stay_ended_room() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    last_room bigint;
BEGIN
    IF NEW.state = 'CHECKED_OUT' THEN
        SELECT a.room_id INTO last_room FROM room_assignments a
        WHERE a.stay_id = NEW.id AND lower(a.nights) <= current_date
        ORDER BY lower(a.nights) DESC LIMIT 1;
        UPDATE rooms SET housekeeping_state = 'DIRTY', state_changed_at = now(), state_changed_by = session_user
        WHERE id = last_room AND housekeeping_state <> 'OUT_OF_ORDER';
    END IF;
    DELETE FROM room_assignments a WHERE a.stay_id = NEW.id AND lower(a.nights) >= current_date;
    UPDATE room_assignments a SET nights = daterange(lower(a.nights), current_date)
    WHERE a.stay_id = NEW.id AND a.nights @> current_date;
    RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_stay_ended_room() FROM PUBLIC;

CREATE TRIGGER stays_ended_room AFTER UPDATE OF state ON stays
    FOR EACH ROW WHEN (OLD.state IN ('BOOKED', 'CHECKED_IN')
                       AND NEW.state IN ('CHECKED_OUT', 'CANCELLED', 'WALKED', 'EXPIRED', 'RELEASED', 'NO_SHOW'))
    EXECUTE FUNCTION boxoffice_stay_ended_room();

-- A stay moved to other nights or another type before arrival loses its room (the room is chosen again,
-- at the latest at check-in). A guest in house keeps the room: its claim follows the new departure day,
-- and the exclusion constraint refuses the move when the room is taken on a night added.
CREATE FUNCTION boxoffice_stay_moved_room() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF NEW.state = 'CHECKED_IN' AND NEW.room_type_id = OLD.room_type_id THEN
        DELETE FROM room_assignments a WHERE a.stay_id = NEW.id AND lower(a.nights) >= NEW.check_out;
        UPDATE room_assignments a SET nights = daterange(lower(a.nights), NEW.check_out)
        WHERE a.id = (SELECT x.id FROM room_assignments x WHERE x.stay_id = NEW.id
                      ORDER BY lower(x.nights) DESC LIMIT 1);
    ELSIF NEW.state <> 'CHECKED_IN' THEN
        DELETE FROM room_assignments a WHERE a.stay_id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_stay_moved_room() FROM PUBLIC;

CREATE TRIGGER stays_moved_room AFTER UPDATE OF check_in, check_out, room_type_id ON stays
    FOR EACH ROW WHEN (NEW.check_in IS DISTINCT FROM OLD.check_in OR NEW.check_out IS DISTINCT FROM OLD.check_out
                       OR NEW.room_type_id IS DISTINCT FROM OLD.room_type_id)
    EXECUTE FUNCTION boxoffice_stay_moved_room();

-- ---------------------------------------------------------------- staff actions
-- Each answers one word: OK, NOT_FOUND, and the refusals named in its comment. A refusal changes nothing.

CREATE FUNCTION boxoffice_room_staff_only() RETURNS void
LANGUAGE plpgsql STABLE AS $$
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff may change rooms' USING ERRCODE = 'insufficient_privilege';
    END IF;
END
$$;

-- A booked stay gets (or changes to) a room of its own type for all its nights. NOT_BOOKED (a guest in
-- house moves rooms instead), WRONG_TYPE, OUT_OF_ORDER, TAKEN (the room has another claim
-- on one of the nights).
CREATE FUNCTION boxoffice_assign_room(p_stay bigint, p_room bigint) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    r rooms%ROWTYPE;
BEGIN
    PERFORM boxoffice_room_staff_only();
    SELECT * INTO s FROM stays WHERE id = p_stay FOR UPDATE;
    SELECT * INTO r FROM rooms WHERE id = p_room FOR UPDATE;
    IF s.id IS NULL OR r.id IS NULL THEN
        RETURN 'NOT_FOUND';
    ELSIF s.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    ELSIF r.room_type_id <> s.room_type_id THEN
        RETURN 'WRONG_TYPE';
    ELSIF r.housekeeping_state = 'OUT_OF_ORDER' THEN
        RETURN 'OUT_OF_ORDER';
    END IF;
    DELETE FROM room_assignments WHERE stay_id = p_stay;
    BEGIN
        INSERT INTO room_assignments (room_id, stay_id, nights) VALUES (p_room, p_stay, daterange(s.check_in, s.check_out));
    EXCEPTION WHEN exclusion_violation THEN
        RETURN 'TAKEN';
    END;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_assign_room(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_assign_room(bigint, bigint) TO boxoffice_clerk;

-- A guest in house moves to another ready room of the stay's type: tonight (the server's date) and the
-- nights after are in the new room, the nights before stay recorded in the old one, which is left dirty.
-- NOT_IN_HOUSE, DEPARTING (nothing left to move: today is the departure day), SAME_ROOM, WRONG_TYPE,
-- NOT_READY (not clean or inspected), TAKEN.
CREATE FUNCTION boxoffice_move_room(p_stay bigint, p_room bigint) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    r rooms%ROWTYPE;
    current_claim room_assignments%ROWTYPE;
    today date := current_date;
BEGIN
    PERFORM boxoffice_room_staff_only();
    SELECT * INTO s FROM stays WHERE id = p_stay FOR UPDATE;
    IF s.id IS NULL THEN
        RETURN 'NOT_FOUND';
    ELSIF s.state <> 'CHECKED_IN' THEN
        RETURN 'NOT_IN_HOUSE';
    ELSIF s.check_out <= today THEN
        RETURN 'DEPARTING';
    END IF;
    -- both rooms locked in id order, so two moves between the same rooms cannot deadlock
    PERFORM 1 FROM rooms x
    WHERE x.id = p_room OR x.id IN (SELECT a.room_id FROM room_assignments a WHERE a.stay_id = p_stay)
    ORDER BY x.id FOR UPDATE;
    SELECT * INTO r FROM rooms WHERE id = p_room;
    SELECT * INTO current_claim FROM room_assignments a
    WHERE a.stay_id = p_stay AND upper(a.nights) > today ORDER BY lower(a.nights) DESC LIMIT 1;
    IF r.id IS NULL THEN
        RETURN 'NOT_FOUND';
    ELSIF current_claim.room_id = p_room THEN
        RETURN 'SAME_ROOM';
    ELSIF r.room_type_id <> s.room_type_id THEN
        RETURN 'WRONG_TYPE';
    ELSIF r.housekeeping_state NOT IN ('CLEAN', 'INSPECTED') THEN
        RETURN 'NOT_READY';
    END IF;
    BEGIN
        IF current_claim.id IS NOT NULL AND lower(current_claim.nights) < today THEN
            UPDATE room_assignments SET nights = daterange(lower(nights), today) WHERE id = current_claim.id;
        ELSIF current_claim.id IS NOT NULL THEN
            DELETE FROM room_assignments WHERE id = current_claim.id;
        END IF;
        INSERT INTO room_assignments (room_id, stay_id, nights)
        VALUES (p_room, p_stay, daterange(GREATEST(today, s.check_in), s.check_out));
    EXCEPTION WHEN exclusion_violation THEN
        RETURN 'TAKEN';
    END;
    IF current_claim.id IS NOT NULL THEN
        UPDATE rooms SET housekeeping_state = 'DIRTY', state_changed_at = now(), state_changed_by = session_user
        WHERE id = current_claim.room_id AND housekeeping_state <> 'OUT_OF_ORDER';
    END IF;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_move_room(bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_move_room(bigint, bigint) TO boxoffice_clerk;

-- Housekeeping's round: dirty to clean, clean to inspected, and back to dirty at any time. A room out of
-- order changes only by coming back into service. NOT_ALLOWED for any other step, UNCHANGED when the
-- room is already so.
CREATE FUNCTION boxoffice_set_housekeeping(p_room bigint, p_state text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    r rooms%ROWTYPE;
BEGIN
    PERFORM boxoffice_room_staff_only();
    SELECT * INTO r FROM rooms WHERE id = p_room FOR UPDATE;
    IF r.id IS NULL THEN
        RETURN 'NOT_FOUND';
    ELSIF r.housekeeping_state = p_state THEN
        RETURN 'UNCHANGED';
    ELSIF r.housekeeping_state = 'OUT_OF_ORDER' OR p_state NOT IN ('DIRTY', 'CLEAN', 'INSPECTED')
          OR (p_state = 'INSPECTED' AND r.housekeeping_state <> 'CLEAN') THEN
        RETURN 'NOT_ALLOWED';
    END IF;
    UPDATE rooms SET housekeeping_state = p_state, state_changed_at = now(), state_changed_by = session_user
    WHERE id = p_room;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_set_housekeeping(bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_set_housekeeping(bigint, text) TO boxoffice_clerk;

-- A room out of order for the nights [p_from, p_until), with a reason. While today is among them the
-- room shows OUT_OF_ORDER. DATES (none, reversed or in the past), REASON, GUEST (a stay has the room on
-- one of those nights, or it is out of order then already), PHYSICAL (a night would have fewer than no physical rooms left).
CREATE FUNCTION boxoffice_room_out_of_order(p_room bigint, p_from date, p_until date, p_reason text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    r rooms%ROWTYPE;
BEGIN
    PERFORM boxoffice_room_staff_only();
    SELECT * INTO r FROM rooms WHERE id = p_room FOR UPDATE;
    IF r.id IS NULL THEN
        RETURN 'NOT_FOUND';
    ELSIF p_from IS NULL OR p_until IS NULL OR p_until <= p_from OR p_from < current_date THEN
        RETURN 'DATES';
    ELSIF p_reason IS NULL OR btrim(p_reason) = '' THEN
        RETURN 'REASON';
    END IF;
    BEGIN
        INSERT INTO room_assignments (room_id, out_of_order_reason, nights)
        VALUES (p_room, btrim(p_reason), daterange(p_from, p_until));
    EXCEPTION
        WHEN exclusion_violation THEN
            RETURN 'GUEST';
        WHEN check_violation THEN
            RETURN 'PHYSICAL';
    END;
    IF p_from <= current_date THEN
        UPDATE rooms SET housekeeping_state = 'OUT_OF_ORDER', state_changed_at = now(), state_changed_by = session_user
        WHERE id = p_room;
    END IF;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_room_out_of_order(bigint, date, date, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_room_out_of_order(bigint, date, date, text) TO boxoffice_clerk;

-- The room is back in service from today: every out-of-order night from today on is given back to
-- physical (past ones stay recorded), and the room waits for housekeeping as DIRTY. NOT_OUT when it has
-- no such nights.
CREATE FUNCTION boxoffice_room_back_in_service(p_room bigint) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    r rooms%ROWTYPE;
    ended integer;
    shortened integer;
BEGIN
    PERFORM boxoffice_room_staff_only();
    SELECT * INTO r FROM rooms WHERE id = p_room FOR UPDATE;
    IF r.id IS NULL THEN
        RETURN 'NOT_FOUND';
    END IF;
    DELETE FROM room_assignments WHERE room_id = p_room AND stay_id IS NULL AND lower(nights) >= current_date;
    GET DIAGNOSTICS ended = ROW_COUNT;
    UPDATE room_assignments SET nights = daterange(lower(nights), current_date)
    WHERE room_id = p_room AND stay_id IS NULL AND nights @> current_date;
    GET DIAGNOSTICS shortened = ROW_COUNT;
    IF ended + shortened = 0 AND r.housekeeping_state <> 'OUT_OF_ORDER' THEN
        RETURN 'NOT_OUT';
    END IF;
    IF r.housekeeping_state = 'OUT_OF_ORDER' THEN
        UPDATE rooms SET housekeeping_state = 'DIRTY', state_changed_at = now(), state_changed_by = session_user
        WHERE id = p_room;
    END IF;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_room_back_in_service(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_room_back_in_service(bigint) TO boxoffice_clerk;
