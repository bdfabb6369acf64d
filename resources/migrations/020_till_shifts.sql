-- The till: what each clerk's drawer at each terminal should hold at the end of a shift, from the money
-- the counter recorded, never from figures typed in.
--
-- Every movement of counter money (a counter payment, a refund handed back at the counter) records the
-- terminal it happened at, read from a session setting the desk sets after it connects
-- (set_config('boxoffice.terminal', ...)), and the login that made it. A trigger ties it to the till
-- shift open there, so every path that takes or returns money at the counter (sales, guarantees
-- settled, stay supplements, refunds and exchanges, including paths written later) lands in a shift
-- without code of its own. Money recorded where no shift is open is kept apart (shift_id NULL) and
-- shown as such by the day report: it never vanishes from a report.
--
-- A shift: opened by its clerk with a float; closed by the same clerk with the cash counted, when the
-- figures as closed are stored beside it; countersigned by a manager who is not that clerk.
--
-- Definitions the reports use (domain/till.h carries the arithmetic):
--   sale    a counter payment by cash or card (a guarantee takes nothing and is not a sale);
--   void    counter money handed back in the same shift that took it (the refund and the payment it
--           returns carry the same shift): a mistake put right on the spot;
--   refund  counter money handed back for a sale taken earlier (another shift, or none);
--   money handed back goes the way it was taken: cash for a cash sale, to the card for a card sale.
-- Online money (through the provider) is never in a till; the day report shows it on a line of its own.

-- This desk's terminal as the session set it; NULL for programs that set none (the web channel, the
-- worker, boxoffice-ctl). Cut to the length a shift accepts, so an odd host name never refuses a sale.
CREATE FUNCTION boxoffice_terminal() RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT NULLIF(left(btrim(current_setting('boxoffice.terminal', true)), 64), '')
$$;
GRANT EXECUTE ON FUNCTION boxoffice_terminal() TO boxoffice_clerk;

CREATE TABLE till_shifts (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    clerk                 text NOT NULL,
    terminal              text NOT NULL CHECK (terminal <> '' AND char_length(terminal) <= 64),
    currency              char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    float_minor           bigint NOT NULL CHECK (float_minor >= 0),
    opened_at             timestamptz NOT NULL DEFAULT clock_timestamp(),
    closed_at             timestamptz,
    counted_minor         bigint CHECK (counted_minor >= 0),
    close_note            text,
    -- the figures as closed: boxoffice_till_figures at the moment of closing
    cash_sales            integer,
    cash_sales_minor      bigint,
    change_minor          bigint,
    card_sales            integer,
    card_sales_minor      bigint,
    voids                 integer,
    void_cash_minor       bigint,
    void_card_minor       bigint,
    refunds               integer,
    refund_cash_minor     bigint,
    refund_card_minor     bigint,
    other_currency        integer,
    countersigned_by      text,
    countersigned_at      timestamptz,
    countersign_note      text,
    CONSTRAINT till_shifts_closed_whole CHECK ((closed_at IS NULL) = (counted_minor IS NULL)
        AND (closed_at IS NULL) = (cash_sales IS NULL) AND (closed_at IS NULL) = (refund_card_minor IS NULL)),
    CONSTRAINT till_shifts_countersigned_whole CHECK ((countersigned_by IS NULL) = (countersigned_at IS NULL)),
    CONSTRAINT till_shifts_countersigned_after_close CHECK (countersigned_at IS NULL OR closed_at IS NOT NULL),
    CONSTRAINT till_shifts_four_eyes CHECK (countersigned_by IS NULL OR countersigned_by <> clerk)
);
-- One open drawer per clerk and terminal.
CREATE UNIQUE INDEX till_shifts_one_open ON till_shifts (clerk, terminal) WHERE closed_at IS NULL;
CREATE INDEX till_shifts_opened_at ON till_shifts (opened_at);
CREATE INDEX till_shifts_awaiting_countersign ON till_shifts (closed_at) WHERE closed_at IS NOT NULL AND countersigned_at IS NULL;
-- Staff read shifts; they change only through the functions below.
GRANT SELECT ON till_shifts TO boxoffice_clerk;

