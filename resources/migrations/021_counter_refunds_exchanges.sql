-- Refunds and exchanges at the counter, with a manager's approval the database enforces.
--
-- An exchange sells the new units on an order of their own (the counter sale's own path: the desk's
-- cart becomes a PAID order) and gives the old units back through the atomic return path. The value of
-- the units given back travels from the old order to the new one as an exchange credit: a CREDIT_OUT
-- ledger row on the old order and a CREDIT_IN row on the new, the same amount, written by the database
-- from the order_exchanges row. So each order keeps at most one captured charge, and per order
--   captured + credited in - refunded - credited out = delivered + fees.
-- Only the price difference moves money: charged at the counter on the new order (its one capture), or
-- refunded on the old order (through the provider when it was paid online, at the counter otherwise).
--
-- An exchange row, a refund row and a decision on an approval request are a manager's to write: a
-- clerk's connection is refused (42501), whatever the desktop sends.

ALTER TABLE order_ledger DROP CONSTRAINT order_ledger_entry_check;
ALTER TABLE order_ledger ADD CONSTRAINT order_ledger_entry_check
    CHECK (entry IN ('CHARGE_ATTEMPTED', 'CAPTURED', 'REFUND_DUE', 'REFUND_DONE', 'REFUND_FAILED', 'FEE_KEPT',
                     'COMPENSATION_PAID', 'WAIVED', 'CREDIT_OUT', 'CREDIT_IN'));

CREATE OR REPLACE VIEW order_money AS
SELECT o.id AS order_id, o.state, o.currency,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'CAPTURED'), 0) AS captured_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_DUE'), 0)
         - COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_FAILED'), 0) AS refunded_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'FEE_KEPT'), 0) AS fees_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'COMPENSATION_PAID'), 0) AS compensation_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'WAIVED'), 0) AS waived_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'CREDIT_IN'), 0) AS credited_in_minor,
       COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'CREDIT_OUT'), 0) AS credited_out_minor
FROM orders o LEFT JOIN order_ledger l ON l.order_id = o.id
GROUP BY o.id;

-- What an order holds now, as the ledger says: taken (captured, or credited from an exchange) minus
-- what went back (refunds not failed, credits passed on to an exchange). Never below zero by the
-- triggers below.
CREATE FUNCTION boxoffice_order_held(p_order bigint) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT COALESCE(sum(amount_minor) FILTER (WHERE entry IN ('CAPTURED', 'CREDIT_IN')), 0)
         - COALESCE(sum(amount_minor) FILTER (WHERE entry IN ('REFUND_DUE', 'CREDIT_OUT')), 0)
         + COALESCE(sum(amount_minor) FILTER (WHERE entry = 'REFUND_FAILED'), 0)
    FROM order_ledger WHERE order_id = p_order
$$;
REVOKE ALL ON FUNCTION boxoffice_order_held(bigint) FROM PUBLIC;

-- Refunds as before (012), now counting exchange credits: a refund never exceeds what the order holds.
CREATE OR REPLACE FUNCTION boxoffice_ledger_from_refund() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    cur char(3);
    channel text;
    pid text;
BEGIN
    SELECT currency INTO cur FROM orders WHERE id = NEW.order_id;
    channel := CASE WHEN NEW.payment_id IS NULL THEN 'counter' ELSE 'provider' END;
    SELECT provider_payment_id INTO pid FROM payments WHERE id = NEW.payment_id;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, payment_id, refund_id,
                                  provider_payment_id, reason)
        VALUES (NEW.order_id, 'REFUND_DUE', NEW.amount_minor, cur, channel, NEW.payment_id, NEW.id, pid, NEW.reason);
        IF boxoffice_order_held(NEW.order_id) < 0 THEN
            RAISE EXCEPTION 'order % would be refunded more than it holds', NEW.order_id
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

-- A stay's money (015) counts credits too, so a stay bought in an exchange is refunded what it holds.
CREATE OR REPLACE FUNCTION boxoffice_stay_money(p_stay bigint)
RETURNS TABLE (order_id bigint, order_state text, currency char(3), line_minor bigint, supplements_minor bigint,
               paid_minor bigint, online boolean)
