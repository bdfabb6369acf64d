-- The batched pool claim (038) looked up the batch's carts' own holds with
-- `cart_id = ANY (p_carts)` beside `pool_id = p_pool`. With the statistics of a pool that was empty
-- when last analysed (every new on-sale), and in the generic plan PL/pgSQL keeps, the plan used the
-- pool's key alone and filtered every live hold of the pool: a batch cost grew with the pool's live
-- holds (5 ms of a 6 ms batch at 15,000 holds, so the batched pool fell behind the split one).
-- Each cart is now looked up on its own by the unique (pool, cart) key: LIMIT 1 keeps the lookup a
-- parameterised index probe that no estimate can turn into a scan. Nothing else changes.
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
        ttl_seconds := LEAST(COALESCE(p_ttls[i], v_hold_seconds), v_hold_seconds * (1 + v_max_extensions));
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
                    h.held_since + make_interval(secs => v_hold_seconds * (1 + v_max_extensions))))
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
