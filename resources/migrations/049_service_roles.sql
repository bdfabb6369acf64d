-- boxoffice:expand
-- The web channel and the worker face the internet and the payment provider, and until now they
-- signed in as the schema's owner: a hole in either could change capacity and prices, rewrite the
-- ledger, read the guests' profiles or drop a table. Like the staff roles of 003, their rights are now
-- the server's to enforce: an operator signs each service in with a login that is a member of
-- boxoffice_web or boxoffice_worker (docs/ROLES.md), and whatever else the program might send is
-- refused with SQLSTATE 42501. Their grants follow the statements each program runs; a statement added
-- to either program later needs its grant in a new migration, or the tests that run the program as its
-- role (tst_serviceroles) fail.
--
-- Both roles own nothing and get no DDL, TRUNCATE or DELETE beyond the buyers' own sign-in rows:
-- capacity, prices, hold policy, caps, on-sale settings, till, night audit, staff and the migrations
-- stay the owner's and the managers'. Writes are column grants where the program writes a few columns,
-- so a hand-typed UPDATE of an amount is refused as a clerk's is.
--
-- Neither role needs USAGE on a sequence: every key is an identity column, whose next value an INSERT
-- takes without a sequence privilege, and no program calls nextval, currval or lastval. No ALTER
-- DEFAULT PRIVILEGES either, as for the staff roles: a table is granted by the migration that makes it,
-- which is where its users are known.
--
-- Functions are executable by PUBLIC unless a migration revoked that; the revoked ones the web's claim
-- calls are granted below. The SECURITY DEFINER functions granted to staff stay out of reach of both
-- roles: they are neither clerks nor managers.

-- Roles belong to the whole server, and two databases may be migrated at once: a role another
-- migration created a moment ago is fine.
DO $$
BEGIN
    BEGIN
        CREATE ROLE boxoffice_web NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
    BEGIN
        CREATE ROLE boxoffice_worker NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
END
$$;

GRANT USAGE ON SCHEMA public TO boxoffice_web, boxoffice_worker;
-- Every program checks the schema version before it starts (Migrator::checkCurrent); only the owner
-- applies migrations.
GRANT SELECT ON schema_migrations TO boxoffice_web, boxoffice_worker;

-- ---------------------------------------------------------------- what both read
-- The catalogue, the inventory and the orders: the web shows and claims them, and the worker settles
-- paid orders with the same statements (a late payment confirms, replaces or refunds units).
GRANT SELECT ON venue_layouts, sections, seats, price_bands, events, event_prices, event_type_prices,
                seat_price_choices, event_seats, ga_pools, ga_subpools, ga_holds, hotels, room_types, room_nights,
                room_nights_on_sale, group_blocks, group_block_nights, restaurants, slot_resources, slot_bookings,
                stays, orders, order_lines, order_pool_lines, order_stay_lines, order_slot_lines, payments, refunds,
                buyer_carts, outbox, ticket_faces
    TO boxoffice_web, boxoffice_worker;

