-- Money as exact as the inventory. Every movement of money is a row of the order ledger, written by the
-- database itself from the tables that move it (payments, refunds, counter payments, front-desk
-- compensation), so no code path can take or return money without a ledger row. Beside it, what can
-- never be true is refused here rather than hoped for in the application:
--   * at most one live order (PENDING, PAID, GUARANTEED) per cart: a second checkout of the same cart
--     cannot open a second order over units the first is selling;
--   * at most one captured charge per order, and a provider's payment id belongs to one payment;
--   * a webhook applied as a success carries the payment's own amount, currency and intent id;
--   * refunds never exceed what was taken for the order;
--   * a PAID order delivers at least one unit (otherwise it is REFUNDED);
--   * units whose order is being paid cannot be released from under the payment.

-- One live order per cart (was: one PENDING order per cart, which let a second checkout open an order
-- the moment the first became PAID, over the same units).
DROP INDEX orders_one_pending_per_cart;
CREATE UNIQUE INDEX orders_one_live_per_cart ON orders (cart_id) WHERE state IN ('PENDING', 'PAID', 'GUARANTEED');

-- Lines of every shape can be refunded (a lost or returned GA place, stay or table, not only a seat).
ALTER TABLE order_pool_lines DROP CONSTRAINT order_pool_lines_state_check;
ALTER TABLE order_pool_lines ADD CONSTRAINT order_pool_lines_state_check
    CHECK (state IN ('PENDING', 'SOLD', 'LOST', 'REFUNDED'));
ALTER TABLE order_stay_lines DROP CONSTRAINT order_stay_lines_state_check;
ALTER TABLE order_stay_lines ADD CONSTRAINT order_stay_lines_state_check
    CHECK (state IN ('PENDING', 'SOLD', 'LOST', 'REFUNDED'));
ALTER TABLE order_slot_lines DROP CONSTRAINT order_slot_lines_state_check;
ALTER TABLE order_slot_lines ADD CONSTRAINT order_slot_lines_state_check
    CHECK (state IN ('PENDING', 'SOLD', 'LOST', 'REFUNDED'));
GRANT UPDATE (state) ON order_pool_lines, order_stay_lines, order_slot_lines TO boxoffice_manager;
-- A manager's refund locks the order's payment row (after the order row) so no settlement races it;
-- a row lock needs an UPDATE right on some column, and this one changes nothing that matters.
GRANT UPDATE (updated_at) ON payments TO boxoffice_manager;
-- What a manager's refund writes, with the manager's own login: the refund, its case and the saga's
-- log line, and (money handed back at the counter) the refund done at once. The ledger rows follow by
-- trigger; a clerk still may write none of these.
GRANT INSERT ON refunds, compensations, saga_log TO boxoffice_manager;
GRANT UPDATE (state, done_at) ON refunds TO boxoffice_manager;
GRANT UPDATE (refunded_minor) ON orders TO boxoffice_manager;

-- Sending a charge is permitted, each time, by a conditional write that also sets the latest moment the
-- request may still reach the provider. Reconciliation closes the key first (no new permission after
-- that) and takes "the provider has no charge under this key" as final only once that moment passed.
ALTER TABLE payments
    ADD COLUMN send_deadline timestamptz,
    ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    ADD COLUMN closed_at timestamptz;
CREATE UNIQUE INDEX payments_one_success_per_order ON payments (order_id) WHERE state = 'SUCCEEDED';

-- A payment event is kept with what it claimed, so the audit can compare it with the payment.
ALTER TABLE payment_inbox
    ADD COLUMN provider_payment_id text,
    ADD COLUMN amount_minor bigint,
    ADD COLUMN currency char(3),
    ADD COLUMN outcome text NOT NULL DEFAULT 'APPLIED' CHECK (outcome IN ('APPLIED', 'IGNORED', 'REJECTED')),
    ADD COLUMN detail text;

