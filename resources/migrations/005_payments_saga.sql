-- Online payments and the checkout saga: every step is a row, so a crash resumes from what was written.
-- hold -> order PENDING -> payment CHARGING -> provider answers -> SUCCEEDED + confirm (or DECLINED +
-- release, or UNKNOWN until the provider is asked again). Money that cannot be matched by units
-- becomes a refund row (DUE until the provider confirms it) and a case in the compensation queue.

ALTER TABLE orders
    ADD COLUMN channel text NOT NULL DEFAULT 'counter' CHECK (channel IN ('counter', 'web')),
    ADD COLUMN buyer text,
    ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0);
GRANT UPDATE (channel, buyer) ON orders TO boxoffice_clerk;

-- A seat line lost after expiry may be REPLACED by an equivalent seat (a new SOLD line), or REFUNDED.
ALTER TABLE order_lines DROP CONSTRAINT order_lines_state_check;
ALTER TABLE order_lines ADD CONSTRAINT order_lines_state_check
    CHECK (state IN ('PENDING', 'SOLD', 'LOST', 'RELEASED', 'REPLACED', 'REFUNDED'));

CREATE TABLE payments (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id             bigint NOT NULL REFERENCES orders,
    provider             text NOT NULL CHECK (provider <> ''),
    idempotency_key      text NOT NULL UNIQUE CHECK (idempotency_key <> ''),
    provider_payment_id  text UNIQUE,
    amount_minor         bigint NOT NULL CHECK (amount_minor >= 0),
    currency             char(3) NOT NULL,
    -- CHARGING: asked (or about to ask) with no answer recorded; UNKNOWN: asked, the answer was lost
    state                text NOT NULL DEFAULT 'CHARGING' CHECK (state IN ('CHARGING', 'UNKNOWN', 'SUCCEEDED', 'DECLINED')),
    detail               text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);
-- one charge that may have moved money per order; a declined card leaves room for another order
CREATE UNIQUE INDEX payments_one_live_per_order ON payments (order_id) WHERE state <> 'DECLINED';

CREATE TABLE refunds (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id            bigint NOT NULL REFERENCES orders,
    payment_id          bigint REFERENCES payments,
    amount_minor        bigint NOT NULL CHECK (amount_minor > 0),
    reason              text NOT NULL CHECK (reason <> ''),
    idempotency_key     text NOT NULL UNIQUE,
    state               text NOT NULL DEFAULT 'DUE' CHECK (state IN ('DUE', 'SUCCEEDED', 'FAILED')),
    provider_refund_id  text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    done_at             timestamptz
);

-- Paid, but a unit could not be delivered: refunded automatically, and a case for staff to contact the buyer.
CREATE TABLE compensations (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id      bigint NOT NULL REFERENCES orders,
    refund_id     bigint REFERENCES refunds,
    unit          text NOT NULL,
    amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
    reason        text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    resolved_at   timestamptz,
    resolved_by   text
);

-- Webhook deliveries already applied, by the provider's event id: a redelivery is a no-op.
CREATE TABLE payment_inbox (
    provider     text NOT NULL,
    event_id     text NOT NULL,
    event_type   text NOT NULL,
    order_id     bigint,
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

-- Work for downstream consumers (ticket issuing, confirmation mail), written in the transaction that
-- decided it; one "payment-confirmed" per order however often the news arrives.
CREATE TABLE outbox (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    topic         text NOT NULL,
    order_id      bigint NOT NULL REFERENCES orders,
    payload       jsonb NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL DEFAULT now(),
    processed_at  timestamptz,
    UNIQUE (topic, order_id)
);

CREATE TABLE saga_log (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id  bigint NOT NULL REFERENCES orders,
    step      text NOT NULL,
    detail    text,
    at        timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX saga_log_order ON saga_log (order_id, id);

-- What reconciliation repaired, per day and kind: small and boring, and a rise says something broke.
CREATE TABLE reconcile_repairs (
    day       date NOT NULL,
    kind      text NOT NULL,
    repaired  integer NOT NULL DEFAULT 0 CHECK (repaired >= 0),
    PRIMARY KEY (day, kind)
);

GRANT SELECT ON payments, refunds, compensations, payment_inbox, outbox, saga_log, reconcile_repairs TO boxoffice_clerk;
