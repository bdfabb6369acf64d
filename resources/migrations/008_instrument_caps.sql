-- A second cap beside the buyer's: seats held at once per payment instrument (a card's fingerprint,
-- as the storefront learns it from the provider), so one card behind many accounts is capped too.

ALTER TABLE buyer_carts ADD COLUMN instrument text CHECK (instrument IS NULL OR (instrument <> '' AND length(instrument) <= 64));
CREATE INDEX buyer_carts_instrument ON buyer_carts (instrument) WHERE instrument IS NOT NULL;
ALTER TABLE events ADD COLUMN max_holds_per_instrument integer
    CHECK (max_holds_per_instrument IS NULL OR max_holds_per_instrument > 0);
GRANT UPDATE (max_holds_per_instrument) ON events TO boxoffice_manager;