CREATE TABLE order_ledger (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id             bigint NOT NULL REFERENCES orders,
    entry                text NOT NULL CHECK (entry IN ('CHARGE_ATTEMPTED', 'CAPTURED', 'REFUND_DUE', 'REFUND_DONE',
                                                        'REFUND_FAILED', 'FEE_KEPT', 'COMPENSATION_PAID')),
    amount_minor         bigint NOT NULL CHECK (amount_minor >= 0),
    currency             char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    -- where the money moved: the online provider or the box-office counter (cash, card terminal)
    via                  text NOT NULL CHECK (via IN ('provider', 'counter')),
    payment_id           bigint REFERENCES payments,
    counter_payment_id   bigint REFERENCES counter_payments,
    refund_id            bigint REFERENCES refunds,
    provider_payment_id  text,
    provider_refund_id   text,
    reason               text NOT NULL CHECK (reason <> ''),
    recorded_by          text NOT NULL DEFAULT session_user,
    recorded_at          timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX order_ledger_by_order ON order_ledger (order_id, id);
-- One captured charge per order, whatever took it.
CREATE UNIQUE INDEX order_ledger_one_capture_per_order ON order_ledger (order_id) WHERE entry = 'CAPTURED';
CREATE UNIQUE INDEX order_ledger_one_attempt_per_payment ON order_ledger (payment_id) WHERE entry = 'CHARGE_ATTEMPTED';
CREATE UNIQUE INDEX order_ledger_refund_entries ON order_ledger (refund_id, entry) WHERE refund_id IS NOT NULL;
GRANT SELECT ON order_ledger TO boxoffice_clerk;

-- A charge the provider holds under this shop's keys that no order can keep (no payment of ours records
-- it, or it contradicts the payment): refunded in full and kept as a case for staff.
CREATE TABLE stray_charges (
    provider_payment_id  text PRIMARY KEY CHECK (provider_payment_id <> ''),
    idempotency_key      text,
    order_id             bigint,
    amount_minor         bigint NOT NULL CHECK (amount_minor >= 0),
    currency             char(3) NOT NULL,
    why                  text NOT NULL CHECK (why <> ''),
    refund_state         text NOT NULL DEFAULT 'DUE' CHECK (refund_state IN ('DUE', 'SUCCEEDED', 'FAILED')),
    provider_refund_id   text,
    found_at             timestamptz NOT NULL DEFAULT now(),
    refunded_at          timestamptz,
    resolved_at          timestamptz,
    resolved_by          text
);
GRANT SELECT ON stray_charges TO boxoffice_clerk;

-- Fees kept on a cancellation, with their reason: money kept without a unit needs a row that says why.
-- Written only through the ledger (entry FEE_KEPT); this view names them for reports.
CREATE VIEW order_money AS
SELECT o.id AS order_id, o.state, o.currency,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'CAPTURED'), 0) AS captured_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_DUE'), 0)
         - COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_FAILED'), 0) AS refunded_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'FEE_KEPT'), 0) AS fees_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'COMPENSATION_PAID'), 0) AS compensation_minor
FROM orders o LEFT JOIN order_ledger l ON l.order_id = o.id
GROUP BY o.id;
GRANT SELECT ON order_money TO boxoffice_clerk;

-- The ledger is history: rows are added, never changed or removed, by anyone.
CREATE FUNCTION boxoffice_ledger_is_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the order ledger is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER order_ledger_append_only BEFORE UPDATE OR DELETE ON order_ledger
    FOR EACH ROW EXECUTE FUNCTION boxoffice_ledger_is_append_only();

-- Ledger rows from the online payments: the attempt when the payment row is written, the capture when
-- the provider's success is recorded (by the checkout, a webhook or reconciliation, whichever is first).
CREATE FUNCTION boxoffice_ledger_from_payment() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, reason)
        VALUES (NEW.order_id, 'CHARGE_ATTEMPTED', NEW.amount_minor, NEW.currency, 'provider', NEW.id,
                'charge under ' || NEW.idempotency_key);
    ELSIF NEW.state = 'SUCCEEDED' AND OLD.state <> 'SUCCEEDED' THEN
        INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, provider_payment_id, reason)
        VALUES (NEW.order_id, 'CAPTURED', NEW.amount_minor, NEW.currency, 'provider', NEW.id, NEW.provider_payment_id,
                'provider confirmed the charge');
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER payments_to_ledger AFTER INSERT OR UPDATE OF state ON payments
    FOR EACH ROW EXECUTE FUNCTION boxoffice_ledger_from_payment();

