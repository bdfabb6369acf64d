-- Group blocks: rooms of one room type held for a group on each night of its stay until a cut-off.
--
-- A night's counter keeps one meaning: room_nights.booked = live stays + the block rooms nobody has
-- picked up yet (rooms - picked on every block night not released). So a block takes its rooms out of
-- sale like any stay, and picking a guest up moves one room from the block to the guest's stay without
-- touching the counter: a full hotel still lets the group's guests in.
-- A block past its cut-off gives its unpicked rooms back by itself, lazily, like a lapsed hold: the next
-- claim on those nights (a hold, a block, a move, a manager's capacity change) marks the block night
-- released and counts the rooms down in the same statement, under the nights' locks; the availability
-- reads (room_nights_on_sale) count them as free at once, before anything claims them. No job.
--
-- Lock order, as everywhere: room nights by (room type, night), then block nights, then the stay.
-- Every writer of a block night holds its room night's lock first, so block nights never deadlock.
--
-- A picked-up room that goes back through the ordinary paths (its hold ran out, was released, the
-- booked stay cancelled or moved) goes back to general sale, not to the block: the block's `picked`
-- keeps counting it. Only boxoffice_return_pick_up (the desk's own undo of an unpaid pick-up) gives the
-- room back to the block.

CREATE TABLE group_blocks (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_type_id  bigint NOT NULL REFERENCES room_types,
    group_name    text NOT NULL CHECK (btrim(group_name) <> '' AND length(group_name) <= 200),
    first_night   date NOT NULL,
    after_last    date NOT NULL,
    cutoff_at     timestamptz NOT NULL,
    created_by    text NOT NULL DEFAULT session_user,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (after_last > first_night),
    UNIQUE (id, room_type_id)
);
CREATE INDEX group_blocks_by_type ON group_blocks (room_type_id, first_night);

CREATE TABLE group_block_nights (
    block_id      bigint NOT NULL,
    room_type_id  bigint NOT NULL,
    night         date NOT NULL,
    rooms         integer NOT NULL CHECK (rooms >= 0),
    picked        integer NOT NULL DEFAULT 0 CHECK (picked >= 0),
    -- Its unpicked rooms went back to sale (cut-off passed, or a manager let the block go): for good.
    released      boolean NOT NULL DEFAULT false,
    CHECK (picked <= rooms),
    PRIMARY KEY (block_id, night),
    FOREIGN KEY (block_id, room_type_id) REFERENCES group_blocks (id, room_type_id) ON DELETE CASCADE,
    FOREIGN KEY (room_type_id, night) REFERENCES room_nights
);
CREATE INDEX group_block_nights_open ON group_block_nights (room_type_id, night) WHERE NOT released;

ALTER TABLE stays ADD COLUMN block_id bigint REFERENCES group_blocks;
CREATE INDEX stays_by_block ON stays (block_id) WHERE block_id IS NOT NULL;

-- The claim statement (storage/hotelsql.h) releases lapsed block nights itself, as the clerk or manager
-- signed in: that one column only. The trigger below keeps it honest.
GRANT SELECT ON group_blocks, group_block_nights TO boxoffice_clerk;
GRANT UPDATE (released) ON group_block_nights TO boxoffice_clerk;

-- A released night stays released; before the cut-off only a manager (or the functions below, running
-- as the owner) lets a block's rooms go. current_user on purpose, as boxoffice_refuse_clerk_ending_stay.
CREATE FUNCTION boxoffice_block_night_guard() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
    IF OLD.released AND NOT NEW.released THEN
        RAISE EXCEPTION 'a released block night stays released' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.released AND NOT OLD.released AND NOT boxoffice_role_manages(current_user)
       AND (SELECT cutoff_at FROM group_blocks WHERE id = NEW.block_id) > now() THEN
        RAISE EXCEPTION 'only a manager lets a group block go before its cut-off'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER group_block_nights_guard BEFORE UPDATE ON group_block_nights
    FOR EACH ROW EXECUTE FUNCTION boxoffice_block_night_guard();

-- What the availability reads show: the counter less the unpicked rooms of blocks past their cut-off,
-- which are free though no claim has given them back yet. Display only, no locks.
CREATE VIEW room_nights_on_sale AS
SELECT n.room_type_id, n.night, n.capacity, n.physical,
       n.booked - COALESCE((SELECT sum(b.rooms - b.picked)
                            FROM group_block_nights b JOIN group_blocks g ON g.id = b.block_id
                            WHERE b.room_type_id = n.room_type_id AND b.night = n.night AND NOT b.released
                              AND g.cutoff_at <= now()), 0)::integer AS booked,
       n.price_minor
FROM room_nights n;
GRANT SELECT ON room_nights_on_sale TO boxoffice_clerk;

-- Gives back the unpicked rooms of lapsed blocks on [p_first, p_after) of a room type. The caller holds
-- those nights' locks. Answers the rooms given back.
CREATE FUNCTION boxoffice_release_lapsed_blocks(p_room_type bigint, p_first date, p_after date)
RETURNS integer
LANGUAGE sql SET search_path = public AS $$
    WITH lapsed AS (
        UPDATE group_block_nights b SET released = true
        FROM group_blocks g
        WHERE g.id = b.block_id AND b.room_type_id = p_room_type AND b.night >= p_first AND b.night < p_after
          AND NOT b.released AND g.cutoff_at <= now()
        RETURNING b.night, b.rooms - b.picked AS rooms
    ), counted AS (
        UPDATE room_nights n SET booked = n.booked - (SELECT sum(l.rooms) FROM lapsed l WHERE l.night = n.night)
        WHERE n.room_type_id = p_room_type AND n.night IN (SELECT night FROM lapsed WHERE rooms > 0)
        RETURNING n.night
    )
    SELECT CAST(COALESCE((SELECT sum(rooms) FROM lapsed), 0) AS integer)
$$;
REVOKE ALL ON FUNCTION boxoffice_release_lapsed_blocks(bigint, date, date) FROM PUBLIC;

-- The same function as in 013 (signature, rights and behaviour for holds), now also giving back the
-- lapsed blocks on the nights its caller locked: moves and upgrades release them as a claim does.
CREATE OR REPLACE FUNCTION boxoffice_expire_stays(p_room_type bigint, p_check_in date, p_check_out date,
                                                  p_first date, p_after date)
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
    SELECT boxoffice_release_lapsed_blocks(p_room_type, p_first, p_after);
$$;

-- For a claim that runs as several statements (a manager's capacity change): locks the nights in date
-- order and gives back the lapsed blocks there, before the claim reads the counters.
CREATE FUNCTION boxoffice_lapse_group_blocks(p_room_type bigint, p_first date, p_after date)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    PERFORM 1 FROM room_nights
    WHERE room_type_id = p_room_type AND night >= p_first AND night < p_after
    ORDER BY night FOR UPDATE;
    RETURN boxoffice_release_lapsed_blocks(p_room_type, p_first, p_after);
END
$$;
REVOKE ALL ON FUNCTION boxoffice_lapse_group_blocks(bigint, date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_lapse_group_blocks(bigint, date, date) TO boxoffice_clerk;

-- A manager holds rooms for a group: p_rooms[i] rooms on night p_first + i - 1, all nights or none.
-- The nights are locked in date order (widened over the lapsed holds they overlap, as a move does), the
-- lapsed holds and blocks there given back, and the block made only if every night has that many
-- sellable rooms free. Answers OK with the block, or NO_ROOM with the first night short of rooms,
-- OUTSIDE_CALENDAR, BAD_INPUT; a clerk is refused (42501).
CREATE FUNCTION boxoffice_create_group_block(p_room_type bigint, p_group text, p_first date, p_after date,
                                             p_rooms integer[], p_cutoff timestamptz)
RETURNS TABLE (outcome text, block_id bigint, short_night date)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    nights integer := p_after - p_first;
    first_night date;
    after_last date;
    known integer;
    short date;
    made bigint;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager holds rooms for a group' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_first IS NULL OR p_after IS NULL OR nights < 1 OR nights > 366 OR cardinality(p_rooms) IS DISTINCT FROM nights
       OR btrim(COALESCE(p_group, '')) = '' OR p_cutoff IS NULL OR p_cutoff <= now()
       OR EXISTS (SELECT 1 FROM unnest(p_rooms) r WHERE r IS NULL OR r < 0)
       OR NOT EXISTS (SELECT 1 FROM unnest(p_rooms) r WHERE r > 0) THEN
        RETURN QUERY SELECT 'BAD_INPUT'::text, NULL::bigint, NULL::date;
        RETURN;
    END IF;
    SELECT LEAST(p_first, min(x.check_in)), GREATEST(p_after, max(x.check_out)) INTO first_night, after_last
    FROM stays x
    WHERE x.room_type_id = p_room_type AND x.state = 'HELD' AND x.expires_at <= now()
      AND x.check_in < p_after AND x.check_out > p_first;
    PERFORM 1 FROM room_nights
    WHERE room_type_id = p_room_type AND night >= first_night AND night < after_last
    ORDER BY night FOR UPDATE;
    PERFORM boxoffice_expire_stays(p_room_type, p_first, p_after, first_night, after_last);

    SELECT count(n.night), min(n.night) FILTER (WHERE n.booked + w.rooms > n.capacity) INTO known, short
    FROM unnest(p_rooms) WITH ORDINALITY AS w (rooms, i)
    JOIN room_nights n ON n.room_type_id = p_room_type AND n.night = p_first + CAST(w.i AS integer) - 1;
    IF known <> nights THEN
        RETURN QUERY SELECT 'OUTSIDE_CALENDAR'::text, NULL::bigint, NULL::date;
        RETURN;
    END IF;
    IF short IS NOT NULL THEN
        RETURN QUERY SELECT 'NO_ROOM'::text, NULL::bigint, short;
        RETURN;
    END IF;

    INSERT INTO group_blocks (room_type_id, group_name, first_night, after_last, cutoff_at, created_by)
    VALUES (p_room_type, btrim(p_group), p_first, p_after, p_cutoff, session_user)
    RETURNING id INTO made;
    INSERT INTO group_block_nights (block_id, room_type_id, night, rooms)
    SELECT made, p_room_type, p_first + CAST(w.i AS integer) - 1, w.rooms
    FROM unnest(p_rooms) WITH ORDINALITY AS w (rooms, i);
    UPDATE room_nights n SET booked = n.booked + w.rooms
    FROM unnest(p_rooms) WITH ORDINALITY AS w (rooms, i)
    WHERE n.room_type_id = p_room_type AND n.night = p_first + CAST(w.i AS integer) - 1 AND w.rooms > 0;
    RETURN QUERY SELECT 'OK'::text, made, NULL::date;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_create_group_block(bigint, text, date, date, integer[], timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_create_group_block(bigint, text, date, date, integer[], timestamptz)
    TO boxoffice_clerk;

-- A guest of the group picked up by name: a stay HELD in the desk's cart for [p_check_in, p_check_out)
-- within the block, one of the block's rooms on each of those nights (the counter does not move: the
-- room was booked for the block already). The desk then books it as any held stay, through the order
-- ledger. Refused: NOT_FOUND, NO_GUEST, OUTSIDE_BLOCK, PAST_CUTOFF, BLOCK_FULL (some night has no room
-- of the block left).
CREATE FUNCTION boxoffice_pick_up_from_block(p_block bigint, p_cart text, p_check_in date, p_check_out date,
                                             p_guest text, p_reference text)
RETURNS TABLE (outcome text, stay_id bigint, expires_ms bigint, full_night date)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    blk group_blocks%ROWTYPE;
    hold_for integer;
    open_nights integer;
    full_at date;
    made bigint;
    until timestamptz;
BEGIN
    SELECT * INTO blk FROM group_blocks WHERE id = p_block;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'NOT_FOUND'::text, NULL::bigint, NULL::bigint, NULL::date;
        RETURN;
    END IF;
    IF btrim(COALESCE(p_guest, '')) = '' THEN
        RETURN QUERY SELECT 'NO_GUEST'::text, NULL::bigint, NULL::bigint, NULL::date;
        RETURN;
    END IF;
    IF p_check_in IS NULL OR p_check_out IS NULL OR p_check_out <= p_check_in OR p_check_in < blk.first_night
       OR p_check_out > blk.after_last THEN
        RETURN QUERY SELECT 'OUTSIDE_BLOCK'::text, NULL::bigint, NULL::bigint, NULL::date;
        RETURN;
    END IF;
    PERFORM 1 FROM room_nights
    WHERE room_type_id = blk.room_type_id AND night >= p_check_in AND night < p_check_out
    ORDER BY night FOR UPDATE;
    PERFORM 1 FROM group_block_nights
    WHERE block_id = p_block AND night >= p_check_in AND night < p_check_out
    ORDER BY night FOR UPDATE;
    -- the clock is read under the locks: a claim that gave the block back first has marked it released
    IF blk.cutoff_at <= now() THEN
        RETURN QUERY SELECT 'PAST_CUTOFF'::text, NULL::bigint, NULL::bigint, NULL::date;
        RETURN;
    END IF;
    SELECT count(*) FILTER (WHERE NOT b.released AND b.picked < b.rooms),
           min(b.night) FILTER (WHERE b.released OR b.picked >= b.rooms)
    INTO open_nights, full_at
    FROM group_block_nights b
    WHERE b.block_id = p_block AND b.night >= p_check_in AND b.night < p_check_out;
    IF open_nights <> p_check_out - p_check_in THEN
        RETURN QUERY SELECT 'BLOCK_FULL'::text, NULL::bigint, NULL::bigint, full_at;
        RETURN;
    END IF;
    UPDATE group_block_nights SET picked = picked + 1
    WHERE block_id = p_block AND night >= p_check_in AND night < p_check_out;
    SELECT h.hold_seconds INTO hold_for FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE rt.id = blk.room_type_id;
    INSERT INTO stays (reference, room_type_id, cart_id, check_in, check_out, state, held_since, expires_at,
                       guest_name, block_id)
    VALUES (p_reference, blk.room_type_id, p_cart, p_check_in, p_check_out, 'HELD', now(),
            now() + make_interval(secs => hold_for), btrim(p_guest), p_block)
    RETURNING id, expires_at INTO made, until;
    RETURN QUERY SELECT 'OK'::text, made, CAST(extract(epoch FROM until) * 1000 AS bigint), NULL::date;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_pick_up_from_block(bigint, text, date, date, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_pick_up_from_block(bigint, text, date, date, text, text) TO boxoffice_clerk;

-- The desk's undo of a pick-up nobody paid for (the payment was cancelled): the held stay is released
-- and its room goes back to the block, or to sale on a night the block has let go meanwhile.
-- Answers the nights given back (0: not this cart's live pick-up any more).
CREATE FUNCTION boxoffice_return_pick_up(p_stay bigint, p_cart text)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
BEGIN
    SELECT * INTO s FROM stays WHERE id = p_stay AND cart_id = p_cart AND block_id IS NOT NULL;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    PERFORM 1 FROM room_nights
    WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out
    ORDER BY night FOR UPDATE;
    PERFORM 1 FROM group_block_nights
    WHERE block_id = s.block_id AND night >= s.check_in AND night < s.check_out
    ORDER BY night FOR UPDATE;
    UPDATE stays SET state = 'RELEASED', expires_at = NULL
    WHERE id = p_stay AND cart_id = p_cart AND state = 'HELD' AND expires_at > now()
      AND (room_type_id, check_in, check_out) = (s.room_type_id, s.check_in, s.check_out);
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    UPDATE room_nights n SET booked = n.booked - 1
    FROM group_block_nights b
    WHERE b.block_id = s.block_id AND b.night >= s.check_in AND b.night < s.check_out AND b.released
      AND n.room_type_id = s.room_type_id AND n.night = b.night;
    UPDATE group_block_nights SET picked = picked - 1
    WHERE block_id = s.block_id AND night >= s.check_in AND night < s.check_out;
    RETURN s.check_out - s.check_in;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_return_pick_up(bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_return_pick_up(bigint, text) TO boxoffice_clerk;

-- A manager shrinks a block to p_rooms rooms a night (never below what was picked up), or with p_rooms
-- NULL lets all of it go: the rooms return to sale at once. Answers the rooms returned; a clerk is
-- refused (42501).
CREATE FUNCTION boxoffice_shrink_group_block(p_block bigint, p_rooms integer)
RETURNS TABLE (outcome text, returned integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    blk group_blocks%ROWTYPE;
    total integer;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager shrinks or releases a group block' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_rooms < 0 THEN
        RETURN QUERY SELECT 'BAD_INPUT'::text, 0;
        RETURN;
    END IF;
    SELECT * INTO blk FROM group_blocks WHERE id = p_block;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'NOT_FOUND'::text, 0;
        RETURN;
    END IF;
    PERFORM 1 FROM room_nights
    WHERE room_type_id = blk.room_type_id AND night >= blk.first_night AND night < blk.after_last
    ORDER BY night FOR UPDATE;
    PERFORM boxoffice_release_lapsed_blocks(blk.room_type_id, blk.first_night, blk.after_last);
    WITH locked AS (
        SELECT b.night, b.rooms, b.picked FROM group_block_nights b
        WHERE b.block_id = p_block AND NOT b.released
        ORDER BY b.night FOR UPDATE
    ), target AS (
        SELECT l.night, l.rooms - GREATEST(l.picked, LEAST(l.rooms, COALESCE(p_rooms, 0))) AS back
        FROM locked l
    ), shrunk AS (
        UPDATE group_block_nights b
        SET rooms = b.rooms - t.back, released = (p_rooms IS NULL)
        FROM target t
        WHERE b.block_id = p_block AND b.night = t.night AND (t.back > 0 OR p_rooms IS NULL)
        RETURNING b.night, t.back
    ), counted AS (
        UPDATE room_nights n SET booked = n.booked - s.back
        FROM shrunk s
        WHERE n.room_type_id = blk.room_type_id AND n.night = s.night AND s.back > 0
        RETURNING n.night
    )
    SELECT CAST(COALESCE(sum(back), 0) AS integer) INTO total FROM shrunk;
    RETURN QUERY SELECT 'OK'::text, total;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_shrink_group_block(bigint, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_shrink_group_block(bigint, integer) TO boxoffice_clerk;
