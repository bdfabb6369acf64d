-- The door: a scanned ticket is admitted once. The admission is written by one call that checks the
-- ticket and records it under the same lock, so two gates scanning one ticket at the same moment
-- admit it once, and the other is told when and where it was admitted.

CREATE TABLE admissions (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    ticket_code  uuid NOT NULL REFERENCES tickets,
    -- the database's clock, not the scanner's: gates on different machines agree on "19:42"
    admitted_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    gate         text NOT NULL CHECK (gate <> '' AND char_length(gate) <= 32 AND gate !~ '[[:cntrl:]]'),
    admitted_by  text NOT NULL DEFAULT session_user,
    -- which program on which machine: the login alone does not say which scanner it was
    terminal     text NOT NULL DEFAULT COALESCE(NULLIF(current_setting('application_name', true), ''), 'unknown')
                                       || '@' || COALESCE(host(inet_client_addr()), 'local'),
    CONSTRAINT admissions_one_per_ticket UNIQUE (ticket_code)
);

-- Admissions are history: clerks record and read them, nobody corrects them.
GRANT SELECT, INSERT ON admissions TO boxoffice_clerk;

-- What the door needs to say about a ticket, and (p_gate not NULL) its admission recorded when it
-- admits: the order PAID, its line SOLD and the seat still sold to that order. The order row is held
-- FOR SHARE while this decides (a refund locks it first, see returnsql.h), so a refund is either
-- seen here or comes after the admission. ON CONFLICT leaves the earlier admission standing; its row
-- is then read by a statement of its own, whose snapshot sees the scan that won a race.
-- No row: the code was never issued. p_gate NULL: only look, never write.
CREATE FUNCTION boxoffice_admit(p_code uuid, p_gate text)
RETURNS TABLE (ticket_code uuid, recorded boolean, order_state text, line_state text, seat_sold boolean,
               admitted_at timestamptz, gate text, admitted_by text, terminal text)
LANGUAGE plpgsql SET search_path = public AS $$
#variable_conflict use_column
DECLARE
    t tickets%ROWTYPE;
    a admissions%ROWTYPE;
BEGIN
    SELECT * INTO t FROM tickets x WHERE x.code = p_code;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    ticket_code := t.code;
    SELECT o.state INTO order_state FROM orders o WHERE o.id = t.order_id FOR SHARE OF o;
    SELECT l.state INTO line_state FROM order_lines l WHERE l.order_id = t.order_id AND l.unit_id = t.unit_id;
    SELECT s.state = 'SOLD' AND s.order_id IS NOT DISTINCT FROM t.order_id INTO seat_sold
    FROM event_seats s WHERE s.id = t.unit_id;
    recorded := false;
    IF p_gate IS NOT NULL AND order_state = 'PAID' AND line_state = 'SOLD' AND seat_sold THEN
        INSERT INTO admissions (ticket_code, gate) VALUES (p_code, p_gate)
        ON CONFLICT ON CONSTRAINT admissions_one_per_ticket DO NOTHING
        RETURNING * INTO a;
        recorded := a.id IS NOT NULL;
    END IF;
    IF a.id IS NULL THEN
        SELECT * INTO a FROM admissions x WHERE x.ticket_code = p_code;
    END IF;
    admitted_at := a.admitted_at;
    gate := a.gate;
    admitted_by := a.admitted_by;
    terminal := a.terminal;
    RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION boxoffice_admit(uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_admit(uuid, text) TO boxoffice_clerk;
