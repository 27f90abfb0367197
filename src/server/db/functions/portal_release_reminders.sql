-- A booking's reminder or, once sent, the record of it, leaves the booking (booking_id cleared, the row kept as the
-- outbox's history) so that the booking's next one can be made; a reminder not yet sent is deleted.
CREATE OR REPLACE FUNCTION public.portal_release_reminders(booking_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM email_outbox o WHERE o.booking_id = ANY (booking_ids) AND o.template = 'booking-reminder' AND o.status = 'PENDING';
  UPDATE email_outbox o SET booking_id = NULL WHERE o.booking_id = ANY (booking_ids) AND o.template = 'booking-reminder';
END
$function$;
