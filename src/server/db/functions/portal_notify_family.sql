-- A family's own row changed (plan, feed, notes, deletion): every guardian's reads of it are stale.
CREATE OR REPLACE FUNCTION public.portal_notify_family()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM portal_announce('family:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$function$;
