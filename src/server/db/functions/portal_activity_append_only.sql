-- Issue 34: activity entries are never changed nor deleted (BEFORE UPDATE/DELETE per row, BEFORE TRUNCATE per
-- statement), except by the two pieces of maintenance that set `portal.activity_maintenance` in their own transaction:
-- the retention job (portal_activity_expire) and a family's erasure (portal_activity_erase_family).
CREATE OR REPLACE FUNCTION public.portal_activity_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(current_setting('portal.activity_maintenance', true), '') <> 'on' THEN
    RAISE EXCEPTION 'activity entries are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN
    RETURN NULL;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$function$;
