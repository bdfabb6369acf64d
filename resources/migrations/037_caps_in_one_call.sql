-- A web buyer's hold with every cap counted in the database, in one call and one transaction (issue
-- 15): the round trips of "cart owner, labels, lock buyer, count, read card, lock card, count, claim"
-- were what a rush queued on. Two more holders are capped beside the buyer and the card, for every
-- shape:
--  - the unknown card: carts with no card (instrument NULL) share ONE budget per event, hotel and
--    restaurant, so leaving the card out is no way around the card's cap;
--  - the client address the cart was created from: one budget per address per scope, across every
--    account and cart from it.
-- NULL is no cap, as for the caps of 006, 008 and 017.
--
-- Every function here plans its statements once per session (plan_cache_mode = force_generic_plan):
-- their parameters gate whole branches, so every custom plan looked cheaper than the generic one and
-- PostgreSQL planned each statement again on every call (0.9 ms of a 1 ms hold). The statements are
-- written so that the generic plan is the right one: units by id, counts by the holder's carts.
--
-- Lock order, the same for every shape and every path (the HoldCaps unit of work of 017 takes a prefix
-- of it): the buyer, then the card or the scope's unknown-card budget, then the address, then the
-- units the claim statement locks. A holder is locked only when a cap applies to it, so an event with
-- no caps claims with no advisory lock at all. Each count runs after its lock, in its own snapshot
-- (plpgsql, READ COMMITTED), so it sees every claim that held the lock before and has committed.

ALTER TABLE buyer_carts ADD COLUMN client_address inet;
CREATE INDEX buyer_carts_client_address ON buyer_carts (client_address) WHERE client_address IS NOT NULL;

ALTER TABLE events
    ADD COLUMN max_holds_unknown_card integer CHECK (max_holds_unknown_card IS NULL OR max_holds_unknown_card > 0),
    ADD COLUMN max_holds_per_address integer CHECK (max_holds_per_address IS NULL OR max_holds_per_address > 0);
GRANT UPDATE (max_holds_unknown_card, max_holds_per_address) ON events TO boxoffice_manager;

ALTER TABLE hotels
    ADD COLUMN max_stays_unknown_card integer CHECK (max_stays_unknown_card IS NULL OR max_stays_unknown_card > 0),
    ADD COLUMN max_stays_per_address integer CHECK (max_stays_per_address IS NULL OR max_stays_per_address > 0);
GRANT UPDATE (max_stays_unknown_card, max_stays_per_address) ON hotels TO boxoffice_manager;

ALTER TABLE restaurants
    ADD COLUMN max_bookings_unknown_card integer
        CHECK (max_bookings_unknown_card IS NULL OR max_bookings_unknown_card > 0),
    ADD COLUMN max_bookings_per_address integer CHECK (max_bookings_per_address IS NULL OR max_bookings_per_address > 0);
GRANT UPDATE (max_bookings_unknown_card, max_bookings_per_address) ON restaurants TO boxoffice_manager;

-- The carts of one holder: 'buyer', 'card', 'unknown_card' (every cart with no card) or 'address'.
-- Each branch is gated by its kind, so a plan runs one of them. No SET clause, unlike the functions
-- around it: a function with one is never inlined, and planned as a black box of 1,000 rows its
-- callers' costs passed the JIT threshold (35 ms of compiling per hold). Its callers set search_path.
CREATE FUNCTION boxoffice_holder_carts(p_kind text, p_buyer bigint, p_card text, p_address inet)
RETURNS SETOF text
LANGUAGE sql STABLE AS $$
    SELECT c.cart_id FROM public.buyer_carts c WHERE p_kind = 'buyer' AND c.buyer_id = p_buyer
    UNION ALL
    SELECT c.cart_id FROM public.buyer_carts c WHERE p_kind = 'card' AND c.instrument = p_card
    UNION ALL
    SELECT c.cart_id FROM public.buyer_carts c WHERE p_kind = 'unknown_card' AND c.instrument IS NULL
    UNION ALL
    SELECT c.cart_id FROM public.buyer_carts c WHERE p_kind = 'address' AND c.client_address = p_address