-- Where and by whom money moved. Existing rows keep NULL: nobody knows their terminal now.
ALTER TABLE counter_payments ADD COLUMN terminal text;
ALTER TABLE counter_payments ALTER COLUMN terminal SET DEFAULT boxoffice_terminal();
ALTER TABLE counter_payments ADD COLUMN shift_id bigint REFERENCES till_shifts;
ALTER TABLE refunds ADD COLUMN created_by text;
ALTER TABLE refunds ALTER COLUMN created_by SET DEFAULT session_user;
ALTER TABLE refunds ADD COLUMN terminal text;
ALTER TABLE refunds ALTER COLUMN terminal SET DEFAULT boxoffice_terminal();
ALTER TABLE refunds ADD COLUMN shift_id bigint REFERENCES till_shifts;
CREATE INDEX counter_payments_by_shift ON counter_payments (shift_id) WHERE shift_id IS NOT NULL;
CREATE INDEX counter_payments_taken_at ON counter_payments (taken_at);
CREATE INDEX refunds_by_shift ON refunds (shift_id) WHERE shift_id IS NOT NULL;
CREATE INDEX refunds_created_at ON refunds (created_at);

-- Whose till takes a movement: the signed-in user's, except that a manager acting for a clerk (on the spot
-- at the clerk's desk, or approving the clerk's queued request) names the clerk in boxoffice.on_behalf_of:
-- the clerk hands the money over from their drawer. Only a manager's session may name someone else, so a
-- clerk cannot book money into a colleague's till.
CREATE FUNCTION boxoffice_till_owner() RETURNS text
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT CASE WHEN boxoffice_role_manages(session_user)
                THEN COALESCE(NULLIF(btrim(current_setting('boxoffice.on_behalf_of', true)), ''), session_user)
                ELSE session_user END
$$;
GRANT EXECUTE ON FUNCTION boxoffice_till_owner() TO boxoffice_clerk;

