-- Selling at the counter: what the clerk took for an order, and the tickets it issued. Both are written
-- in the confirm transaction, so a sale, its payment and its tickets exist together or not at all.

CREATE TABLE counter_payments (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id        bigint NOT NULL REFERENCES orders,
    method          text NOT NULL CHECK (method IN ('cash', 'card')),
    amount_minor    bigint NOT NULL CHECK (amount_minor >= 0),
    -- cash: what the buyer handed over (change is tendered - amount); card: the terminal's reference
    tendered_minor  bigint CHECK (tendered_minor IS NULL OR tendered_minor >= amount_minor),
    reference       text CHECK (reference IS NULL OR reference <> ''),
    taken_by        text NOT NULL DEFAULT session_user,
    taken_at        timestamptz NOT NULL DEFAULT now(),
    CHECK ((method = 'cash') = (tendered_minor IS NOT NULL)),
    CHECK ((method = 'card') = (reference IS NOT NULL))
);
-- one settlement per order: a second click on "Sell" cannot take the money twice
CREATE UNIQUE INDEX counter_payments_one_per_order ON counter_payments (order_id);

-- A ticket's code is what its QR carries: random, so it cannot be guessed from an order number, and
-- verified at the door by looking it up.
CREATE TABLE tickets (
    code        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id    bigint NOT NULL REFERENCES orders,
    unit_id     bigint NOT NULL REFERENCES event_seats,
    issued_by   text NOT NULL DEFAULT session_user,
    issued_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, unit_id)
);

GRANT SELECT, INSERT ON counter_payments, tickets TO boxoffice_clerk;