$$;
REVOKE ALL ON FUNCTION boxoffice_holder_carts(text, bigint, text, inet) FROM PUBLIC;

-- The counts below are plpgsql so that their plans are cached for the session (a SQL function called
-- from plpgsql is parsed and planned again in every transaction), and they go from the holder's carts
-- to its units by the cart indexes, always (OFFSET 0 keeps the other conditions out of the index
-- choice): a holder has few carts, an event many units, and with the statistics of an event loaded a
-- moment ago the planner ANDed the event's 50,000 index entries in (10 ms a count).

-- An event's units the holder holds live, seats and places alike (a place is one unit), leaving out
-- what is asked for again: the seats named (`p_units`) and the cart's own hold of the pool asked of.
CREATE FUNCTION boxoffice_event_held(p_event bigint, p_kind text, p_buyer bigint, p_card text, p_address inet,
                                     p_cart text, p_units bigint[], p_pool bigint)
RETURNS integer
LANGUAGE plpgsql STABLE SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    RETURN (
        SELECT CAST(COALESCE(sum(
                   (SELECT count(*)
                    FROM (SELECT es.id, es.event_id, es.state, es.hold_expires_at FROM event_seats es
                          WHERE es.cart_id = c.cart_id OFFSET 0) es
                    WHERE es.event_id = p_event AND es.state = 'HELD' AND es.hold_expires_at > now()
                      AND NOT (es.id = ANY (COALESCE(p_units, '{}'))))
                 + (SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN ga_pools gp ON gp.id = h.pool_id
                    WHERE h.cart_id = c.cart_id AND gp.event_id = p_event AND h.state = 'HELD'
                      AND h.expires_at > now() AND (p_pool IS NULL OR h.pool_id <> p_pool OR h.cart_id <> p_cart))),
               0) AS integer)
        FROM boxoffice_holder_carts(p_kind, p_buyer, p_card, p_address) AS c(cart_id));
END
$$;
REVOKE ALL ON FUNCTION boxoffice_event_held(bigint, text, bigint, text, inet, text, bigint[], bigint) FROM PUBLIC;

-- A hotel's stays the holder holds live, leaving out the cart's own hold of the very stay asked for.
CREATE FUNCTION boxoffice_hotel_held(p_hotel bigint, p_kind text, p_buyer bigint, p_card text, p_address inet,
                                     p_cart text, p_room_type bigint, p_check_in date, p_check_out date)
RETURNS integer
LANGUAGE plpgsql STABLE SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    RETURN (
        SELECT CAST(count(*) AS integer)
        FROM boxoffice_holder_carts(p_kind, p_buyer, p_card, p_address) AS c(cart_id)
        CROSS JOIN LATERAL (SELECT x.* FROM stays x WHERE x.cart_id = c.cart_id AND x.state = 'HELD' OFFSET 0) st
        JOIN room_types rt ON rt.id = st.room_type_id
        WHERE rt.hotel_id = p_hotel AND st.state = 'HELD' AND st.expires_at > now()
          AND NOT (st.cart_id = p_cart AND st.room_type_id = p_room_type AND st.check_in = p_check_in
                   AND st.check_out = p_check_out));
END
$$;
REVOKE ALL ON FUNCTION boxoffice_hotel_held(bigint, text, bigint, text, inet, text, bigint, date, date) FROM PUBLIC;

-- A restaurant's bookings the holder holds live, leaving out the cart's own hold of the very table and
-- time asked for (`p_resource` NULL for a search, which only tries tables nobody holds).
CREATE FUNCTION boxoffice_restaurant_held(p_restaurant bigint, p_kind text, p_buyer bigint, p_card text,
                                          p_address inet, p_cart text, p_resource bigint, p_starts timestamptz,
                                          p_ends timestamptz)
