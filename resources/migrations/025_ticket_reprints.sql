-- Reprints of an order's tickets at the counter. A reprint carries the same codes (the door admits a
-- code once, whichever copy is scanned), but a box office still wants to know who printed tickets
-- again, when, how many and at which terminal: reprinting is where duplicate paper comes from.

CREATE TABLE ticket_reprints (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id    bigint NOT NULL REFERENCES orders,
    tickets     integer NOT NULL CHECK (tickets > 0),
    printed_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    printed_by  text NOT NULL DEFAULT session_user,
    terminal    text NOT NULL CHECK (terminal <> '' AND char_length(terminal) <= 64 AND terminal !~ '[[:cntrl:]]')
);
CREATE INDEX ticket_reprints_by_order ON ticket_reprints (order_id, printed_at);

-- History: clerks record and read it, nobody corrects it. Who and when are the database's own
-- (session_user, its clock): a clerk may name only the order, the count and the terminal.
GRANT SELECT ON ticket_reprints TO boxoffice_clerk;
GRANT INSERT (order_id, tickets, terminal) ON ticket_reprints TO boxoffice_clerk;
