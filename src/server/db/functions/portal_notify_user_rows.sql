-- Rows that carry their account's id in user_id (children, bookings).
CREATE OR REPLACE FUNCTION public.portal_notify_user_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM portal_announce('user:' || OLD.user_id::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM portal_announce('user:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$function$;
