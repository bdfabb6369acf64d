-- Rates (issue 14): a price per room type per night. A manager sets rate rules (a season: a first and a
-- last night, optionally only on some weekdays, e.g. Fri+Sat for weekends, at a price per night); each
-- night's price is resolved from them into room_nights.price_minor, NULL where no rule applies (the room
-- type's own price_minor, the default, then counts). A stay costs the sum of its nights' prices.
--
-- Why a column kept by the rule functions rather than a function resolved at every read: the readers
-- (cart orders, counter quotes, the calendar) then add up rows they read anyway, with no per-row
-- function call, and a night's price is a row the moves already lock. A rule change locks the nights it
-- reprices (by room type and night, the one lock order), so a move priced under its locks settles
-- exactly the price it read, and a rate change waits for it or it for the rate change.
--
-- Precedence, when several rules cover one night (boxoffice_rule_night_price), the more specific wins:
--   1. the rule from first to last night spanning fewer nights (a festival week inside the year's
--      weekend rate, whatever the weekdays);
--   2. on the same span, a rule limited to some weekdays beats one for every night (the festival's
--      weekend inside the festival);
--   3. then the rule set last (the higher id).

ALTER TABLE room_nights ADD COLUMN price_minor bigint CONSTRAINT room_nights_price_minor_range CHECK (price_minor >= 0);

-- weekdays: a bit mask over ISO weekdays, bit 0 Monday ... bit 6 Sunday; 0 means every night.
CREATE TABLE room_rates (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    room_type_id  bigint NOT NULL REFERENCES room_types ON DELETE CASCADE,
    name          text NOT NULL CONSTRAINT room_rates_name_given CHECK (btrim(name) <> '' AND length(name) <= 80),
    first_night   date NOT NULL,
    last_night    date NOT NULL,
    weekdays      smallint NOT NULL DEFAULT 0 CONSTRAINT room_rates_weekdays_mask CHECK (weekdays BETWEEN 0 AND 127),
    price_minor   bigint NOT NULL CONSTRAINT room_rates_price_range CHECK (price_minor >= 0),
    set_by        text NOT NULL DEFAULT session_user,
    set_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT room_rates_nights_order CHECK (last_night >= first_night AND last_night - first_night <= 731)
);
CREATE INDEX room_rates_by_type ON room_rates (room_type_id, first_night);

-- The winning rule's price for one night, NULL when no rule covers it.
CREATE FUNCTION boxoffice_rule_night_price(p_room_type bigint, p_night date) RETURNS bigint
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT r.price_minor FROM room_rates r
    WHERE r.room_type_id = p_room_type AND p_night BETWEEN r.first_night AND r.last_night
      AND (r.weekdays = 0 OR (r.weekdays & (1 << (CAST(extract(isodow FROM p_night) AS integer) - 1))) <> 0)
    ORDER BY r.last_night - r.first_night, (r.weekdays <> 0) DESC, r.id DESC
    LIMIT 1
