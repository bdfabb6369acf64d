-- A walk names the partner property the guest was sent to. Partners are each hotel's own list, kept by
-- its managers; the compensation ledger records which partner took a walked guest, and a new walk
-- without one is refused by the table itself (walks recorded before this migration keep no partner).
--
-- The lists (arrivals, departures, in-house, occupancy and revenue per night) and the overbooking
-- suggestion only read: they need no schema of their own.

CREATE TABLE partner_hotels (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    hotel_id  bigint NOT NULL REFERENCES hotels ON DELETE CASCADE,
    name      text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
    contact   text NOT NULL DEFAULT '' CHECK (length(contact) <= 200), -- a phone number, an e-mail
    active    boolean NOT NULL DEFAULT true, -- a partner no longer used stays for the walks that named it
    UNIQUE (hotel_id, name)
);
GRANT SELECT ON partner_hotels TO boxoffice_clerk;
GRANT UPDATE (contact, active) ON partner_hotels TO boxoffice_manager;

-- A manager adds a partner, or names one again (made active again, its contact kept unless a new one is
-- given): one statement. A clerk is refused (42501).
CREATE FUNCTION boxoffice_add_partner(p_hotel bigint, p_name text, p_contact text)
RETURNS partner_hotels
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    added partner_hotels%ROWTYPE;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may add a partner property' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    INSERT INTO partner_hotels (hotel_id, name, contact) VALUES (p_hotel, btrim(p_name), COALESCE(btrim(p_contact), ''))
    ON CONFLICT (hotel_id, name) DO UPDATE
        SET active = true,
            contact = CASE WHEN EXCLUDED.contact = '' THEN partner_hotels.contact ELSE EXCLUDED.contact END
    RETURNING * INTO added;
    RETURN added;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_add_partner(bigint, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_add_partner(bigint, text, text) TO boxoffice_clerk;

ALTER TABLE compensation_ledger ADD COLUMN partner_hotel_id bigint REFERENCES partner_hotels;
-- NOT VALID: enforced on every row written from now on, not on the walks recorded before partners existed.
ALTER TABLE compensation_ledger ADD CONSTRAINT compensation_ledger_walk_names_partner
    CHECK (action <> 'WALK' OR partner_hotel_id IS NOT NULL) NOT VALID;

-- A manager's answer to an overbooked night, as 018's, with the partner a walked guest goes to
-- (p_partner, one of the stay's hotel's active partners; ignored for a move or an upgrade). A walk
-- locks as every stay change does (boxoffice_lock_stay: the stay's orders, its nights by (room type,
-- night), then the stay), refunds what was paid while that is still p_seen_paid, gives back every
-- night of the stay (only a BOOKED stay, one not arrived, can be walked, so all its nights are still
-- unused) and records the compensation with its partner. Moves and upgrades are 018's, unchanged.
-- Answers 018's outcomes and NO_PARTNER.
CREATE FUNCTION boxoffice_resolve_overbooking(p_stay bigint, p_action text, p_room_type bigint, p_amount bigint,
                                              p_reason text, p_night date, p_settle text, p_seen_price bigint,
                                              p_seen_new_price bigint, p_seen_paid bigint, p_partner bigint)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    paid bigint;
    cur char(3);
    partner text;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may move, upgrade or walk a guest' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    IF p_action IS DISTINCT FROM 'WALK' THEN
        RETURN boxoffice_resolve_overbooking(p_stay, p_action, p_room_type, p_amount, p_reason, p_night, p_settle,
                                             p_seen_price, p_seen_new_price, p_seen_paid);
    END IF;
    IF p_reason IS NULL OR btrim(p_reason) = '' OR p_amount IS NULL OR p_amount < 0 THEN
        RETURN 'BAD_INPUT';
    END IF;
    IF p_partner IS NULL THEN
        RETURN 'NO_PARTNER';
    END IF;
    s := boxoffice_lock_stay(p_stay, NULL, NULL, NULL);
    IF s.id IS NULL THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    END IF;
    SELECT ph.name INTO partner
    FROM partner_hotels ph JOIN room_types rt ON rt.hotel_id = ph.hotel_id
    WHERE ph.id = p_partner AND rt.id = s.room_type_id AND ph.active;
    IF NOT FOUND THEN
        RETURN 'NO_PARTNER';
    END IF;
    SELECT m.paid_minor INTO paid FROM boxoffice_stay_money(p_stay) m;
    IF paid IS DISTINCT FROM p_seen_paid THEN
        RETURN 'MONEY_CHANGED';
    END IF;
    SELECT h.currency INTO cur FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE rt.id = s.room_type_id;
    PERFORM boxoffice_settle_ended_stay(p_stay, 0, 'walked to ' || partner || ': ' || btrim(p_reason));
    UPDATE room_nights SET booked = booked - 1
    WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out;
    UPDATE stays SET state = 'WALKED' WHERE id = p_stay;
    INSERT INTO compensation_ledger (by_user, stay_id, guest, action, amount_minor, currency, reason, night,
                                     partner_hotel_id)
    VALUES (session_user, p_stay, s.guest_name, 'WALK', p_amount, cur, btrim(p_reason), p_night, p_partner);
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date, text, bigint, bigint,
                                                     bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date, text, bigint, bigint,
                                                        bigint, bigint) TO boxoffice_clerk;
-- Staff resolve an overbooked night only through the function above, so every walk names its partner.
REVOKE EXECUTE ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date, text, bigint, bigint,
                                                         bigint) FROM boxoffice_clerk;
