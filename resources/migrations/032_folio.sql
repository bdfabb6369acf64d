-- A stay's folio: what the guest consumed during the stay (minibar, restaurant, parking, ...), posted to
-- the stay while the guest is in house and paid on departure together with the room, in one payment.
--
-- Charges are posted only to a CHECKED_IN stay: a booked guest has consumed nothing yet, and money taken
-- before arrival is a deposit, which is the order's business, not the folio's.
-- A charge is never deleted: a mistake is voided by a manager, with a reason, and stays on the folio.
-- The money goes through the order ledger when the folio is settled: the charges become one supplement
-- line of the stay (so the money audit counts them as delivered, like a move's supplement), on the
-- stay's own order when the room is still owed (a stay booked on guarantee: one order, one payment for
-- room and extras) or on a small order of its own when the room was paid already. One counter payment
-- takes the whole balance; its capture is written by the ledger trigger of migration 012.
--
-- Lock order, as everywhere (boxoffice_lock_stay): the stay's orders, its nights, the stay; then its
-- charges. Posting and voiding lock only the stay (FOR SHARE), so they wait for a settlement or it
-- waits for them, and a charge is never posted to a folio that is being settled.

CREATE TABLE folio_charges (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stay_id           bigint NOT NULL REFERENCES stays,
    kind              text NOT NULL CHECK (kind IN ('minibar', 'restaurant', 'parking', 'other')),
    description       text NOT NULL CHECK (btrim(description) <> '' AND length(description) <= 200),
    amount_minor      bigint NOT NULL CHECK (amount_minor > 0), -- one unit's price
    quantity          integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 999),
    total_minor       bigint GENERATED ALWAYS AS (amount_minor * quantity) STORED,
    currency          char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    posted_by         text NOT NULL DEFAULT session_user,
    posted_at         timestamptz NOT NULL DEFAULT now(),
    voided_by         text,
    voided_at         timestamptz,
    void_reason       text CHECK (void_reason IS NULL OR btrim(void_reason) <> ''),
    settled_order_id  bigint REFERENCES orders,
    settled_at        timestamptz,
    CONSTRAINT folio_charges_void_complete
        CHECK ((voided_by IS NULL) = (voided_at IS NULL) AND (voided_at IS NULL) = (void_reason IS NULL)),
    CONSTRAINT folio_charges_settled_complete CHECK ((settled_order_id IS NULL) = (settled_at IS NULL)),
    CONSTRAINT folio_charges_void_or_settled CHECK (voided_at IS NULL OR settled_at IS NULL)
);
CREATE INDEX folio_charges_by_stay ON folio_charges (stay_id, id);
CREATE INDEX folio_charges_open ON folio_charges (stay_id) WHERE voided_at IS NULL AND settled_at IS NULL;
-- Staff read the folio; it changes only through the functions below.
GRANT SELECT ON folio_charges TO boxoffice_clerk;

-- Never a delete, not even by the schema's owner: a void keeps the trail.
CREATE FUNCTION boxoffice_folio_charge_kept() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
    RAISE EXCEPTION 'folio charge % is kept: void it with a reason instead', OLD.id
        USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER folio_charges_never_deleted BEFORE DELETE ON folio_charges
    FOR EACH ROW EXECUTE FUNCTION boxoffice_folio_charge_kept();

-- What the room still owes on departure: a stay booked on guarantee owes its order's sold lines (as the
-- guarantee's settlement charges them); a paid stay owes nothing.
CREATE FUNCTION boxoffice_folio_room_owed(p_stay bigint) RETURNS bigint
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT COALESCE((
        SELECT COALESCE((SELECT sum(l.amount_minor) FROM order_stay_lines l WHERE l.order_id = o.id AND l.state = 'SOLD'), 0)
             + COALESCE((SELECT sum(l.amount_minor) FROM order_supplement_lines l WHERE l.order_id = o.id AND l.state = 'SOLD'), 0)
        FROM stays s JOIN orders o ON o.id = s.order_id
        WHERE s.id = p_stay AND o.state = 'GUARANTEED'), 0)
