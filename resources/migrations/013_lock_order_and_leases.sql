-- One lock order for every path, so that two changes wanting the same rows queue instead of
-- deadlocking:
--   hotel: room nights first, in (room type, night) order, then stay rows. A claim, a release, a
--          cancel, a confirm and the sweeper always did this; moving a stay and a manager's walk,
--          move or upgrade (009) locked the stay first and are replaced in 015, which settles their
--          money as well, on this lock order.
--   general admission: sub-pool rows in id order, each before its hold rows, never a lower id after a
--          higher one in the same transaction.
-- Moves and upgrades also give back the holds that ran out on the nights they claim, in the same
-- transaction, as a claim does (lazy expiry): an expired hold never makes a night look full
-- (boxoffice_expire_stays, used by 015's moves).

-- ---------------------------------------------------------------- hotel stays

-- Returns the HELD stays of a room type that ran out and overlap [p_check_in, p_check_out), and their
-- nights. Only stays whose every night lies in [p_first, p_after) are returned: the caller has locked
-- exactly those nights, and a night's counter is never changed without its lock.
CREATE FUNCTION boxoffice_expire_stays(p_room_type bigint, p_check_in date, p_check_out date, p_first date,
                                       p_after date)
RETURNS void
LANGUAGE sql SET search_path = public AS $$
    WITH expired AS (
        UPDATE stays x SET state = 'EXPIRED', expires_at = NULL
        WHERE x.room_type_id = p_room_type AND x.state = 'HELD' AND x.expires_at <= now()
          AND x.check_in < p_check_out AND x.check_out > p_check_in
          AND x.check_in >= p_first AND x.check_out <= p_after
        RETURNING x.check_in, x.check_out
    )
    UPDATE room_nights n
    SET booked = n.booked - (SELECT count(*) FROM expired e WHERE n.night >= e.check_in AND n.night < e.check_out)
    WHERE n.room_type_id = p_room_type AND n.night >= p_first AND n.night < p_after
      AND EXISTS (SELECT 1 FROM expired e WHERE n.night >= e.check_in AND n.night < e.check_out);
$$;
REVOKE ALL ON FUNCTION boxoffice_expire_stays(bigint, date, date, date, date) FROM PUBLIC;

-- ---------------------------------------------------------------- general admission

-- A request larger than any one sub-pool's free places is taken across several sub-pools in one
-- statement (all or nothing), as one hold row per sub-pool. The row on the lowest sub-pool id is the
-- lead; the others name it here. Carts, orders, confirms, releases and the audit keep counting hold
-- rows one by one, each against its own sub-pool.
ALTER TABLE ga_holds ADD COLUMN lead_hold_id bigint REFERENCES ga_holds;

-- One live hold per cart and pool (a double click holds once) now means one live lead: the rows of
-- one claim spread over several sub-pools belong to that one hold.
DROP INDEX ga_holds_one_per_cart;
CREATE UNIQUE INDEX ga_holds_one_per_cart ON ga_holds (pool_id, cart_id) WHERE state = 'HELD' AND lead_hold_id IS NULL;
