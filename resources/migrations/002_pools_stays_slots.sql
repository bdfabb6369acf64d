-- The other three inventory shapes on the same lease model: general-admission pools (a counter per
-- sub-pool), hotel room-nights (a counter per room type per night) and time slots (bookings over a
-- time range, kept apart by an exclusion constraint). Counters include HELD units until a claim, the
-- owner or the sweeper returns them; a claim returns expired holds in the same statement first.

CREATE EXTENSION IF NOT EXISTS btree_gist;

-- ---------------------------------------------------------------- general admission
CREATE TABLE ga_pools (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id        bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    code            text NOT NULL CHECK (code <> ''),
    name            text NOT NULL,
    price_minor     bigint NOT NULL CHECK (price_minor >= 0),
    -- 'atomic': one conditional UPDATE per claim; 'pessimistic': lock the row, decide, write
    claim_strategy  text NOT NULL DEFAULT 'atomic' CHECK (claim_strategy IN ('atomic', 'pessimistic')),
    UNIQUE (event_id, code)
);

-- A hot pool is split over several rows so buyers contend on different counters.
CREATE TABLE ga_subpools (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    pool_id   bigint NOT NULL REFERENCES ga_pools ON DELETE CASCADE,
    slot      integer NOT NULL CHECK (slot >= 0),
    capacity  integer NOT NULL CHECK (capacity >= 0),
    held      integer NOT NULL DEFAULT 0 CHECK (held >= 0),
    sold      integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
    CHECK (held + sold <= capacity),
    UNIQUE (pool_id, slot)
);

CREATE TABLE ga_holds (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    pool_id          bigint NOT NULL REFERENCES ga_pools,
    subpool_id       bigint NOT NULL REFERENCES ga_subpools,
    cart_id          text NOT NULL CHECK (cart_id <> ''),
    quantity         integer NOT NULL CHECK (quantity > 0),
    state            text NOT NULL CHECK (state IN ('HELD', 'SOLD', 'EXPIRED', 'RELEASED')),
    held_since       timestamptz NOT NULL DEFAULT now(),
    expires_at       timestamptz,
    extensions_used  integer NOT NULL DEFAULT 0 CHECK (extensions_used >= 0),
    order_id         bigint REFERENCES orders,
    CHECK ((state = 'HELD') = (expires_at IS NOT NULL)),
    CHECK ((state = 'SOLD') = (order_id IS NOT NULL))
);
-- One live hold per cart and pool: a double click cannot hold twice.
CREATE UNIQUE INDEX ga_holds_one_per_cart ON ga_holds (pool_id, cart_id) WHERE state = 'HELD';
CREATE INDEX ga_holds_expiring ON ga_holds (subpool_id, expires_at) WHERE state = 'HELD';
CREATE INDEX ga_holds_by_cart ON ga_holds (cart_id) WHERE state = 'HELD';

-- ---------------------------------------------------------------- hotel room-nights
CREATE TABLE hotels (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name            text NOT NULL UNIQUE CHECK (name <> ''),
    currency        char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    hold_seconds    integer NOT NULL DEFAULT 900 CHECK (hold_seconds BETWEEN 1 AND 86400),
    max_extensions  integer NOT NULL DEFAULT 1 CHECK (max_extensions BETWEEN 0 AND 100)
);

CREATE TABLE room_types (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    hotel_id     bigint NOT NULL REFERENCES hotels ON DELETE CASCADE,
    code         text NOT NULL CHECK (code <> ''),
    name         text NOT NULL,
    rank         integer NOT NULL DEFAULT 0, -- higher is better: upgrades go up the ranks
    price_minor  bigint NOT NULL CHECK (price_minor >= 0), -- per night
    UNIQUE (hotel_id, code)
);

-- Sellable capacity is separate from physical rooms: overbooking is data, the claim never changes.
CREATE TABLE room_nights (
    room_type_id  bigint NOT NULL REFERENCES room_types ON DELETE CASCADE,
    night         date NOT NULL,
    capacity      integer NOT NULL CHECK (capacity >= 0),
    physical      integer NOT NULL CHECK (physical >= 0),
    booked        integer NOT NULL DEFAULT 0 CHECK (booked >= 0),
    CHECK (booked <= capacity),
    PRIMARY KEY (room_type_id, night)
);

