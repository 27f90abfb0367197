-- The auth_sessions trigger: a sign-in that ended or changed announces its own id and its user's.
CREATE OR REPLACE FUNCTION public.portal_notify_auth_session()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM portal_announce('session:' || OLD.id::text);
  RETURN NULL;
END
$function$;
