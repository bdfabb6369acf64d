-- boxoffice:expand
-- The lease rule of a hold, in one place (issue 18). A hold is a lease on the database's clock: a new
-- one lasts what its caller asked for (the owner's hold period when nothing was asked), never more than
-- the longest any hold may last from its start, the hold period and every extension the owner allows;
-- an extension adds one hold period, cut at that longest lease. The rule was written out in the SQL of
-- every shape's claim, refresh and extension, in the statements of storage/ and in the functions of
-- 037, 041, 043 and 044: a policy change had to find all fourteen. Now the statements and those
-- functions call the functions below.
--
-- Expand only: functions are added, and the claim functions are replaced by ones with the same
-- signature, settings and answers (CREATE OR REPLACE keeps their owner and grants). Programs of earlier
-- releases, whose statements still write the rule out, keep working on this schema.
--
-- The functions are written so that the planner inlines them: LANGUAGE sql with one RETURN expression,
-- not STRICT, not SECURITY DEFINER and without a SET clause (any of these makes every use a function
-- call per row). Inlined, a statement's plan is the one it had with the expression written in it;
-- tst_holdlease reads a claim's plan. Each is marked as volatile as its body: seconds and intervals
-- alone are IMMUTABLE; adding an interval to a timestamptz is STABLE (the operator depends on the time
-- zone for days and months), and marked IMMUTABLE such a body would not be inlined. Given constants
-- only, the planner computes an IMMUTABLE one once, while planning. PARALLEL SAFE as the expressions
-- they stand for: PostgreSQL decides whether a query may run in parallel before it inlines, and the
-- default (UNSAFE) would rule that out for every query that names one. The RETURN form is parsed
-- here, once: the functions a body names are bound now, whatever the caller's search_path.
--
-- EXECUTE stays granted to PUBLIC (the default): staff (003) and service (049) roles run the
-- statements that call these, and an inlined function is still checked for it. They read no table.

-- The longest any hold may last from its start, in seconds.
CREATE FUNCTION boxoffice_hold_longest_seconds(hold_seconds integer, max_extensions integer)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN hold_seconds * (1 + max_extensions);

-- A new hold's lease, in seconds: the time asked for (NULL: the hold period), never past the longest.
-- The batched claims keep leases in integer arrays; everything else uses the interval below.
CREATE FUNCTION boxoffice_hold_lease_seconds(ttl integer, hold_seconds integer, max_extensions integer)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN LEAST(COALESCE(ttl, hold_seconds), boxoffice_hold_longest_seconds(hold_seconds, max_extensions));

CREATE FUNCTION boxoffice_hold_lease(ttl integer, hold_seconds integer, max_extensions integer)
RETURNS interval
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN make_interval(secs => boxoffice_hold_lease_seconds(ttl, hold_seconds, max_extensions));

-- The latest a hold that began at held_since may run to: no refresh or extension moves it past this.
CREATE FUNCTION boxoffice_hold_lease_limit(held_since timestamptz, hold_seconds integer, max_extensions integer)
RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
RETURN held_since + make_interval(secs => boxoffice_hold_longest_seconds(hold_seconds, max_extensions));

-- An extension's new expiry: one more hold period, cut at the limit. Callers extend a hold only while
-- its expiry is before boxoffice_hold_lease_limit (and it has extensions left), so a hold already at
-- its longest lease is not extended at all.
CREATE FUNCTION boxoffice_extended_hold_expiry(expires_at timestamptz, held_since timestamptz, hold_seconds integer,
                                               max_extensions integer)
RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
RETURN LEAST(expires_at + make_interval(secs => hold_seconds),
             boxoffice_hold_lease_limit(held_since, hold_seconds, max_extensions));

-- The functions that wrote the rule out, each as its newest migration left it (041, 037, 043, 044)
-- with only the lease expressions changed.

-- 041's web seat hold.
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
               boxoffice_hold_lease(p_ttl, e.hold_seconds, e.max_extensions) AS lease,
               e.hold_seconds, e.max_extensions
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
                                   THEN GREATEST(s.hold_expires_at, LEAST(now() + ev.lease,
                                        boxoffice_hold_lease_limit(s.held_since, ev.hold_seconds, ev.max_extensions)))
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

-- 037's web GA hold.
CREATE OR REPLACE FUNCTION boxoffice_web_hold_places(p_buyer bigint, p_cart text, p_pool bigint, p_quantity integer,
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
                    now() + boxoffice_hold_lease(p_ttl, e.hold_seconds, e.max_extensions),
                    boxoffice_hold_lease_limit(h.held_since, e.hold_seconds, e.max_extensions)))
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
            SELECT boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions) AS ttl
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
            SELECT boxoffice_hold_lease(p.ttl, e.hold_seconds, e.max_extensions) AS ttl
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

