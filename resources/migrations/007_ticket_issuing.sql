-- Downstream of a confirmed payment: tickets issued and a confirmation mail queued, once per order,
-- by the worker consuming the outbox. Real delivery (SMTP) reads the spool; sent_at marks what went.

ALTER TABLE buyers ADD COLUMN email text CHECK (email IS NULL OR email ~ '^[^@\s]+@[^@\s]+$');

CREATE TABLE mail_spool (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id     bigint NOT NULL UNIQUE REFERENCES orders,
    recipient    text NOT NULL,
    subject      text NOT NULL,
    body         text NOT NULL,
    attachment   bytea,
    created_at   timestamptz NOT NULL DEFAULT now(),
    sent_at      timestamptz
);
GRANT SELECT (id, order_id, recipient, subject, created_at, sent_at) ON mail_spool TO boxoffice_clerk;
