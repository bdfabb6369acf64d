-- A stay confirmed by guarantee: the card is on file, nothing is charged yet, the money is taken at
-- the desk on departure. The order is GUARANTEED (sold, not paid) until then; the guarantee is a
-- counter_payments line of amount zero carrying the card reference, and the settlement a second line.

ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check
    CHECK (state IN ('PENDING', 'PAID', 'GUARANTEED', 'EXPIRED', 'CANCELLED', 'REFUNDED'));

ALTER TABLE counter_payments DROP CONSTRAINT counter_payments_method_check;
ALTER TABLE counter_payments ADD CONSTRAINT counter_payments_method_check CHECK (method IN ('cash', 'card', 'guarantee'));
ALTER TABLE counter_payments DROP CONSTRAINT counter_payments_check2;
ALTER TABLE counter_payments ADD CONSTRAINT counter_payments_reference_needed
    CHECK ((method IN ('card', 'guarantee')) = (reference IS NOT NULL));
ALTER TABLE counter_payments ADD CONSTRAINT counter_payments_guarantee_takes_nothing
    CHECK (method <> 'guarantee' OR amount_minor = 0);

-- One settlement per order still; a guarantee line sits beside it.
DROP INDEX counter_payments_one_per_order;
CREATE UNIQUE INDEX counter_payments_one_per_order ON counter_payments (order_id) WHERE method <> 'guarantee';
CREATE UNIQUE INDEX counter_payments_one_guarantee ON counter_payments (order_id) WHERE method = 'guarantee';
