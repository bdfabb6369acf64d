-- A stay moved to other nights or another room type keeps its state, so the generic trail (state
-- changes only) missed it: stays get their own trail function that also records moves. And staff
-- close a compensation case (the buyer was contacted) by stamping it.

CREATE FUNCTION audit_stay_changes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    INSERT INTO inventory_audit (db_user, entity, entity_id, from_state, to_state, cart_id, order_id)
    SELECT session_user, 'stay', n.id, o.state,
           CASE WHEN n.state IS DISTINCT FROM o.state THEN n.state ELSE n.state || ' (moved)' END,
           n.cart_id, n.order_id
    FROM changed_new n JOIN changed_old o ON o.id = n.id
    WHERE n.state IS DISTINCT FROM o.state
       OR n.room_type_id IS DISTINCT FROM o.room_type_id
       OR n.check_in IS DISTINCT FROM o.check_in
       OR n.check_out IS DISTINCT FROM o.check_out;
    RETURN NULL;
END
$$;

DROP TRIGGER stays_audit_update ON stays;
CREATE TRIGGER stays_audit_update AFTER UPDATE ON stays REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
    FOR EACH STATEMENT EXECUTE FUNCTION audit_stay_changes();

GRANT UPDATE (resolved_at, resolved_by) ON compensations TO boxoffice_clerk;
