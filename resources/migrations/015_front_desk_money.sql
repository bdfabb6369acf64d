-- The front desk's money through the order ledger. A stay that was paid for is cancelled only by a
-- manager, with its money refunded or a fee kept; a walked guest is refunded; moving a stay settles its
-- price difference: a supplement charged at the counter on a small order of its own (one captured
-- charge per order stays true), a refund when the new stay is cheaper, or a manager's waiver, a ledger
-- row that moves no money. Clerks are refused here, whatever the desktop sends.
--
-- Lock order, as everywhere: order rows (by id), then hotel nights by (room type, night), then the stay.

-- A waiver: the guest gets more than was paid for (an upgrade, a dearer room at the old price). No money
-- moves, so it stays outside the balance (captured - refunded = delivered + fees), but it is recorded
-- with its reason and its manager like every other decision about money.
ALTER TABLE order_ledger DROP CONSTRAINT order_ledger_entry_check;
ALTER TABLE order_ledger ADD CONSTRAINT order_ledger_entry_check
    CHECK (entry IN ('CHARGE_ATTEMPTED', 'CAPTURED', 'REFUND_DUE', 'REFUND_DONE', 'REFUND_FAILED', 'FEE_KEPT',
                     'COMPENSATION_PAID', 'WAIVED'));

CREATE OR REPLACE VIEW order_money AS
SELECT o.id AS order_id, o.state, o.currency,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'CAPTURED'), 0) AS captured_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_DUE'), 0)
         - COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_FAILED'), 0) AS refunded_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'FEE_KEPT'), 0) AS fees_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'COMPENSATION_PAID'), 0) AS compensation_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'WAIVED'), 0) AS waived_minor
FROM orders o LEFT JOIN order_ledger l ON l.order_id = o.id
GROUP BY o.id;

-- A stay cancelled before anything was paid for it: its line is CANCELLED, not REFUNDED (nothing went back).
ALTER TABLE order_stay_lines DROP CONSTRAINT order_stay_lines_state_check;
ALTER TABLE order_stay_lines ADD CONSTRAINT order_stay_lines_state_check
    CHECK (state IN ('PENDING', 'SOLD', 'LOST', 'REFUNDED', 'CANCELLED'));

-- The price difference of a stay moved to a dearer room, charged at the counter. It is the only line of
-- its own order, so that order has its own single capture; it belongs to the stay and goes back with it.
CREATE TABLE order_supplement_lines (
    order_id      bigint NOT NULL REFERENCES orders,
    stay_id       bigint NOT NULL REFERENCES stays,
    amount_minor  bigint NOT NULL CHECK (amount_minor > 0),
    state         text NOT NULL DEFAULT 'SOLD' CHECK (state IN ('SOLD', 'REFUNDED')),
    reason        text NOT NULL CHECK (reason <> ''),
    PRIMARY KEY (order_id, stay_id)
);
CREATE INDEX order_supplement_lines_by_stay ON order_supplement_lines (stay_id);
GRANT SELECT ON order_supplement_lines TO boxoffice_clerk;

-- A PAID order delivers at least one unit; a supplement counts as what its order delivers.
CREATE OR REPLACE FUNCTION boxoffice_paid_order_delivers() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    o bigint;
BEGIN
    IF TG_TABLE_NAME = 'orders' THEN
        o := NEW.id;
    ELSE
        o := NEW.order_id;
    END IF;
    IF EXISTS (SELECT 1 FROM orders WHERE id = o AND state = 'PAID')
       AND NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = o AND state = 'SOLD')
       AND NOT EXISTS (SELECT 1 FROM order_pool_lines WHERE order_id = o AND state = 'SOLD')
       AND NOT EXISTS (SELECT 1 FROM order_stay_lines WHERE order_id = o AND state = 'SOLD')
       AND NOT EXISTS (SELECT 1 FROM order_slot_lines WHERE order_id = o AND state = 'SOLD')
       AND NOT EXISTS (SELECT 1 FROM order_supplement_lines WHERE order_id = o AND state = 'SOLD') THEN
        RAISE EXCEPTION 'order % is PAID but delivers no unit', o USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER order_supplement_lines_paid_delivers AFTER UPDATE OF state ON order_supplement_lines
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.state = 'SOLD' AND NEW.state <> 'SOLD')
    EXECUTE FUNCTION boxoffice_paid_order_delivers();