RETURNS integer
LANGUAGE plpgsql STABLE SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    RETURN (
        SELECT CAST(count(*) AS integer)
        FROM boxoffice_holder_carts(p_kind, p_buyer, p_card, p_address) AS c(cart_id)
        CROSS JOIN LATERAL (SELECT x.* FROM slot_bookings x WHERE x.cart_id = c.cart_id AND x.state = 'HELD' OFFSET 0) b
        JOIN slot_resources r ON r.id = b.resource_id
        WHERE r.restaurant_id = p_restaurant AND b.state = 'HELD' AND b.expires_at > now()
          AND (p_resource IS NULL OR b.resource_id <> p_resource OR b.cart_id <> p_cart
               OR b.during <> tstzrange(p_starts, p_ends)));
END
$$;
REVOKE ALL ON FUNCTION boxoffice_restaurant_held(bigint, text, bigint, text, inet, text, bigint, timestamptz,
                                                 timestamptz) FROM PUBLIC;

-- Every cap of a web buyer's ask, in the fixed lock order, for any shape: the ask names its scope by
-- `p_event` or `p_pool` (seats, places), `p_room_type` (a stay), `p_resource` or `p_restaurant` (a
-- table). One row: r_refused NULL when every cap allows `p_asking` more units; 'cart' when the cart
-- is not this buyer's (or does not exist); else the holder whose cap refused ('buyer', 'card',
-- 'unknown_card', 'address') with its cap and what it holds live beside the ask. A scope that does not
-- exist has no caps: the claim that follows says so. The locks last until the caller's transaction
-- ends, so the claim must follow in the same transaction.
CREATE FUNCTION boxoffice_web_caps(p_buyer bigint, p_cart text, p_asking integer,
                                   p_event bigint, p_units bigint[], p_pool bigint,
                                   p_room_type bigint, p_check_in date, p_check_out date,
                                   p_restaurant bigint, p_resource bigint, p_starts timestamptz, p_ends timestamptz,
                                   OUT r_refused text, OUT r_cap integer, OUT r_held integer)
LANGUAGE plpgsql SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_card text;
    v_address inet;
    v_scope text;
    v_id bigint;
    v_caps integer[]; -- buyer, card, unknown card, address
    v_kinds constant text[] := ARRAY['buyer', 'card', 'unknown_card', 'address'];
    v_kind text;
    v_index integer;
