-- A booking rescheduled into another session (portal_reschedule_booking calls this): it is placed there now, and its
-- reminder starts over: the worker makes the new session's one when due, if the booking was placed before that
-- instant.
CREATE OR REPLACE FUNCTION public.portal_move_reminder(mail_to text, facts jsonb, for_booking uuid, session_start timestamp with time zone, now_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE bookings SET placed_at = now_at WHERE id = for_booking;
  PERFORM portal_release_reminders(ARRAY[for_booking]);
END
$function$;
