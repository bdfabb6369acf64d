-- Staff roles enforced by the database and an audit trail of every state change. The trail, ordered
-- by id, is also what live seat maps follow. No NOTIFY here on purpose: a transaction that notifies
-- holds a server-wide lock through its commit flush, so claims would commit one at a time (measured:
-- a third of the claim rate at 16 clients); change notifications are sent outside the claim path.
--
-- Staff sign in with their own PostgreSQL login, a member of boxoffice_clerk or boxoffice_manager.
-- A clerk may hold, release, sell and print; a manager may also refund and change capacity and hold
-- policy. Clerks get column-level rights for exactly what the claim statements write, so a hand-typed
-- UPDATE of anything else is refused with SQLSTATE 42501 (insufficient privilege).

-- Roles belong to the whole server, and two databases may be migrated at once: a role another
-- migration created a moment ago is fine.
DO $$
BEGIN
    BEGIN
        CREATE ROLE boxoffice_clerk NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
    BEGIN
        CREATE ROLE boxoffice_manager NOLOGIN IN ROLE boxoffice_clerk;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
    -- a manager is always a clerk too, even when the role existed before this migration
    IF NOT pg_has_role('boxoffice_manager', 'boxoffice_clerk', 'MEMBER') THEN
        BEGIN
            GRANT boxoffice_clerk TO boxoffice_manager;
        EXCEPTION WHEN unique_violation THEN NULL;
        END;
    END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO boxoffice_clerk;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO boxoffice_clerk;

-- What the claim, release, extend, order and confirm statements write: nothing more.
GRANT UPDATE (state, cart_id, held_since, hold_expires_at, extensions_used, order_id) ON event_seats TO boxoffice_clerk;
GRANT INSERT, UPDATE (state, paid_at) ON orders TO boxoffice_clerk;
GRANT INSERT, UPDATE (state) ON order_lines TO boxoffice_clerk;
GRANT INSERT, UPDATE (state, hold_id) ON order_pool_lines TO boxoffice_clerk;
GRANT INSERT, UPDATE (state, stay_id) ON order_stay_lines TO boxoffice_clerk;
GRANT INSERT, UPDATE (state, booking_id) ON order_slot_lines TO boxoffice_clerk;
GRANT UPDATE (held, sold) ON ga_subpools TO boxoffice_clerk;
GRANT INSERT, UPDATE (state, expires_at, extensions_used, order_id) ON ga_holds TO boxoffice_clerk;
GRANT UPDATE (booked) ON room_nights TO boxoffice_clerk;
GRANT INSERT, UPDATE (state, expires_at, extensions_used, order_id) ON stays TO boxoffice_clerk;
GRANT INSERT, UPDATE (state, expires_at, extensions_used, order_id) ON slot_bookings TO boxoffice_clerk;

-- Capacity, prices and hold policy are a manager's.
GRANT UPDATE (capacity, physical) ON room_nights TO boxoffice_manager;
GRANT UPDATE (capacity) ON ga_subpools TO boxoffice_manager;
GRANT UPDATE (claim_strategy, price_minor) ON ga_pools TO boxoffice_manager;
GRANT UPDATE (hold_seconds, max_extensions) ON events, hotels, restaurants TO boxoffice_manager;
GRANT INSERT, UPDATE (amount_minor) ON event_prices TO boxoffice_manager;

-- Refunds: the orders.state column is a clerk's to write (PENDING -> PAID at the counter), so the step
-- to REFUNDED is guarded here, where no client can skip it.
CREATE FUNCTION orders_refund_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.state = 'REFUNDED' AND OLD.state IS DISTINCT FROM 'REFUNDED'
       AND NOT pg_has_role(current_user, 'boxoffice_manager', 'MEMBER')
       AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
       AND current_user <> (SELECT tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'orders') THEN
        RAISE EXCEPTION 'only a manager may refund an order'
            USING ERRCODE = 'insufficient_privilege', HINT = 'Ask a manager to sign in.';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER orders_refund_guard BEFORE UPDATE OF state ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_refund_guard();

-- ---------------------------------------------------------------- audit trail
CREATE TABLE inventory_audit (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at          timestamptz NOT NULL DEFAULT clock_timestamp(),
    db_user     text NOT NULL DEFAULT current_user,
    channel     text NOT NULL DEFAULT COALESCE(NULLIF(current_setting('application_name', true), ''), 'unknown'),
    entity      text NOT NULL CHECK (entity IN ('seat', 'ga_hold', 'stay', 'slot', 'order')),
    entity_id   bigint NOT NULL,
    from_state  text,
    to_state    text NOT NULL,
    cart_id     text,
    order_id    bigint
);
CREATE INDEX inventory_audit_entity ON inventory_audit (entity, entity_id);
CREATE INDEX inventory_audit_at ON inventory_audit (at);
-- Readable by staff; written only by the triggers below (SECURITY DEFINER), so no one forges a line.
GRANT SELECT ON inventory_audit TO boxoffice_clerk;