-- Money taken at the counter is captured when it is taken; a guarantee takes nothing.
CREATE FUNCTION boxoffice_ledger_from_counter() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    cur char(3);
BEGIN
    IF NEW.method = 'guarantee' THEN
        RETURN NULL;
    END IF;
    SELECT currency INTO cur FROM orders WHERE id = NEW.order_id;
    INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, counter_payment_id, reason)
    VALUES (NEW.order_id, 'CAPTURED', NEW.amount_minor, cur, 'counter', NEW.id, 'taken at the counter by ' || NEW.method);
    RETURN NULL;
END
$$;
CREATE TRIGGER counter_payments_to_ledger AFTER INSERT ON counter_payments
    FOR EACH ROW EXECUTE FUNCTION boxoffice_ledger_from_counter();

-- Refunds: due when decided, done or failed when carried out. A refund never exceeds what was taken.
CREATE FUNCTION boxoffice_ledger_from_refund() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    cur char(3);
    channel text;
    pid text;
    taken bigint;
    returned bigint;
BEGIN
    SELECT currency INTO cur FROM orders WHERE id = NEW.order_id;
    channel := CASE WHEN NEW.payment_id IS NULL THEN 'counter' ELSE 'provider' END;
    SELECT provider_payment_id INTO pid FROM payments WHERE id = NEW.payment_id;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, refund_id,
                                  provider_payment_id, reason)
        VALUES (NEW.order_id, 'REFUND_DUE', NEW.amount_minor, cur, channel, NEW.payment_id, NEW.id, pid, NEW.reason);
        SELECT COALESCE(sum(amount_minor) FILTER (WHERE entry = 'CAPTURED'), 0),
               COALESCE(sum(amount_minor) FILTER (WHERE entry = 'REFUND_DUE'), 0)
                 - COALESCE(sum(amount_minor) FILTER (WHERE entry = 'REFUND_FAILED'), 0)
          INTO taken, returned
          FROM order_ledger WHERE order_id = NEW.order_id;
        IF returned > taken THEN
            RAISE EXCEPTION 'order % would be refunded % of % taken', NEW.order_id, returned, taken
                USING ERRCODE = 'check_violation';
        END IF;
    ELSIF NEW.state <> OLD.state AND NEW.state IN ('SUCCEEDED', 'FAILED') THEN
        INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, refund_id,
                                  provider_payment_id, provider_refund_id, reason)
        VALUES (NEW.order_id, CASE NEW.state WHEN 'SUCCEEDED' THEN 'REFUND_DONE' ELSE 'REFUND_FAILED' END,
                NEW.amount_minor, cur, channel, NEW.payment_id, NEW.id, pid, NEW.provider_refund_id, NEW.reason);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER refunds_to_ledger AFTER INSERT OR UPDATE OF state ON refunds
    FOR EACH ROW EXECUTE FUNCTION boxoffice_ledger_from_refund();

-- A walked guest's compensation is money paid out: a ledger row on the stay's order.
CREATE FUNCTION boxoffice_ledger_from_compensation() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    o bigint;
BEGIN
    IF NEW.amount_minor = 0 THEN
        RETURN NULL;
    END IF;
    SELECT order_id INTO o FROM stays WHERE id = NEW.stay_id;
    IF o IS NOT NULL THEN
        INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, reason, recorded_by)
        VALUES (o, 'COMPENSATION_PAID', NEW.amount_minor, NEW.currency, 'counter',
                lower(NEW.action) || ': ' || NEW.reason, NEW.by_user);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER compensation_to_ledger AFTER INSERT ON compensation_ledger
    FOR EACH ROW EXECUTE FUNCTION boxoffice_ledger_from_compensation();

