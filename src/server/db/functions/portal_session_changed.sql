-- The office changed a session (services/sessions/update-session.ts; the caller holds its lock): when its start
-- moved (a reminder's facts name the start it was made, or sent, for), its bookings' reminders start over (made again when the new start − 24 h comes; at once if that has
-- passed); a raised capacity is filled from the waitlist. Answers the children promoted.
CREATE OR REPLACE FUNCTION public.portal_session_changed(target uuid, now_at timestamp with time zone, closes_before timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sessions;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = target;
  PERFORM portal_release_reminders(array_agg(o.booking_id))
  FROM email_outbox o JOIN bookings b ON b.id = o.booking_id
  WHERE b.session_id = target AND o.template = 'booking-reminder'
    AND (o.template_data #>> '{session,startsAt}')::timestamptz IS DISTINCT FROM s.starts_at
  HAVING count(*) > 0;
  RETURN portal_promote_waitlist(target, now_at, closes_before);
END
$function$;
