-- Venue layouts, events and per-event seat inventory: the unique-item shape of the lease model.
-- The database enforces what it can, so a wrong application still cannot sell one seat twice.

CREATE TABLE venue_layouts (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL UNIQUE CHECK (name <> '')
);

CREATE TABLE price_bands (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    layout_id   bigint NOT NULL REFERENCES venue_layouts ON DELETE CASCADE,
    code        text NOT NULL CHECK (code <> ''),
    name        text NOT NULL,
    UNIQUE (layout_id, code),
    UNIQUE (layout_id, id)
);

CREATE TABLE sections (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    layout_id   bigint NOT NULL REFERENCES venue_layouts ON DELETE CASCADE,
    code        text NOT NULL CHECK (code <> '' AND position('-' in code) = 0),
    name        text NOT NULL,
    UNIQUE (layout_id, code),
    UNIQUE (layout_id, id)
);

CREATE TABLE seats (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    layout_id     bigint NOT NULL REFERENCES venue_layouts ON DELETE CASCADE,
    section_id    bigint NOT NULL,
    row_number    integer NOT NULL CHECK (row_number > 0),
    seat_number   integer NOT NULL CHECK (seat_number > 0),
    label         text NOT NULL CHECK (label <> ''),
    x             real NOT NULL,
    y             real NOT NULL,
    price_band_id bigint NOT NULL,
    UNIQUE (layout_id, label),
    UNIQUE (section_id, row_number, seat_number),
    UNIQUE (layout_id, id),
    -- a seat's section and band belong to the seat's own layout
    FOREIGN KEY (layout_id, section_id) REFERENCES sections (layout_id, id),
    FOREIGN KEY (layout_id, price_band_id) REFERENCES price_bands (layout_id, id)
);

CREATE TABLE events (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    layout_id       bigint NOT NULL REFERENCES venue_layouts,
    name            text NOT NULL CHECK (name <> ''),
    starts_at       timestamptz NOT NULL,
    currency        char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    -- the lease policy is data, tunable per event during an on-sale
    hold_seconds    integer NOT NULL DEFAULT 600 CHECK (hold_seconds BETWEEN 1 AND 86400),
    max_extensions  integer NOT NULL DEFAULT 1 CHECK (max_extensions BETWEEN 0 AND 100),
    UNIQUE (layout_id, id)
);

CREATE TABLE event_prices (
    event_id      bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    price_band_id bigint NOT NULL REFERENCES price_bands,
    amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
    PRIMARY KEY (event_id, price_band_id)
);

CREATE TABLE orders (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    cart_id       text NOT NULL CHECK (cart_id <> ''),
    state         text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'REFUNDED')),
    amount_minor  bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
    currency      char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    created_at    timestamptz NOT NULL DEFAULT now(),
    paid_at       timestamptz,
    CHECK ((state = 'PAID') = (paid_at IS NOT NULL) OR state = 'REFUNDED')
);
-- a cart checks out once at a time: a double click cannot open two orders over the same holds
CREATE UNIQUE INDEX orders_one_pending_per_cart ON orders (cart_id) WHERE state = 'PENDING';

-- One row per seat per event: the unit that is held and sold.
CREATE TABLE event_seats (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id         bigint NOT NULL,
    layout_id        bigint NOT NULL,
    seat_id          bigint NOT NULL,
    state            text NOT NULL DEFAULT 'AVAILABLE' CHECK (state IN ('AVAILABLE', 'HELD', 'SOLD')),
    cart_id          text,
    held_since       timestamptz,
    hold_expires_at  timestamptz,
    extensions_used  integer NOT NULL DEFAULT 0 CHECK (extensions_used >= 0),
    order_id         bigint,
    UNIQUE (event_id, seat_id),
    -- the seat belongs to the event's layout
    FOREIGN KEY (layout_id, event_id) REFERENCES events (layout_id, id) ON DELETE CASCADE,
    FOREIGN KEY (layout_id, seat_id) REFERENCES seats (layout_id, id),
    -- each state carries exactly the columns that describe it
    CONSTRAINT event_seats_state_columns CHECK (
        (state = 'AVAILABLE' AND cart_id IS NULL AND held_since IS NULL AND hold_expires_at IS NULL
             AND order_id IS NULL AND extensions_used = 0)
        OR (state = 'HELD' AND cart_id IS NOT NULL AND held_since IS NOT NULL AND hold_expires_at IS NOT NULL
             AND order_id IS NULL)
        OR (state = 'SOLD' AND order_id IS NOT NULL AND hold_expires_at IS NULL)
    )
);
CREATE INDEX event_seats_by_cart ON event_seats (cart_id) WHERE cart_id IS NOT NULL;
CREATE INDEX event_seats_expiring ON event_seats (hold_expires_at) WHERE state = 'HELD';

CREATE TABLE order_lines (
    order_id      bigint NOT NULL REFERENCES orders ON DELETE CASCADE,
    unit_id       bigint NOT NULL REFERENCES event_seats,
    amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
    state         text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'SOLD', 'LOST', 'RELEASED')),
    PRIMARY KEY (order_id, unit_id)
);
-- The last line of defence: a unit is on at most one sold order line, whatever the application does.
CREATE UNIQUE INDEX order_lines_sold_once ON order_lines (unit_id) WHERE state = 'SOLD';
CREATE INDEX order_lines_by_unit ON order_lines (unit_id);

-- A SOLD seat names an order that has a line for it.
ALTER TABLE event_seats
    ADD CONSTRAINT event_seats_sold_has_line
    FOREIGN KEY (order_id, id) REFERENCES order_lines (order_id, unit_id);
