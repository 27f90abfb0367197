-- sessions.waitlist_count follows the WAITING entries (each child counted), as booked_count follows the bookings
-- (decision 020). Every change to a session's waitlist happens under that session's row lock.
CREATE OR REPLACE FUNCTION public.portal_count_waitlist()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'WAITING' THEN
    UPDATE sessions SET waitlist_count = waitlist_count - cardinality(OLD.child_ids) WHERE id = OLD.session_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'WAITING' THEN
    UPDATE sessions SET waitlist_count = waitlist_count + cardinality(NEW.child_ids) WHERE id = NEW.session_id;
  END IF;
  RETURN NULL;
END
$function$;
