-- Cancels one of the family's future bookings (or, with `office`, the front desk's) and frees its spots, locks taken
-- in the order of decision 022. A booking with a child checked in at the door is not cancelled; the freed spots go
-- to the waitlist through portal_promote_waitlist, which skips an entry it cannot promote and so never undoes the
-- cancellation.
CREATE OR REPLACE FUNCTION public.portal_cancel_booking(parent_id uuid, booking_id uuid, now_at timestamp with time zone, parent jsonb, office jsonb, closes_before timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sessions;
  b bookings;
  refusal text;
  refused jsonb;
  kid_names text[];
  facts jsonb;
BEGIN
  -- Lock order (decision 022): the booking's session before the booking.
  PERFORM 1 FROM sessions WHERE id = (SELECT bk.session_id FROM bookings bk WHERE bk.id = booking_id AND bk.family_id = parent_id) FOR UPDATE;
  refusal := portal_lock_own_booking(parent_id, booking_id, 'already-cancelled');
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  SELECT * INTO b FROM bookings WHERE id = booking_id;
  SELECT * INTO s FROM sessions WHERE id = b.session_id FOR UPDATE;
  IF s.starts_at <= now_at THEN
    RETURN jsonb_build_object('refusal', 'cancel-started');
  END IF;
  refused := portal_checked_in_refusal(b.id);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  SELECT array_agg(bc.child_name ORDER BY bc.position) INTO kid_names FROM booking_children bc WHERE bc.booking_id = b.id;
  UPDATE bookings SET status = 'CANCELLED', cancelled_at = now_at, updated_at = now_at, calendar_sequence = calendar_sequence + 1
  WHERE id = b.id RETURNING * INTO b;
  UPDATE sessions SET booked_count = booked_count - coalesce(cardinality(kid_names), 0), updated_at = now() WHERE id = s.id;
  facts := portal_booking_facts(b, s, kid_names, parent);
  IF NOT coalesce((office ->> 'quiet')::boolean, false) THEN
    PERFORM portal_mail_family(parent_id, CASE WHEN office IS NULL THEN (parent ->> 'id')::uuid END, 'booking-cancelled', facts, '{user}');
  END IF;
  DELETE FROM email_outbox o WHERE o.booking_id = b.id AND o.template = 'booking-reminder' AND o.status = 'PENDING';
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'CANCEL', b.id, jsonb_build_object(
      'session', facts -> 'session', 'className', facts -> 'classType' ->> 'name', 'childNames', facts -> 'childNames'));
  END IF;
  PERFORM portal_promote_waitlist(s.id, now_at, closes_before);
  RETURN jsonb_build_object('booking', facts);
END
$function$;
