-- Caps on what one web buyer, and one payment card across accounts, may hold at once, for every
-- shape. An event's caps (006, 008) keep their columns and now count the event's GA places as well as
-- its seats (a place is one unit): the count is the claim's, no schema change. A hotel caps the stays
-- held live, a restaurant the table bookings held live. NULL: no cap. Counted and checked with the
-- claim, in one unit of work, under the per-buyer then the per-card lock.

ALTER TABLE hotels
    ADD COLUMN max_stays_per_buyer integer CHECK (max_stays_per_buyer IS NULL OR max_stays_per_buyer > 0),
    ADD COLUMN max_stays_per_instrument integer
        CHECK (max_stays_per_instrument IS NULL OR max_stays_per_instrument > 0);
GRANT UPDATE (max_stays_per_buyer, max_stays_per_instrument) ON hotels TO boxoffice_manager;

ALTER TABLE restaurants
    ADD COLUMN max_bookings_per_buyer integer CHECK (max_bookings_per_buyer IS NULL OR max_bookings_per_buyer > 0),
    ADD COLUMN max_bookings_per_instrument integer
        CHECK (max_bookings_per_instrument IS NULL OR max_bookings_per_instrument > 0);
GRANT UPDATE (max_bookings_per_buyer, max_bookings_per_instrument) ON restaurants TO boxoffice_manager;
