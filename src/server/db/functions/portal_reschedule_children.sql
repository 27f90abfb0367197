-- Issue 32: moves some of a booking's children (the caller, portal_reschedule_booking_children, holds the locks of both
-- sessions, the children and the booking, and has checked the move as its own) into a new booking of their own in
-- the new session, booked by who acts as portal_book books (the guardian, or the office). Their rows leave the old
-- booking (they are the new booking's now; the old one keeps its other children, its id and reference, at a raised
-- calendar SEQUENCE, its pending reminder naming those who stay); the make-up credits their places used follow them;
-- the new booking's reminder is made when due. The e-mail names the children moved and who stays; the freed spots go
-- to the old session's waitlist. Answers the new booking's facts.
CREATE OR REPLACE FUNCTION public.portal_reschedule_children(parent_id uuid, b bookings, old_s sessions, new_s sessions, kid_ids uuid[], kid_names text[], now_at timestamp with time zone, parent jsonb, office jsonb, closes_before timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  nb bookings;
  previous jsonb;
  facts jsonb;
  remaining jsonb;
  held_names text[];
BEGIN
  previous := portal_booking_facts(b, old_s, kid_names, parent);
  INSERT INTO bookings (family_id, booked_by_user_id, session_id, status, booked_by, booked_by_admin_id, booked_by_admin_name, office_note, placed_at)
  VALUES (parent_id, CASE WHEN office IS NULL THEN (parent ->> 'id')::uuid END, new_s.id, 'CONFIRMED', CASE WHEN office IS NULL THEN 'FAMILY' ELSE 'OFFICE' END,
          (office ->> 'adminId')::uuid, office ->> 'adminName', nullif(office ->> 'note', ''), now_at)
  RETURNING * INTO nb;
  DELETE FROM booking_children bc WHERE bc.booking_id = b.id AND bc.child_id = ANY (kid_ids);
  INSERT INTO booking_children (booking_id, child_id, child_name, position)
  SELECT nb.id, k.id, k.name, k.ord - 1 FROM unnest(kid_ids, kid_names) WITH ORDINALITY AS k(id, name, ord);
  UPDATE makeup_credits SET used_booking_id = nb.id WHERE used_booking_id = b.id AND child_id = ANY (kid_ids);
  UPDATE bookings SET calendar_sequence = calendar_sequence + 1, updated_at = now_at WHERE id = b.id RETURNING * INTO b;
  UPDATE sessions SET booked_count = booked_count - cardinality(kid_ids), updated_at = now() WHERE id = old_s.id;
  UPDATE sessions SET booked_count = booked_count + cardinality(kid_ids), updated_at = now() WHERE id = new_s.id;
  SELECT array_agg(bc.child_name ORDER BY bc.position) INTO held_names
  FROM booking_children bc WHERE bc.booking_id = b.id AND bc.cancelled_at IS NULL;
  UPDATE email_outbox o SET template_data = jsonb_set(o.template_data, '{childNames}', to_jsonb(coalesce(held_names, '{}')))
  WHERE o.booking_id = b.id AND o.template = 'booking-reminder' AND o.status = 'PENDING';
  facts := portal_booking_facts(nb, new_s, kid_names, parent);
  remaining := portal_booking_facts(b, old_s, held_names, parent);
  PERFORM portal_mail_family(parent_id, CASE WHEN office IS NULL THEN (parent ->> 'id')::uuid END, 'booking-rescheduled',
    jsonb_build_object('booking', facts, 'previous', previous, 'remaining', remaining), '{booking,user}');
  IF new_s.waitlist_count > 0 THEN
    PERFORM portal_unwait_booked_children(new_s.id, parent_id, kid_ids, now_at);
  END IF;
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'RESCHEDULE', nb.id, jsonb_build_object(
      'session', facts -> 'session', 'previousSession', previous -> 'session', 'className', facts -> 'classType' ->> 'name',
      'childNames', facts -> 'childNames', 'overrideWeeklyLimit', coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)));
  END IF;
  PERFORM portal_promote_waitlist(old_s.id, now_at, closes_before);
  RETURN jsonb_build_object('booking', facts);
END
$function$;
