-- Locks the parent's own booking and says why it cannot change (NULL when it is confirmed): another parent's
-- booking is indistinguishable from a missing one.
CREATE OR REPLACE FUNCTION public.portal_lock_own_booking(parent_id uuid, booking_id uuid, not_confirmed text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  found_status text;
BEGIN
  SELECT status INTO found_status FROM bookings WHERE id = booking_id AND family_id = parent_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'booking-not-found';
  END IF;
  RETURN CASE WHEN found_status <> 'CONFIRMED' THEN not_confirmed END;
END
$function$;