-- Who may decide about money: a manager, or the schema's owner (the functions below run as the owner,
-- so inside them, current_user passes and session_user is still the person signed in).
CREATE FUNCTION boxoffice_role_manages(p_role name) RETURNS boolean
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT pg_has_role(p_role, 'boxoffice_manager', 'MEMBER')
        OR EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_role AND rolsuper)
        OR p_role = (SELECT tableowner FROM pg_tables WHERE tablename = 'stays' AND schemaname = 'public')
$$;

-- Ending a booked stay (cancel, walk, refund) decides about its money, so a clerk's own UPDATE, from a
-- tampered desktop or typed by hand, is refused; the desk goes through boxoffice_cancel_stay. Not a
-- SECURITY DEFINER function on purpose: current_user is the caller, or the owner inside those functions.
CREATE FUNCTION boxoffice_refuse_clerk_ending_stay() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    stay bigint;
BEGIN
    IF boxoffice_role_manages(current_user) THEN
        RETURN NEW;
    END IF;
    -- (a record's fields are resolved when read, so each table's key is read in its own branch)
    IF TG_TABLE_NAME = 'stays' THEN
        stay := OLD.id;
    ELSE
        stay := OLD.stay_id;
    END IF;
    RAISE EXCEPTION 'stay % is booked: it is cancelled at the front desk, a paid one by a manager', stay
        USING ERRCODE = 'insufficient_privilege', HINT = 'Ask a manager to sign in.';
END
$$;
CREATE TRIGGER stays_ended_by_the_desk BEFORE UPDATE OF state ON stays
    FOR EACH ROW WHEN (OLD.state IN ('BOOKED', 'CHECKED_IN') AND NEW.state NOT IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT'))
    EXECUTE FUNCTION boxoffice_refuse_clerk_ending_stay();

-- A sold stay line is given up only with its money settled: by a manager or the functions below.
CREATE TRIGGER order_stay_lines_settled_by_the_desk BEFORE UPDATE OF state ON order_stay_lines
    FOR EACH ROW WHEN (OLD.state = 'SOLD' AND NEW.state <> 'SOLD')
    EXECUTE FUNCTION boxoffice_refuse_clerk_ending_stay();

-- A stay that ended without being delivered has no line still sold: its money was refunded, kept as a
-- fee or never taken. Checked at commit, so one transaction may settle the line after the stay.
CREATE FUNCTION boxoffice_ended_stay_is_settled() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM stays WHERE id = NEW.id AND state IN ('CANCELLED', 'WALKED'))
       AND EXISTS (SELECT 1 FROM order_stay_lines WHERE stay_id = NEW.id AND state = 'SOLD') THEN
        RAISE EXCEPTION 'stay % ended but its order line is still sold: refund it or keep a fee', NEW.id
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER stays_ended_settled AFTER UPDATE OF state ON stays
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.state IN ('CANCELLED', 'WALKED'))
    EXECUTE FUNCTION boxoffice_ended_stay_is_settled();

-- What a stay's money is: its line on its order, what of it was paid (money taken on that order and still
-- held; an order confirmed without any payment carries none), its supplements, and whether a refund goes
-- through the provider. Read by the desk before it asks, and by the functions below.
CREATE FUNCTION boxoffice_stay_money(p_stay bigint)
RETURNS TABLE (order_id bigint, order_state text, currency char(3), line_minor bigint, supplements_minor bigint,
               paid_minor bigint, online boolean)