-- Statement-level triggers with transition tables: one INSERT per statement, not one per row, so a
-- 4-seat claim costs one extra write. The acting user is session_user: inside these SECURITY DEFINER
-- functions current_user is the owner.
CREATE FUNCTION audit_seat_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    INSERT INTO inventory_audit (db_user, entity, entity_id, from_state, to_state, cart_id, order_id)
    SELECT session_user, 'seat', n.id, o.state, n.state, n.cart_id, n.order_id
    FROM changed_new n JOIN changed_old o ON o.id = n.id
    WHERE n.state IS DISTINCT FROM o.state OR n.cart_id IS DISTINCT FROM o.cart_id;
    RETURN NULL;
END
$$;

CREATE TRIGGER event_seats_audit AFTER UPDATE ON event_seats
    REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_seat_changes();

-- The same trail for the rows of the other shapes and for orders, written from one generic function:
-- TG_ARGV[0] names the entity.
CREATE FUNCTION audit_row_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO inventory_audit (db_user, entity, entity_id, from_state, to_state, cart_id, order_id)
        SELECT session_user, TG_ARGV[0], n.id, NULL, n.state, n.cart_id, n.order_id FROM changed_new n;
    ELSE
        INSERT INTO inventory_audit (db_user, entity, entity_id, from_state, to_state, cart_id, order_id)
        SELECT session_user, TG_ARGV[0], n.id, o.state, n.state, n.cart_id, n.order_id
        FROM changed_new n JOIN changed_old o ON o.id = n.id
        WHERE n.state IS DISTINCT FROM o.state;
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION audit_order_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO inventory_audit (db_user, entity, entity_id, from_state, to_state, cart_id, order_id)
        SELECT session_user, 'order', n.id, NULL, n.state, n.cart_id, n.id FROM changed_new n;
    ELSE
        INSERT INTO inventory_audit (db_user, entity, entity_id, from_state, to_state, cart_id, order_id)
        SELECT session_user, 'order', n.id, o.state, n.state, n.cart_id, n.id
        FROM changed_new n JOIN changed_old o ON o.id = n.id
        WHERE n.state IS DISTINCT FROM o.state;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER ga_holds_audit_insert AFTER INSERT ON ga_holds REFERENCING NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_row_changes('ga_hold');
CREATE TRIGGER ga_holds_audit_update AFTER UPDATE ON ga_holds REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_row_changes('ga_hold');
CREATE TRIGGER stays_audit_insert AFTER INSERT ON stays REFERENCING NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_row_changes('stay');
CREATE TRIGGER stays_audit_update AFTER UPDATE ON stays REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_row_changes('stay');
CREATE TRIGGER slot_bookings_audit_insert AFTER INSERT ON slot_bookings REFERENCING NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_row_changes('slot');
CREATE TRIGGER slot_bookings_audit_update AFTER UPDATE ON slot_bookings
    REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_row_changes('slot');
CREATE TRIGGER orders_audit_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_order_changes();
CREATE TRIGGER orders_audit_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_order_changes();

-- Audit functions run as their owner; nobody else may call them directly.
REVOKE ALL ON FUNCTION audit_seat_changes(), audit_row_changes(), audit_order_changes() FROM PUBLIC;

-- ---------------------------------------------------------------- staff logins
-- Creating a login takes identifiers and a password, which CREATE ROLE cannot bind; this function
-- quotes them. The password arrives already hashed (a SCRAM verifier computed by the client), so no
-- log ever holds it. Running it needs CREATEROLE: an administrator's, never a clerk's.
CREATE FUNCTION boxoffice_create_staff(login text, verifier text, staff_role text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF staff_role NOT IN ('boxoffice_clerk', 'boxoffice_manager') THEN
        RAISE EXCEPTION 'unknown staff role %', staff_role USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF verifier NOT LIKE 'SCRAM-SHA-256$%' THEN
        RAISE EXCEPTION 'the password must arrive hashed' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', login, verifier, staff_role);
END
$$;
REVOKE ALL ON FUNCTION boxoffice_create_staff(text, text, text) FROM PUBLIC;