-- The shift a movement belongs to: its till owner's open shift at the movement's terminal; for a
-- manager with none there (signed in on the spot at a clerk's desk to approve a refund), the one shift
-- open at that terminal. The shift row is held FOR SHARE until the movement commits, so a close (which
-- locks it FOR UPDATE) either counts the movement or comes first, and then the movement finds the
-- shift closed and belongs to none. Whatever the client sent as shift_id is ignored.
CREATE FUNCTION boxoffice_till_shift_of_movement() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    found_id bigint;
    open_here bigint[];
BEGIN
    NEW.shift_id := NULL;
    IF NEW.terminal IS NULL THEN
        RETURN NEW;
    END IF;
    -- Only money that passes the counter: not a guarantee (it takes nothing), not a refund through the
    -- provider. (A record's fields are resolved when read, so each table's own column in its own branch.)
    IF TG_TABLE_NAME = 'counter_payments' THEN
        IF NEW.method NOT IN ('cash', 'card') THEN
            RETURN NEW;
        END IF;
    ELSIF NEW.payment_id IS NOT NULL THEN
        RETURN NEW;
    END IF;
    SELECT s.id INTO found_id FROM till_shifts s
    WHERE s.clerk = boxoffice_till_owner() AND s.terminal = NEW.terminal AND s.closed_at IS NULL
    FOR SHARE;
    IF found_id IS NULL AND boxoffice_role_manages(session_user) THEN
        SELECT array_agg(x.id) INTO open_here FROM (
            SELECT s.id FROM till_shifts s WHERE s.terminal = NEW.terminal AND s.closed_at IS NULL ORDER BY s.id FOR SHARE
        ) x;
        IF cardinality(open_here) = 1 THEN
            found_id := open_here[1];
        END IF;
    END IF;
    NEW.shift_id := found_id;
    RETURN NEW;
END
$$;
CREATE TRIGGER counter_payments_in_till BEFORE INSERT ON counter_payments
    FOR EACH ROW EXECUTE FUNCTION boxoffice_till_shift_of_movement();
CREATE TRIGGER refunds_in_till BEFORE INSERT ON refunds
    FOR EACH ROW EXECUTE FUNCTION boxoffice_till_shift_of_movement();

-- Every movement of counter money, one row each, classified as the definitions above say.
CREATE VIEW till_movements AS
SELECT 'sale' AS kind, c.method, c.amount_minor, COALESCE(c.tendered_minor - c.amount_minor, 0) AS change_minor,
       c.reference, o.currency, c.taken_at AS at, c.taken_by AS made_by, c.terminal, c.shift_id, c.order_id
FROM counter_payments c JOIN orders o ON o.id = c.order_id
WHERE c.method IN ('cash', 'card')
UNION ALL
SELECT CASE WHEN r.shift_id IS NOT NULL AND r.shift_id = taken.shift_id THEN 'void' ELSE 'refund' END,
       COALESCE(taken.method, 'cash'), r.amount_minor, 0, taken.reference, o.currency, r.created_at,
       COALESCE(r.created_by, ''), r.terminal, r.shift_id, r.order_id
FROM refunds r JOIN orders o ON o.id = r.order_id
LEFT JOIN LATERAL (
    SELECT c.method, c.reference, c.shift_id FROM counter_payments c
    WHERE c.order_id = r.order_id AND c.method IN ('cash', 'card') ORDER BY c.id LIMIT 1
) taken ON true
WHERE r.payment_id IS NULL AND r.state = 'SUCCEEDED';
GRANT SELECT ON till_movements TO boxoffice_clerk;

-- A shift's figures from its movements in its own currency (other currencies only counted, so a report
-- can say some money is not in these sums).
CREATE FUNCTION boxoffice_till_figures(p_shift bigint)
RETURNS TABLE (cash_sales integer, cash_sales_minor bigint, change_minor bigint, card_sales integer,
               card_sales_minor bigint, voids integer, void_cash_minor bigint, void_card_minor bigint,
               refunds integer, refund_cash_minor bigint, refund_card_minor bigint, other_currency integer)
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT CAST(count(*) FILTER (WHERE m.kind = 'sale' AND m.method = 'cash' AND m.currency = s.currency) AS integer),
           COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind = 'sale' AND m.method = 'cash' AND m.currency = s.currency), 0),
           COALESCE(sum(m.change_minor) FILTER (WHERE m.kind = 'sale' AND m.method = 'cash' AND m.currency = s.currency), 0),
           CAST(count(*) FILTER (WHERE m.kind = 'sale' AND m.method = 'card' AND m.currency = s.currency) AS integer),
           COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind = 'sale' AND m.method = 'card' AND m.currency = s.currency), 0),
           CAST(count(*) FILTER (WHERE m.kind = 'void' AND m.currency = s.currency) AS integer),
           COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind = 'void' AND m.method = 'cash' AND m.currency = s.currency), 0),
           COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind = 'void' AND m.method = 'card' AND m.currency = s.currency), 0),
           CAST(count(*) FILTER (WHERE m.kind = 'refund' AND m.currency = s.currency) AS integer),
           COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind = 'refund' AND m.method = 'cash' AND m.currency = s.currency), 0),
           COALESCE(sum(m.amount_minor) FILTER (WHERE m.kind = 'refund' AND m.method = 'card' AND m.currency = s.currency), 0),
           CAST(count(*) FILTER (WHERE m.currency <> s.currency) AS integer)
    FROM till_shifts s LEFT JOIN till_movements m ON m.shift_id = s.id
    WHERE s.id = p_shift
