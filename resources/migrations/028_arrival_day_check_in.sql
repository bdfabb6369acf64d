-- A guest checks in on the arrival day, on the database's calendar, not the desk's. A room is cleaned
-- for the arrival, and a stay checked in days ahead of it would sit in a room someone else still
-- sleeps in. A manager may allow an early check-in; that permission is recorded: who, when and why.
-- A late arrival (the arrival day passed, the nights not yet over) still checks in: the night audit,
-- not the desk, decides about no-shows. Once the last night has passed there is nothing to check into.

CREATE TABLE early_check_ins (
    stay_id     bigint PRIMARY KEY REFERENCES stays,
    allowed_by  text NOT NULL DEFAULT session_user,
    allowed_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    reason      text NOT NULL CHECK (btrim(reason) <> '' AND char_length(reason) <= 500 AND reason !~ '[[:cntrl:]]')
);

-- History: everyone at the desk reads it; only the function below writes it, as a manager.
GRANT SELECT ON early_check_ins TO boxoffice_clerk;

-- Why a booked stay may not check in today: NULL when it may.
CREATE FUNCTION boxoffice_check_in_refusal(p_stay bigint, p_check_in date, p_check_out date) RETURNS text
LANGUAGE sql STABLE SET search_path = public AS $$
    SELECT CASE
        WHEN current_date >= p_check_out THEN 'AFTER_DEPARTURE'
        WHEN current_date < p_check_in AND NOT EXISTS (SELECT 1 FROM early_check_ins WHERE stay_id = p_stay)
            THEN 'BEFORE_ARRIVAL'
    END
$$;

-- The rule for every path, the desk's function or an UPDATE typed by hand.
CREATE FUNCTION boxoffice_check_in_on_arrival_day() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    refusal text := boxoffice_check_in_refusal(OLD.id, OLD.check_in, OLD.check_out);
BEGIN
    IF refusal IS NOT NULL THEN
        RAISE EXCEPTION 'stay % cannot check in today (%): it arrives on % and leaves on %', OLD.id, refusal,
            OLD.check_in, OLD.check_out
            USING ERRCODE = 'check_violation', HINT = 'A manager may allow an early check-in.';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER stays_check_in_on_arrival_day BEFORE UPDATE OF state ON stays
    FOR EACH ROW WHEN (OLD.state = 'BOOKED' AND NEW.state = 'CHECKED_IN')
    EXECUTE FUNCTION boxoffice_check_in_on_arrival_day();

-- Checks a booked stay in. Answers OK, NOT_FOUND, NOT_BOOKED, BEFORE_ARRIVAL or AFTER_DEPARTURE, so the
-- desk can say which; the conditional UPDATE is the claim, the read after it only explains a refusal.
CREATE FUNCTION boxoffice_check_in(p_stay bigint) RETURNS text
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
BEGIN
    UPDATE stays SET state = 'CHECKED_IN'
    WHERE id = p_stay AND state = 'BOOKED' AND boxoffice_check_in_refusal(id, check_in, check_out) IS NULL;
    IF FOUND THEN
        RETURN 'OK';
    END IF;
    SELECT * INTO s FROM stays WHERE id = p_stay;
    IF s.id IS NULL THEN
        RETURN 'NOT_FOUND';
    ELSIF s.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    END IF;
    RETURN COALESCE(boxoffice_check_in_refusal(s.id, s.check_in, s.check_out), 'NOT_BOOKED');
END
$$;
GRANT EXECUTE ON FUNCTION boxoffice_check_in(bigint) TO boxoffice_clerk;

-- A manager's permission to check a booked stay in before its arrival day, with a reason. Answers OK
-- (also when it was already allowed: the first permission stands), NOT_FOUND, NOT_BOOKED, NOT_EARLY
-- (today is the arrival day or later: nothing to allow) or NEEDS_REASON; refuses anyone else (42501).
CREATE FUNCTION boxoffice_allow_early_check_in(p_stay bigint, p_reason text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
    s stays%ROWTYPE;
BEGIN
    IF NOT boxoffice_role_manages(session_user) THEN
        RAISE EXCEPTION 'only a manager may allow an early check-in'
            USING ERRCODE = 'insufficient_privilege', HINT = 'Ask a manager to sign in.';
    END IF;
    IF p_reason IS NULL OR btrim(p_reason) = '' THEN
        RETURN 'NEEDS_REASON';
    END IF;
    SELECT * INTO s FROM stays WHERE id = p_stay FOR UPDATE;
    IF s.id IS NULL THEN
        RETURN 'NOT_FOUND';
    ELSIF s.state <> 'BOOKED' THEN
        RETURN 'NOT_BOOKED';
    ELSIF current_date >= s.check_in THEN
        RETURN 'NOT_EARLY';
    END IF;
    INSERT INTO early_check_ins (stay_id, allowed_by, reason) VALUES (p_stay, session_user, btrim(p_reason))
    ON CONFLICT (stay_id) DO NOTHING;
    RETURN 'OK';
END
$$;
REVOKE ALL ON FUNCTION boxoffice_allow_early_check_in(bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION boxoffice_allow_early_check_in(bigint, text) TO boxoffice_clerk;
