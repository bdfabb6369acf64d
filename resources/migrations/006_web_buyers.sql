-- Web buyers: accounts that authenticate with a bearer token (only its SHA-256 is kept), the carts
-- they own, and a per-event cap on seats one buyer may hold at once.

CREATE TABLE buyers (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL CHECK (name <> '' AND length(name) <= 200),
    token_hash  bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE buyer_carts (
    cart_id     text PRIMARY KEY CHECK (cart_id <> ''),
    buyer_id    bigint NOT NULL REFERENCES buyers,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX buyer_carts_buyer ON buyer_carts (buyer_id);

-- NULL: no cap. Counted with the claim, under a per-buyer lock, so parallel requests cannot both pass.
ALTER TABLE events ADD COLUMN max_holds_per_buyer integer CHECK (max_holds_per_buyer IS NULL OR max_holds_per_buyer > 0);
GRANT UPDATE (max_holds_per_buyer) ON events TO boxoffice_manager;

-- Staff may look a buyer up; the token hashes stay with the server.
GRANT SELECT (id, name, created_at) ON buyers TO boxoffice_clerk;
GRANT SELECT ON buyer_carts TO boxoffice_clerk;
