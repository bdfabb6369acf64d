-- A web buyer's seat hold with fewer statements on its way to the claim (issue 15: the web hold cost
-- PostgreSQL about half as much again as the desk's, at thousands a second). The cart's owner, the
-- event and the question "does any cap apply to this cart?" are one read instead of three (the owner,
-- the event, and the caps function reading the cart and the event again), and an event none of whose
-- caps applies claims without calling the caps function at all. The answers, the lock order of 037 and
-- the claim statement are unchanged.
CREATE OR REPLACE FUNCTION boxoffice_web_hold_seats(p_buyer bigint, p_cart text, p_event bigint, p_units bigint[],
                                         p_labels text[], p_ttl integer)
RETURNS TABLE(r_outcome text, r_unit bigint, r_label text, r_expires_ms bigint, r_cap integer, r_held integer)
LANGUAGE plpgsql SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_units bigint[] := p_units;
    v_refusal record;
    v_ask record;
BEGIN
    -- The cart's owner, the event and whether any of its caps applies to this cart, in one read.
    SELECT e.id AS event_id,
           (e.max_holds_per_buyer IS NOT NULL
            OR (e.max_holds_per_instrument IS NOT NULL AND c.instrument IS NOT NULL)
            OR (e.max_holds_unknown_card IS NOT NULL AND c.instrument IS NULL)
            OR (e.max_holds_per_address IS NOT NULL AND c.client_address IS NOT NULL)) AS capped
    INTO v_ask
    FROM buyer_carts c LEFT JOIN events e ON e.id = p_event
    WHERE c.cart_id = p_cart AND c.buyer_id = p_buyer;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'cart', NULL::bigint, NULL::text, NULL::bigint, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    IF v_ask.event_id IS NULL THEN
        RETURN QUERY SELECT 'no_event', NULL::bigint, NULL::text, NULL::bigint, NULL::integer, NULL::integer;
        RETURN;
    END IF;

    IF p_labels IS NOT NULL THEN
        RETURN QUERY
        SELECT 'unknown_label', NULL::bigint, w.label, NULL::bigint, NULL::integer, NULL::integer
        FROM unnest(p_labels) WITH ORDINALITY AS w(label, position)
        JOIN events e ON e.id = p_event
        LEFT JOIN seats st ON st.layout_id = e.layout_id AND st.label = upper(btrim(w.label))
        LEFT JOIN event_seats s ON s.event_id = p_event AND s.seat_id = st.id
        WHERE s.id IS NULL
        ORDER BY w.position;
        IF FOUND THEN
            RETURN;
        END IF;
        SELECT array_agg(s.id ORDER BY w.position) INTO v_units
        FROM unnest(p_labels) WITH ORDINALITY AS w(label, position)
        JOIN events e ON e.id = p_event
        JOIN seats st ON st.layout_id = e.layout_id AND st.label = upper(btrim(w.label))
        JOIN event_seats s ON s.event_id = p_event AND s.seat_id = st.id;
    END IF;

    -- No cap of this event applies to this cart: nothing to lock or count (a cap set a moment from
    -- now finds this claim among the holds it counts, as if it had come a moment earlier).
    IF v_ask.capped THEN
        SELECT * INTO v_refusal
        FROM boxoffice_web_caps(p_buyer, p_cart, (SELECT count(DISTINCT u) FROM unnest(v_units) u)::integer,
                                p_event, v_units, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
        IF v_refusal.r_refused IS NOT NULL THEN
            RETURN QUERY SELECT 'refused', NULL::bigint, v_refusal.r_refused, NULL::bigint, v_refusal.r_cap,
                                v_refusal.r_held;
            RETURN;
        END IF;
    END IF;

    RETURN QUERY
    WITH ev AS (
        SELECT e.id,
               make_interval(secs => LEAST(COALESCE(p_ttl, e.hold_seconds), e.hold_seconds * (1 + e.max_extensions))) AS lease,
               make_interval(secs => e.hold_seconds * (1 + e.max_extensions)) AS longest
        FROM events e WHERE e.id = p_event
    ), want AS (
        SELECT DISTINCT unnest(v_units) AS unit_id
    ), claimable AS (
        -- By id from the list (a plan cached for the session must not AND in the event's index).
        SELECT s.id FROM event_seats s
        WHERE s.id IN (SELECT unit_id FROM want) AND s.event_id = p_event
          AND (s.state = 'AVAILABLE'
               OR (s.state = 'HELD' AND (s.hold_expires_at <= now() OR s.cart_id = p_cart)))
        ORDER BY s.id
        FOR UPDATE OF s
    ), claimed AS (
        UPDATE event_seats s SET
            state = 'HELD',
            cart_id = p_cart,
            held_since = CASE WHEN s.state = 'HELD' AND s.cart_id = p_cart AND s.hold_expires_at > now()
                              THEN s.held_since ELSE now() END,
            extensions_used = CASE WHEN s.state = 'HELD' AND s.cart_id = p_cart AND s.hold_expires_at > now()
                                   THEN s.extensions_used ELSE 0 END,
            hold_expires_at = CASE WHEN s.state = 'HELD' AND s.cart_id = p_cart AND s.hold_expires_at > now()
                                   THEN GREATEST(s.hold_expires_at, LEAST(now() + ev.lease, s.held_since + ev.longest))
                                   ELSE now() + ev.lease END
        FROM ev
        WHERE s.id IN (SELECT id FROM claimable)
          AND (SELECT count(*) FROM claimable) = (SELECT count(*) FROM want)
        RETURNING s.id, s.hold_expires_at
    )
    SELECT CASE WHEN e.id IS NULL THEN 'unknown_unit'
                WHEN NOT EXISTS (SELECT 1 FROM claimable c2 WHERE c2.id = w.unit_id) THEN 'lost'
                WHEN c.id IS NOT NULL THEN 'granted'
                ELSE 'not_granted' END,
           w.unit_id, st.label, CAST(extract(epoch FROM c.hold_expires_at) * 1000 AS bigint), NULL::integer,
           NULL::integer
    FROM want w
    LEFT JOIN event_seats e ON e.id = w.unit_id AND e.event_id = p_event
    LEFT JOIN seats st ON st.id = e.seat_id
    LEFT JOIN claimed c ON c.id = w.unit_id
    ORDER BY w.unit_id;
END
$$;