LANGUAGE sql STABLE SET search_path = public AS $$
    WITH s AS (
        SELECT id, order_id FROM stays WHERE id = p_stay
    ), line AS (
        SELECT COALESCE(sum(l.amount_minor), 0) AS amount
        FROM order_stay_lines l JOIN s ON l.stay_id = s.id AND l.order_id = s.order_id WHERE l.state = 'SOLD'
    ), supplement AS (
        SELECT COALESCE(sum(amount_minor), 0) AS amount FROM order_supplement_lines WHERE stay_id = p_stay AND state = 'SOLD'
    ), held AS (
        -- as order_money counts it, for this one order (through the ledger's index, not the whole view)
        SELECT GREATEST(COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'CAPTURED'), 0)
                        - COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_DUE'), 0)
                        + COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_FAILED'), 0)
                        - COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'FEE_KEPT'), 0), 0) AS amount
        FROM order_ledger l JOIN s ON l.order_id = s.order_id
    )
    SELECT s.order_id, o.state, o.currency, line.amount, supplement.amount,
           LEAST(line.amount, COALESCE((SELECT amount FROM held), 0)) + supplement.amount,
           EXISTS (SELECT 1 FROM payments p WHERE p.order_id = s.order_id AND p.state = 'SUCCEEDED')
    FROM s LEFT JOIN orders o ON o.id = s.order_id CROSS JOIN line CROSS JOIN supplement
$$;
REVOKE ALL ON FUNCTION boxoffice_stay_money(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_stay_money(bigint) TO boxoffice_clerk;

-- Locks what a change of a stay touches, in the one order every path uses: the stay's orders (its own,
-- its supplements'), its nights and, for a move, the new nights (widened to the whole of every lapsed
-- hold overlapping them), by (room type, night), then the stay.
-- The stay is read unlocked first to know what to lock. If a concurrent change moved it meanwhile, the
-- rows locked are not its rows: the attempt is undone (its subtransaction, so its locks go with it) and
-- run again from a fresh read, rather than locking more rows out of order. Ten attempts in a row losing
-- to other changes answer 40001: nothing changed, try again.
-- For a move, holds that ran out on the new nights are given back under those locks, as a claim does
-- (lazy expiry, boxoffice_expire_stays from 013): a lapsed hold never makes a night look full.
-- A move with a room type but no dates (a manager's move or upgrade) keeps the stay's own dates: those
-- of the attempt that locked it, so a concurrent change of dates is never undone from a stale read.
CREATE FUNCTION boxoffice_lock_stay(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date)
RETURNS stays
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    seen stays%ROWTYPE;
    locked stays%ROWTYPE;
    first_night date;
    after_last date;
    target_in date;
    target_out date;
BEGIN
    FOR attempt IN 1..10 LOOP
        BEGIN
            SELECT * INTO seen FROM stays WHERE id = p_stay;
            IF NOT FOUND THEN
                RETURN NULL;
            END IF;
            target_in := COALESCE(p_check_in, CASE WHEN p_room_type IS NOT NULL THEN seen.check_in END);
            target_out := COALESCE(p_check_out, CASE WHEN p_room_type IS NOT NULL THEN seen.check_out END);
            PERFORM 1 FROM orders
            WHERE id = seen.order_id OR id IN (SELECT order_id FROM order_supplement_lines WHERE stay_id = p_stay)
            ORDER BY id FOR UPDATE;
            -- An expired hold is given back whole, so all its nights are locked, not only the overlap.
            first_night := target_in;
            after_last := target_out;
            IF p_room_type IS NOT NULL THEN
                SELECT LEAST(target_in, min(x.check_in)), GREATEST(target_out, max(x.check_out))
                INTO first_night, after_last
                FROM stays x
                WHERE x.room_type_id = p_room_type AND x.state = 'HELD' AND x.expires_at <= now()
                  AND x.check_in < target_out AND x.check_out > target_in;
            END IF;
            PERFORM 1 FROM room_nights
            WHERE (room_type_id = seen.room_type_id AND night >= seen.check_in AND night < seen.check_out)
               OR (room_type_id = p_room_type AND night >= first_night AND night < after_last)
            ORDER BY room_type_id, night FOR UPDATE;
            SELECT * INTO locked FROM stays WHERE id = p_stay FOR UPDATE;
            IF (locked.room_type_id, locked.check_in, locked.check_out, locked.order_id)
               IS DISTINCT FROM (seen.room_type_id, seen.check_in, seen.check_out, seen.order_id) THEN
                RAISE EXCEPTION 'stay % changed while it was being locked', p_stay USING ERRCODE = 'BXMOV';
            END IF;
            IF p_room_type IS NOT NULL THEN
                -- only holds lying wholly inside the nights locked above are given back
                PERFORM boxoffice_expire_stays(p_room_type, target_in, target_out, first_night, after_last);
            END IF;
            RETURN locked;
        EXCEPTION
            -- undone with its locks; read where the stay is now and lock again
            WHEN SQLSTATE 'BXMOV' THEN
                NULL;
        END;
    END LOOP;
    RAISE EXCEPTION 'stay % kept changing while it was being locked; try again', p_stay
        USING ERRCODE = 'serialization_failure';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_lock_stay(bigint, bigint, date, date) FROM PUBLIC;

-- Money taken for an order goes back: through the provider when it came through the provider (the refund
-- is DUE until the provider confirms it), at the counter, now, otherwise. Answers true for the counter.
CREATE FUNCTION boxoffice_refund_order_money(p_order bigint, p_amount bigint, p_reason text) RETURNS boolean
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    pay bigint;
    n integer;
    refund bigint;
BEGIN
    SELECT id INTO pay FROM payments WHERE order_id = p_order AND state = 'SUCCEEDED';
    IF p_amount <= 0 THEN
        RETURN pay IS NULL;
    END IF;
    -- numbered as the manager's refunds are, under the order's lock the caller holds
    SELECT count(*) + 1 INTO n FROM refunds WHERE order_id = p_order;
    INSERT INTO refunds (order_id, payment_id, amount_minor, reason, idempotency_key)
    VALUES (p_order, pay, p_amount, p_reason, 'order-' || p_order || '-refund-' || n)
    RETURNING id INTO refund;
    IF pay IS NULL THEN
        UPDATE refunds SET state = 'SUCCEEDED', done_at = now() WHERE id = refund;
        UPDATE orders SET refunded_minor = refunded_minor + p_amount WHERE id = p_order;
    END IF;
    RETURN pay IS NULL;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_refund_order_money(bigint, bigint, text) FROM PUBLIC;

-- A stay's supplements go back with it, whatever ended it (a cancel, a walk, a manager's refund of the
-- order): each refunded in full on its own order, which then has nothing left and is REFUNDED.
CREATE FUNCTION boxoffice_refund_supplements(p_stay bigint, p_reason text) RETURNS bigint
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    sup record;
    total bigint := 0;
