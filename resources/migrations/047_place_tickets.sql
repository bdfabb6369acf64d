-- Tickets for standing places (issue 16): a paid general-admission line gets one ticket per place, each
-- with its own random code, so the door admits each place once, as it does a seat. A ticket is either
-- a seat's (unit_id) or one place of an order's pool line (pool_hold_id, place), never both. The line is
-- named by (order, hold), its key (order_pool_lines): two lines of one pool in one order are two lines.
-- Uniqueness is the database's, so a paid order issued twice (a re-consumed outbox event, a retried
-- counter sale) issues nothing new.

ALTER TABLE tickets
    ALTER COLUMN unit_id DROP NOT NULL,
    ADD COLUMN pool_hold_id bigint,
    ADD COLUMN place integer CHECK (place > 0),
    ADD CONSTRAINT tickets_place_line FOREIGN KEY (order_id, pool_hold_id)
        REFERENCES order_pool_lines (order_id, hold_id),
    ADD CONSTRAINT tickets_seat_or_place CHECK (
        (unit_id IS NOT NULL AND pool_hold_id IS NULL AND place IS NULL)
        OR (unit_id IS NULL AND pool_hold_id IS NOT NULL AND place IS NOT NULL)),
    -- NULLs are distinct: seat tickets never meet here, and keep UNIQUE (order_id, unit_id) from 004
    ADD CONSTRAINT tickets_one_per_place UNIQUE (order_id, pool_hold_id, place);

-- What a ticket shows and whether it still admits, for either kind: one definition for the counter,
-- the worker, the door, reprints and the order lookup. A seat's ticket admits while its line is sold
-- and the seat still sold to the order; a place's while its line is sold (a pool line is refunded or
-- exchanged whole). A place's price is its share of the line; seat_label is '' and area the pool's
-- name; place counts 1..places within its line. unit_item names the unit as staff type it
-- ("seat:5", "ga:3"; order_exchanges.items).
CREATE VIEW ticket_faces AS
SELECT t.code, t.order_id, e.id AS event_id, e.name AS event_name, e.starts_at, vl.name AS venue,
       st.label AS seat_label, sec.name AS area, 0 AS place, 0 AS places, l.amount_minor AS price_minor,
       t.issued_by, t.issued_at, l.state AS line_state,
       (es.state = 'SOLD' AND es.order_id IS NOT DISTINCT FROM t.order_id) AS still_sold,
       'seat:' || t.unit_id AS unit_item, 0 AS kind_order, t.unit_id AS unit_order
FROM tickets t
JOIN order_lines l ON l.order_id = t.order_id AND l.unit_id = t.unit_id
JOIN event_seats es ON es.id = t.unit_id
JOIN events e ON e.id = es.event_id
JOIN venue_layouts vl ON vl.id = e.layout_id
JOIN seats st ON st.id = es.seat_id
JOIN sections sec ON sec.id = st.section_id
WHERE t.unit_id IS NOT NULL
UNION ALL
SELECT t.code, t.order_id, e.id, e.name, e.starts_at, vl.name,
       '', p.name, t.place, l.quantity, l.amount_minor / l.quantity,
       t.issued_by, t.issued_at, l.state, l.state = 'SOLD',
       'ga:' || t.pool_hold_id, 1, t.pool_hold_id
FROM tickets t
JOIN order_pool_lines l ON l.order_id = t.order_id AND l.hold_id = t.pool_hold_id
JOIN ga_pools p ON p.id = l.pool_id
JOIN events e ON e.id = p.event_id
JOIN venue_layouts vl ON vl.id = e.layout_id
WHERE t.pool_hold_id IS NOT NULL;

GRANT SELECT ON ticket_faces TO boxoffice_clerk;

-- The door's one call (019), for both kinds: the same lock, decision and record; only where the line
-- state and "still sold" come from is new (ticket_faces).
CREATE OR REPLACE FUNCTION boxoffice_admit(p_code uuid, p_gate text)
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
    SELECT f.line_state, f.still_sold INTO line_state, seat_sold FROM ticket_faces f WHERE f.code = p_code;
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