BEGIN
    SELECT c.instrument, c.client_address INTO v_card, v_address
    FROM buyer_carts c WHERE c.cart_id = p_cart AND c.buyer_id = p_buyer;
    IF NOT FOUND THEN
        r_refused := 'cart';
        RETURN;
    END IF;

    IF p_room_type IS NOT NULL THEN
        v_scope := 'hotel';
        SELECT h.id, ARRAY[h.max_stays_per_buyer, h.max_stays_per_instrument, h.max_stays_unknown_card,
                            h.max_stays_per_address]
        INTO v_id, v_caps
        FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE rt.id = p_room_type;
    ELSIF p_restaurant IS NOT NULL OR p_resource IS NOT NULL THEN
        v_scope := 'restaurant';
        SELECT rs.id, ARRAY[rs.max_bookings_per_buyer, rs.max_bookings_per_instrument, rs.max_bookings_unknown_card,
                            rs.max_bookings_per_address]
        INTO v_id, v_caps
        FROM restaurants rs
        WHERE rs.id = COALESCE(p_restaurant, (SELECT r.restaurant_id FROM slot_resources r WHERE r.id = p_resource));
    ELSE
        v_scope := 'event';
        SELECT e.id, ARRAY[e.max_holds_per_buyer, e.max_holds_per_instrument, e.max_holds_unknown_card,
                           e.max_holds_per_address]
        INTO v_id, v_caps
        FROM events e WHERE e.id = COALESCE(p_event, (SELECT gp.event_id FROM ga_pools gp WHERE gp.id = p_pool));
    END IF;
    IF v_id IS NULL THEN
        RETURN;
    END IF;

    FOR v_index IN 1 .. 4 LOOP
        v_kind := v_kinds[v_index];
        CONTINUE WHEN v_caps[v_index] IS NULL
                   OR (v_kind = 'card' AND v_card IS NULL)
                   OR (v_kind = 'unknown_card' AND v_card IS NOT NULL)
                   OR (v_kind = 'address' AND v_address IS NULL);
        -- The keys of 008's locks for the buyer and the card, so the HoldCaps path serialises with this one.
        CASE v_kind
            WHEN 'buyer' THEN PERFORM pg_advisory_xact_lock(7420, CAST(p_buyer % 2147483647 AS integer));
            WHEN 'card' THEN PERFORM pg_advisory_xact_lock(7421, hashtext(v_card));
            WHEN 'unknown_card' THEN PERFORM pg_advisory_xact_lock(7422, hashtext(v_scope || ':' || v_id));
            ELSE PERFORM pg_advisory_xact_lock(7423, hashtext(host(v_address)));
        END CASE;
        r_held := CASE v_scope
            WHEN 'event' THEN boxoffice_event_held(v_id, v_kind, p_buyer, v_card, v_address, p_cart, p_units, p_pool)
            WHEN 'hotel' THEN boxoffice_hotel_held(v_id, v_kind, p_buyer, v_card, v_address, p_cart, p_room_type,
                                                   p_check_in, p_check_out)
            ELSE boxoffice_restaurant_held(v_id, v_kind, p_buyer, v_card, v_address, p_cart, p_resource, p_starts,
                                           p_ends)
        END;
        IF r_held + p_asking > v_caps[v_index] THEN
            r_refused := v_kind;
            r_cap := v_caps[v_index];
            RETURN;
        END IF;
    END LOOP;
    r_held := NULL;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_web_caps(bigint, text, integer, bigint, bigint[], bigint, bigint, date, date, bigint,
                                          bigint, timestamptz, timestamptz) FROM PUBLIC;

-- A web buyer's seat hold in one call: the cart checked to be the buyer's, labels (when given instead
-- of seat ids) resolved, every cap counted under its lock, and the seats claimed by the same statement
-- as SeatSql::hold (units locked in id order, all or nothing, lazy expiry, a retry refreshes). Rows:
--   'cart'                    the cart is not this buyer's (nothing else is answered);
--   'no_event'                the event does not exist;
--   'unknown_label' (label)   a label the event has no seat for;
--   'refused' (r_label = the holder, r_cap, r_held)  a cap refused; nothing was claimed;
--   'unknown_unit' (unit)     a seat id not of this event;
--   'lost' (unit, label)      a seat someone else holds; nothing was claimed;
--   'granted' (unit, label, expiry in epoch ms) one per seat held.
CREATE FUNCTION boxoffice_web_hold_seats(p_buyer bigint, p_cart text, p_event bigint, p_units bigint[],
                                         p_labels text[], p_ttl integer)
RETURNS TABLE(r_outcome text, r_unit bigint, r_label text, r_expires_ms bigint, r_cap integer, r_held integer)
LANGUAGE plpgsql SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_units bigint[] := p_units;
    v_refusal record;
