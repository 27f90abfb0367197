-- Rows that belong to one account: users (id), children and bookings (user_id).
CREATE OR REPLACE FUNCTION public.portal_notify_account()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
  column_name text := TG_ARGV[0];
BEGIN
  IF old_row IS NOT NULL THEN
    PERFORM portal_announce('user:' || (old_row ->> column_name));
  END IF;
  IF new_row IS NOT NULL AND (old_row IS NULL OR (old_row ->> column_name) IS DISTINCT FROM (new_row ->> column_name)) THEN
    PERFORM portal_announce('user:' || (new_row ->> column_name));
  END IF;
  RETURN NULL;
END
$function$;
