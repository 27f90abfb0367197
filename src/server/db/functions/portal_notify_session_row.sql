-- The sessions trigger: the counts (booked and waiting) move the calendar only; a change of anything a booking shows
-- also stales every "my bookings" list.
CREATE OR REPLACE FUNCTION public.portal_notify_session_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  counted sessions;
BEGIN
  PERFORM portal_announce('calendar');
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_announce('bookings');
  ELSIF TG_OP = 'UPDATE' THEN
    counted := OLD;
    counted.booked_count := NEW.booked_count;
    counted.waitlist_count := NEW.waitlist_count;
    counted.updated_at := NEW.updated_at;
    IF counted IS DISTINCT FROM NEW THEN
      PERFORM portal_announce('bookings');
    END IF;
  END IF;
  RETURN NULL;
END
$function$;