$$;
REVOKE ALL ON FUNCTION boxoffice_till_figures(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_till_figures(bigint) TO boxoffice_clerk;

-- A clerk opens their drawer at this desk's terminal with a float. Answers the shift and OPENED, or
-- the shift already open there and ALREADY_OPEN.
CREATE FUNCTION boxoffice_open_shift(p_float bigint, p_currency text)
RETURNS TABLE (shift_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    here text := boxoffice_terminal();
    made bigint;
BEGIN
    IF NOT pg_has_role(session_user, 'boxoffice_clerk', 'MEMBER') AND NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only box-office staff open a till' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF here IS NULL THEN
        RAISE EXCEPTION 'this session has not named its terminal' USING ERRCODE = 'invalid_parameter_value',
            HINT = 'The desk sets boxoffice.terminal when it connects.';
    END IF;
    IF p_float IS NULL OR p_float < 0 OR p_currency IS NULL OR p_currency !~ '^[A-Z]{3}$' THEN
        RAISE EXCEPTION 'a float is an amount of at least zero in a currency' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO till_shifts (clerk, terminal, currency, float_minor)
    VALUES (session_user, here, p_currency, p_float)
    ON CONFLICT (clerk, terminal) WHERE closed_at IS NULL DO NOTHING
    RETURNING id INTO made;
    IF made IS NOT NULL THEN
        RETURN QUERY SELECT made, 'OPENED';
    ELSE
        RETURN QUERY SELECT s.id, 'ALREADY_OPEN' FROM till_shifts s
                     WHERE s.clerk = session_user AND s.terminal = here AND s.closed_at IS NULL;
    END IF;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_open_shift(bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_open_shift(bigint, text) TO boxoffice_clerk;

-- The clerk closes their own shift with the cash they counted; the figures are computed here, under
-- the shift's lock, and stored as closed. NOT_FOUND, ALREADY_CLOSED or CLOSED; someone else's shift
-- is refused (42501).
CREATE FUNCTION boxoffice_close_shift(p_shift bigint, p_counted bigint, p_note text)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s till_shifts%ROWTYPE;
    f record;
BEGIN
    IF p_counted IS NULL OR p_counted < 0 THEN
        RAISE EXCEPTION 'the counted cash is an amount of at least zero' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO s FROM till_shifts WHERE id = p_shift FOR UPDATE;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.clerk <> session_user THEN
        RAISE EXCEPTION 'only the clerk who opened a till closes it' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF s.closed_at IS NOT NULL THEN
        RETURN 'ALREADY_CLOSED';
    END IF;
    -- a statement of its own: its snapshot sees every movement that held the shift until now
    SELECT * INTO f FROM boxoffice_till_figures(p_shift);
    UPDATE till_shifts SET closed_at = clock_timestamp(), counted_minor = p_counted,
                           close_note = NULLIF(btrim(COALESCE(p_note, '')), ''),
                           cash_sales = f.cash_sales, cash_sales_minor = f.cash_sales_minor, change_minor = f.change_minor,
                           card_sales = f.card_sales, card_sales_minor = f.card_sales_minor, voids = f.voids,
                           void_cash_minor = f.void_cash_minor, void_card_minor = f.void_card_minor,
                           refunds = f.refunds, refund_cash_minor = f.refund_cash_minor,
                           refund_card_minor = f.refund_card_minor, other_currency = f.other_currency
    WHERE id = p_shift;
    RETURN 'CLOSED';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_close_shift(bigint, bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_close_shift(bigint, bigint, text) TO boxoffice_clerk;

-- A manager countersigns a closed shift that is not their own (42501 for a clerk, and for a manager's
-- own shift). NOT_FOUND, NOT_CLOSED, ALREADY_COUNTERSIGNED or COUNTERSIGNED.
CREATE FUNCTION boxoffice_countersign_shift(p_shift bigint, p_note text)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s till_shifts%ROWTYPE;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager countersigns a till' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask a manager to sign in.';
    END IF;
    SELECT * INTO s FROM till_shifts WHERE id = p_shift FOR UPDATE;
    IF NOT FOUND THEN
        RETURN 'NOT_FOUND';
    END IF;
    IF s.clerk = session_user THEN
        RAISE EXCEPTION 'a till is countersigned by someone other than its clerk' USING ERRCODE = 'insufficient_privilege',
            HINT = 'Ask another manager.';
    END IF;
    IF s.closed_at IS NULL THEN
        RETURN 'NOT_CLOSED';
    END IF;
    IF s.countersigned_at IS NOT NULL THEN
        RETURN 'ALREADY_COUNTERSIGNED';
    END IF;
    UPDATE till_shifts SET countersigned_by = session_user, countersigned_at = clock_timestamp(),
                           countersign_note = NULLIF(btrim(COALESCE(p_note, '')), '')
    WHERE id = p_shift;
    RETURN 'COUNTERSIGNED';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_countersign_shift(bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_countersign_shift(bigint, text) TO boxoffice_clerk;