-- ---------------------------------------------------------------- what both write
-- Settling a paid order, by the web's checkout or webhook or by the worker's reconciliation: the holds
-- are sold (or claimed afresh for a late payment, which may give back a lapsed group block's rooms),
-- lost seats replaced, the rest refunded with a case for staff, and a confirmed order's event queued.
-- A declined card releases the order's holds.
GRANT UPDATE (state, cart_id, held_since, hold_expires_at, extensions_used, order_id) ON event_seats
    TO boxoffice_web, boxoffice_worker;
GRANT UPDATE (held, sold) ON ga_subpools TO boxoffice_web, boxoffice_worker;
GRANT INSERT (pool_id, subpool_id, cart_id, quantity, state, held_since, expires_at, order_id, lead_hold_id),
      UPDATE (state, expires_at, extensions_used, order_id) ON ga_holds TO boxoffice_web, boxoffice_worker;
GRANT UPDATE (booked) ON room_nights TO boxoffice_web, boxoffice_worker;
-- Only past the block's cut-off: 034's trigger refuses anyone but a manager before it.
GRANT UPDATE (released) ON group_block_nights TO boxoffice_web, boxoffice_worker;
GRANT INSERT (reference, room_type_id, cart_id, check_in, check_out, state, held_since, expires_at, order_id,
              guest_name),
      UPDATE (state, expires_at, extensions_used, order_id) ON stays TO boxoffice_web, boxoffice_worker;
GRANT INSERT (resource_id, cart_id, party_size, during, state, held_since, expires_at, order_id),
      UPDATE (state, expires_at, extensions_used, order_id) ON slot_bookings TO boxoffice_web, boxoffice_worker;
GRANT UPDATE (state, paid_at, refunded_minor) ON orders TO boxoffice_web, boxoffice_worker;
GRANT INSERT (order_id, unit_id, amount_minor, state), UPDATE (state) ON order_lines TO boxoffice_web, boxoffice_worker;
GRANT UPDATE (state, hold_id) ON order_pool_lines TO boxoffice_web, boxoffice_worker;
GRANT UPDATE (state, stay_id) ON order_stay_lines TO boxoffice_web, boxoffice_worker;
GRANT UPDATE (state, booking_id) ON order_slot_lines TO boxoffice_web, boxoffice_worker;
GRANT UPDATE (state, provider_payment_id, detail, updated_at) ON payments TO boxoffice_web, boxoffice_worker;
GRANT INSERT (order_id, payment_id, amount_minor, reason, idempotency_key),
      UPDATE (state, provider_refund_id, done_at) ON refunds TO boxoffice_web, boxoffice_worker;
GRANT INSERT (order_id, refund_id, unit, amount_minor, reason) ON compensations TO boxoffice_web, boxoffice_worker;
GRANT INSERT (order_id, step, detail) ON saga_log TO boxoffice_web, boxoffice_worker;
GRANT INSERT (topic, order_id, payload) ON outbox TO boxoffice_web, boxoffice_worker;

-- ---------------------------------------------------------------- the web channel
-- Its buyers: accounts, sign-in sessions, mailed links and the mail that carries them (the worker sends
-- it), carts and their owners' caps, the waiting room's settings, the seat map's change feed.
GRANT SELECT ON buyers, buyer_sessions, buyer_link_tokens, event_on_sales, inventory_audit, payment_inbox
    TO boxoffice_web;
GRANT INSERT (name, token_hash, email, password_hash),
      UPDATE (email_confirmed_at, password_hash, token_hash) ON buyers TO boxoffice_web;
GRANT INSERT, DELETE ON buyer_sessions TO boxoffice_web;
GRANT INSERT (token_hash, buyer_id, purpose, expires_at), UPDATE (used_at) ON buyer_link_tokens TO boxoffice_web;
-- Of the spool, what caps a buyer's account mail and an order's PDF: not the other buyers' mail, whose
-- bodies carry their sign-in links.
GRANT SELECT (id, order_id, buyer_id, purpose, created_at, attachment),
      INSERT (buyer_id, purpose, recipient, subject, body) ON mail_spool TO boxoffice_web;
GRANT INSERT (cart_id, buyer_id, instrument, client_address, payment_method) ON buyer_carts TO boxoffice_web;
-- Checkout: the order and its lines from the cart, the payment row and its send permits, the
-- provider's webhooks (recorded once, with what they claimed).
GRANT INSERT (cart_id, amount_minor, currency), UPDATE (channel, buyer) ON orders TO boxoffice_web;
GRANT INSERT (order_id, unit_id, amount_minor, state, price_type, comp_id) ON order_lines TO boxoffice_web;
GRANT INSERT (order_id, hold_id, pool_id, quantity, amount_minor, state) ON order_pool_lines TO boxoffice_web;
GRANT INSERT (order_id, stay_id, amount_minor) ON order_stay_lines TO boxoffice_web;
GRANT INSERT (order_id, booking_id, amount_minor) ON order_slot_lines TO boxoffice_web;
GRANT INSERT (order_id, provider, idempotency_key, amount_minor, currency, payment_method),
      UPDATE (send_deadline, attempts) ON payments TO boxoffice_web;
GRANT INSERT (provider, event_id, event_type, order_id, provider_payment_id, amount_minor, currency),
      UPDATE (outcome, detail) ON payment_inbox TO boxoffice_web;
-- A web buyer's claims with their caps (037, 041, 044) and the batched pool claim (038): 037 revoked
-- them from PUBLIC. Not SECURITY DEFINER, so they run with the rights above.
GRANT EXECUTE ON FUNCTION
    boxoffice_holder_carts(text, bigint, text, inet),
    boxoffice_event_held(bigint, text, bigint, text, inet, text, bigint[], bigint),
    boxoffice_hotel_held(bigint, text, bigint, text, inet, text, bigint, date, date),
    boxoffice_restaurant_held(bigint, text, bigint, text, inet, text, bigint, timestamptz, timestamptz),
    boxoffice_web_caps(bigint, text, integer, bigint, bigint[], bigint, bigint, date, date, bigint, bigint,
                       timestamptz, timestamptz),
    boxoffice_web_hold_seats(bigint, text, bigint, bigint[], text[], integer),
    boxoffice_web_hold_places(bigint, text, bigint, integer, integer),
    boxoffice_hold_pool_batch(bigint, text[], integer[], integer[], bigint[], boolean[])
    TO boxoffice_web;

-- ---------------------------------------------------------------- the worker
-- Reconciliation: it closes a payment's key before it asks the provider, refunds charges no order can
-- keep, expires abandoned orders and counts what it repaired.
GRANT SELECT ON stray_charges, reconcile_repairs TO boxoffice_worker;
GRANT UPDATE (closed_at) ON payments TO boxoffice_worker;
GRANT INSERT (provider_payment_id, idempotency_key, order_id, amount_minor, currency, why),
      UPDATE (refund_state, provider_refund_id, refunded_at) ON stray_charges TO boxoffice_worker;
GRANT INSERT (day, kind, repaired), UPDATE (repaired) ON reconcile_repairs TO boxoffice_worker;
-- Issuing: the tickets of a paid order, its confirmation mail addressed to the buyer (no password or
-- token hash), the outbox event marked processed or published; then the spool is sent.
GRANT SELECT (id, name, email) ON buyers TO boxoffice_worker;
GRANT SELECT, INSERT (order_id, unit_id, pool_hold_id, place) ON tickets TO boxoffice_worker;
GRANT UPDATE (processed_at, published_at) ON outbox TO boxoffice_worker;
GRANT SELECT, INSERT (order_id, recipient, subject, body, attachment),
      UPDATE (attempts, next_attempt_at, last_error, sent_at, given_up_at) ON mail_spool TO boxoffice_worker;
-- Ended sign-in sessions and links are deleted a day after they expired.
GRANT SELECT (expires_at), DELETE ON buyer_sessions, buyer_link_tokens TO boxoffice_worker;

-- ---------------------------------------------------------------- refunds without a manager
-- 003 lets only a manager (or the owner) mark an order REFUNDED. The checkout saga does so too when a
-- charge went through and nothing of the order could be delivered, on the web's or the worker's login:
-- that automatic refund stays open to them, for an order with a captured online charge only. An order
-- paid at the counter is still a manager's to refund. Same owner, rights and trigger as before.
CREATE OR REPLACE FUNCTION orders_refund_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.state = 'REFUNDED' AND OLD.state IS DISTINCT FROM 'REFUNDED'
       AND NOT pg_has_role(current_user, 'boxoffice_manager', 'MEMBER')
       AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
       AND current_user <> (SELECT tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'orders')
       AND NOT ((pg_has_role(current_user, 'boxoffice_web', 'MEMBER')
                 OR pg_has_role(current_user, 'boxoffice_worker', 'MEMBER'))
                AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = NEW.id AND p.state = 'SUCCEEDED')) THEN
        RAISE EXCEPTION 'only a manager may refund an order'
            USING ERRCODE = 'insufficient_privilege', HINT = 'Ask a manager to sign in.';
    END IF;
    RETURN NEW;
END
$$;
