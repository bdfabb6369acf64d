-- An event's on-sale with a waiting room: the operator's settings, read by every web server every few
-- seconds (never per request). Visitors arriving before draw_closes_at get a random place; later ones
-- queue in arrival order. The admitter lets positions in at admit_per_second (0: the web server
-- computes a rate from the claims the database sustains). An admission token lets its buyer hold for
-- token_seconds. The queue itself lives in the web server's memory or in Redis, never here: a million
-- visitors must not reach the database.

CREATE TABLE event_on_sales (
    event_id          bigint PRIMARY KEY REFERENCES events ON DELETE CASCADE,
    draw_closes_at    timestamptz NOT NULL,
    admit_per_second  numeric(10, 3) NOT NULL DEFAULT 0 CHECK (admit_per_second >= 0),
    -- at least a minute to pick seats, at most a day: a token is a bearer pass, not an account
    token_seconds     integer NOT NULL DEFAULT 900 CHECK (token_seconds BETWEEN 60 AND 86400),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT ON event_on_sales TO boxoffice_clerk;
GRANT INSERT, UPDATE (draw_closes_at, admit_per_second, token_seconds, updated_at), DELETE ON event_on_sales
    TO boxoffice_manager;
