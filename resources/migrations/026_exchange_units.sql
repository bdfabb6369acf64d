-- Which units an exchange gave back (021 kept the amounts only), so the counter's order lookup can say
-- which units of an order were exchanged into which order, and the door can refuse an old ticket of an
-- exchanged seat as "exchanged" rather than "refunded". Written as staff type units ("seat:5,ga:3"), as
-- approval_requests.items; an exchange made before this migration records none ('').
ALTER TABLE order_exchanges ADD COLUMN items text NOT NULL DEFAULT '' CHECK (length(items) <= 2000);
GRANT INSERT (items) ON order_exchanges TO boxoffice_manager;
