-- The audit trail records the lease a seat was under when it changed hands, so the audit can tell a
-- legal takeover from an illegal one afterwards. A seat held by one cart may be claimed by another only
-- once that hold has run out (lazy expiry: no sweeper needs to have freed it). The trail already said
-- who took a seat and when; it did not say whose hold ended there, nor when that hold was due to end.
-- The expiry cannot be read back from the trail's earlier lines: extensions, refreshes and payment pins
-- move it without a line of their own. So each seat line now carries the previous holder's cart and
-- its expiry as they were at the moment of the change (the row's OLD values): a line from HELD to
-- HELD or SOLD for another cart, with that expiry still ahead, is two carts holding one seat at once.
-- Lines written before this migration leave both empty and cannot be judged.

ALTER TABLE inventory_audit
    ADD COLUMN from_cart_id text,
    ADD COLUMN from_expires_at timestamptz;

-- The same function as before (same owner, rights and trigger), now also keeping the old lease.
CREATE OR REPLACE FUNCTION audit_seat_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    INSERT INTO inventory_audit (db_user, entity, entity_id, from_state, to_state, cart_id, order_id,
                                 from_cart_id, from_expires_at)
    SELECT session_user, 'seat', n.id, o.state, n.state, n.cart_id, n.order_id, o.cart_id, o.hold_expires_at
    FROM changed_new n JOIN changed_old o ON o.id = n.id
    WHERE n.state IS DISTINCT FROM o.state OR n.cart_id IS DISTINCT FROM o.cart_id;
    RETURN NULL;
END
$$;
