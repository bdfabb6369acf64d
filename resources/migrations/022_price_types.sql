-- Price types per price band: ADULT (the band's price in event_prices), CHILD and CONCESSION (set per
-- event and band by a manager; a type without a price is not offered), COMPLIMENTARY (always 0).
--
-- A held seat is charged ADULT unless its cart chose another type for it. The choice is a row of its
-- own, keyed by (unit, cart) and written after the hold by boxoffice_choose_price_type, never by the
-- claim: the claim statement stays exactly as fast as it was, and a choice left behind by a cart whose
-- hold ended is never read again (every reader joins it on the seat's current cart).
--
-- A comp gives a seat away, so it needs a manager and a reason: the function records who approved it
-- and why (seat_comps), and only it may write a comp. The order line copies the type and the comp it
-- was sold under; a COMPLIMENTARY line without a recorded comp for its own unit is refused by a check
-- and a foreign key, whatever wrote it. A comp is a sold unit at 0, so the money audit still balances.

CREATE TABLE event_type_prices (
    event_id       bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    price_band_id  bigint NOT NULL REFERENCES price_bands,
    price_type     text NOT NULL CHECK (price_type IN ('CHILD', 'CONCESSION')),
    amount_minor   bigint NOT NULL CHECK (amount_minor >= 0),
    set_by         text NOT NULL DEFAULT session_user,
    set_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, price_band_id, price_type)
);
GRANT SELECT ON event_type_prices TO boxoffice_clerk;
-- Prices are a manager's, as event_prices are (003): a clerk's write is refused with 42501.
GRANT INSERT, UPDATE (amount_minor, set_by, set_at), DELETE ON event_type_prices TO boxoffice_manager;

-- Every type's price per event and band, as the desk and boxoffice-ctl list them.
CREATE VIEW event_price_types AS
SELECT ep.event_id, ep.price_band_id, 'ADULT' AS price_type, ep.amount_minor FROM event_prices ep
UNION ALL
SELECT t.event_id, t.price_band_id, t.price_type, t.amount_minor FROM event_type_prices t
UNION ALL
SELECT ep.event_id, ep.price_band_id, 'COMPLIMENTARY', 0 FROM event_prices ep;
GRANT SELECT ON event_price_types TO boxoffice_clerk;

CREATE TABLE seat_comps (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    unit_id      bigint NOT NULL REFERENCES event_seats,
    cart_id      text NOT NULL CHECK (cart_id <> ''),
    approved_by  text NOT NULL DEFAULT session_user,
    reason       text NOT NULL CHECK (btrim(reason) <> ''),
    approved_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (id, unit_id)
);
CREATE INDEX seat_comps_by_unit ON seat_comps (unit_id);
-- Readable by staff; written only by boxoffice_choose_price_type (SECURITY DEFINER).
GRANT SELECT ON seat_comps TO boxoffice_clerk;

-- ADULT is the absence of a row.
CREATE TABLE seat_price_choices (
    unit_id     bigint NOT NULL REFERENCES event_seats,
    cart_id     text NOT NULL CHECK (cart_id <> ''),
    price_type  text NOT NULL CHECK (price_type IN ('CHILD', 'CONCESSION', 'COMPLIMENTARY')),
    comp_id     bigint,
    chosen_by   text NOT NULL DEFAULT session_user,
    chosen_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (unit_id, cart_id),
    CHECK ((price_type = 'COMPLIMENTARY') = (comp_id IS NOT NULL)),
    FOREIGN KEY (comp_id, unit_id) REFERENCES seat_comps (id, unit_id)
);
GRANT SELECT ON seat_price_choices TO boxoffice_clerk;

ALTER TABLE order_lines
    ADD COLUMN price_type text NOT NULL DEFAULT 'ADULT'
        CHECK (price_type IN ('ADULT', 'CHILD', 'CONCESSION', 'COMPLIMENTARY')),
    ADD COLUMN comp_id bigint,
    ADD CONSTRAINT order_lines_comp_recorded CHECK ((price_type = 'COMPLIMENTARY') = (comp_id IS NOT NULL)),
    ADD CONSTRAINT order_lines_comp_of_unit FOREIGN KEY (comp_id, unit_id) REFERENCES seat_comps (id, unit_id);

-- The price type a held seat is charged at. Only for a seat this cart holds live; ADULT clears the
-- choice; a type the seat's band has no price for is refused; COMPLIMENTARY needs a manager signed in
-- (session_user: the person, not this function's owner) and a reason, both recorded. Returns the
-- amount the seat is now charged.
CREATE FUNCTION boxoffice_choose_price_type(p_cart text, p_unit bigint, p_type text, p_reason text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    ev bigint;
    band bigint;
    price bigint;
    comp bigint;
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff may choose a price type' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_type IS NULL OR p_type NOT IN ('ADULT', 'CHILD', 'CONCESSION', 'COMPLIMENTARY') THEN
        RAISE EXCEPTION 'unknown price type %', p_type USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_type = 'COMPLIMENTARY' THEN
        IF NOT boxoffice_role_manages(session_user) THEN
            RAISE EXCEPTION 'only a manager may give a seat away' USING ERRCODE = 'insufficient_privilege',
                HINT = 'Ask a manager to sign in.';
        END IF;
        IF btrim(COALESCE(p_reason, '')) = '' THEN
            RAISE EXCEPTION 'a complimentary seat needs a reason' USING ERRCODE = 'check_violation';
        END IF;
    END IF;
    SELECT s.event_id, st.price_band_id INTO ev, band
    FROM event_seats s JOIN seats st ON st.id = s.seat_id
    WHERE s.id = p_unit AND s.cart_id = p_cart AND s.state = 'HELD' AND s.hold_expires_at > now();
    IF ev IS NULL THEN
        RAISE EXCEPTION 'seat % is not held by this sale', p_unit USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    SELECT t.amount_minor INTO price FROM event_price_types t
    WHERE t.event_id = ev AND t.price_band_id = band AND t.price_type = p_type;
    IF price IS NULL THEN
        RAISE EXCEPTION 'no % price for this seat''s band', p_type USING ERRCODE = 'no_data_found';
    END IF;
    IF p_type = 'ADULT' THEN
        DELETE FROM seat_price_choices WHERE unit_id = p_unit AND cart_id = p_cart;
        RETURN price;
    END IF;
    IF p_type = 'COMPLIMENTARY' THEN
        INSERT INTO seat_comps (unit_id, cart_id, approved_by, reason)
        VALUES (p_unit, p_cart, session_user, btrim(p_reason))
        RETURNING id INTO comp;
    END IF;
    INSERT INTO seat_price_choices (unit_id, cart_id, price_type, comp_id, chosen_by)
    VALUES (p_unit, p_cart, p_type, comp, session_user)
    ON CONFLICT (unit_id, cart_id) DO UPDATE
        SET price_type = EXCLUDED.price_type, comp_id = EXCLUDED.comp_id, chosen_by = EXCLUDED.chosen_by,
            chosen_at = now();
    RETURN price;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_choose_price_type(text, bigint, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_choose_price_type(text, bigint, text, text) TO boxoffice_clerk;