BEGIN
    FOR sup IN SELECT order_id, amount_minor FROM order_supplement_lines
               WHERE stay_id = p_stay AND state = 'SOLD' ORDER BY order_id LOOP
        PERFORM boxoffice_refund_order_money(sup.order_id, sup.amount_minor, p_reason);
        UPDATE order_supplement_lines SET state = 'REFUNDED' WHERE order_id = sup.order_id AND stay_id = p_stay;
        UPDATE orders SET state = 'REFUNDED' WHERE id = sup.order_id AND state = 'PAID';
        total := total + sup.amount_minor;
    END LOOP;
    RETURN total;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_refund_supplements(bigint, text) FROM PUBLIC;

CREATE FUNCTION boxoffice_stay_supplements_go_back() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    PERFORM boxoffice_refund_supplements(NEW.id, 'the stay ended: its supplement goes back with it');
    RETURN NULL;
END
$$;
CREATE TRIGGER stays_supplements_go_back AFTER UPDATE OF state ON stays
    FOR EACH ROW WHEN (OLD.state IN ('BOOKED', 'CHECKED_IN') AND NEW.state IN ('CANCELLED', 'WALKED'))
    EXECUTE FUNCTION boxoffice_stay_supplements_go_back();

-- The money of a stay that ends undelivered (cancelled or walked), decided by the caller: the fee kept
-- (a manager's, through boxoffice_keep_fee) and the rest of what was paid refunded, the line REFUNDED;
-- or, when nothing was taken, the line CANCELLED and the order asks nothing more for it. Supplements go
-- back too. The order ends (REFUNDED, or CANCELLED when it never held money) once nothing of it is left.
-- The caller holds the locks (boxoffice_lock_stay).
CREATE FUNCTION boxoffice_settle_ended_stay(p_stay bigint, p_fee bigint, p_reason text,
                                            OUT refunded bigint, OUT at_desk boolean, OUT order_after text)
LANGUAGE plpgsql SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    m record;
    took_money boolean;
BEGIN
    SELECT * INTO m FROM boxoffice_stay_money(p_stay);
    took_money := EXISTS (SELECT 1 FROM order_ledger WHERE order_id = m.order_id AND entry = 'CAPTURED');
    refunded := 0;
    at_desk := NOT m.online;
    IF m.paid_minor - m.supplements_minor > 0 THEN
        IF p_fee > 0 THEN
            PERFORM boxoffice_keep_fee(m.order_id, p_fee, p_reason);
        END IF;
        refunded := m.paid_minor - m.supplements_minor - p_fee;
        at_desk := boxoffice_refund_order_money(m.order_id, refunded, p_reason);
        UPDATE order_stay_lines SET state = 'REFUNDED' WHERE order_id = m.order_id AND stay_id = p_stay AND state = 'SOLD';
    ELSE
        UPDATE order_stay_lines SET state = 'CANCELLED' WHERE order_id = m.order_id AND stay_id = p_stay AND state = 'SOLD';
        -- what the guest pays on departure is what the order still holds
        UPDATE orders SET amount_minor = GREATEST(amount_minor - m.line_minor, 0) WHERE id = m.order_id AND state = 'GUARANTEED';
    END IF;
    refunded := refunded + boxoffice_refund_supplements(p_stay, p_reason);
    UPDATE orders o
    SET state = CASE WHEN took_money THEN 'REFUNDED' ELSE 'CANCELLED' END,
        paid_at = CASE WHEN took_money THEN o.paid_at END
    WHERE o.id = m.order_id AND o.state IN ('PAID', 'GUARANTEED')
      AND NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = o.id AND state = 'SOLD')
      AND NOT EXISTS (SELECT 1 FROM order_pool_lines WHERE order_id = o.id AND state = 'SOLD')
      AND NOT EXISTS (SELECT 1 FROM order_stay_lines WHERE order_id = o.id AND state = 'SOLD')
      AND NOT EXISTS (SELECT 1 FROM order_slot_lines WHERE order_id = o.id AND state = 'SOLD')
      AND NOT EXISTS (SELECT 1 FROM order_supplement_lines WHERE order_id = o.id AND state = 'SOLD');
    SELECT state INTO order_after FROM orders WHERE id = m.order_id;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_settle_ended_stay(bigint, bigint, text) FROM PUBLIC;

