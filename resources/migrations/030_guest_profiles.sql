-- Guest profiles: who stays, found again by any detail, and a booked stay always names its guest.
-- stays.guest_name stays for what older code reads; at booking it is the profile's name.

CREATE TABLE guests (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
    email       text NOT NULL DEFAULT '' CHECK (length(email) <= 254),
    phone       text NOT NULL DEFAULT '' CHECK (length(phone) <= 40),
    address     text NOT NULL DEFAULT '' CHECK (length(address) <= 500),
    notes       text NOT NULL DEFAULT '' CHECK (length(notes) <= 4000),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    -- Control characters never come from a keyboard; they break receipts, logs and QPSQL's text
    -- EXECUTE (a NUL). The application refuses them first; this is the backstop. Notes may wrap lines.
    CHECK ((name || email || phone || address) !~ '[[:cntrl:]]'),
    CHECK (notes !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]')
);

ALTER TABLE stays ADD COLUMN guest_id bigint REFERENCES guests;
CREATE INDEX stays_by_guest ON stays (guest_id, check_in);

-- One search box finds a guest by any part of any detail, in any case. pg_trgm's GIN index answers
-- '%part%' without a scan; where the extension cannot be created (it is trusted from PostgreSQL 13, but
-- a hardened server may lack contrib), lower() btree indexes still answer prefixes.
DO $$
BEGIN
    BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm is not available (%): guest search uses lower() btree indexes', SQLERRM;
    END;
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX guests_search ON guests USING gin ((lower(name || '' '' || email || '' '' || phone || '' '' || address)) gin_trgm_ops)';
    ELSE
        EXECUTE 'CREATE INDEX guests_name_prefix ON guests (lower(name) text_pattern_ops)';
        EXECUTE 'CREATE INDEX guests_email_prefix ON guests (lower(email) text_pattern_ops)';
        EXECUTE 'CREATE INDEX guests_phone_prefix ON guests (phone text_pattern_ops)';
    END IF;
END
$$;

-- A stay becomes BOOKED only with a guest's name, whichever channel books it (the desk, the web's
-- checkout saga, a late confirm that books afresh). When it is linked to a profile, the name booked is
-- the profile's, so the two never disagree at booking. The name cannot be blanked on a booked stay.
CREATE FUNCTION boxoffice_stay_guest_named() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.state <> 'BOOKED' THEN
        RETURN NEW;
    END IF;
    IF NEW.guest_id IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM 'BOOKED'
                                     OR OLD.guest_id IS DISTINCT FROM NEW.guest_id) THEN
        SELECT g.name INTO NEW.guest_name FROM guests g WHERE g.id = NEW.guest_id;
    END IF;
    -- Only what changes is judged: a stay booked nameless before this rule can still be moved or checked in.
    IF btrim(COALESCE(NEW.guest_name, '')) = ''
       AND (TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM 'BOOKED' OR OLD.guest_name IS DISTINCT FROM NEW.guest_name
            OR OLD.guest_id IS DISTINCT FROM NEW.guest_id) THEN
        RAISE EXCEPTION 'a booked stay needs the guest''s name (stay %)', NEW.reference
            USING ERRCODE = 'check_violation', CONSTRAINT = 'stays_booked_guest_named';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER stays_booked_guest_named
    BEFORE INSERT OR UPDATE OF state, guest_name, guest_id ON stays
    FOR EACH ROW EXECUTE FUNCTION boxoffice_stay_guest_named();

GRANT SELECT, INSERT, UPDATE (name, email, phone, address, notes, updated_at) ON guests TO boxoffice_clerk;
GRANT UPDATE (guest_id, guest_name) ON stays TO boxoffice_clerk;
