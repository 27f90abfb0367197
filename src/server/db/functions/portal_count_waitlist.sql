-- Issue 21: the waitlist and the reminders, on the booking functions (docs/decisions/020-waitlist-and-reminders.md,
-- docs/product-rules.md "Waitlist" and "Reminders").
-- Locks: every change to a session's waitlist happens under that session's row lock, taken first, as a booking
-- takes it; the children are locked after it, in id order. So two cancellations of one session promote one after
-- the other, each seeing the spots the other took, and an entry is never promoted twice.
--
-- sessions.waitlist_count follows the WAITING entries (each child counted), as booked_count follows the bookings.
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