$$;
REVOKE ALL ON FUNCTION boxoffice_rule_night_price(bigint, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_rule_night_price(bigint, date) TO boxoffice_clerk;

-- What a stay on these nights costs now: the sum of its nights (for quotes and the move functions).
-- NULL when a night of the range is not in the calendar.
CREATE FUNCTION boxoffice_stay_price(p_room_type bigint, p_check_in date, p_check_out date) RETURNS bigint
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT CASE WHEN count(*) = p_check_out - p_check_in THEN sum(COALESCE(n.price_minor, rt.price_minor)) END
    FROM room_nights n JOIN room_types rt ON rt.id = n.room_type_id
    WHERE n.room_type_id = p_room_type AND n.night >= p_check_in AND n.night < p_check_out
$$;
REVOKE ALL ON FUNCTION boxoffice_stay_price(bigint, date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_stay_price(bigint, date, date) TO boxoffice_clerk;

-- A night opened later is priced by the rules already set.
CREATE FUNCTION boxoffice_price_new_night() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    NEW.price_minor := boxoffice_rule_night_price(NEW.room_type_id, NEW.night);
    RETURN NEW;
END
$$;
CREATE TRIGGER room_nights_priced BEFORE INSERT ON room_nights
    FOR EACH ROW EXECUTE FUNCTION boxoffice_price_new_night();

-- Reprices the room type's nights in [first, last] from the rules, locking them in night order first.
-- The caller holds the room type's rule lock, so this statement's snapshot sees every rule committed
-- before it and none is changed meanwhile.
CREATE FUNCTION boxoffice_reprice_nights(p_room_type bigint, p_first date, p_last date) RETURNS integer
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    changed integer;
BEGIN
    PERFORM 1 FROM room_nights
    WHERE room_type_id = p_room_type AND night >= p_first AND night <= p_last
    ORDER BY room_type_id, night FOR UPDATE;
    UPDATE room_nights n SET price_minor = boxoffice_rule_night_price(n.room_type_id, n.night)
    WHERE n.room_type_id = p_room_type AND n.night >= p_first AND n.night <= p_last
      AND n.price_minor IS DISTINCT FROM boxoffice_rule_night_price(n.room_type_id, n.night);
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_reprice_nights(bigint, date, date) FROM PUBLIC;

-- Rule changes of one room type queue on its row. NO KEY UPDATE: a claim's new stay (its foreign key
-- takes KEY SHARE on the room type) is never held up by it.
CREATE FUNCTION boxoffice_lock_rates(p_room_type bigint) RETURNS boolean
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may set room rates' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    PERFORM 1 FROM room_types WHERE id = p_room_type FOR NO KEY UPDATE;
    RETURN FOUND;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_lock_rates(bigint) FROM PUBLIC;

-- A manager's new rule; answers its id and how many nights changed price, no row for an unknown room type.
CREATE FUNCTION boxoffice_set_room_rate(p_room_type bigint, p_name text, p_first date, p_last date,
                                        p_weekdays integer, p_price bigint)
RETURNS TABLE (rate_id bigint, repriced integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
BEGIN
    IF NOT boxoffice_lock_rates(p_room_type) THEN
        RETURN;
    END IF;
    INSERT INTO room_rates (room_type_id, name, first_night, last_night, weekdays, price_minor)
    VALUES (p_room_type, btrim(p_name), p_first, p_last, p_weekdays, p_price)
    RETURNING id INTO rate_id;
    repriced := boxoffice_reprice_nights(p_room_type, p_first, p_last);
    RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_set_room_rate(bigint, text, date, date, integer, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_set_room_rate(bigint, text, date, date, integer, bigint) TO boxoffice_clerk;

-- A manager removes a rule; its nights fall back to the next rule or the room type's price. No row when
-- there is no such rule.
CREATE FUNCTION boxoffice_remove_room_rate(p_rate bigint)
RETURNS TABLE (rate_id bigint, repriced integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    r room_rates%ROWTYPE;
BEGIN
    SELECT * INTO r FROM room_rates WHERE id = p_rate;
    IF NOT FOUND THEN
        IF NOT boxoffice_role_manages(session_user) THEN
            RAISE EXCEPTION 'only a manager may set room rates' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN;
    END IF;
    PERFORM boxoffice_lock_rates(r.room_type_id);
    DELETE FROM room_rates WHERE id = p_rate;
    IF NOT FOUND THEN
        RETURN; -- removed by another manager meanwhile
    END IF;
    rate_id := p_rate;
    repriced := boxoffice_reprice_nights(r.room_type_id, r.first_night, r.last_night);
    RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_remove_room_rate(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_remove_room_rate(bigint) TO boxoffice_clerk;

-- Everyone reads the rules (003 granted SELECT on the tables that existed then); nobody writes them but
-- through the functions above.
GRANT SELECT ON room_rates TO boxoffice_clerk;

-- ---------------------------------------------------------------- moves priced over the nights
-- As in 015, the new price is the sum of the new nights (read under their locks) instead of the room
-- type's price times the nights. Otherwise unchanged.
CREATE OR REPLACE FUNCTION boxoffice_move_stay_priced(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date,
                                           p_settle text, p_reason text, p_method text, p_tendered bigint,
                                           p_reference text)
RETURNS TABLE (outcome text, difference_minor bigint, charged_minor bigint, refunded_minor bigint,
               waived_minor bigint, refund_at_desk boolean, supplement_order bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    s stays%ROWTYPE;
    m record;
    wanted integer;
    new_price bigint;
    why text := btrim(COALESCE(p_reason, ''));
    mode text := upper(COALESCE(p_settle, 'NONE'));
    keep_dates boolean := upper(COALESCE(p_settle, '')) = 'OVERBOOKING' AND p_check_in IS NULL AND p_check_out IS NULL;
    new_in date := p_check_in;
    new_out date := p_check_out;
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff may move a stay' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF keep_dates THEN
        -- for the checks only; the dates moved are read again under the lock
        SELECT x.check_in, x.check_out INTO new_in, new_out FROM stays x WHERE x.id = p_stay;
    END IF;
    difference_minor := 0;
    charged_minor := 0;
    refunded_minor := 0;
    waived_minor := 0;
    refund_at_desk := true;
    outcome := boxoffice_move_checks(p_stay, p_room_type, new_in, new_out);
    IF outcome IS NOT NULL THEN
        RETURN NEXT;
        RETURN;
    END IF;
    s := boxoffice_lock_stay(p_stay, p_room_type, p_check_in, p_check_out);
    IF s.id IS NULL OR s.state NOT IN ('BOOKED', 'CHECKED_IN') THEN
        outcome := 'NOT_BOOKED';
        RETURN NEXT;
        RETURN;
    END IF;
    IF keep_dates THEN
        new_in := s.check_in;
        new_out := s.check_out;
    END IF;
    wanted := new_out - new_in;
    -- exact: every night involved is locked
    IF (SELECT count(*) FROM room_nights n
        WHERE n.room_type_id = p_room_type AND n.night >= new_in AND n.night < new_out
          AND n.booked - CASE WHEN n.room_type_id = s.room_type_id AND n.night >= s.check_in AND n.night < s.check_out
                              THEN 1 ELSE 0 END < n.capacity) < wanted THEN
        outcome := 'FULL';
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT * INTO m FROM boxoffice_stay_money(p_stay);
    new_price := boxoffice_stay_price(p_room_type, new_in, new_out);
    difference_minor := new_price - (m.line_minor + m.supplements_minor);
    refund_at_desk := NOT m.online;
    outcome := boxoffice_move_settlement_refused(difference_minor, m.paid_minor > 0, mode, why, p_method, p_tendered,
                                                 p_reference);
    IF outcome IS NOT NULL THEN
        RETURN NEXT;
        RETURN;
    END IF;

    UPDATE room_nights SET booked = booked - 1
    WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out;
    UPDATE room_nights SET booked = booked + 1
    WHERE room_type_id = p_room_type AND night >= new_in AND night < new_out;
    UPDATE stays SET room_type_id = p_room_type, check_in = new_in, check_out = new_out WHERE id = p_stay;

    IF difference_minor > 0 AND (mode IN ('WAIVE', 'OVERBOOKING')) THEN
        INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, reason)
        VALUES (m.order_id, 'WAIVED', difference_minor, m.currency, 'counter', why);
        waived_minor := difference_minor;
    ELSIF difference_minor <> 0 AND m.paid_minor = 0 THEN
        -- nothing taken yet: the new price is what the guest pays on departure
        UPDATE order_stay_lines SET amount_minor = new_price WHERE order_id = m.order_id AND stay_id = p_stay AND state = 'SOLD';
        UPDATE orders SET amount_minor = GREATEST(amount_minor + difference_minor, 0) WHERE id = m.order_id AND state = 'GUARANTEED';
    ELSIF difference_minor > 0 THEN
        supplement_order := boxoffice_charge_supplement(p_stay, m.currency, difference_minor, p_method, p_tendered,
                                                        p_reference, s, p_room_type, new_in, new_out);
        charged_minor := difference_minor;
    ELSIF difference_minor < 0 THEN
        refund_at_desk := boxoffice_refund_difference(p_stay, m.order_id, -difference_minor, why);
        refunded_minor := -difference_minor;
    END IF;
    outcome := 'OK';
    RETURN NEXT;
END
$$;

-- As in 018, with the new price seen compared with the sum of the new nights, read under their locks.
-- A rate change locks those nights too, so the 015 function above settles the same sum.
CREATE OR REPLACE FUNCTION boxoffice_move_stay_priced(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date,
                                           p_settle text, p_reason text, p_method text, p_tendered bigint,
                                           p_reference text, p_seen_price bigint, p_seen_new_price bigint,
                                           p_seen_paid bigint)
RETURNS TABLE (outcome text, difference_minor bigint, charged_minor bigint, refunded_minor bigint,
               waived_minor bigint, refund_at_desk boolean, supplement_order bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    s stays%ROWTYPE;
    m record;
    keep_dates boolean := p_check_in IS NULL AND p_check_out IS NULL;
    new_in date := p_check_in;
    new_out date := p_check_out;
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff may move a stay' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF keep_dates THEN
        -- for the checks only; the dates moved are those locked below
        SELECT x.check_in, x.check_out INTO new_in, new_out FROM stays x WHERE x.id = p_stay;
    END IF;
    -- Refusals that need no lock (no such stay, bad range, nights outside the calendar) are the 015
    -- function's to answer.
    IF boxoffice_move_checks(p_stay, p_room_type, new_in, new_out) IS NULL THEN
        s := boxoffice_lock_stay(p_stay, p_room_type, p_check_in, p_check_out);
        IF s.id IS NOT NULL AND s.state IN ('BOOKED', 'CHECKED_IN') THEN
            IF keep_dates THEN
                new_in := s.check_in;
                new_out := s.check_out;
            END IF;
            SELECT * INTO m FROM boxoffice_stay_money(p_stay);
            IF (m.line_minor + m.supplements_minor, m.paid_minor, boxoffice_stay_price(p_room_type, new_in, new_out))
               IS DISTINCT FROM (p_seen_price, p_seen_paid, p_seen_new_price) THEN
                outcome := 'MONEY_CHANGED';
                difference_minor := 0;
                charged_minor := 0;
                refunded_minor := 0;
                waived_minor := 0;
                refund_at_desk := true;
                RETURN NEXT;
                RETURN;
            END IF;
        END IF;
    END IF;
    RETURN QUERY SELECT * FROM boxoffice_move_stay_priced(p_stay, p_room_type, new_in, new_out, p_settle, p_reason,
                                                          p_method, p_tendered, p_reference);
END
$$;
