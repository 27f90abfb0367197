-- Issue 32: every child of a booking whose session has not started, with its state as BookingDto.childStates reads it
-- (rules/attendance.ts childBookingState): 'booked' while held, 'late-cancellation' or 'cancelled' once cancelled.
-- The answers of a cancellation or a move of some of a booking's children carry it (the session is ahead then).
CREATE OR REPLACE FUNCTION public.portal_booking_child_states(for_booking uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(jsonb_agg(jsonb_build_object('name', bc.child_name, 'state',
    CASE WHEN bc.cancelled_at IS NULL AND b.status = 'CONFIRMED' THEN 'booked'
         WHEN bc.cancellation = 'LATE' THEN 'late-cancellation' ELSE 'cancelled' END) ORDER BY bc.position), '[]'::jsonb)
  FROM booking_children bc JOIN bookings b ON b.id = bc.booking_id WHERE bc.booking_id = for_booking
$function$;
