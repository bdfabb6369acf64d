-- A cart's card is the fingerprint the payment provider vouched for, never text a buyer typed: the
-- shape domain/cardfingerprint.h checks, enforced here too so no other writer can store "CARD-Y " or
-- a zero-width space as a card of its own. COLLATE "C" makes the ranges plain ASCII whatever the
-- database's locale. NOT VALID: carts made before this keep their old free text (they only ever
-- capped themselves); every new or changed row is checked.
ALTER TABLE buyer_carts
    ADD CONSTRAINT buyer_carts_instrument_shape
    CHECK (instrument IS NULL OR instrument COLLATE "C" ~ '^[A-Za-z0-9_-]{4,64}$') NOT VALID;