-- A fee kept on a cancellation: the only ledger row written by hand, by a manager, with its reason.
CREATE FUNCTION boxoffice_keep_fee(p_order bigint, p_amount bigint, p_reason text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    cur char(3);
    id bigint;
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_manager', 'MEMBER')
       AND NOT (SELECT rolsuper OR rolname = (SELECT tableowner FROM pg_tables WHERE tablename = 'orders' AND schemaname = 'public')
                FROM pg_roles WHERE rolname = session_user) THEN
        RAISE EXCEPTION 'only a manager may keep a fee' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_amount <= 0 OR btrim(COALESCE(p_reason, '')) = '' THEN
        RAISE EXCEPTION 'a fee needs an amount and a reason' USING ERRCODE = 'check_violation';
    END IF;
    SELECT currency INTO cur FROM orders WHERE orders.id = p_order;
    INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, reason)
    VALUES (p_order, 'FEE_KEPT', p_amount, cur, 'counter', btrim(p_reason))
    RETURNING order_ledger.id INTO id;
    RETURN id;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_keep_fee(bigint, bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_keep_fee(bigint, bigint, text) TO boxoffice_clerk;

-- A PAID order delivers at least one unit; one whose every line was lost or returned is REFUNDED.
-- Checked at commit, so a transaction may pass through the intermediate states on its way.
CREATE FUNCTION boxoffice_paid_order_delivers() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    o bigint;
BEGIN
    -- (a record's fields are resolved when read, so each table's key is read in its own branch)
    IF TG_TABLE_NAME = 'orders' THEN
        o := NEW.id;
    ELSE
        o := NEW.order_id;
    END IF;
    IF EXISTS (SELECT 1 FROM orders WHERE id = o AND state = 'PAID')
       AND NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = o AND state = 'SOLD')
       AND NOT EXISTS (SELECT 1 FROM order_pool_lines WHERE order_id = o AND state = 'SOLD')
       AND NOT EXISTS (SELECT 1 FROM order_stay_lines WHERE order_id = o AND state = 'SOLD')
       AND NOT EXISTS (SELECT 1 FROM order_slot_lines WHERE order_id = o AND state = 'SOLD') THEN
        RAISE EXCEPTION 'order % is PAID but delivers no unit', o USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER orders_paid_delivers AFTER INSERT OR UPDATE OF state ON orders
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.state = 'PAID')
    EXECUTE FUNCTION boxoffice_paid_order_delivers();
CREATE CONSTRAINT TRIGGER order_lines_paid_delivers AFTER UPDATE OF state ON order_lines
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.state = 'SOLD' AND NEW.state <> 'SOLD')
    EXECUTE FUNCTION boxoffice_paid_order_delivers();
CREATE CONSTRAINT TRIGGER order_pool_lines_paid_delivers AFTER UPDATE OF state ON order_pool_lines
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.state = 'SOLD' AND NEW.state <> 'SOLD')
    EXECUTE FUNCTION boxoffice_paid_order_delivers();
CREATE CONSTRAINT TRIGGER order_stay_lines_paid_delivers AFTER UPDATE OF state ON order_stay_lines
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.state = 'SOLD' AND NEW.state <> 'SOLD')
    EXECUTE FUNCTION boxoffice_paid_order_delivers();
CREATE CONSTRAINT TRIGGER order_slot_lines_paid_delivers AFTER UPDATE OF state ON order_slot_lines
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.state = 'SOLD' AND NEW.state <> 'SOLD')
    EXECUTE FUNCTION boxoffice_paid_order_delivers();

-- Units of an order whose charge may have moved money are pinned to it: no release, from any channel,
-- while the hold is live. (An expired pin is the sweeper's to tidy; confirm still sells an unclaimed
-- unit, and a reclaimed one is replaced or refunded.) The guard fires only on a release (HELD to a
-- free state), never on a claim, so the claim path pays nothing for it.
CREATE FUNCTION boxoffice_unit_payment_in_flight(p_kind text, p_unit bigint, p_cart text) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT o.id
    FROM orders o JOIN payments p ON p.order_id = o.id
    WHERE o.cart_id = p_cart AND o.state = 'PENDING' AND p.state IN ('CHARGING', 'UNKNOWN', 'SUCCEEDED')
      AND CASE p_kind
            WHEN 'seat' THEN EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.unit_id = p_unit)
            WHEN 'ga' THEN EXISTS (SELECT 1 FROM order_pool_lines l WHERE l.order_id = o.id AND l.hold_id = p_unit)
            WHEN 'stay' THEN EXISTS (SELECT 1 FROM order_stay_lines l WHERE l.order_id = o.id AND l.stay_id = p_unit)
            ELSE EXISTS (SELECT 1 FROM order_slot_lines l WHERE l.order_id = o.id AND l.booking_id = p_unit)
          END
    LIMIT 1
