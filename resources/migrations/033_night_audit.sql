-- Cancellation policy, no-shows and the night audit (issue 14).
--
-- The policy is a manager's data per hotel. Its model, as hotels write it on a booking confirmation:
--   * free cancellation until `free_until_hours` hours before the arrival day's check-in time
--     (`check_in_time` on the arrival date, on the database's clock);
--   * after that deadline, a late-cancellation fee; and for a guest who never arrives, a no-show fee.
--     Each fee is one of NONE, FIRST_NIGHT (the stay's price divided by its nights, rounded down),
--     PERCENT (that share of the stay's price, 0..100, rounded down) or FIXED (an amount in minor units).
--     A fee is never more than the stay's price.
-- A hotel with no policy row cancels free of charge at any time and charges no no-show fee: the
-- behaviour before this migration.
--
-- A fee is money only when money can be taken: from what was paid (a prepaid stay keeps the fee and
-- gets the rest back), or, for a no-show of a stay booked on guarantee, from the card on file. A late
-- cancellation of a guaranteed stay that nobody paid for is not charged here (the desk cannot take a
-- card it does not hold the terminal for): it is free, as before.
--
-- The night audit closes a hotel's business day: every stay that should have arrived by that day and
-- did not is settled. Guaranteed and prepaid stays become NO_SHOW with the policy's no-show fee,
-- unpaid stays booked on nothing are cancelled; all their nights go back. One run per hotel and date,
-- in one transaction that locks orders (by id), then nights by (room type, night), then stays (by id):
-- the one lock order of every path. A second run of the same date waits for the first on the run's
-- unique key and then answers with the first run's report, charging nothing again.

ALTER TABLE stays DROP CONSTRAINT stays_state_check;
ALTER TABLE stays ADD CONSTRAINT stays_state_check
    CHECK (state IN ('HELD', 'BOOKED', 'EXPIRED', 'RELEASED', 'CANCELLED', 'CHECKED_IN', 'CHECKED_OUT', 'WALKED',
                     'NO_SHOW'));

CREATE TABLE hotel_cancellation_policies (
    hotel_id           bigint PRIMARY KEY REFERENCES hotels ON DELETE CASCADE,
    free_until_hours   integer NOT NULL DEFAULT 24 CHECK (free_until_hours BETWEEN 0 AND 8760),
    check_in_time      time NOT NULL DEFAULT '15:00',
    late_fee_kind      text NOT NULL DEFAULT 'FIRST_NIGHT'
                       CHECK (late_fee_kind IN ('NONE', 'FIRST_NIGHT', 'PERCENT', 'FIXED')),
    late_fee_value     bigint NOT NULL DEFAULT 0,
    no_show_fee_kind   text NOT NULL DEFAULT 'FIRST_NIGHT'
                       CHECK (no_show_fee_kind IN ('NONE', 'FIRST_NIGHT', 'PERCENT', 'FIXED')),
    no_show_fee_value  bigint NOT NULL DEFAULT 0,
    updated_by         text NOT NULL DEFAULT session_user,
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT late_fee_value_fits CHECK (CASE late_fee_kind WHEN 'PERCENT' THEN late_fee_value BETWEEN 0 AND 100
                                                             WHEN 'FIXED' THEN late_fee_value >= 0
                                                             ELSE late_fee_value = 0 END),
    CONSTRAINT no_show_fee_value_fits CHECK (CASE no_show_fee_kind WHEN 'PERCENT' THEN no_show_fee_value BETWEEN 0 AND 100
                                                                   WHEN 'FIXED' THEN no_show_fee_value >= 0
                                                                   ELSE no_show_fee_value = 0 END)
);
GRANT SELECT ON hotel_cancellation_policies TO boxoffice_clerk;
GRANT INSERT, UPDATE, DELETE ON hotel_cancellation_policies TO boxoffice_manager;

-- A fee of a kind over a stay's price and nights, never more than the price.
CREATE FUNCTION boxoffice_policy_fee(p_kind text, p_value bigint, p_price bigint, p_nights integer) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
    SELECT GREATEST(LEAST(p_price, CASE p_kind WHEN 'FIRST_NIGHT' THEN p_price / GREATEST(p_nights, 1)
                                               WHEN 'PERCENT' THEN p_price * p_value / 100
                                               WHEN 'FIXED' THEN p_value
                                               ELSE 0 END), 0)
$$;
GRANT EXECUTE ON FUNCTION boxoffice_policy_fee(text, bigint, bigint, integer) TO boxoffice_clerk;

-- What the policy says for one stay now: the deadline for a free cancellation (none without a policy),
-- whether it has passed, the fee a cancellation now carries and the no-show fee, over the stay's price
-- (its line plus supplements).
CREATE FUNCTION boxoffice_cancellation_terms(p_stay bigint)
RETURNS TABLE (has_policy boolean, free_until timestamptz, late boolean, cancel_fee_minor bigint,
               no_show_fee_minor bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT p.hotel_id IS NOT NULL,
           CAST(s.check_in + p.check_in_time AS timestamptz) - make_interval(hours => p.free_until_hours),
           COALESCE(now() >= CAST(s.check_in + p.check_in_time AS timestamptz)
                             - make_interval(hours => p.free_until_hours), false),
           CASE WHEN now() >= CAST(s.check_in + p.check_in_time AS timestamptz) - make_interval(hours => p.free_until_hours)
                THEN boxoffice_policy_fee(p.late_fee_kind, p.late_fee_value, m.line_minor + m.supplements_minor,
                                          s.check_out - s.check_in)
                ELSE 0 END,
           COALESCE(boxoffice_policy_fee(p.no_show_fee_kind, p.no_show_fee_value, m.line_minor + m.supplements_minor,
                                         s.check_out - s.check_in), 0)
    FROM stays s
    JOIN room_types rt ON rt.id = s.room_type_id
    LEFT JOIN hotel_cancellation_policies p ON p.hotel_id = rt.hotel_id
    CROSS JOIN LATERAL boxoffice_stay_money(s.id) m
    WHERE s.id = p_stay
$$;
REVOKE ALL ON FUNCTION boxoffice_cancellation_terms(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_cancellation_terms(bigint) TO boxoffice_clerk;

-- The desk's cancel (018), now bound by the policy: with a policy, the fee kept is at most what the
-- policy asks at this moment (nothing before the deadline), and never more than was paid (015). Less
-- than the policy's fee is a manager's waiver, with the reason every paid cancel already needs.
CREATE OR REPLACE FUNCTION boxoffice_cancel_stay(p_stay bigint, p_fee bigint, p_reason text, p_seen_paid bigint)
RETURNS TABLE (outcome text, nights integer, refunded_minor bigint, fee_minor bigint, refund_at_desk boolean,
               order_state text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    s stays%ROWTYPE;
    paid bigint;
    terms record;
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff may cancel a stay' USING ERRCODE = 'insufficient_privilege';
    END IF;
    s := boxoffice_lock_stay(p_stay, NULL, NULL, NULL);
    IF s.id IS NOT NULL AND s.state IN ('HELD', 'BOOKED') THEN
        SELECT m.paid_minor INTO paid FROM boxoffice_stay_money(p_stay) m;
        IF paid IS DISTINCT FROM p_seen_paid THEN
            IF paid > 0 AND NOT boxoffice_role_manages(session_user) THEN
                RAISE EXCEPTION 'only a manager may cancel a paid stay' USING ERRCODE = 'insufficient_privilege',
                    HINT = 'Ask a manager: they refund it, or keep a fee and refund the rest.';
            END IF;
            outcome := 'MONEY_CHANGED';
        ELSE
            SELECT * INTO terms FROM boxoffice_cancellation_terms(p_stay);
            IF terms.has_policy AND COALESCE(p_fee, 0) > terms.cancel_fee_minor THEN
                outcome := 'BAD_FEE';
            END IF;
        END IF;
        IF outcome IS NOT NULL THEN
            nights := 0;
            refunded_minor := 0;
            fee_minor := 0;
            refund_at_desk := true;
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
    RETURN QUERY SELECT * FROM boxoffice_cancel_stay(p_stay, p_fee, p_reason);
END
$$;

-- A stay that did not show kept no sold line: its money was kept as a fee, refunded or never taken.
CREATE FUNCTION boxoffice_no_show_is_settled() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM stays WHERE id = NEW.id AND state = 'NO_SHOW')
       AND EXISTS (SELECT 1 FROM order_stay_lines WHERE stay_id = NEW.id AND state = 'SOLD') THEN
        RAISE EXCEPTION 'stay % did not show but its order line is still sold: keep a fee or refund it', NEW.id
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER stays_no_show_settled AFTER UPDATE OF state ON stays
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.state = 'NO_SHOW')
    EXECUTE FUNCTION boxoffice_no_show_is_settled();

-- One run per hotel and business date, with the day's figures as they stood when it ran, so the
-- report prints the same tomorrow.
CREATE TABLE night_audit_runs (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    hotel_id             bigint NOT NULL REFERENCES hotels ON DELETE CASCADE,
    business_date        date NOT NULL,
    run_by               text NOT NULL DEFAULT session_user,
    run_at               timestamptz NOT NULL DEFAULT now(),
    currency             char(3) NOT NULL,
    no_shows             integer NOT NULL DEFAULT 0,
    cancellations        integer NOT NULL DEFAULT 0,
    fees_minor           bigint NOT NULL DEFAULT 0,
    refunded_minor       bigint NOT NULL DEFAULT 0,
    nights_released      integer NOT NULL DEFAULT 0,
    arrivals             integer NOT NULL DEFAULT 0,
    departures           integer NOT NULL DEFAULT 0,
    in_house             integer NOT NULL DEFAULT 0,
    rooms                integer NOT NULL DEFAULT 0,
    room_revenue_minor   bigint NOT NULL DEFAULT 0,
    UNIQUE (hotel_id, business_date)
);

-- What the run did to each stay. A stay is settled by one audit only.
CREATE TABLE night_audit_stays (
    run_id           bigint NOT NULL REFERENCES night_audit_runs ON DELETE CASCADE,
    stay_id          bigint NOT NULL UNIQUE REFERENCES stays,
    reference        text NOT NULL,
    guest            text NOT NULL DEFAULT '',
    room_type        text NOT NULL,
    check_in         date NOT NULL,
    check_out        date NOT NULL,
    action           text NOT NULL CHECK (action IN ('NO_SHOW', 'CANCELLED')),
    secured_by       text NOT NULL CHECK (secured_by IN ('GUARANTEE', 'PREPAID', 'NOTHING')),
    fee_minor        bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
    refunded_minor   bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0),
    nights_released  integer NOT NULL DEFAULT 0,
    note             text NOT NULL DEFAULT '',
    PRIMARY KEY (run_id, stay_id)
);
GRANT SELECT ON night_audit_runs, night_audit_stays TO boxoffice_clerk;

-- Settles one stay that did not arrive; the caller holds its order, nights and stay row. Answers what
-- it did as a night_audit_stays row (without run_id).
CREATE FUNCTION boxoffice_audit_no_show(p_run bigint, p_stay stays)
RETURNS void
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    m record;
    terms record;
    card text;
    fee bigint := 0;
    refunded bigint := 0;
    released integer;
    secured text;
    action text;
    note text := '';
    settled record;
    others boolean;
BEGIN
    SELECT * INTO m FROM boxoffice_stay_money(p_stay.id);
    SELECT * INTO terms FROM boxoffice_cancellation_terms(p_stay.id);
    SELECT c.reference INTO card FROM counter_payments c WHERE c.order_id = p_stay.order_id AND c.method = 'guarantee';
    IF m.paid_minor > 0 THEN
        secured := 'PREPAID';
        action := 'NO_SHOW';
        fee := LEAST(terms.no_show_fee_minor, m.paid_minor - m.supplements_minor);
        settled := boxoffice_settle_ended_stay(p_stay.id, fee, 'no-show on ' || p_stay.check_in || ', night audit');
        refunded := settled.refunded;
    ELSIF m.order_state = 'GUARANTEED' AND card IS NOT NULL THEN
        secured := 'GUARANTEE';
        action := 'NO_SHOW';
        fee := terms.no_show_fee_minor;
        others := EXISTS (SELECT 1 FROM order_stay_lines WHERE order_id = p_stay.order_id AND stay_id <> p_stay.id AND state = 'SOLD')
               OR EXISTS (SELECT 1 FROM order_lines WHERE order_id = p_stay.order_id AND state = 'SOLD')
               OR EXISTS (SELECT 1 FROM order_pool_lines WHERE order_id = p_stay.order_id AND state = 'SOLD')
               OR EXISTS (SELECT 1 FROM order_slot_lines WHERE order_id = p_stay.order_id AND state = 'SOLD');
        IF fee > 0 AND others THEN
            -- the order's one settlement is still to come for its other units: the fee cannot be taken
            -- on it now, and is left to the desk
            note := 'fee of ' || fee || ' not charged: the order holds other bookings';
            fee := 0;
        END IF;
        IF fee > 0 THEN
            -- the guarantee's settlement, taken from the card on file, kept whole as the fee
            INSERT INTO counter_payments (order_id, method, amount_minor, reference) VALUES (p_stay.order_id, 'card', fee, card);
        END IF;
        settled := boxoffice_settle_ended_stay(p_stay.id, fee, 'no-show fee on ' || p_stay.check_in || ', night audit');
        refunded := settled.refunded;
    ELSE
        secured := 'NOTHING';
        action := 'CANCELLED';
        settled := boxoffice_settle_ended_stay(p_stay.id, 0, 'not guaranteed, did not arrive: night audit');
        refunded := settled.refunded;
    END IF;
    UPDATE room_nights SET booked = booked - 1
    WHERE room_type_id = p_stay.room_type_id AND night >= p_stay.check_in AND night < p_stay.check_out;
    GET DIAGNOSTICS released = ROW_COUNT;
    UPDATE stays SET state = action, expires_at = NULL WHERE id = p_stay.id;
    INSERT INTO night_audit_stays (run_id, stay_id, reference, guest, room_type, check_in, check_out, action, secured_by,
                                   fee_minor, refunded_minor, nights_released, note)
    VALUES (p_run, p_stay.id, p_stay.reference, COALESCE(p_stay.guest_name, ''),
            (SELECT code FROM room_types WHERE id = p_stay.room_type_id), p_stay.check_in, p_stay.check_out, action,
            secured, fee, refunded, released, note);
END
$$;
REVOKE ALL ON FUNCTION boxoffice_audit_no_show(bigint, stays) FROM PUBLIC;

-- The night audit of a hotel's business date (today or earlier on the database's clock): a manager's,
-- or the schema owner's (the worker, boxoffice-ctl). Answers the run's id and whether it ran now
-- (false: it had run before, and nothing was done again). FUTURE_DATE and NOT_FOUND are raised.
CREATE FUNCTION boxoffice_night_audit(p_hotel bigint, p_date date)
RETURNS TABLE (run_id bigint, ran_now boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    run bigint;
    cur char(3);
    seen stays[];
    s stays%ROWTYPE;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may run the night audit' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    SELECT currency INTO cur FROM hotels WHERE id = p_hotel;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'hotel % does not exist', p_hotel USING ERRCODE = 'no_data_found';
    END IF;
    IF p_date IS NULL OR p_date > current_date THEN
        RAISE EXCEPTION 'the night audit closes a day that has begun, not %', p_date USING ERRCODE = 'BXFUT';
    END IF;
    -- the run's key first: a concurrent run of the same day waits here until this one commits
    INSERT INTO night_audit_runs (hotel_id, business_date, currency) VALUES (p_hotel, p_date, cur)
    ON CONFLICT (hotel_id, business_date) DO NOTHING
    RETURNING id INTO run;
    IF run IS NULL THEN
        RETURN QUERY SELECT r.id, false FROM night_audit_runs r WHERE r.hotel_id = p_hotel AND r.business_date = p_date;
        RETURN;
    END IF;

    SELECT array_agg(x ORDER BY x.id) INTO seen
    FROM stays x JOIN room_types rt ON rt.id = x.room_type_id
    WHERE rt.hotel_id = p_hotel AND x.state = 'BOOKED' AND x.check_in <= p_date;
    IF seen IS NOT NULL THEN
        PERFORM 1 FROM orders
        WHERE id IN (SELECT x.order_id FROM unnest(seen) x)
           OR id IN (SELECT order_id FROM order_supplement_lines WHERE stay_id IN (SELECT x.id FROM unnest(seen) x))
        ORDER BY id FOR UPDATE;
        PERFORM 1 FROM room_nights n
        WHERE EXISTS (SELECT 1 FROM unnest(seen) x WHERE x.room_type_id = n.room_type_id
                                                     AND n.night >= x.check_in AND n.night < x.check_out)
        ORDER BY n.room_type_id, n.night FOR UPDATE;
        PERFORM 1 FROM stays WHERE id IN (SELECT x.id FROM unnest(seen) x) ORDER BY id FOR UPDATE;
        -- under the locks: a stay checked in, cancelled or moved since it was read is left alone (a
        -- moved stay's new nights are not locked here; it is the next run's if it is still due)
        FOR s IN SELECT now_.* FROM unnest(seen) was JOIN stays now_ ON now_.id = was.id
                 WHERE now_.state = 'BOOKED'
                   AND (now_.room_type_id, now_.check_in, now_.check_out, now_.order_id)
                       = (was.room_type_id, was.check_in, was.check_out, was.order_id)
                 ORDER BY now_.id LOOP
            PERFORM boxoffice_audit_no_show(run, s);
        END LOOP;
    END IF;

    UPDATE night_audit_runs r SET
        no_shows = (SELECT count(*) FROM night_audit_stays a WHERE a.run_id = run AND a.action = 'NO_SHOW'),
        cancellations = (SELECT count(*) FROM night_audit_stays a WHERE a.run_id = run AND a.action = 'CANCELLED'),
        fees_minor = (SELECT COALESCE(sum(fee_minor), 0) FROM night_audit_stays a WHERE a.run_id = run),
        refunded_minor = (SELECT COALESCE(sum(a.refunded_minor), 0) FROM night_audit_stays a WHERE a.run_id = run),
        nights_released = (SELECT COALESCE(sum(a.nights_released), 0) FROM night_audit_stays a WHERE a.run_id = run),
        arrivals = (SELECT count(*) FROM stays x JOIN room_types rt ON rt.id = x.room_type_id
                    WHERE rt.hotel_id = p_hotel AND x.check_in = p_date AND x.state IN ('CHECKED_IN', 'CHECKED_OUT')),
        departures = (SELECT count(*) FROM stays x JOIN room_types rt ON rt.id = x.room_type_id
                      WHERE rt.hotel_id = p_hotel AND x.check_out = p_date AND x.state IN ('CHECKED_IN', 'CHECKED_OUT')),
        in_house = (SELECT count(*) FROM stays x JOIN room_types rt ON rt.id = x.room_type_id
                    WHERE rt.hotel_id = p_hotel AND x.check_in <= p_date AND x.check_out > p_date
                      AND x.state IN ('CHECKED_IN', 'CHECKED_OUT')),
        rooms = (SELECT COALESCE(sum(n.physical), 0) FROM room_nights n JOIN room_types rt ON rt.id = n.room_type_id
                 WHERE rt.hotel_id = p_hotel AND n.night = p_date),
        -- a night's share of each in-house stay's price
        room_revenue_minor = (SELECT COALESCE(sum(l.amount_minor / (x.check_out - x.check_in)), 0)
                              FROM stays x JOIN room_types rt ON rt.id = x.room_type_id
                              JOIN order_stay_lines l ON l.stay_id = x.id AND l.order_id = x.order_id AND l.state = 'SOLD'
                              WHERE rt.hotel_id = p_hotel AND x.check_in <= p_date AND x.check_out > p_date
                                AND x.state IN ('CHECKED_IN', 'CHECKED_OUT'))
    WHERE r.id = run;
    RETURN QUERY SELECT run, true;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_night_audit(bigint, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_night_audit(bigint, date) TO boxoffice_clerk;
