-- Moves one of the family's future bookings (or, with `office`, the front desk's) to another session, in place (same
-- id and reference), locks taken in the order of decision 022. A booking with a child checked in at the door stays
-- where it is (the check-in is this session's); a move inside the same Toronto week adds nothing to any child's week,
-- so it is not held to the weekly limit; a move to another week is (unless the office overrides it). The freed spots
-- go to the old session's waitlist. With `child_names` naming some of the children the booking holds (issue 32), only
-- those move: they get a booking of their own in the new session (its own id and reference, booked by who acts, as
-- portal_book would), the make-up credits their places used follow them, and the booking keeps the others; naming
-- them all is the move in place. Only the children a booking holds move (a child cancelled alone stays behind).
-- A move to another week held to the limits counts make-up credits as a booking does (portal_credit_limits): a moved
-- place keeps its credit while it needs one and the credit covers the new session, takes one when it needs it, and
-- gives back the one it no longer needs.
CREATE OR REPLACE FUNCTION public.portal_reschedule_booking_children(parent_id uuid, booking_id uuid, new_session_id uuid, now_at timestamp with time zone, parent jsonb, office jsonb, closes_before timestamp with time zone, child_names text[])
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  old_s sessions;
  new_s sessions;
  b bookings;
  refusal text;
  refused jsonb;
  kid_ids uuid[];
  kid_names text[];
  kid_limits integer[];
  previous jsonb;
  facts jsonb;
  picked jsonb;
  moved uuid[];
  credit_limits integer[];
  credits_taken uuid[];
  credits_released uuid[];
BEGIN
  -- Lock order (decision 022): both sessions in id order, then the booking's children, before the booking.
  PERFORM 1 FROM sessions WHERE id IN ((SELECT bk.session_id FROM bookings bk WHERE bk.id = booking_id AND bk.family_id = parent_id), new_session_id) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM children c JOIN booking_children bc ON bc.child_id = c.id JOIN bookings bk ON bk.id = bc.booking_id
  WHERE bk.id = portal_reschedule_booking_children.booking_id AND bk.family_id = parent_id ORDER BY c.id FOR UPDATE OF c;
  refusal := portal_lock_own_booking(parent_id, booking_id, 'reschedule-not-confirmed');
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  SELECT * INTO b FROM bookings WHERE id = booking_id;
  IF b.session_id = new_session_id THEN
    RETURN jsonb_build_object('refusal', 'reschedule-same-session');
  END IF;
  PERFORM 1 FROM sessions WHERE id IN (b.session_id, new_session_id) ORDER BY id FOR UPDATE;
  SELECT * INTO new_s FROM sessions WHERE id = new_session_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'session-not-found');
  END IF;
  SELECT * INTO old_s FROM sessions WHERE id = b.session_id;
  IF old_s.starts_at <= now_at THEN
    RETURN jsonb_build_object('refusal', 'reschedule-started');
  END IF;
  IF child_names IS NOT NULL THEN
    picked := portal_pick_booking_children(b.id, child_names);
    IF picked ? 'refusal' THEN
      RETURN picked;
    END IF;
    IF NOT (picked ->> 'whole')::boolean THEN
      moved := ARRAY(SELECT jsonb_array_elements_text(picked -> 'ids'))::uuid[];
    END IF;
  END IF;
  IF moved IS NULL THEN
    refused := portal_checked_in_refusal(b.id);
  ELSE
    SELECT jsonb_build_object('refusal', 'checked-in', 'names', jsonb_agg(bc.child_name ORDER BY bc.position)) INTO refused
    FROM booking_children bc WHERE bc.booking_id = b.id AND bc.child_id = ANY (moved) AND bc.checked_in_at IS NOT NULL
    HAVING count(*) > 0;
  END IF;
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  refusal := portal_unbookable(new_s, now_at);
  IF refusal = 'outside-window' AND office IS NOT NULL THEN
    refusal := NULL;
  END IF;
  IF refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', refusal);
  END IF;
  PERFORM 1 FROM children c JOIN booking_children bc ON bc.child_id = c.id AND bc.booking_id = b.id ORDER BY c.id FOR UPDATE OF c;
  SELECT array_agg(c.id ORDER BY bc.position), array_agg(bc.child_name ORDER BY bc.position), array_agg(c.weekly_limit ORDER BY bc.position)
  INTO kid_ids, kid_names, kid_limits
  FROM booking_children bc JOIN children c ON c.id = bc.child_id
  WHERE bc.booking_id = b.id AND bc.cancelled_at IS NULL AND (moved IS NULL OR bc.child_id = ANY (moved));
  IF portal_toronto_week_start(old_s.starts_at) = portal_toronto_week_start(new_s.starts_at) THEN
    kid_limits := portal_limits_for(coalesce(kid_limits, '{}'), '{"overrideWeeklyLimit": true}'::jsonb);
  ELSE
    kid_limits := portal_limits_for(coalesce(kid_limits, '{}'), office);
    SELECT * INTO credit_limits, credits_taken, credits_released FROM portal_credit_limits(new_s, coalesce(kid_ids, '{}'), kid_limits, b.id);
    kid_limits := coalesce(credit_limits, kid_limits);
  END IF;
  refused := portal_refuse_children(new_s, coalesce(kid_ids, '{}'), coalesce(kid_names, '{}'), kid_limits, b.id);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  -- The credits follow the places moved (portal_reschedule_children moves what this booking uses for them).
  IF cardinality(credits_released) > 0 THEN
    UPDATE makeup_credits SET used_booking_id = NULL, used_at = NULL WHERE id = ANY (credits_released);
  END IF;
  IF cardinality(credits_taken) > 0 THEN
    UPDATE makeup_credits SET used_booking_id = b.id, used_at = now_at WHERE id = ANY (credits_taken) AND used_booking_id IS DISTINCT FROM b.id;
  END IF;

  IF moved IS NOT NULL THEN
    RETURN portal_reschedule_children(parent_id, b, old_s, new_s, kid_ids, kid_names, now_at, parent, office, closes_before);
  END IF;
  previous := portal_booking_facts(b, old_s, kid_names, parent);
  UPDATE bookings SET session_id = new_s.id, calendar_sequence = calendar_sequence + 1, updated_at = now_at
  WHERE id = b.id RETURNING * INTO b;
  UPDATE sessions SET booked_count = booked_count - coalesce(cardinality(kid_ids), 0), updated_at = now() WHERE id = old_s.id;
  UPDATE sessions SET booked_count = booked_count + coalesce(cardinality(kid_ids), 0), updated_at = now() WHERE id = new_s.id;
  facts := portal_booking_facts(b, new_s, kid_names, parent);
  PERFORM portal_mail_family(parent_id, CASE WHEN office IS NULL THEN (parent ->> 'id')::uuid END, 'booking-rescheduled',
    jsonb_build_object('booking', facts, 'previous', previous), '{booking,user}');
  PERFORM portal_move_reminder(parent ->> 'email', facts, b.id, new_s.starts_at, now_at);
  IF new_s.waitlist_count > 0 THEN
    PERFORM portal_unwait_booked_children(new_s.id, parent_id, kid_ids, now_at);
  END IF;
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'RESCHEDULE', b.id, jsonb_build_object(
      'session', facts -> 'session', 'previousSession', previous -> 'session', 'className', facts -> 'classType' ->> 'name',
      'childNames', facts -> 'childNames', 'overrideWeeklyLimit', coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)));
  END IF;
  PERFORM portal_promote_waitlist(old_s.id, now_at, closes_before);
  RETURN jsonb_build_object('booking', facts || jsonb_build_object('childStates', portal_booking_child_states(b.id)));
END
$function$;