$$;
REVOKE ALL ON FUNCTION boxoffice_folio_room_owed(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_folio_room_owed(bigint) TO boxoffice_clerk;

CREATE FUNCTION boxoffice_folio_open_minor(p_stay bigint) RETURNS bigint
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT COALESCE(sum(total_minor), 0) FROM folio_charges
    WHERE stay_id = p_stay AND voided_at IS NULL AND settled_at IS NULL
$$;
REVOKE ALL ON FUNCTION boxoffice_folio_open_minor(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_folio_open_minor(bigint) TO boxoffice_clerk;

-- A guest leaves only with nothing owed: whatever path checks a stay out (the desk, boxoffice-ctl, a
-- hand-typed UPDATE), the room and the folio are settled first, in the same transaction.
CREATE FUNCTION boxoffice_check_out_settled() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    owed bigint;
BEGIN
    owed := boxoffice_folio_room_owed(NEW.id) + boxoffice_folio_open_minor(NEW.id);
    IF owed > 0 THEN
        RAISE EXCEPTION 'stay % still owes %: settle the room and the folio, then check out', NEW.id, owed
            USING ERRCODE = 'check_violation', HINT = 'Settle and check out at the front desk.';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER stays_check_out_settled BEFORE UPDATE OF state ON stays
    FOR EACH ROW WHEN (NEW.state = 'CHECKED_OUT' AND OLD.state <> 'CHECKED_OUT')
    EXECUTE FUNCTION boxoffice_check_out_settled();

CREATE FUNCTION boxoffice_require_staff() RETURNS void
LANGUAGE plpgsql STABLE SET search_path = public AS $$
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff may change a folio' USING ERRCODE = 'insufficient_privilege';
    END IF;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_require_staff() FROM PUBLIC;

-- Posts a charge to an in-house stay. Outcome: OK (charge_id set), NOT_FOUND or NOT_IN_HOUSE. Who and
-- when are the database's: the signed-in user and now().
CREATE FUNCTION boxoffice_post_folio_charge(p_stay bigint, p_kind text, p_description text, p_amount bigint,
                                            p_quantity integer)
RETURNS TABLE (outcome text, charge_id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    st text;
    cur char(3);
BEGIN
    PERFORM boxoffice_require_staff();
    SELECT s.state INTO st FROM stays s WHERE s.id = p_stay FOR SHARE;
    IF NOT FOUND THEN
        outcome := 'NOT_FOUND';
        RETURN NEXT;
        RETURN;
    END IF;
    IF st <> 'CHECKED_IN' THEN
        outcome := 'NOT_IN_HOUSE';
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT h.currency INTO cur FROM stays s JOIN room_types rt ON rt.id = s.room_type_id JOIN hotels h ON h.id = rt.hotel_id
    WHERE s.id = p_stay;
    INSERT INTO folio_charges (stay_id, kind, description, amount_minor, quantity, currency, posted_by)
    VALUES (p_stay, p_kind, btrim(p_description), p_amount, COALESCE(p_quantity, 1), cur, session_user)
    RETURNING id INTO charge_id;
    outcome := 'OK';
    RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_post_folio_charge(bigint, text, text, bigint, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_post_folio_charge(bigint, text, text, bigint, integer) TO boxoffice_clerk;

-- A manager voids an open charge with a reason (42501 for anyone else). Outcome: OK, NOT_FOUND,
-- NEEDS_REASON or CLOSED (already voided or settled).
CREATE FUNCTION boxoffice_void_folio_charge(p_charge bigint, p_reason text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    stay bigint;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may void a folio charge' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    IF btrim(COALESCE(p_reason, '')) = '' THEN
        RETURN 'NEEDS_REASON';
    END IF;
    SELECT c.stay_id INTO stay FROM folio_charges c WHERE c.id = p_charge;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    PERFORM 1 FROM stays WHERE id = stay FOR SHARE;
    UPDATE folio_charges SET voided_by = session_user, voided_at = now(), void_reason = btrim(p_reason)
    WHERE id = p_charge AND voided_at IS NULL AND settled_at IS NULL;
    RETURN CASE WHEN FOUND THEN 'OK' ELSE 'CLOSED' END;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_void_folio_charge(bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_void_folio_charge(bigint, text) TO boxoffice_clerk;

-- Settles what the stay owes (its room on guarantee and its open charges) with one payment and checks
-- the guest out, all in this one call. `p_seen` is the balance the clerk was shown: the guest pays that
-- or nothing happens. A stay owing nothing checks out without a payment (p_method NULL).
-- Outcome: OK, NOT_FOUND, NOT_IN_HOUSE, BALANCE_CHANGED (balance_minor says the new one), NEEDS_PAYMENT,
-- NOTHING_OWED (a payment offered for nothing), SHORT_CASH or BAD_PAYMENT.
CREATE FUNCTION boxoffice_settle_folio(p_stay bigint, p_seen bigint, p_method text, p_tendered bigint,
                                       p_reference text)
RETURNS TABLE (outcome text, balance_minor bigint, charged_minor bigint, change_minor bigint, order_id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    s stays%ROWTYPE;
    room bigint;
    extras bigint;
    what text;
    cur char(3);
    target bigint;
    ref text := NULLIF(btrim(COALESCE(p_reference, '')), '');
BEGIN
    PERFORM boxoffice_require_staff();
    charged_minor := 0;
    change_minor := 0;
    s := boxoffice_lock_stay(p_stay, NULL, NULL, NULL);
    IF s.id IS NULL THEN
        outcome := 'NOT_FOUND';
        RETURN NEXT;
        RETURN;
    END IF;
    IF s.state <> 'CHECKED_IN' THEN
        outcome := 'NOT_IN_HOUSE';
        RETURN NEXT;
        RETURN;
    END IF;
    PERFORM 1 FROM folio_charges c WHERE c.stay_id = p_stay AND c.voided_at IS NULL AND c.settled_at IS NULL
    ORDER BY c.id FOR UPDATE;
    room := boxoffice_folio_room_owed(p_stay);
    extras := boxoffice_folio_open_minor(p_stay);
    balance_minor := room + extras;
    IF p_seen IS DISTINCT FROM balance_minor THEN
        outcome := 'BALANCE_CHANGED';
        RETURN NEXT;
        RETURN;
    END IF;
    IF balance_minor = 0 AND p_method IS NOT NULL THEN
        outcome := 'NOTHING_OWED';
        RETURN NEXT;
        RETURN;
    END IF;
    IF balance_minor > 0 THEN
        IF p_method IS NULL THEN
            outcome := 'NEEDS_PAYMENT';
        ELSIF p_method = 'cash' AND (p_tendered IS NULL OR p_tendered < balance_minor) THEN
            outcome := 'SHORT_CASH';
        ELSIF p_method NOT IN ('cash', 'card') OR (p_method = 'card' AND ref IS NULL) THEN
            outcome := 'BAD_PAYMENT';
        END IF;
        IF outcome IS NOT NULL THEN
            RETURN NEXT;
            RETURN;
        END IF;
        SELECT h.currency INTO cur FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE rt.id = s.room_type_id;
        SELECT 'folio: ' || string_agg(c.quantity || ' x ' || c.description, ', ' ORDER BY c.id) INTO what
        FROM folio_charges c WHERE c.stay_id = p_stay AND c.voided_at IS NULL AND c.settled_at IS NULL;
        IF room > 0 THEN
            -- on guarantee: room and extras on the stay's own order, settled by one payment
            target := s.order_id;
            IF extras > 0 THEN
                INSERT INTO order_supplement_lines (order_id, stay_id, amount_minor, reason)
                VALUES (target, p_stay, extras, left(what, 500));
                UPDATE orders SET amount_minor = amount_minor + extras WHERE id = target;
            END IF;
            UPDATE orders SET state = 'PAID', paid_at = now() WHERE id = target AND state = 'GUARANTEED';
        ELSE
            INSERT INTO orders (cart_id, state, amount_minor, currency, paid_at, channel)
            VALUES ('stay-' || p_stay || '-folio', 'PAID', extras, cur, now(), 'counter')
            RETURNING id INTO target;
            INSERT INTO order_supplement_lines (order_id, stay_id, amount_minor, reason)
            VALUES (target, p_stay, extras, left(what, 500));
        END IF;
        INSERT INTO counter_payments (order_id, method, amount_minor, tendered_minor, reference)
        VALUES (target, p_method, balance_minor, CASE WHEN p_method = 'cash' THEN p_tendered END,
                CASE WHEN p_method = 'card' THEN ref END);
        UPDATE folio_charges c SET settled_order_id = target, settled_at = now()
        WHERE c.stay_id = p_stay AND c.voided_at IS NULL AND c.settled_at IS NULL;
        charged_minor := balance_minor;
        change_minor := CASE WHEN p_method = 'cash' THEN p_tendered - balance_minor ELSE 0 END;
        order_id := target;
    END IF;
    UPDATE stays SET state = 'CHECKED_OUT' WHERE id = p_stay;
    outcome := 'OK';
    RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_settle_folio(bigint, bigint, text, bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_settle_folio(bigint, bigint, text, bigint, text) TO boxoffice_clerk;