-- 043's batched pool claim.
CREATE OR REPLACE FUNCTION boxoffice_hold_pool_batch(p_pool bigint, p_carts text[], p_quantities integer[], p_ttls integer[],
                                          p_buyers bigint[], p_partial boolean[])
RETURNS TABLE (r_ask integer, r_outcome text, r_hold_id bigint, r_quantity integer, r_expires_ms bigint,
               r_cap integer, r_used integer)
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    n integer := COALESCE(array_length(p_carts, 1), 0);
    v_event bigint;
    v_hold_seconds integer;
    v_max_extensions integer;
    v_buyer_cap integer;
    v_card_cap integer;
    v_unknown_cap integer;
    v_address_cap integer;
    v_addresses inet[];
    unknown_used integer;
    address_names inet[] := '{}';
    address_used integer[] := '{}';
    ui boolean;
    ai integer;
    v_owned boolean[];
    v_cards text[];
    v_card_keys integer[];
    buyer_ids bigint[] := '{}';
    buyer_used integer[] := '{}';
    card_names text[] := '{}';
    card_used integer[] := '{}';
    sub_ids bigint[];
    sub_free integer[];
    sub_added integer[];
    k bigint;
    i integer;
    j integer;
    bi integer;
    ci integer;
    q integer;
    give integer;
    room integer;
    free_total integer;
    own_quantity integer;
    own_carts text[];
    own_leads bigint[]; -- NULL: granted in this batch, written by the INSERT after the loop
    own_quantities integer[];
    oi integer;
    one integer;
    v_lead bigint;
    new_id bigint;
    take integer;
    expires timestamptz;
    ttl_seconds integer;
    g_subs bigint[] := '{}';
    g_carts text[] := '{}';
    g_quantities integer[] := '{}';
    g_ttls integer[] := '{}';
    new_ids bigint[];
    new_carts text[];
    new_expires timestamptz[];
    res_outcome text[];
    res_hold bigint[];
    res_quantity integer[];
    res_expires timestamptz[];
    res_cap integer[];
    res_used integer[];
    res_fresh boolean[];
