-- The office cancelled a session (the caller holds its lock and cancelled its bookings): its waitlist expires and no
-- reminder of it will go.
CREATE OR REPLACE FUNCTION public.portal_session_cancelled(target uuid, now_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE waitlist_entries SET status = 'EXPIRED', ended_at = now_at WHERE session_id = target AND status = 'WAITING';
  DELETE FROM email_outbox o USING bookings b
  WHERE o.booking_id = b.id AND b.session_id = target AND o.template = 'booking-reminder' AND o.status = 'PENDING';
END
$function$;