LANGUAGE sql STABLE SET search_path = public AS $$
    WITH s AS (
        SELECT id, order_id FROM stays WHERE id = p_stay
    ), line AS (
        SELECT COALESCE(sum(l.amount_minor), 0) AS amount
        FROM order_stay_lines l JOIN s ON l.stay_id = s.id AND l.order_id = s.order_id WHERE l.state = 'SOLD'
    ), supplement AS (
        SELECT COALESCE(sum(amount_minor), 0) AS amount FROM order_supplement_lines WHERE stay_id = p_stay AND state = 'SOLD'
    ), held AS (
        SELECT GREATEST(COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry IN ('CAPTURED', 'CREDIT_IN')), 0)
                        - COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry IN ('REFUND_DUE', 'CREDIT_OUT')), 0)
                        + COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'REFUND_FAILED'), 0)
                        - COALESCE(sum(l.amount_minor) FILTER (WHERE l.entry = 'FEE_KEPT'), 0), 0) AS amount
        FROM order_ledger l JOIN s ON l.order_id = s.order_id
    )
    SELECT s.order_id, o.state, o.currency, line.amount, supplement.amount,
           LEAST(line.amount, COALESCE((SELECT amount FROM held), 0)) + supplement.amount,
           EXISTS (SELECT 1 FROM payments p WHERE p.order_id = s.order_id AND p.state = 'SUCCEEDED')
    FROM s LEFT JOIN orders o ON o.id = s.order_id CROSS JOIN line CROSS JOIN supplement
$$;

-- A request for a manager's decision, filed by the desk when no manager can sign in on the spot.
-- Approving carries the action out in the manager's transaction (see the desktop's ApprovalService), so
-- APPROVED is only ever seen inside that transaction: committed, a request is PENDING, DECLINED or DONE.
-- items: the units as staff type them ("seat:5,ga:3"), empty for a whole-order refund.
-- An exchange names the desk's cart holding the new units, the total the clerk showed for them and how
-- the difference is paid (cash with what was handed over, or a card terminal's reference).
CREATE TABLE approval_requests (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind             text NOT NULL CHECK (kind IN ('REFUND', 'EXCHANGE')),
    order_id         bigint NOT NULL REFERENCES orders,
    items            text NOT NULL DEFAULT '' CHECK (length(items) <= 2000),
    reason           text NOT NULL CHECK (btrim(reason) <> '' AND length(reason) <= 500),
    cart_id          text,
    seen_total_minor bigint CHECK (seen_total_minor IS NULL OR seen_total_minor >= 0),
    pay_method       text CHECK (pay_method IN ('cash', 'card')),
    pay_reference    text CHECK (pay_reference IS NULL OR (pay_reference <> '' AND length(pay_reference) <= 64)),
    tendered_minor   bigint CHECK (tendered_minor IS NULL OR tendered_minor >= 0),
    terminal         text CHECK (terminal IS NULL OR length(terminal) <= 100),
    requested_by     text NOT NULL DEFAULT session_user,
    requested_at     timestamptz NOT NULL DEFAULT now(),
    state            text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'APPROVED', 'DECLINED', 'DONE')),
    decided_by       text,
    decided_at       timestamptz,
    CHECK ((state = 'PENDING') = (decided_by IS NULL)),
    CHECK (kind = 'REFUND' OR (cart_id IS NOT NULL AND seen_total_minor IS NOT NULL))
);
-- A double click files one request: one waiting request per order and kind.
CREATE UNIQUE INDEX approval_requests_one_pending ON approval_requests (order_id, kind) WHERE state = 'PENDING';
CREATE INDEX approval_requests_pending ON approval_requests (requested_at) WHERE state = 'PENDING';
GRANT SELECT ON approval_requests TO boxoffice_clerk;
-- Who asked and the state are the database's to write (defaults), never the desk's.
GRANT INSERT (kind, order_id, items, reason, cart_id, seen_total_minor, pay_method, pay_reference, tendered_minor,
              terminal) ON approval_requests TO boxoffice_clerk;