$$;

CREATE FUNCTION boxoffice_refuse_release_in_payment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    kind text := TG_ARGV[0];
    expires timestamptz;
    o bigint;
BEGIN
    IF kind = 'seat' THEN
        expires := OLD.hold_expires_at;
    ELSE
        expires := OLD.expires_at;
    END IF;
    IF expires IS NULL OR expires <= now() THEN
        RETURN NEW;
    END IF;
    o := boxoffice_unit_payment_in_flight(kind, OLD.id, OLD.cart_id);
    IF o IS NOT NULL THEN
        RAISE EXCEPTION 'order % is being paid for; its units cannot be released now', o
            USING ERRCODE = 'object_in_use';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER event_seats_pinned_by_payment BEFORE UPDATE OF state ON event_seats
    FOR EACH ROW WHEN (OLD.state = 'HELD' AND NEW.state = 'AVAILABLE')
    EXECUTE FUNCTION boxoffice_refuse_release_in_payment('seat');
CREATE TRIGGER ga_holds_pinned_by_payment BEFORE UPDATE OF state ON ga_holds
    FOR EACH ROW WHEN (OLD.state = 'HELD' AND NEW.state IN ('RELEASED', 'EXPIRED'))
    EXECUTE FUNCTION boxoffice_refuse_release_in_payment('ga');
CREATE TRIGGER stays_pinned_by_payment BEFORE UPDATE OF state ON stays
    FOR EACH ROW WHEN (OLD.state = 'HELD' AND NEW.state IN ('RELEASED', 'EXPIRED', 'CANCELLED'))
    EXECUTE FUNCTION boxoffice_refuse_release_in_payment('stay');
CREATE TRIGGER slot_bookings_pinned_by_payment BEFORE UPDATE OF state ON slot_bookings
    FOR EACH ROW WHEN (OLD.state = 'HELD' AND NEW.state IN ('RELEASED', 'EXPIRED', 'CANCELLED'))
    EXECUTE FUNCTION boxoffice_refuse_release_in_payment('slot');

-- The ledger of what happened before this migration, so old orders balance too.
INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, reason, recorded_at)
SELECT order_id, 'CHARGE_ATTEMPTED', amount_minor, currency, 'provider', id, 'charge under ' || idempotency_key, created_at
FROM payments;
INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, provider_payment_id, reason, recorded_at)
SELECT order_id, 'CAPTURED', amount_minor, currency, 'provider', id, provider_payment_id, 'provider confirmed the charge', updated_at
FROM payments WHERE state = 'SUCCEEDED';
INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, counter_payment_id, reason, recorded_at, recorded_by)
SELECT c.order_id, 'CAPTURED', c.amount_minor, o.currency, 'counter', c.id, 'taken at the counter by ' || c.method, c.taken_at, c.taken_by
FROM counter_payments c JOIN orders o ON o.id = c.order_id WHERE c.method <> 'guarantee';
INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, refund_id, reason, recorded_at)
SELECT r.order_id, 'REFUND_DUE', r.amount_minor, o.currency, CASE WHEN r.payment_id IS NULL THEN 'counter' ELSE 'provider' END,
       r.payment_id, r.id, r.reason, r.created_at
FROM refunds r JOIN orders o ON o.id = r.order_id;
INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, refund_id, provider_refund_id, reason, recorded_at)
SELECT r.order_id, CASE r.state WHEN 'SUCCEEDED' THEN 'REFUND_DONE' ELSE 'REFUND_FAILED' END, r.amount_minor, o.currency,
       CASE WHEN r.payment_id IS NULL THEN 'counter' ELSE 'provider' END, r.payment_id, r.id, r.provider_refund_id, r.reason,
       COALESCE(r.done_at, r.created_at)
FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.state IN ('SUCCEEDED', 'FAILED');
