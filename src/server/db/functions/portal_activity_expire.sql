-- Issue 34, the retention job (ACTIVITY_RETENTION_MONTHS): deletes the entries older than `before`, the one delete
-- portal_activity_append_only lets through. Returns how many went.
CREATE OR REPLACE FUNCTION public.portal_activity_expire(before timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  deleted integer;
BEGIN
  PERFORM set_config('portal.activity_maintenance', 'on', true);
  DELETE FROM activity_entries WHERE at < before;
  GET DIAGNOSTICS deleted = ROW_COUNT;
  PERFORM set_config('portal.activity_maintenance', '', true);
  RETURN deleted;
END
$function$;
