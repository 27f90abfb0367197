-- Cancels one of the family's future bookings (or, with `office`, the front desk's) and frees its spots, locks taken
-- in the order of decision 022; or, with `child_names` (issue 32), only those of its children: the booking stays
-- CONFIRMED for the others (same id and reference), and becomes CANCELLED when no child is left. Each child whose
-- place is cancelled gets cancelled_at and its kind (portal_cancellation_kind: EARLY before the cut-off, else LATE),
-- and what the place gives (a make-up credit back or a new one) is portal_settle_cancelled_child's. A booking with a
-- child checked in at the door is not cancelled (a child cancelled alone: when that child is); the freed spots go to
-- the waitlist through portal_promote_waitlist, which skips an entry it cannot promote and so never undoes the
-- cancellation.
CREATE OR REPLACE FUNCTION public.portal_cancel_booking_children(parent_id uuid, booking_id uuid, now_at timestamp with time zone, parent jsonb, office jsonb, closes_before timestamp with time zone, child_names text[])
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  s sessions;
  b bookings;
  refusal text;
  refused jsonb;
  picked jsonb;
  kid_ids uuid[];
  kid_names text[];
  held_names text[];
  kind text;
  facts jsonb;
  mail jsonb;
  kid uuid;
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
  IF child_names IS NOT NULL THEN
    picked := portal_pick_booking_children(b.id, child_names);
    IF picked ? 'refusal' THEN
      RETURN picked;
    END IF;
  END IF;
  IF picked IS NULL OR (picked ->> 'whole')::boolean THEN
    -- The whole booking: every child it still holds.
    refused := portal_checked_in_refusal(b.id);
    IF refused IS NOT NULL THEN
      RETURN refused;
    END IF;
    SELECT array_agg(bc.child_id ORDER BY bc.position), array_agg(bc.child_name ORDER BY bc.position) INTO kid_ids, kid_names
    FROM booking_children bc WHERE bc.booking_id = b.id AND bc.cancelled_at IS NULL;
    held_names := '{}';
  ELSE
    kid_ids := ARRAY(SELECT jsonb_array_elements_text(picked -> 'ids'))::uuid[];
    kid_names := ARRAY(SELECT jsonb_array_elements_text(picked -> 'names'));
    SELECT jsonb_build_object('refusal', 'checked-in', 'names', jsonb_agg(bc.child_name ORDER BY bc.position)) INTO refused
    FROM booking_children bc WHERE bc.booking_id = b.id AND bc.child_id = ANY (kid_ids) AND bc.checked_in_at IS NOT NULL
    HAVING count(*) > 0;
    IF refused IS NOT NULL THEN
      RETURN refused;
    END IF;
    SELECT array_agg(bc.child_name ORDER BY bc.position) INTO held_names
    FROM booking_children bc WHERE bc.booking_id = b.id AND bc.cancelled_at IS NULL AND NOT (bc.child_id = ANY (kid_ids));
  END IF;
  kind := portal_cancellation_kind(s.starts_at, now_at);
  UPDATE booking_children bc SET cancelled_at = now_at, cancellation = kind
  WHERE bc.booking_id = b.id AND bc.child_id = ANY (coalesce(kid_ids, '{}'));
  FOREACH kid IN ARRAY coalesce(kid_ids, '{}') LOOP
    PERFORM portal_settle_cancelled_child(b.id, b.family_id, kid, kind, now_at);
  END LOOP;
  IF cardinality(held_names) > 0 THEN
    UPDATE bookings SET updated_at = now_at, calendar_sequence = calendar_sequence + 1 WHERE id = b.id RETURNING * INTO b;
  ELSE
    UPDATE bookings SET status = 'CANCELLED', cancelled_at = now_at, updated_at = now_at, calendar_sequence = calendar_sequence + 1
    WHERE id = b.id RETURNING * INTO b;
  END IF;
  UPDATE sessions SET booked_count = booked_count - coalesce(cardinality(kid_ids), 0), updated_at = now() WHERE id = s.id;
  IF cardinality(held_names) > 0 THEN
    -- Some children stay: the answer is the booking after (its children, and the cancelled ones among its states);
    -- the e-mail names the children whose places were cancelled; a pending reminder names those who stay.
    facts := portal_booking_facts(b, s, held_names, parent) || jsonb_build_object('childStates', portal_booking_child_states(b.id));
    mail := facts || jsonb_build_object('cancelledChildNames', to_jsonb(kid_names));
    UPDATE email_outbox o SET template_data = jsonb_set(o.template_data, '{childNames}', to_jsonb(held_names))
    WHERE o.booking_id = b.id AND o.template = 'booking-reminder' AND o.status = 'PENDING';
  ELSE
    facts := portal_booking_facts(b, s, kid_names, parent);
    mail := facts;
    DELETE FROM email_outbox o WHERE o.booking_id = b.id AND o.template = 'booking-reminder' AND o.status = 'PENDING';
  END IF;
  IF NOT coalesce((office ->> 'quiet')::boolean, false) THEN
    PERFORM portal_mail_family(parent_id, CASE WHEN office IS NULL THEN (parent ->> 'id')::uuid END, 'booking-cancelled', mail, '{user}');
  END IF;
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, parent_id, 'CANCEL', b.id, jsonb_build_object(
      'session', facts -> 'session', 'className', facts -> 'classType' ->> 'name', 'childNames', to_jsonb(coalesce(kid_names, '{}'))));
  END IF;
  PERFORM portal_promote_waitlist(s.id, now_at, closes_before);
  RETURN jsonb_build_object('booking', facts);
END
$function$;
