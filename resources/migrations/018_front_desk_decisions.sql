-- The front desk's money decisions are made by the application (domain/staymoneyrules) over the figures
-- the desk read: what was paid for the stay, what it was sold for and what a move was quoted at. These
-- functions carry a decision out only while those figures still hold under the rows' locks, and answer
-- MONEY_CHANGED otherwise, changing nothing: a refund, a fee or a waiver is never settled on money that
-- changed since it was read (a guarantee paid meanwhile, a supplement charged, a refund made).
--
-- Each one locks as 015 does (boxoffice_lock_stay: the stay's orders, its nights and the new ones by
-- (room type, night), then the stay), checks the figures, and hands over to the 015 function, which
-- takes the same locks again at no cost (they are held to the end of the transaction) and does the work.

-- A cancel decided over what was paid (p_seen_paid). A clerk is refused a paid stay here too, whatever
-- they were shown.
CREATE FUNCTION boxoffice_cancel_stay(p_stay bigint, p_fee bigint, p_reason text, p_seen_paid bigint)
RETURNS TABLE (outcome text, nights integer, refunded_minor bigint, fee_minor bigint, refund_at_desk boolean,
               order_state text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    s stays%ROWTYPE;
    paid bigint;
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
REVOKE ALL ON FUNCTION boxoffice_cancel_stay(bigint, bigint, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_cancel_stay(bigint, bigint, text, bigint) TO boxoffice_clerk;

-- A move decided over the stay's price (line plus supplements), the new price and what was paid, as
-- the quote showed them. No dates: the stay keeps its nights as they are once locked (a manager's move
-- or upgrade for an overbooked night), priced over those. Room types' prices are not changed by any
-- path, so the new price read here is the one the 015 function settles.
CREATE FUNCTION boxoffice_move_stay_priced(p_stay bigint, p_room_type bigint, p_check_in date, p_check_out date,
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
            IF (m.line_minor + m.supplements_minor, m.paid_minor,
                (SELECT rt.price_minor FROM room_types rt WHERE rt.id = p_room_type) * (new_out - new_in))
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
REVOKE ALL ON FUNCTION boxoffice_move_stay_priced(bigint, bigint, date, date, text, text, text, bigint, text, bigint,
                                                  bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_move_stay_priced(bigint, bigint, date, date, text, text, text, bigint, text, bigint,
                                                     bigint, bigint) TO boxoffice_clerk;

-- A manager's answer to an overbooked night, decided over the stay's money. A walk refunds what was
-- paid, so it goes ahead only while that is still p_seen_paid. A move or an upgrade keeps the stay's
-- nights and settles its difference as p_settle says (WAIVE a dearer room, REFUND a cheaper one that
-- was paid for, NONE otherwise), over the figures seen, as a desk move does.
CREATE FUNCTION boxoffice_resolve_overbooking(p_stay bigint, p_action text, p_room_type bigint, p_amount bigint,
                                              p_reason text, p_night date, p_settle text, p_seen_price bigint,
                                              p_seen_new_price bigint, p_seen_paid bigint)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
    paid bigint;
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
    IF p_action = 'WALK' THEN
        s := boxoffice_lock_stay(p_stay, NULL, NULL, NULL);
        IF s.id IS NOT NULL AND s.state = 'BOOKED' THEN
            SELECT m.paid_minor INTO paid FROM boxoffice_stay_money(p_stay) m;
            IF paid IS DISTINCT FROM p_seen_paid THEN
                RETURN 'MONEY_CHANGED';
            END IF;
        END IF;
        RETURN boxoffice_resolve_overbooking(p_stay, p_action, p_room_type, p_amount, p_reason, p_night);
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
    SELECT x.outcome INTO moved
    FROM boxoffice_move_stay_priced(p_stay, p_room_type, NULL, NULL, p_settle, lower(p_action) || ': ' || btrim(p_reason),
                                    NULL, NULL, NULL, p_seen_price, p_seen_new_price, p_seen_paid) x;
    IF moved <> 'OK' THEN
        RETURN moved;
    END IF;
    INSERT INTO compensation_ledger (by_user, stay_id, guest, action, amount_minor, currency, reason, night)
    VALUES (session_user, p_stay, s.guest_name, p_action, p_amount, cur, btrim(p_reason), p_night);
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date, text, bigint, bigint,
                                                     bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date, text, bigint, bigint,
                                                        bigint) TO boxoffice_clerk;

-- The desk moves and resolves overbooked nights only through the checked functions above. The 015 ones
-- stay, called by these (and by the old one-step boxoffice_move_stay, which refuses a price change), but
-- staff no longer call them directly.
REVOKE EXECUTE ON FUNCTION boxoffice_move_stay_priced(bigint, bigint, date, date, text, text, text, bigint, text)
    FROM boxoffice_clerk;
REVOKE EXECUTE ON FUNCTION boxoffice_resolve_overbooking(bigint, text, bigint, bigint, text, date) FROM boxoffice_clerk;