BEGIN
    IF n = 0 THEN
        RETURN;
    END IF;
    IF COALESCE(array_length(p_quantities, 1), 0) <> n OR COALESCE(array_length(p_ttls, 1), 0) <> n
       OR COALESCE(array_length(p_buyers, 1), 0) <> n OR COALESCE(array_length(p_partial, 1), 0) <> n THEN
        RAISE EXCEPTION 'a batch of % asks needs % of each field', n, n USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT gp.event_id, e.hold_seconds, e.max_extensions, e.max_holds_per_buyer, e.max_holds_per_instrument,
           e.max_holds_unknown_card, e.max_holds_per_address
    INTO v_event, v_hold_seconds, v_max_extensions, v_buyer_cap, v_card_cap, v_unknown_cap, v_address_cap
    FROM ga_pools gp JOIN events e ON e.id = gp.event_id
    WHERE gp.id = p_pool;
    IF NOT FOUND THEN
        RETURN QUERY SELECT g, 'no_pool', NULL::bigint, 0, NULL::bigint, NULL::integer, NULL::integer
                     FROM generate_series(1, n) g;
        RETURN;
    END IF;

    -- 1. Every distinct buyer's lock, ascending (the key the single claim uses: storage/capsql.h).
    FOR k IN SELECT DISTINCT b % 2147483647 FROM unnest(p_buyers) b WHERE b > 0 ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(7420, CAST(k AS integer));
    END LOOP;

    -- A buyer's cart must be theirs; its card is read under the buyer's lock, as the single claim does.
    SELECT array_agg(a.b IS NULL OR a.b <= 0 OR c.cart_id IS NOT NULL ORDER BY a.i),
           array_agg(CASE WHEN a.b > 0 THEN c.instrument END ORDER BY a.i),
           array_agg(CASE WHEN a.b > 0 AND c.instrument IS NOT NULL THEN hashtext(c.instrument) END ORDER BY a.i),
           array_agg(CASE WHEN a.b > 0 THEN c.client_address END ORDER BY a.i)
    INTO v_owned, v_cards, v_card_keys, v_addresses
    FROM unnest(p_carts, p_buyers) WITH ORDINALITY AS a(cart, b, i)
    LEFT JOIN buyer_carts c ON c.cart_id = a.cart AND c.buyer_id = a.b;

    -- 2. Every distinct card's lock, ascending.
    FOR k IN SELECT DISTINCT x FROM unnest(v_card_keys) x WHERE x IS NOT NULL ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(7421, CAST(k AS integer));
    END LOOP;

    -- 2b. The unknown-card budget's lock (037's key), when a card-less buyer's cart asks; then every
    -- distinct client address's lock, ascending: the order of boxoffice_web_caps (buyer, card or
    -- unknown card, address), so a batch and a single capped claim never wait on each other in a circle.
    IF v_unknown_cap IS NOT NULL AND EXISTS (SELECT 1 FROM generate_series(1, n) g
                                             WHERE p_buyers[g] > 0 AND v_owned[g] AND v_cards[g] IS NULL) THEN
        PERFORM pg_advisory_xact_lock(7422, hashtext('event:' || v_event));
        unknown_used := boxoffice_event_held(v_event, 'unknown_card', NULL, NULL, NULL, NULL, NULL, NULL);
    END IF;
    IF v_address_cap IS NOT NULL THEN
        FOR k IN SELECT DISTINCT hashtext(host(x)) FROM unnest(v_addresses) x WHERE x IS NOT NULL ORDER BY 1 LOOP
            PERFORM pg_advisory_xact_lock(7423, CAST(k AS integer));
        END LOOP;
        SELECT COALESCE(array_agg(ad.address ORDER BY ad.address), '{}'),
               COALESCE(array_agg(boxoffice_event_held(v_event, 'address', NULL, NULL, ad.address, NULL, NULL, NULL)
                                  ORDER BY ad.address), '{}')
        INTO address_names, address_used
        FROM (SELECT DISTINCT x AS address FROM unnest(v_addresses) x WHERE x IS NOT NULL) ad;
    END IF;

    -- What each capped holder already holds live in the event (seats and places alike), counted once
    -- under its lock; the batch's own grants are added as they are made.
    IF v_buyer_cap IS NOT NULL THEN
        SELECT COALESCE(array_agg(b.id ORDER BY b.id), '{}'),
               COALESCE(array_agg(
                   (SELECT count(*) FROM event_seats es JOIN buyer_carts c ON c.cart_id = es.cart_id
                    WHERE c.buyer_id = b.id AND es.event_id = v_event AND es.state = 'HELD'
                      AND es.hold_expires_at > now())
                 + (SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN ga_pools gp ON gp.id = h.pool_id
                    JOIN buyer_carts c ON c.cart_id = h.cart_id
                    WHERE c.buyer_id = b.id AND gp.event_id = v_event AND h.state = 'HELD' AND h.expires_at > now())
                 ORDER BY b.id), '{}')
        INTO buyer_ids, buyer_used
        FROM (SELECT DISTINCT x AS id FROM unnest(p_buyers) x WHERE x > 0) b;
    END IF;
    IF v_card_cap IS NOT NULL THEN
        SELECT COALESCE(array_agg(cd.card ORDER BY cd.card), '{}'),
               COALESCE(array_agg(
                   (SELECT count(*) FROM event_seats es JOIN buyer_carts c ON c.cart_id = es.cart_id
                    WHERE c.instrument = cd.card AND es.event_id = v_event AND es.state = 'HELD'
                      AND es.hold_expires_at > now())
                 + (SELECT COALESCE(sum(h.quantity), 0) FROM ga_holds h JOIN ga_pools gp ON gp.id = h.pool_id
                    JOIN buyer_carts c ON c.cart_id = h.cart_id
                    WHERE c.instrument = cd.card AND gp.event_id = v_event AND h.state = 'HELD'
                      AND h.expires_at > now())
                 ORDER BY cd.card), '{}')
        INTO card_names, card_used
        FROM (SELECT DISTINCT x AS card FROM unnest(v_cards) x WHERE x IS NOT NULL) cd;
    END IF;

    -- 3. The pool's rows, in id order; their expired holds go back first, as in every claim.
    SELECT array_agg(l.id ORDER BY l.id) INTO sub_ids
    FROM (SELECT s.id FROM ga_subpools s WHERE s.pool_id = p_pool ORDER BY s.id FOR UPDATE) l;
    WITH expired AS (
        UPDATE ga_holds h SET state = 'EXPIRED', expires_at = NULL
        WHERE h.subpool_id = ANY (sub_ids) AND h.state = 'HELD' AND h.expires_at <= now()
        RETURNING h.subpool_id, h.quantity
    ), sums AS (
        SELECT subpool_id, sum(quantity) AS quantity FROM expired GROUP BY subpool_id
    )
    UPDATE ga_subpools s SET held = s.held - sums.quantity FROM sums WHERE s.id = sums.subpool_id;
    SELECT array_agg(s.capacity - s.sold - s.held ORDER BY s.id) INTO sub_free
    FROM ga_subpools s WHERE s.id = ANY (sub_ids);
    sub_added := array_fill(0, ARRAY[array_length(sub_ids, 1)]);
    res_outcome := array_fill(NULL::text, ARRAY[n]);
    res_hold := array_fill(NULL::bigint, ARRAY[n]);
    res_quantity := array_fill(NULL::integer, ARRAY[n]);
    res_expires := array_fill(NULL::timestamptz, ARRAY[n]);
    res_cap := array_fill(NULL::integer, ARRAY[n]);
    res_used := array_fill(NULL::integer, ARRAY[n]);
    res_fresh := array_fill(false, ARRAY[n]);
    free_total := (SELECT sum(f) FROM unnest(sub_free) f);

    -- The carts' own live holds of this pool (every expired one went back above). A cart granted
    -- in this batch joins them, so asking twice in one batch refreshes too.
    SELECT COALESCE(array_agg(h.cart_id), '{}'), COALESCE(array_agg(h.id), '{}'),
           COALESCE(array_agg((SELECT sum(o.quantity) FROM ga_holds o
                               WHERE o.pool_id = p_pool AND o.cart_id = h.cart_id AND o.state = 'HELD')), '{}')
    INTO own_carts, own_leads, own_quantities
    FROM (SELECT DISTINCT c FROM unnest(p_carts) c WHERE c IS NOT NULL) asked
    CROSS JOIN LATERAL (SELECT l.cart_id, l.id FROM ga_holds l
                        WHERE l.pool_id = p_pool AND l.cart_id = asked.c AND l.state = 'HELD'
                          AND l.lead_hold_id IS NULL
                        LIMIT 1) h;

    FOR i IN 1 .. n LOOP
        q := p_quantities[i];
        IF q IS NULL OR q < 1 OR q > 50 OR p_carts[i] IS NULL OR p_carts[i] = '' THEN
            res_outcome[i] := 'bad_input';
            CONTINUE;
        END IF;
        IF NOT v_owned[i] THEN
            res_outcome[i] := 'not_found';
            CONTINUE;
        END IF;
        ttl_seconds := boxoffice_hold_lease_seconds(p_ttls[i], v_hold_seconds, v_max_extensions);
        oi := array_position(own_carts, p_carts[i]);
        own_quantity := CASE WHEN oi IS NOT NULL THEN own_quantities[oi] END;
        IF oi IS NOT NULL AND own_quantity <> q THEN
            res_outcome[i] := 'conflict';
            res_used[i] := own_quantity;
            CONTINUE;
        END IF;

        -- The caps: what the holder holds beyond this cart's own hold of the pool, plus the ask.
        bi := CASE WHEN p_buyers[i] > 0 THEN array_position(buyer_ids, p_buyers[i]) END;
        ci := CASE WHEN v_cards[i] IS NOT NULL THEN array_position(card_names, v_cards[i]) END;
        ui := p_buyers[i] > 0 AND v_cards[i] IS NULL AND unknown_used IS NOT NULL;
        ai := CASE WHEN p_buyers[i] > 0 AND v_addresses[i] IS NOT NULL THEN array_position(address_names, v_addresses[i]) END;
        give := q;
        IF bi IS NOT NULL THEN
            room := v_buyer_cap - (buyer_used[bi] - COALESCE(own_quantity, 0));
            IF room < give THEN
                IF p_partial[i] AND room >= 1 AND oi IS NULL THEN
                    give := room;
                ELSE
                    res_outcome[i] := 'buyer_cap';
                    res_cap[i] := v_buyer_cap;
                    res_used[i] := buyer_used[bi] - COALESCE(own_quantity, 0);
                    CONTINUE;
                END IF;
            END IF;
        END IF;
        IF ci IS NOT NULL THEN
            room := v_card_cap - (card_used[ci] - COALESCE(own_quantity, 0));
            IF room < give THEN
                IF p_partial[i] AND room >= 1 AND oi IS NULL THEN
                    give := room;
                ELSE
                    res_outcome[i] := 'card_cap';
                    res_cap[i] := v_card_cap;
                    res_used[i] := card_used[ci] - COALESCE(own_quantity, 0);
                    CONTINUE;
                END IF;
            END IF;
        END IF;
        IF ui THEN
            room := v_unknown_cap - (unknown_used - COALESCE(own_quantity, 0));
            IF room < give THEN
                IF p_partial[i] AND room >= 1 AND oi IS NULL THEN
                    give := room;
                ELSE
                    res_outcome[i] := 'unknown_card_cap';
                    res_cap[i] := v_unknown_cap;
                    res_used[i] := unknown_used - COALESCE(own_quantity, 0);
                    CONTINUE;
                END IF;
            END IF;
        END IF;
        IF ai IS NOT NULL THEN
            room := v_address_cap - (address_used[ai] - COALESCE(own_quantity, 0));
            IF room < give THEN
                IF p_partial[i] AND room >= 1 AND oi IS NULL THEN
                    give := room;
                ELSE
                    res_outcome[i] := 'address_cap';
                    res_cap[i] := v_address_cap;
                    res_used[i] := address_used[ai] - COALESCE(own_quantity, 0);
                    CONTINUE;
                END IF;
            END IF;
        END IF;

        IF oi IS NOT NULL THEN
            res_outcome[i] := 'refreshed';
            res_quantity[i] := q;
            IF own_leads[oi] IS NULL THEN
                -- Granted earlier in this batch: the same hold, just made.
                res_fresh[i] := true;
                CONTINUE;
            END IF;
            -- Asking again refreshes, as the single claim does: never shortened, never past the
            -- event's longest lease.
            UPDATE ga_holds h
            SET expires_at = GREATEST(h.expires_at, LEAST(now() + make_interval(secs => ttl_seconds),
                    boxoffice_hold_lease_limit(h.held_since, v_hold_seconds, v_max_extensions)))
            WHERE h.pool_id = p_pool AND h.cart_id = p_carts[i] AND h.state = 'HELD';
            SELECT h.expires_at INTO expires FROM ga_holds h WHERE h.id = own_leads[oi];
            res_hold[i] := own_leads[oi];
            res_expires[i] := expires;
            CONTINUE;
        END IF;

        IF free_total < give THEN
            IF p_partial[i] AND free_total >= 1 THEN
                give := free_total;
            ELSE
                res_outcome[i] := 'lost';
                CONTINUE;
            END IF;
        END IF;

        -- One row that has them all if one does: written with the batch's other such grants in one
        -- INSERT below. Else filling rows in id order (a lead row and parts naming it), as a claim
        -- across rows does, written here.
        one := NULL;
        FOR j IN 1 .. array_length(sub_ids, 1) LOOP
            IF sub_free[j] >= give THEN
                one := j;
                EXIT;
            END IF;
        END LOOP;
        IF one IS NOT NULL THEN
            j := one;
            g_subs := g_subs || sub_ids[j];
            g_carts := g_carts || p_carts[i];
            g_quantities := g_quantities || give;
            g_ttls := g_ttls || ttl_seconds;
            sub_free[j] := sub_free[j] - give;
            sub_added[j] := sub_added[j] + give;
            res_fresh[i] := true;
            own_leads := own_leads || NULL::bigint;
        ELSE
            v_lead := NULL;
            q := give;
            FOR j IN 1 .. array_length(sub_ids, 1) LOOP
                EXIT WHEN q = 0;
                CONTINUE WHEN sub_free[j] = 0;
                take := LEAST(q, sub_free[j]);
                INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at,
                                      lead_hold_id)
                VALUES (p_pool, sub_ids[j], p_carts[i], take, 'HELD', now(), now() + make_interval(secs => ttl_seconds),
                        v_lead)
                RETURNING id, expires_at INTO new_id, expires;
                v_lead := COALESCE(v_lead, new_id);
                sub_free[j] := sub_free[j] - take;
                sub_added[j] := sub_added[j] + take;
                q := q - take;
            END LOOP;
            res_hold[i] := v_lead;
            res_expires[i] := expires;
            own_leads := own_leads || v_lead;
        END IF;
        own_carts := own_carts || p_carts[i];
        own_quantities := own_quantities || give;
        free_total := free_total - give;
        IF bi IS NOT NULL THEN
            buyer_used[bi] := buyer_used[bi] + give;
        END IF;
        IF ci IS NOT NULL THEN
            card_used[ci] := card_used[ci] + give;
        END IF;
        IF ui THEN
            unknown_used := unknown_used + give;
        END IF;
        IF ai IS NOT NULL THEN
            address_used[ai] := address_used[ai] + give;
        END IF;
        res_outcome[i] := 'held';
        res_quantity[i] := give;
    END LOOP;

    -- The single-row grants, one INSERT for the batch; each cart has at most one of them.
    WITH created AS (
        INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at)
        SELECT p_pool, g.sub, g.cart, g.quantity, 'HELD', now(), now() + make_interval(secs => g.ttl)
        FROM unnest(g_subs, g_carts, g_quantities, g_ttls) AS g(sub, cart, quantity, ttl)
        RETURNING id, cart_id, expires_at
    )
    SELECT COALESCE(array_agg(c.id), '{}'), COALESCE(array_agg(c.cart_id), '{}'), COALESCE(array_agg(c.expires_at), '{}')
    INTO new_ids, new_carts, new_expires
    FROM created c;

    -- 4. The counters, once for the whole batch.
    UPDATE ga_subpools s SET held = s.held + a.added
    FROM unnest(sub_ids, sub_added) AS a(id, added)
    WHERE s.id = a.id AND a.added > 0;

    RETURN QUERY
    SELECT a.i, res_outcome[a.i], COALESCE(res_hold[a.i], x.id), COALESCE(res_quantity[a.i], 0),
           CAST(extract(epoch FROM COALESCE(res_expires[a.i], x.expires_at)) * 1000 AS bigint), res_cap[a.i],
           res_used[a.i]
    FROM generate_series(1, n) AS a(i)
    LEFT JOIN unnest(new_ids, new_carts, new_expires) AS x(id, cart, expires_at)
        ON res_fresh[a.i] AND x.cart = p_carts[a.i]
    ORDER BY a.i;
