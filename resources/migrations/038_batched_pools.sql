-- Batched hot pools: the asks on one hot general-admission pool that arrive within a few
-- milliseconds are granted by one function call, in arrival order, until the pool is empty, in one
-- commit. One row lock and one commit serve the whole batch instead of one per buyer, which is what
-- a single counter row cannot otherwise get past (the claim rate falls as buyers queue on the row).
--
-- Lock order, the same as every capped claim (a buyer's lock, then its card's, then the units): all
-- the batch's distinct buyers in ascending key order, then all its distinct cards in ascending key
-- order, then the pool's sub-pool rows in id order. Two batches, or a batch and a single claim, so
-- never wait on each other in a circle. The caps are counted inside, under those locks, and every
-- grant of the batch counts for the asks after it.

ALTER TABLE ga_pools DROP CONSTRAINT ga_pools_claim_strategy_check;
ALTER TABLE ga_pools ADD CONSTRAINT ga_pools_claim_strategy_check
    CHECK (claim_strategy IN ('atomic', 'pessimistic', 'batched'));

-- Asks are the parallel arrays' elements (index = arrival order). A buyer of 0 or NULL is staff:
-- uncapped, any cart id. A buyer's cart must be that buyer's. `p_partial`: the ask takes fewer places
-- than it asked for rather than none (default all or nothing). One row per ask, in ask order:
--   held       hold_id, quantity granted, expires_ms
--   refreshed  the cart already held this quantity of the pool: its lease was refreshed
--   lost       too few places left (or the pool sold out)
--   conflict   the cart holds another quantity of this pool (used: that quantity)
--   buyer_cap / card_cap   the event's cap (cap) and what the holder already holds (used)
--   not_found  no such pool, or a buyer's cart that is not theirs
--   bad_input  a quantity outside 1..50 or an empty cart id
CREATE FUNCTION boxoffice_hold_pool_batch(p_pool bigint, p_carts text[], p_quantities integer[], p_ttls integer[],
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
    own_lead bigint;
    v_lead bigint;
    new_id bigint;
    take integer;
    expires timestamptz;
    ttl interval;
BEGIN
    IF n = 0 THEN
        RETURN;
    END IF;
    IF COALESCE(array_length(p_quantities, 1), 0) <> n OR COALESCE(array_length(p_ttls, 1), 0) <> n
       OR COALESCE(array_length(p_buyers, 1), 0) <> n OR COALESCE(array_length(p_partial, 1), 0) <> n THEN
        RAISE EXCEPTION 'a batch of % asks needs % of each field', n, n USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT gp.event_id, e.hold_seconds, e.max_extensions, e.max_holds_per_buyer, e.max_holds_per_instrument
    INTO v_event, v_hold_seconds, v_max_extensions, v_buyer_cap, v_card_cap
    FROM ga_pools gp JOIN events e ON e.id = gp.event_id
    WHERE gp.id = p_pool;
    IF NOT FOUND THEN
        RETURN QUERY SELECT g, 'not_found', NULL::bigint, 0, NULL::bigint, NULL::integer, NULL::integer
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
           array_agg(CASE WHEN a.b > 0 AND c.instrument IS NOT NULL THEN hashtext(c.instrument) END ORDER BY a.i)
    INTO v_owned, v_cards, v_card_keys
    FROM unnest(p_carts, p_buyers) WITH ORDINALITY AS a(cart, b, i)
    LEFT JOIN buyer_carts c ON c.cart_id = a.cart AND c.buyer_id = a.b;

    -- 2. Every distinct card's lock, ascending.
    FOR k IN SELECT DISTINCT x FROM unnest(v_card_keys) x WHERE x IS NOT NULL ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(7421, CAST(k AS integer));
    END LOOP;

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
    free_total := (SELECT sum(f) FROM unnest(sub_free) f);

    FOR i IN 1 .. n LOOP
        r_ask := i;
        r_hold_id := NULL;
        r_quantity := 0;
        r_expires_ms := NULL;
        r_cap := NULL;
        r_used := NULL;
        q := p_quantities[i];
        IF q IS NULL OR q < 1 OR q > 50 OR p_carts[i] IS NULL OR p_carts[i] = '' THEN
            r_outcome := 'bad_input';
            RETURN NEXT;
            CONTINUE;
        END IF;
        IF NOT v_owned[i] THEN
            r_outcome := 'not_found';
            RETURN NEXT;
            CONTINUE;
        END IF;
        ttl := make_interval(secs => LEAST(COALESCE(p_ttls[i], v_hold_seconds), v_hold_seconds * (1 + v_max_extensions)));

        -- The cart's own live hold of this pool (every expired one went back above).
        SELECT h.id, (SELECT sum(o.quantity) FROM ga_holds o
                      WHERE o.pool_id = p_pool AND o.cart_id = h.cart_id AND o.state = 'HELD')
        INTO own_lead, own_quantity
        FROM ga_holds h
        WHERE h.pool_id = p_pool AND h.cart_id = p_carts[i] AND h.state = 'HELD' AND h.lead_hold_id IS NULL;
        IF own_lead IS NOT NULL AND own_quantity <> q THEN
            r_outcome := 'conflict';
            r_used := own_quantity;
            RETURN NEXT;
            CONTINUE;
        END IF;

        -- The caps: what the holder holds beyond this cart's own hold of the pool, plus the ask.
        bi := CASE WHEN p_buyers[i] > 0 THEN array_position(buyer_ids, p_buyers[i]) END;
        ci := CASE WHEN v_cards[i] IS NOT NULL THEN array_position(card_names, v_cards[i]) END;
        give := q;
        IF bi IS NOT NULL THEN
            room := v_buyer_cap - (buyer_used[bi] - COALESCE(own_quantity, 0));
            IF room < give THEN
                IF p_partial[i] AND room >= 1 AND own_lead IS NULL THEN
                    give := room;
                ELSE
                    r_outcome := 'buyer_cap';
                    r_cap := v_buyer_cap;
                    r_used := buyer_used[bi] - COALESCE(own_quantity, 0);
                    RETURN NEXT;
                    CONTINUE;
                END IF;
            END IF;
        END IF;
        IF ci IS NOT NULL THEN
            room := v_card_cap - (card_used[ci] - COALESCE(own_quantity, 0));
            IF room < give THEN
                IF p_partial[i] AND room >= 1 AND own_lead IS NULL THEN
                    give := room;
                ELSE
                    r_outcome := 'card_cap';
                    r_cap := v_card_cap;
                    r_used := card_used[ci] - COALESCE(own_quantity, 0);
                    RETURN NEXT;
                    CONTINUE;
                END IF;
            END IF;
        END IF;

        IF own_lead IS NOT NULL THEN
            -- Asking again refreshes, as the single claim does: never shortened, never past the
            -- event's longest lease.
            UPDATE ga_holds h
            SET expires_at = GREATEST(h.expires_at, LEAST(now() + ttl,
                    h.held_since + make_interval(secs => v_hold_seconds * (1 + v_max_extensions))))
            WHERE h.pool_id = p_pool AND h.cart_id = p_carts[i] AND h.state = 'HELD';
            SELECT h.expires_at INTO expires FROM ga_holds h WHERE h.id = own_lead;
            r_outcome := 'refreshed';
            r_hold_id := own_lead;
            r_quantity := q;
            r_expires_ms := CAST(extract(epoch FROM expires) * 1000 AS bigint);
            RETURN NEXT;
            CONTINUE;
        END IF;

        IF free_total < give THEN
            IF p_partial[i] AND free_total >= 1 THEN
                give := free_total;
            ELSE
                r_outcome := 'lost';
                RETURN NEXT;
                CONTINUE;
            END IF;
        END IF;

        -- One row that has them all if one does (one hold row), else filling rows in id order (a lead
        -- row and parts naming it), as a claim across rows does.
        j := (SELECT min(x.o) FROM unnest(sub_free) WITH ORDINALITY AS x(f, o) WHERE x.f >= give);
        v_lead := NULL;
        IF j IS NOT NULL THEN
            INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at)
            VALUES (p_pool, sub_ids[j], p_carts[i], give, 'HELD', now(), now() + ttl)
            RETURNING id, expires_at INTO v_lead, expires;
            sub_free[j] := sub_free[j] - give;
            sub_added[j] := sub_added[j] + give;
        ELSE
            q := give;
            FOR j IN 1 .. array_length(sub_ids, 1) LOOP
                EXIT WHEN q = 0;
                CONTINUE WHEN sub_free[j] = 0;
                take := LEAST(q, sub_free[j]);
                INSERT INTO ga_holds (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at,
                                      lead_hold_id)
                VALUES (p_pool, sub_ids[j], p_carts[i], take, 'HELD', now(), now() + ttl, v_lead)
                RETURNING id, expires_at INTO new_id, expires;
                v_lead := COALESCE(v_lead, new_id);
                sub_free[j] := sub_free[j] - take;
                sub_added[j] := sub_added[j] + take;
                q := q - take;
            END LOOP;
        END IF;
        free_total := free_total - give;
        IF bi IS NOT NULL THEN
            buyer_used[bi] := buyer_used[bi] + give;
        END IF;
        IF ci IS NOT NULL THEN
            card_used[ci] := card_used[ci] + give;
        END IF;
        r_outcome := 'held';
        r_hold_id := v_lead;
        r_quantity := give;
        r_expires_ms := CAST(extract(epoch FROM expires) * 1000 AS bigint);
        RETURN NEXT;
    END LOOP;

    -- 4. The counters, once for the whole batch.
    UPDATE ga_subpools s SET held = s.held + a.added
    FROM unnest(sub_ids, sub_added) AS a(id, added)
    WHERE s.id = a.id AND a.added > 0;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_hold_pool_batch(bigint, text[], integer[], integer[], bigint[], boolean[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_hold_pool_batch(bigint, text[], integer[], integer[], bigint[], boolean[])
    TO boxoffice_clerk;
