-- Buyer accounts of the web shop (issue 16): sign-up with an e-mail address and a password, the
-- address confirmed by a mailed link, sign-in sessions carried by a cookie, and password reset by mail.
-- Bearer tokens stay for scripts. Only hashes of secrets are kept: the password's Argon2id string
-- (libsodium's crypto_pwhash_str), and the SHA-256 of session and link tokens, so a copy of the
-- database signs nobody in.

ALTER TABLE buyers
    ADD COLUMN password_hash      text CHECK (password_hash IS NULL OR password_hash LIKE '$argon2id$%'),
    ADD COLUMN email_confirmed_at timestamptz,
    -- An account signs in by its address: it has one, and it is confirmed only if it has a password.
    ADD CONSTRAINT buyers_account_has_address CHECK (password_hash IS NULL OR email IS NOT NULL),
    ADD CONSTRAINT buyers_confirmed_account CHECK (email_confirmed_at IS NULL OR password_hash IS NOT NULL);

-- One account per address, whatever its case: two parallel sign-ups with one address make one account
-- (the second's insert finds the first's row). Buyers made by the operator without a password may
-- share an address with each other and with an account.
CREATE UNIQUE INDEX buyers_account_email ON buyers (lower(email)) WHERE password_hash IS NOT NULL;

-- A signed-in browser. The cookie carries the token; the session ends at expires_at (the database's
-- clock decides, as for holds), at sign-out, or when the password is reset.
CREATE TABLE buyer_sessions (
    token_hash  bytea PRIMARY KEY CHECK (length(token_hash) = 32),
    buyer_id    bigint NOT NULL REFERENCES buyers ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    CHECK (expires_at > created_at)
);
CREATE INDEX buyer_sessions_buyer ON buyer_sessions (buyer_id);

-- The mailed links: confirm an address, set a new password. Each works once (used_at is set by the one
-- statement that accepts it) and only until it expires.
CREATE TABLE buyer_link_tokens (
    token_hash  bytea PRIMARY KEY CHECK (length(token_hash) = 32),
    buyer_id    bigint NOT NULL REFERENCES buyers ON DELETE CASCADE,
    purpose     text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    CHECK (expires_at > created_at)
);
CREATE INDEX buyer_link_tokens_buyer ON buyer_link_tokens (buyer_id, purpose);

-- Account mail goes through the same spool as order confirmations: the worker sends it. An account mail
-- belongs to no order; an order's confirmation stays unique per order.
ALTER TABLE mail_spool
    ALTER COLUMN order_id DROP NOT NULL,
    ADD COLUMN buyer_id bigint REFERENCES buyers ON DELETE SET NULL,
    ADD COLUMN purpose text NOT NULL DEFAULT 'order' CHECK (purpose IN ('order', 'confirm', 'reset', 'account-exists')),
    ADD CONSTRAINT mail_spool_order_mail_has_order CHECK ((purpose = 'order') = (order_id IS NOT NULL));

GRANT SELECT (buyer_id, purpose) ON mail_spool TO boxoffice_clerk;
GRANT SELECT (email, email_confirmed_at) ON buyers TO boxoffice_clerk;

-- A buyer waiting for a confirmation link (or for the tickets of an order just paid) should not wait for
-- the worker's next round: new work wakes it. The notification is sent at commit, so the worker never
-- looks before the row is visible; a worker that is not listening loses nothing (it polls as well).
CREATE FUNCTION boxoffice_wake_worker() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('boxoffice_worker', TG_TABLE_NAME);
    RETURN NULL;
END
$$;
CREATE TRIGGER mail_spool_wakes_worker AFTER INSERT ON mail_spool
    FOR EACH STATEMENT EXECUTE FUNCTION boxoffice_wake_worker();
CREATE TRIGGER outbox_wakes_worker AFTER INSERT ON outbox
    FOR EACH STATEMENT EXECUTE FUNCTION boxoffice_wake_worker();