-- A manager's decision. Approve: PENDING -> APPROVED, for the caller's transaction to carry out and
-- then finish (boxoffice_finish_request); decline: PENDING -> DECLINED. A request no longer PENDING is
-- left as it is and its state answered, so approving twice does nothing more. A clerk: 42501.
CREATE FUNCTION boxoffice_decide_request(p_request bigint, p_approve boolean)
RETURNS TABLE (decided boolean, state text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may decide a refund or an exchange' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to approve it.';
    END IF;
    UPDATE approval_requests r
    SET state = CASE WHEN p_approve THEN 'APPROVED' ELSE 'DECLINED' END, decided_by = session_user,
        decided_at = now()
    WHERE r.id = p_request AND r.state = 'PENDING';
    decided := FOUND;
    IF decided AND p_approve THEN
        -- The approved action runs next in this transaction, but its money passes the requesting
        -- clerk's counter: their terminal and till (migration 020), not the manager's.
        PERFORM set_config('boxoffice.terminal', COALESCE(r.terminal, ''), true),
                set_config('boxoffice.on_behalf_of', r.requested_by, true)
        FROM approval_requests r WHERE r.id = p_request;
    END IF;
    SELECT r.state INTO state FROM approval_requests r WHERE r.id = p_request;
    RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_decide_request(bigint, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_decide_request(bigint, boolean) TO boxoffice_clerk;

-- The approved action was carried out in this same transaction: DONE.
CREATE FUNCTION boxoffice_finish_request(p_request bigint) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may carry out a refund or an exchange' USING ERRCODE = 'insufficient_privilege';
    END IF;
    UPDATE approval_requests SET state = 'DONE'
    WHERE id = p_request AND state = 'APPROVED' AND decided_by = session_user;
    RETURN FOUND;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_finish_request(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_finish_request(bigint) TO boxoffice_clerk;

-- One exchange: the old order's units given back, the new order's sold, and the credit between them.
CREATE TABLE order_exchanges (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    from_order      bigint NOT NULL REFERENCES orders,
    to_order        bigint NOT NULL UNIQUE REFERENCES orders,
    returned_minor  bigint NOT NULL CHECK (returned_minor > 0),
    new_minor       bigint NOT NULL CHECK (new_minor > 0),
    -- what the old units were worth, up to the new units' price, carried over
    credit_minor    bigint NOT NULL,
    reason          text NOT NULL CHECK (btrim(reason) <> ''),
    request_id      bigint REFERENCES approval_requests,
    exchanged_by    text NOT NULL DEFAULT session_user,
    exchanged_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (from_order <> to_order),
    CHECK (credit_minor = LEAST(returned_minor, new_minor))
);
CREATE INDEX order_exchanges_from ON order_exchanges (from_order);
GRANT SELECT ON order_exchanges TO boxoffice_clerk;
GRANT INSERT (from_order, to_order, returned_minor, new_minor, credit_minor, reason, request_id)
    ON order_exchanges TO boxoffice_manager;

-- The credit as two ledger rows, and never more than the old order holds.
CREATE FUNCTION boxoffice_ledger_from_exchange() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    cur_from char(3);
    cur_to char(3);
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may exchange units' USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT currency INTO cur_from FROM orders WHERE id = NEW.from_order;
    SELECT currency INTO cur_to FROM orders WHERE id = NEW.to_order;
    IF cur_from IS DISTINCT FROM cur_to THEN
        RAISE EXCEPTION 'orders % and % are in different currencies', NEW.from_order, NEW.to_order
            USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, reason)
    VALUES (NEW.from_order, 'CREDIT_OUT', NEW.credit_minor, cur_from, 'counter',
            'exchanged for order ' || NEW.to_order || ': ' || NEW.reason),
           (NEW.to_order, 'CREDIT_IN', NEW.credit_minor, cur_to, 'counter',
            'exchanged from order ' || NEW.from_order || ': ' || NEW.reason);
    IF boxoffice_order_held(NEW.from_order) < 0 THEN
        RAISE EXCEPTION 'order % would pass on more than it holds', NEW.from_order USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER order_exchanges_to_ledger AFTER INSERT ON order_exchanges
    FOR EACH ROW EXECUTE FUNCTION boxoffice_ledger_from_exchange();
