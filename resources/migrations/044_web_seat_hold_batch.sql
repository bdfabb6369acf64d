-- Batched seat holds for web buyers (issue 15: the web hold cost PostgreSQL one statement, one
-- executor start-up and one commit per buyer, more than the desk's claim; at 16 buyers on two cores
-- that was the bound). The holds that buyers send at about the same time to one event are claimed by
-- one call and one commit, each ask answered on its own, exactly as boxoffice_web_hold_seats (041)
-- answers it alone.
--
-- Only asks no cap applies to are claimed here: a capped ask is answered 'capped' and claimed the
-- single way, under its cap locks. So this function takes no advisory lock at all, and its row locks
-- are taken in ascending seat id order in one statement, the order of every other seat claim: a
-- batch, another batch and a desk's claim never wait on each other in a circle.
--
-- Asks are parallel arrays indexed by arrival order (p_buyers, p_carts, p_ttls); their seats are
-- p_units, each naming its ask in p_asks. One row per ask and seat, in ask then seat order:
--   granted       the seat is held by the ask's cart until r_expires_ms
--   lost          the seat is held or sold by someone else (or taken by an earlier ask of the batch)
--   not_granted   free, but another seat of the same ask was lost: an ask is all or nothing
--   unknown_unit  no such seat in this event
-- and one row with no seat for an ask that is not claimed here:
--   cart          the cart is not this buyer's (or does not exist)
--   no_event      no such event
--   capped        a cap of the event applies to this cart: claim it with boxoffice_web_hold_seats
--   bad_input     no seats, or a buyer of 0 (staff claim through their own statement)
CREATE FUNCTION boxoffice_web_hold_seat_batch(p_event bigint, p_buyers bigint[], p_carts text[], p_ttls integer[],
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
    lease_cap integer;
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
    lease_cap := v_event.hold_seconds * (1 + v_event.max_extensions);

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
                    v_claim_ttls[k] := LEAST(COALESCE(p_ttls[i], v_event.hold_seconds), lease_cap);
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
                                                 s.held_since + make_interval(secs => lease_cap)))
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