CREATE TABLE stays (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reference        text NOT NULL UNIQUE,
    room_type_id     bigint NOT NULL REFERENCES room_types,
    cart_id          text NOT NULL CHECK (cart_id <> ''),
    check_in         date NOT NULL,
    check_out        date NOT NULL,
    state            text NOT NULL CHECK (state IN ('HELD', 'BOOKED', 'EXPIRED', 'RELEASED', 'CANCELLED')),
    held_since       timestamptz NOT NULL DEFAULT now(),
    expires_at       timestamptz,
    extensions_used  integer NOT NULL DEFAULT 0 CHECK (extensions_used >= 0),
    order_id         bigint REFERENCES orders,
    guest_name       text,
    CHECK (check_out > check_in),
    CHECK ((state = 'HELD') = (expires_at IS NOT NULL)),
    CHECK (state <> 'BOOKED' OR order_id IS NOT NULL)
);
CREATE UNIQUE INDEX stays_one_hold_per_cart ON stays (cart_id, room_type_id, check_in, check_out) WHERE state = 'HELD';
CREATE INDEX stays_held_by_type ON stays (room_type_id, check_in) WHERE state = 'HELD';
CREATE INDEX stays_by_cart ON stays (cart_id) WHERE state = 'HELD';

-- ---------------------------------------------------------------- time slots
CREATE TABLE restaurants (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name            text NOT NULL UNIQUE CHECK (name <> ''),
    currency        char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    deposit_minor   bigint NOT NULL DEFAULT 0 CHECK (deposit_minor >= 0), -- per booking
    hold_seconds    integer NOT NULL DEFAULT 300 CHECK (hold_seconds BETWEEN 1 AND 86400),
    max_extensions  integer NOT NULL DEFAULT 1 CHECK (max_extensions BETWEEN 0 AND 100)
);

CREATE TABLE slot_resources (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    restaurant_id  bigint NOT NULL REFERENCES restaurants ON DELETE CASCADE,
    code           text NOT NULL CHECK (code <> ''),
    seats          integer NOT NULL CHECK (seats > 0),
    UNIQUE (restaurant_id, code)
);

CREATE TABLE slot_bookings (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    resource_id      bigint NOT NULL REFERENCES slot_resources,
    cart_id          text NOT NULL CHECK (cart_id <> ''),
    party_size       integer NOT NULL CHECK (party_size > 0),
    during           tstzrange NOT NULL CHECK (NOT isempty(during) AND lower_inc(during) AND NOT upper_inc(during)
                                               AND NOT lower_inf(during) AND NOT upper_inf(during)),
    state            text NOT NULL CHECK (state IN ('HELD', 'BOOKED', 'EXPIRED', 'RELEASED', 'CANCELLED')),
    held_since       timestamptz NOT NULL DEFAULT now(),
    expires_at       timestamptz,
    extensions_used  integer NOT NULL DEFAULT 0 CHECK (extensions_used >= 0),
    order_id         bigint REFERENCES orders,
    CHECK ((state = 'HELD') = (expires_at IS NOT NULL)),
    CHECK (state <> 'BOOKED' OR order_id IS NOT NULL),
    -- the invariant itself: no two live bookings of one table overlap
    CONSTRAINT slot_bookings_no_overlap
        EXCLUDE USING gist (resource_id WITH =, during WITH &&) WHERE (state IN ('HELD', 'BOOKED'))
);
CREATE INDEX slot_bookings_by_cart ON slot_bookings (cart_id) WHERE state = 'HELD';

-- ---------------------------------------------------------------- order lines of the new shapes
CREATE TABLE order_pool_lines (
    order_id      bigint NOT NULL REFERENCES orders ON DELETE CASCADE,
    hold_id       bigint NOT NULL REFERENCES ga_holds,
    pool_id       bigint NOT NULL REFERENCES ga_pools,
    quantity      integer NOT NULL CHECK (quantity > 0),
    amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
    state         text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'SOLD', 'LOST')),
    PRIMARY KEY (order_id, hold_id)
);
-- A late confirm whose hold had been returned claims afresh and points its line at the new row.
CREATE UNIQUE INDEX order_pool_lines_sold_once ON order_pool_lines (hold_id) WHERE state = 'SOLD';

-- As with GA lines, a late confirm that had to claim the nights afresh points the line at the new stay.
CREATE TABLE order_stay_lines (
    order_id      bigint NOT NULL REFERENCES orders ON DELETE CASCADE,
    stay_id       bigint NOT NULL REFERENCES stays,
    amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
    state         text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'SOLD', 'LOST')),
    PRIMARY KEY (order_id, stay_id)
);
CREATE UNIQUE INDEX order_stay_lines_sold_once ON order_stay_lines (stay_id) WHERE state = 'SOLD';

CREATE TABLE order_slot_lines (
    order_id      bigint NOT NULL REFERENCES orders ON DELETE CASCADE,
    booking_id    bigint NOT NULL REFERENCES slot_bookings,
    amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
    state         text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'SOLD', 'LOST')),
    PRIMARY KEY (order_id, booking_id)
);
CREATE UNIQUE INDEX order_slot_lines_sold_once ON order_slot_lines (booking_id) WHERE state = 'SOLD';
