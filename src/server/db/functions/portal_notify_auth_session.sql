CREATE OR REPLACE FUNCTION public.portal_notify_auth_session()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM portal_announce('session:' || OLD.id::text);
  RETURN NULL;
END
$function$;