-- Cancelling a stay at the desk, the one way to do it. Held, or booked with nothing taken (a guarantee):
-- anyone at the desk; its nights go back. Paid: a manager, with a reason, keeping `p_fee` (0: none) and
-- refunding the rest; a clerk is refused (42501). Nights locked in date order before the stay row.
-- Answers OK, NOT_FOUND, NOT_BOOKED, CHECKED_IN (the guest is here: check out instead), NEEDS_REASON,
-- BAD_FEE (negative, or more than was paid) or NOTHING_TAKEN (a fee on a stay nobody paid for).
CREATE FUNCTION boxoffice_cancel_stay(p_stay bigint, p_fee bigint, p_reason text)
RETURNS TABLE (outcome text, nights integer, refunded_minor bigint, fee_minor bigint, refund_at_desk boolean,
               order_state text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    s stays%ROWTYPE;
    m record;
    settled record;
    why text := btrim(COALESCE(p_reason, ''));
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff may cancel a stay' USING ERRCODE = 'insufficient_privilege';
    END IF;
    nights := 0;
    refunded_minor := 0;
    fee_minor := 0;
    refund_at_desk := true;
    IF p_fee IS NULL OR p_fee < 0 THEN
        outcome := 'BAD_FEE';
        RETURN NEXT;
        RETURN;
    END IF;
    s := boxoffice_lock_stay(p_stay, NULL, NULL, NULL);
    IF s.id IS NULL THEN
        outcome := 'NOT_FOUND';
    ELSIF s.state = 'CHECKED_IN' THEN
        outcome := 'CHECKED_IN';
    ELSIF s.state NOT IN ('HELD', 'BOOKED') THEN
        outcome := 'NOT_BOOKED';
    END IF;
    IF outcome IS NOT NULL THEN
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT * INTO m FROM boxoffice_stay_money(p_stay);
    IF m.paid_minor > 0 THEN
        IF NOT boxoffice_role_manages(session_user) THEN
            RAISE EXCEPTION 'only a manager may cancel a paid stay' USING ERRCODE = 'insufficient_privilege',
                HINT = 'Ask a manager: they refund it, or keep a fee and refund the rest.';
        END IF;
        IF why = '' THEN
            outcome := 'NEEDS_REASON';
        ELSIF p_fee > m.paid_minor - m.supplements_minor THEN
            outcome := 'BAD_FEE';
        END IF;
    ELSIF p_fee > 0 THEN
        outcome := 'NOTHING_TAKEN';
    END IF;
    IF outcome IS NOT NULL THEN
        RETURN NEXT;
        RETURN;
    END IF;
    IF s.state = 'BOOKED' THEN
        settled := boxoffice_settle_ended_stay(p_stay, p_fee, COALESCE(NULLIF(why, ''), 'cancelled at the front desk'));
        refunded_minor := settled.refunded;
        refund_at_desk := settled.at_desk;
        order_state := settled.order_after;
        fee_minor := p_fee;
    END IF;
    UPDATE room_nights SET booked = booked - 1
    WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out;
    GET DIAGNOSTICS nights = ROW_COUNT;
    UPDATE stays SET state = 'CANCELLED', expires_at = NULL WHERE id = p_stay;
    outcome := 'OK';
    RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_cancel_stay(bigint, bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_cancel_stay(bigint, bigint, text) TO boxoffice_clerk;

-- Moving a booked stay to other nights and/or another room type, nights and money in one step.
-- The price difference is the new price (room type's nightly price times nights) minus what the stay was
-- sold for (its line plus supplements). With nothing taken yet (on guarantee, or confirmed without
-- payment) the line simply takes the new price, paid on departure, unless a manager waives a dearer one.
-- With money taken, p_settle says how:
--   CHARGE (dearer; anyone at the desk): a supplement order, paid now at the counter (p_method 'cash'
--          with p_tendered, or 'card' with the terminal's p_reference), its own single capture;
--   WAIVE  (dearer; a manager, with a reason): a WAIVED ledger row, the guest keeps the price paid;
--   REFUND (cheaper; a manager): the difference refunded, supplements first, the line lowered to match;
--   OVERBOOKING (a manager's answer to an overbooked night): dearer is waived, cheaper refunded.
-- A clerk's waiver or refund is refused (42501). Answers, besides the figures: OK, NOT_FOUND, NOT_BOOKED,
-- BAD_RANGE, OUTSIDE, FULL, PRICE_CHANGES (money was taken and p_settle does not settle the difference),
-- NEEDS_REASON, BAD_PAYMENT (no card reference, unknown method) or SHORT_CASH.
-- OVERBOOKING with no dates keeps the stay's dates as they are once it is locked (a manager's move or
-- upgrade changes the room type only).
CREATE FUNCTION boxoffice_move_stay_priced(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date,
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
    new_price := (SELECT price_minor FROM room_types WHERE id = p_room_type) * wanted;
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

-- The checks of a move that need no lock: the range, the stay, the same hotel, nights on sale.
CREATE FUNCTION boxoffice_move_checks(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date)
RETURNS text
LANGUAGE plpgsql STABLE SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
BEGIN
    IF p_check_in IS NULL OR p_check_out IS NULL OR p_check_out <= p_check_in THEN
        RETURN 'BAD_RANGE';
    END IF;
    SELECT * INTO s FROM stays WHERE id = p_stay;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.state NOT IN ('BOOKED', 'CHECKED_IN') THEN
        RETURN 'NOT_BOOKED';
    END IF;
    IF (SELECT hotel_id FROM room_types WHERE id = p_room_type) IS DISTINCT FROM
       (SELECT hotel_id FROM room_types WHERE id = s.room_type_id) THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF (SELECT count(*) FROM room_nights
        WHERE room_type_id = p_room_type AND night >= p_check_in AND night < p_check_out) < p_check_out - p_check_in THEN
        RETURN 'OUTSIDE';
    END IF;
    RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_move_checks(bigint, bigint, date, date) FROM PUBLIC;

-- Whether the chosen settlement settles the difference, and who may choose it. NULL: go ahead.
CREATE FUNCTION boxoffice_move_settlement_refused(p_difference bigint, p_paid boolean, p_mode text, p_reason text,
                                                  p_method text, p_tendered bigint, p_reference text)
RETURNS text
LANGUAGE plpgsql STABLE SET search_path = public AS $$
BEGIN
    IF p_mode NOT IN ('NONE', 'CHARGE', 'REFUND', 'WAIVE', 'OVERBOOKING') THEN
        RETURN 'PRICE_CHANGES';
    END IF;
    IF p_difference = 0 OR (NOT p_paid AND p_mode NOT IN ('WAIVE', 'OVERBOOKING')) THEN
        RETURN NULL;
    END IF;
    IF p_mode IN ('WAIVE', 'REFUND', 'OVERBOOKING') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may waive or refund a price difference' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager, or charge the difference at the desk.';
    END IF;
    IF p_difference > 0 AND p_mode IN ('WAIVE', 'OVERBOOKING') OR p_difference < 0 AND p_mode = 'REFUND' THEN
        RETURN CASE WHEN p_reason = '' THEN 'NEEDS_REASON' END;
    END IF;
    IF p_difference < 0 AND p_mode = 'OVERBOOKING' THEN
        RETURN NULL;
    END IF;
    IF NOT p_paid THEN
        RETURN NULL; -- a waiver asked for a cheaper stay nobody paid for: the new price simply applies
    END IF;
    IF p_difference < 0 OR p_mode <> 'CHARGE' THEN
        RETURN 'PRICE_CHANGES';
    END IF;
    IF p_method = 'cash' THEN
        RETURN CASE WHEN p_tendered IS NULL OR p_tendered < p_difference THEN 'SHORT_CASH' END;
    END IF;
    IF p_method = 'card' AND btrim(COALESCE(p_reference, '')) <> '' THEN
        RETURN NULL;
    END IF;
    RETURN 'BAD_PAYMENT';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_move_settlement_refused(bigint, boolean, text, text, text, bigint, text) FROM PUBLIC;

-- The difference of a dearer stay, taken at the counter on a small order of its own: PAID, one
-- supplement line, one counter payment (so one capture, written by the ledger trigger).
CREATE FUNCTION boxoffice_charge_supplement(p_stay bigint, p_currency char(3), p_amount bigint, p_method text,
                                            p_tendered bigint, p_reference text, p_from stays, p_room_type bigint,
                                            p_check_in date, p_check_out date)
RETURNS bigint
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    n integer;
    supplement bigint;
BEGIN
    SELECT count(*) + 1 INTO n FROM order_supplement_lines WHERE stay_id = p_stay;
    INSERT INTO orders (cart_id, state, amount_minor, currency, paid_at, channel)
    VALUES ('stay-' || p_stay || '-supplement-' || n, 'PAID', p_amount, p_currency, now(), 'counter')
    RETURNING id INTO supplement;
    INSERT INTO order_supplement_lines (order_id, stay_id, amount_minor, reason)
    VALUES (supplement, p_stay, p_amount,
            format('moved from %s %s..%s to %s %s..%s', (SELECT code FROM room_types WHERE id = p_from.room_type_id),
                   p_from.check_in, p_from.check_out, (SELECT code FROM room_types WHERE id = p_room_type),
                   p_check_in, p_check_out));
    INSERT INTO counter_payments (order_id, method, amount_minor, tendered_minor, reference)
    VALUES (supplement, p_method, p_amount, CASE WHEN p_method = 'cash' THEN p_tendered END,
            CASE WHEN p_method = 'card' THEN btrim(p_reference) END);
    RETURN supplement;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_charge_supplement(bigint, char, bigint, text, bigint, text, stays, bigint, date, date)
    FROM PUBLIC;

-- The difference of a cheaper stay goes back: from its supplements first (newest first), then from its
-- own line, each refund on the order that took the money; the lines are lowered to what is still paid.
-- Answers true when the money is handed back at the desk.
CREATE FUNCTION boxoffice_refund_difference(p_stay bigint, p_order bigint, p_amount bigint, p_reason text)
RETURNS boolean
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    sup record;
    part bigint;
    remaining bigint := p_amount;
    at_desk boolean := true;
BEGIN
    FOR sup IN SELECT order_id, amount_minor FROM order_supplement_lines
               WHERE stay_id = p_stay AND state = 'SOLD' ORDER BY order_id DESC LOOP
        EXIT WHEN remaining = 0;
        part := LEAST(remaining, sup.amount_minor);
        PERFORM boxoffice_refund_order_money(sup.order_id, part, p_reason);
        IF part = sup.amount_minor THEN
            UPDATE order_supplement_lines SET state = 'REFUNDED' WHERE order_id = sup.order_id AND stay_id = p_stay;
            UPDATE orders SET state = 'REFUNDED' WHERE id = sup.order_id AND state = 'PAID';
        ELSE
            UPDATE order_supplement_lines SET amount_minor = amount_minor - part
            WHERE order_id = sup.order_id AND stay_id = p_stay;
        END IF;
        remaining := remaining - part;
    END LOOP;
    IF remaining > 0 THEN
        at_desk := boxoffice_refund_order_money(p_order, remaining, p_reason);
        UPDATE order_stay_lines SET amount_minor = amount_minor - remaining
        WHERE order_id = p_order AND stay_id = p_stay AND state = 'SOLD';
    END IF;
    RETURN at_desk;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_refund_difference(bigint, bigint, bigint, text) FROM PUBLIC;

REVOKE ALL ON FUNCTION boxoffice_move_stay_priced(bigint, bigint, date, date, text, text, text, bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_move_stay_priced(bigint, bigint, date, date, text, text, text, bigint, text)
    TO boxoffice_clerk;

-- The old one-step move keeps its name and grant, and now refuses to keep the old price without a word:
-- when money was taken and the price changes it answers PRICE_CHANGES and changes nothing.
CREATE OR REPLACE FUNCTION boxoffice_move_stay(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date)
RETURNS text
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
    SELECT outcome FROM boxoffice_move_stay_priced(p_stay, p_room_type, p_check_in, p_check_out, 'NONE', NULL, NULL,
                                                   NULL, NULL)
$$;

-- A manager's answer to an overbooked night, now with its money: a walk ends the stay WALKED, its nights
-- back, what was paid for it refunded (the provider later for online money, at once for counter money)
-- and the compensation recorded; a move or an upgrade waives a dearer room (an upgrade is free by
-- nature) and refunds a cheaper one. One transaction, a manager's only (42501).
CREATE OR REPLACE FUNCTION boxoffice_resolve_overbooking(p_stay bigint, p_action text, p_room_type bigint, p_amount bigint,
                                                         p_reason text, p_night date)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    moved text;
    cur char(3);
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may move, upgrade or walk a guest' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    IF p_action IS NULL OR p_action NOT IN ('MOVE', 'UPGRADE', 'WALK') OR p_reason IS NULL OR btrim(p_reason) = ''
       OR p_amount IS NULL OR p_amount < 0 THEN
        RETURN 'BAD_INPUT';
    END IF;
    SELECT * INTO s FROM stays WHERE id = p_stay;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    END IF;
    SELECT h.currency INTO cur FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE rt.id = s.room_type_id;
    IF p_action = 'WALK' THEN
        s := boxoffice_lock_stay(p_stay, NULL, NULL, NULL);
        IF s.id IS NULL OR s.state <> 'BOOKED' THEN
            RETURN 'NOT_BOOKED';
        END IF;
        PERFORM boxoffice_settle_ended_stay(p_stay, 0, 'walked to a partner hotel: ' || btrim(p_reason));
        UPDATE room_nights SET booked = booked - 1
        WHERE room_type_id = s.room_type_id AND night >= s.check_in AND night < s.check_out;
        UPDATE stays SET state = 'WALKED' WHERE id = p_stay;
    ELSE
        IF p_action = 'UPGRADE' AND (SELECT rank FROM room_types WHERE id = p_room_type)
                                    <= (SELECT rank FROM room_types WHERE id = s.room_type_id) THEN
            RETURN 'NOT_AN_UPGRADE';
        END IF;
        SELECT outcome INTO moved
        FROM boxoffice_move_stay_priced(p_stay, p_room_type, NULL, NULL, 'OVERBOOKING',
                                        lower(p_action) || ': ' || btrim(p_reason), NULL, NULL, NULL);
        IF moved <> 'OK' THEN
            RETURN moved;
        END IF;
    END IF;
    INSERT INTO compensation_ledger (by_user, stay_id, guest, action, amount_minor, currency, reason, night)
    VALUES (session_user, p_stay, s.guest_name, p_action, p_amount, cur, btrim(p_reason), p_night);
    RETURN 'OK';
END
$$;
