-- What makes a seat good in a venue, stored with its layout (issue 13, best available): each section's
-- preference (boxes with a side view, a restricted balcony) and, optionally, where the audience looks
-- and whether the seats go all round it. The venue loader writes them from the venue description
-- (SeatScoring::fromVenueJson); the seat map store reads them back, so every desk ranks seats the way
-- the venue file says, not by geometry alone.
--
-- Existing layouts keep the defaults (preference 1, no focus, arena decided by geometry): that is how
-- they were ranked before.
--
-- No new grants: clerks (and managers, who are clerks too) read these columns through the table-wide
-- SELECT of 003 and write none of them; only the loader (the schema owner) does.

ALTER TABLE sections ADD COLUMN preference double precision NOT NULL DEFAULT 1
    CONSTRAINT sections_preference_range CHECK (preference BETWEEN 0 AND 1);

-- A focus is a point: both coordinates or neither. arena NULL means "decide by geometry".
ALTER TABLE venue_layouts
    ADD COLUMN focus_x double precision,
    ADD COLUMN focus_y double precision,
    ADD COLUMN arena boolean,
    ADD CONSTRAINT venue_layouts_focus_whole CHECK ((focus_x IS NULL) = (focus_y IS NULL));
