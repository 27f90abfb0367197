-- A waitlist entry becomes a booking (a promotion): placed at the promotion's instant; the reminder is made by the
-- worker when due (decision 020).
CREATE OR REPLACE FUNCTION public.portal_book_from_waitlist(e waitlist_entries, s sessions, kid_ids uuid[], kid_names text[], parent jsonb, now_at timestamp with time zone, office jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  b bookings;
  facts jsonb;
BEGIN
  INSERT INTO bookings (family_id, booked_by_user_id, session_id, status, booked_by, booked_by_admin_id, booked_by_admin_name, office_note, placed_at)
  VALUES (e.family_id, e.joined_by_user_id, s.id, 'CONFIRMED', 'WAITLIST', (office ->> 'adminId')::uuid, office ->> 'adminName', nullif(office ->> 'note', ''), now_at)
  RETURNING * INTO b;
  facts := portal_booking_facts(b, s, kid_names, parent);
  INSERT INTO booking_children (booking_id, child_id, child_name, position)
  SELECT b.id, k.id, k.name, k.ord - 1 FROM unnest(kid_ids, kid_names) WITH ORDINALITY AS k(id, name, ord);
  UPDATE sessions SET booked_count = booked_count + cardinality(kid_ids), updated_at = now() WHERE id = s.id;
  UPDATE waitlist_entries SET status = 'PROMOTED', ended_at = now_at, booking_id = b.id WHERE id = e.id;
  PERFORM portal_mail_family(e.family_id, CASE WHEN office IS NULL THEN e.joined_by_user_id END, 'booking-confirmed',
    facts || jsonb_build_object('fromWaitlist', true), '{user}');
  IF office IS NOT NULL THEN
    PERFORM portal_record_office_action(office, e.family_id, 'WAITLIST_PROMOTE', b.id, jsonb_build_object(
      'session', facts -> 'session', 'className', facts -> 'classType' ->> 'name', 'childNames', facts -> 'childNames',
      'overrideWeeklyLimit', coalesce((office ->> 'overrideWeeklyLimit')::boolean, false)));
  END IF;
  RETURN facts;
END
$function$;
