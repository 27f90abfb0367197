-- A booking's children: the account is the booking's (gone already when the booking itself was deleted,
-- and then the bookings trigger has announced it).
CREATE OR REPLACE FUNCTION public.portal_notify_booking_children()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  owner uuid;
BEGIN
  SELECT family_id INTO owner FROM bookings
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.booking_id ELSE NEW.booking_id END;
  IF owner IS NOT NULL THEN
    PERFORM portal_announce('family:' || owner::text);
  END IF;
  RETURN NULL;
END
$function$;