END
$$;

-- 044's batched web seat hold.
CREATE OR REPLACE FUNCTION boxoffice_web_hold_seat_batch(p_event bigint, p_buyers bigint[], p_carts text[], p_ttls integer[],
                                              p_asks integer[], p_units bigint[])
RETURNS TABLE(r_ask integer, r_outcome text, r_unit bigint, r_label text, r_expires_ms bigint)
LANGUAGE plpgsql SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    n integer := COALESCE(array_length(p_carts, 1), 0);
    v_event record;
    v_state text[];     -- per ask: NULL (to be claimed), or the one-row outcome above
    v_ids bigint[];     -- the locked, claimable seats, ascending
    v_owner text[];     -- per locked seat: the cart it is held by now, or that this batch gave it to
    v_live boolean[];   -- per locked seat: held by its owner on a lease still running
    v_claim_carts text[];
    v_claim_ttls integer[];
    pair_asks integer[];
    pair_units bigint[];
    m integer;
    i integer;
    j integer;
    t integer;
    last integer;
    k integer;
    won boolean;
    out_asks integer[] := '{}';
    out_units bigint[] := '{}';
    out_outcomes text[] := '{}';
BEGIN
    IF n = 0 THEN
        RETURN;
    END IF;
    IF COALESCE(array_length(p_buyers, 1), 0) <> n OR COALESCE(array_length(p_ttls, 1), 0) <> n
       OR COALESCE(array_length(p_asks, 1), 0) <> COALESCE(array_length(p_units, 1), 0) THEN
        RAISE EXCEPTION 'a batch of % asks needs % of each field, and an ask for every seat', n, n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT e.id, e.hold_seconds, e.max_extensions, e.max_holds_per_buyer, e.max_holds_per_instrument,
           e.max_holds_unknown_card, e.max_holds_per_address
    INTO v_event FROM events e WHERE e.id = p_event;
    IF NOT FOUND THEN
        RETURN QUERY SELECT g, 'no_event', NULL::bigint, NULL::text, NULL::bigint FROM generate_series(1, n) g;
        RETURN;
    END IF;

    -- Each cart checked to be its buyer's, and whether a cap applies to it, by the cart's key (LIMIT 1
    -- keeps it a probe whatever the statistics say).
    SELECT array_agg(CASE WHEN a.buyer IS NULL OR a.buyer <= 0 OR a.cart IS NULL OR a.cart = '' THEN 'bad_input'
                          WHEN c.cart_id IS NULL THEN 'cart'
                          WHEN v_event.max_holds_per_buyer IS NOT NULL
                               OR (v_event.max_holds_per_instrument IS NOT NULL AND c.instrument IS NOT NULL)
                               OR (v_event.max_holds_unknown_card IS NOT NULL AND c.instrument IS NULL)
                               OR (v_event.max_holds_per_address IS NOT NULL AND c.client_address IS NOT NULL)
                          THEN 'capped' END ORDER BY a.i)
    INTO v_state
    FROM unnest(p_buyers, p_carts) WITH ORDINALITY AS a(buyer, cart, i)
    LEFT JOIN LATERAL (SELECT bc.cart_id, bc.instrument, bc.client_address FROM buyer_carts bc
                       WHERE bc.cart_id = a.cart AND bc.buyer_id = a.buyer LIMIT 1) c ON true;
    SELECT COALESCE(array_agg(x.ask ORDER BY x.ask, x.unit), '{}'), COALESCE(array_agg(x.unit ORDER BY x.ask, x.unit), '{}')
    INTO pair_asks, pair_units
    FROM (SELECT DISTINCT y.ask, y.unit FROM unnest(p_asks, p_units) AS y(ask, unit)
          WHERE y.ask BETWEEN 1 AND n AND y.unit IS NOT NULL) x;
    m := COALESCE(array_length(pair_asks, 1), 0);
    FOR i IN 1 .. n LOOP
        IF v_state[i] IS NULL AND NOT (i = ANY (pair_asks)) THEN
            v_state[i] := 'bad_input';
        END IF;
    END LOOP;

    -- Every seat an ask to be claimed here could take, locked in ascending id order in one statement:
    -- free, on an expired lease, or held by one of these carts (asking again refreshes). A row that
    -- changed while this waited for its lock is read again and left out if no longer claimable.
    SELECT COALESCE(array_agg(l.id ORDER BY l.id), '{}'),
           COALESCE(array_agg(CASE WHEN l.state = 'HELD' AND l.hold_expires_at > now() THEN l.cart_id END ORDER BY l.id), '{}'),
           COALESCE(array_agg(l.state = 'HELD' AND l.hold_expires_at > now() ORDER BY l.id), '{}')
    INTO v_ids, v_owner, v_live
    FROM (SELECT s.id, s.state, s.cart_id, s.hold_expires_at FROM event_seats s
          WHERE s.id IN (SELECT DISTINCT x.unit FROM unnest(pair_asks, pair_units) AS x(ask, unit)
                         WHERE v_state[x.ask] IS NULL)
            AND s.event_id = p_event
            AND (s.state = 'AVAILABLE'
                 OR (s.state = 'HELD' AND (s.hold_expires_at <= now() OR s.cart_id = ANY (p_carts))))
          ORDER BY s.id
          FOR UPDATE OF s) l;

    -- The asks in arrival order, in memory: an ask wins when every seat it names is claimable by its
    -- cart, none given to another cart earlier in this batch; a seat's new owner counts for the asks
    -- after it. pair_asks/pair_units: each ask's distinct seats, grouped by ask, seats ascending.
    v_claim_carts := array_fill(NULL::text, ARRAY[COALESCE(array_length(v_ids, 1), 0) + 1]);
    v_claim_ttls := array_fill(NULL::integer, ARRAY[COALESCE(array_length(v_ids, 1), 0) + 1]);
    j := 1;
    WHILE j <= m LOOP
        i := pair_asks[j];
        last := j;
        WHILE last < m AND pair_asks[last + 1] = i LOOP
            last := last + 1;
        END LOOP;
        IF v_state[i] IS NOT NULL THEN
            out_asks := out_asks || i;
            out_units := out_units || NULL::bigint;
            out_outcomes := out_outcomes || v_state[i];
        ELSE
            won := true;
            FOR t IN j .. last LOOP
                k := array_position(v_ids, pair_units[t]);
                IF k IS NULL OR (v_owner[k] IS NOT NULL AND v_owner[k] <> p_carts[i]) THEN
                    won := false;
                    EXIT;
                END IF;
            END LOOP;
            FOR t IN j .. last LOOP
                k := array_position(v_ids, pair_units[t]);
                out_asks := out_asks || i;
                out_units := out_units || pair_units[t];
                IF won THEN
                    out_outcomes := out_outcomes || 'granted'::text;
                    IF v_claim_carts[k] IS NULL THEN
                        -- Held on a running lease by this very cart: refreshed below, not restarted.
                        v_live[k] := v_live[k] AND v_owner[k] = p_carts[i];
                    END IF;
                    v_owner[k] := p_carts[i];
                    v_claim_carts[k] := p_carts[i];
                    v_claim_ttls[k] := boxoffice_hold_lease_seconds(p_ttls[i], v_event.hold_seconds,
                                                                    v_event.max_extensions);
                ELSIF k IS NULL OR (v_owner[k] IS NOT NULL AND v_owner[k] <> p_carts[i]) THEN
                    out_outcomes := out_outcomes || 'lost'::text;
                ELSE
                    out_outcomes := out_outcomes || 'not_granted'::text;
                END IF;
            END LOOP;
        END IF;
        j := last + 1;
    END LOOP;
    FOR i IN 1 .. n LOOP
        IF NOT (i = ANY (pair_asks)) THEN
            out_asks := out_asks || i;
            out_units := out_units || NULL::bigint;
            out_outcomes := out_outcomes || v_state[i];
        END IF;
    END LOOP;

    -- Every seat won, written by one statement: a new lease, or the cart's running lease refreshed as
    -- the single claim does (never shortened, never past the event's longest lease).
    RETURN QUERY
    WITH won AS (
        SELECT w.id, w.cart, w.ttl, w.live
        FROM unnest(v_ids, v_claim_carts[1:COALESCE(array_length(v_ids, 1), 0)],
                    v_claim_ttls[1:COALESCE(array_length(v_ids, 1), 0)],
                    v_live) AS w(id, cart, ttl, live)
        WHERE w.cart IS NOT NULL
    ), claimed AS (
        UPDATE event_seats s SET
            state = 'HELD',
            cart_id = won.cart,
            held_since = CASE WHEN won.live THEN s.held_since ELSE now() END,
            extensions_used = CASE WHEN won.live THEN s.extensions_used ELSE 0 END,
            hold_expires_at = CASE WHEN won.live
                                   THEN GREATEST(s.hold_expires_at, LEAST(now() + make_interval(secs => won.ttl),
                                                 boxoffice_hold_lease_limit(s.held_since, v_event.hold_seconds,
                                                                            v_event.max_extensions)))
                                   ELSE now() + make_interval(secs => won.ttl) END
        FROM won
        WHERE s.id = won.id
        RETURNING s.id, s.hold_expires_at
    )
    -- Each seat's label by its key (LIMIT 1: a probe, never a join over the event's seats).
    SELECT a.ask,
           CASE WHEN a.unit IS NOT NULL AND e.id IS NULL THEN 'unknown_unit' ELSE a.outcome END,
           a.unit, e.label,
           CASE WHEN a.outcome = 'granted' THEN CAST(extract(epoch FROM c.hold_expires_at) * 1000 AS bigint) END
    FROM unnest(out_asks, out_outcomes, out_units) WITH ORDINALITY AS a(ask, outcome, unit, position)
    LEFT JOIN LATERAL (SELECT es.id, st.label FROM event_seats es JOIN seats st ON st.id = es.seat_id
                       WHERE es.id = a.unit AND es.event_id = p_event LIMIT 1) e ON true
    LEFT JOIN claimed c ON c.id = a.unit
    ORDER BY a.ask, a.position;
END
$$;
