-- The card a web buyer names for a cart is the card the checkout charges (issue 15). Until now the cart
-- kept only the card's fingerprint, for the caps, and the charge went out without a payment method, so
-- the provider took the account's default: the card the caps counted was not the card that paid.
--  - buyer_carts.payment_method: the provider's id of the card ("pm_..."), beside its fingerprint; a
--    cart names one only with the fingerprint the provider gave for it.
--  - payments.payment_method: copied from the cart when the payment row is opened, so the money record
--    says which card was asked, and a retry or a reconciliation asks about the same one.
ALTER TABLE buyer_carts
    ADD COLUMN payment_method text,
    ADD CONSTRAINT buyer_carts_payment_method_shape
        CHECK (payment_method IS NULL OR payment_method COLLATE "C" ~ '^pm_[A-Za-z0-9_]{1,100}$'),
    ADD CONSTRAINT buyer_carts_payment_method_has_card CHECK (payment_method IS NULL OR instrument IS NOT NULL);

ALTER TABLE payments
    ADD COLUMN payment_method text
        CHECK (payment_method IS NULL OR payment_method COLLATE "C" ~ '^pm_[A-Za-z0-9_]{1,100}$');
