-- portal_reschedule_booking of the whole booking (erasing or deleting a family cancels its bookings this way): the same as
-- portal_reschedule_booking_children naming no child (issue 32).
CREATE OR REPLACE FUNCTION public.portal_reschedule_booking(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamp with time zone, parent jsonb, office jsonb, closes_before timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
BEGIN
  RETURN portal_reschedule_booking_children(parent_id, booking_id, new_session_id, now_at, parent, office, closes_before, NULL::text[]);
END
$function$;