BEGIN
    PERFORM 1 FROM buyer_carts c WHERE c.cart_id = p_cart AND c.buyer_id = p_buyer;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'cart', NULL::bigint, NULL::text, NULL::bigint, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    PERFORM 1 FROM events e WHERE e.id = p_event;
    IF NOT FOUND THEN
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

    SELECT * INTO v_refusal
    FROM boxoffice_web_caps(p_buyer, p_cart, (SELECT count(DISTINCT u) FROM unnest(v_units) u)::integer,
                            p_event, v_units, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    IF v_refusal.r_refused IS NOT NULL THEN
        RETURN QUERY SELECT 'refused', NULL::bigint, v_refusal.r_refused, NULL::bigint, v_refusal.r_cap,
                            v_refusal.r_held;
        RETURN;
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
REVOKE ALL ON FUNCTION boxoffice_web_hold_seats(bigint, text, bigint, bigint[], text[], integer) FROM PUBLIC;

-- A web buyer's GA places in one call: the cart checked, every cap counted under its lock, then the
-- claim PgPoolStore makes (PoolSql::claim on one sub-pool row at a time, from a random row, or from the
-- row of the cart's own expired hold; PoolSql::claimAcross when no one row has the places), and a
-- retry of the cart's live hold refreshed (PoolSql::refresh). Rows (one):
--   'cart'      the cart is not this buyer's;        'no_pool'  the pool does not exist;
--   'refused'   a cap refused (r_holder, r_cap, r_held); nothing was claimed;
--   'conflict'  the cart holds r_quantity places of this pool already, a different number;
--   'lost'      the pool has not the places left;     'granted' / 'refreshed' (r_hold, r_expires_ms).
-- Two clicks of one cart racing may both insert: the loser's unique violation (23505) ends its call,
-- and the caller asks again, which then refreshes.
CREATE FUNCTION boxoffice_web_hold_places(p_buyer bigint, p_cart text, p_pool bigint, p_quantity integer,
                                          p_ttl integer)
RETURNS TABLE(r_outcome text, r_hold bigint, r_expires_ms bigint, r_quantity integer, r_holder text,
              r_cap integer, r_held integer)
LANGUAGE plpgsql SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_subpools bigint[];
    v_count integer;
    v_start integer;
    v_subpool bigint;
    v_lead record;
    v_refusal record;
    v_fits boolean;
    v_hold bigint;
    v_expires bigint;
BEGIN
    PERFORM 1 FROM buyer_carts c WHERE c.cart_id = p_cart AND c.buyer_id = p_buyer;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'cart', NULL::bigint, NULL::bigint, NULL::integer, NULL::text, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    SELECT array_agg(s.id ORDER BY s.slot) INTO v_subpools FROM ga_subpools s WHERE s.pool_id = p_pool;
    IF v_subpools IS NULL THEN
        RETURN QUERY SELECT 'no_pool', NULL::bigint, NULL::bigint, NULL::integer, NULL::text, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    v_count := cardinality(v_subpools);

    SELECT * INTO v_refusal
    FROM boxoffice_web_caps(p_buyer, p_cart, p_quantity, NULL, NULL, p_pool, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    IF v_refusal.r_refused IS NOT NULL THEN
        RETURN QUERY SELECT 'refused', NULL::bigint, NULL::bigint, NULL::integer, v_refusal.r_refused,
                            v_refusal.r_cap, v_refusal.r_held;
        RETURN;
    END IF;

    SELECT h.id, h.subpool_id, h.expires_at > now() AS live,
           (SELECT CAST(COALESCE(sum(o.quantity), 0) AS integer) FROM ga_holds o
            WHERE o.pool_id = h.pool_id AND o.cart_id = h.cart_id AND o.state = 'HELD' AND o.expires_at > now())
               AS quantity
    INTO v_lead
    FROM ga_holds h WHERE h.pool_id = p_pool AND h.cart_id = p_cart AND h.state = 'HELD' AND h.lead_hold_id IS NULL;
    IF FOUND AND v_lead.live THEN
        IF v_lead.quantity <> p_quantity THEN
            RETURN QUERY SELECT 'conflict', v_lead.id, NULL::bigint, v_lead.quantity, NULL::text, NULL::integer,
                                NULL::integer;
            RETURN;
        END IF;
        RETURN QUERY
        WITH own AS (
            SELECT h.id, h.quantity FROM ga_holds h
            WHERE h.pool_id = p_pool AND h.cart_id = p_cart AND h.state = 'HELD' AND h.expires_at > now()
        ), refreshed AS (
            UPDATE ga_holds h
            SET expires_at = GREATEST(h.expires_at, LEAST(
                    now() + make_interval(secs => LEAST(COALESCE(p_ttl, e.hold_seconds), e.hold_seconds * (1 + e.max_extensions))),
                    h.held_since + make_interval(secs => e.hold_seconds * (1 + e.max_extensions))))
            FROM ga_pools gp JOIN events e ON e.id = gp.event_id
            WHERE h.id IN (SELECT id FROM own) AND (SELECT sum(quantity) FROM own) = p_quantity
              AND h.state = 'HELD' AND h.expires_at > now() AND gp.id = h.pool_id
            RETURNING h.expires_at
        )
        SELECT 'refreshed', v_lead.id, CAST(extract(epoch FROM min(r.expires_at)) * 1000 AS bigint), p_quantity,
               NULL::text, NULL::integer, NULL::integer
        FROM refreshed r HAVING count(*) > 0;
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;

    -- Its own hold ran out: its lead's row first returns it. Else a random row spreads buyers over the
    -- counters; the others are the fallback.
    IF v_lead.id IS NOT NULL THEN
        v_start := COALESCE(array_position(v_subpools, v_lead.subpool_id), 1) - 1;
    ELSE
        v_start := floor(random() * v_count);
    END IF;
    FOR v_step IN 0 .. v_count - 1 LOOP
        v_subpool := v_subpools[((v_start + v_step) % v_count) + 1];
        WITH p AS (
            SELECT v_subpool AS subpool_id, p_cart AS cart, p_quantity AS quantity, p_ttl AS ttl
        ), locked AS (
            SELECT s.id, s.pool_id, s.capacity, s.sold, s.held
            FROM ga_subpools s, p
            WHERE s.id = p.subpool_id
            FOR UPDATE OF s
        ), expired AS (
            UPDATE ga_holds h SET state = 'EXPIRED', expires_at = NULL
            WHERE h.subpool_id = (SELECT id FROM locked) AND h.state = 'HELD' AND h.expires_at <= now()
            RETURNING h.quantity
        ), decision AS (
            SELECT l.id, l.pool_id, l.sold,
                   l.held - (SELECT COALESCE(sum(quantity), 0) FROM expired) AS live_held,
                   l.capacity - l.sold - (l.held - (SELECT COALESCE(sum(quantity), 0) FROM expired)) >= p.quantity AS fits
            FROM locked l, p
        ), counted AS (
            UPDATE ga_subpools s
            SET held = d.live_held + CASE WHEN d.fits THEN p.quantity ELSE 0 END
            FROM decision d, p
            WHERE s.id = d.id
            RETURNING s.id
        ), lease AS (
            SELECT make_interval(secs => LEAST(COALESCE(p.ttl, e.hold_seconds), e.hold_seconds * (1 + e.max_extensions))) AS ttl
            FROM p, decision d
            JOIN ga_pools gp ON gp.id = d.pool_id
            JOIN events e ON e.id = gp.event_id
        ), created AS (
            INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at)
            SELECT d.pool_id, d.id, p.cart, p.quantity, 'HELD', now(), now() + lease.ttl
            FROM decision d, p, lease
            WHERE d.fits
            RETURNING id, expires_at
        )
        SELECT d.fits, c.id, CAST(extract(epoch FROM c.expires_at) * 1000 AS bigint)
        INTO v_fits, v_hold, v_expires
        FROM decision d
        LEFT JOIN created c ON true;
        IF v_fits THEN
            RETURN QUERY SELECT 'granted', v_hold, v_expires, p_quantity, NULL::text, NULL::integer, NULL::integer;
            RETURN;
        END IF;
    END LOOP;

    IF v_count >= 2 THEN
        WITH p AS (
            SELECT p_pool AS pool_id, p_cart AS cart, p_quantity AS quantity, p_ttl AS ttl
        ), locked AS (
            SELECT s.id, s.capacity, s.sold, s.held FROM ga_subpools s, p
            WHERE s.pool_id = p.pool_id
            ORDER BY s.id
            FOR UPDATE OF s
        ), expired AS (
            UPDATE ga_holds h SET state = 'EXPIRED', expires_at = NULL
            WHERE h.subpool_id IN (SELECT id FROM locked) AND h.state = 'HELD' AND h.expires_at <= now()
            RETURNING h.subpool_id, h.quantity
        ), counters AS (
            SELECT l.id, l.sold, l.held AS locked_held,
                   l.held - COALESCE((SELECT sum(x.quantity) FROM expired x WHERE x.subpool_id = l.id), 0) AS live_held,
                   l.capacity
            FROM locked l
        ), free AS (
            SELECT c.id, c.sold, c.locked_held, c.live_held, c.capacity - c.sold - c.live_held AS free
            FROM counters c
        ), ranked AS (
            SELECT f.*, COALESCE(sum(f.free) OVER (ORDER BY f.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
                        AS free_before
            FROM free f
        ), verdict AS (
            SELECT COALESCE((SELECT sum(free) FROM free), 0) >= p.quantity AS fits,
                   (SELECT min(f.id) FROM free f WHERE f.free >= p.quantity) AS one_row
            FROM p
        ), taken AS (
            SELECT r.id, r.sold, r.locked_held, r.live_held,
                   CASE WHEN NOT v.fits THEN 0
                        WHEN v.one_row IS NOT NULL THEN CASE WHEN r.id = v.one_row THEN p.quantity ELSE 0 END
                        ELSE GREATEST(0, LEAST(r.free, p.quantity - r.free_before)) END AS quantity
            FROM ranked r, p, verdict v
        ), counted AS (
            UPDATE ga_subpools s
            SET held = t.live_held + t.quantity
            FROM taken t
            WHERE s.id = t.id AND (t.quantity > 0 OR t.live_held <> t.locked_held)
            RETURNING s.id
        ), lease AS (
            SELECT make_interval(secs => LEAST(COALESCE(p.ttl, e.hold_seconds), e.hold_seconds * (1 + e.max_extensions))) AS ttl
            FROM p JOIN ga_pools gp ON gp.id = p.pool_id JOIN events e ON e.id = gp.event_id
        ), lead AS (
            INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at)
            SELECT p.pool_id, t.id, p.cart, t.quantity, 'HELD', now(), now() + lease.ttl
            FROM p, lease, (SELECT * FROM taken WHERE quantity > 0 ORDER BY id LIMIT 1) t
            RETURNING id, subpool_id, expires_at
        ), parts AS (
            INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at, lead_hold_id)
            SELECT p.pool_id, t.id, p.cart, t.quantity, 'HELD', now(), now() + lease.ttl, l.id
            FROM p, lease, lead l, taken t
            WHERE t.quantity > 0 AND t.id <> l.subpool_id
            RETURNING id
        )
        SELECT v.fits, l.id, CAST(extract(epoch FROM l.expires_at) * 1000 AS bigint)
        INTO v_fits, v_hold, v_expires
        FROM verdict v
        LEFT JOIN lead l ON true;
        IF v_fits THEN
            RETURN QUERY SELECT 'granted', v_hold, v_expires, p_quantity, NULL::text, NULL::integer, NULL::integer;
            RETURN;
        END IF;
    END IF;
    RETURN QUERY SELECT 'lost', NULL::bigint, NULL::bigint, p_quantity, NULL::text, NULL::integer, NULL::integer;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_web_hold_places(bigint, text, bigint, integer, integer) FROM PUBLIC;
