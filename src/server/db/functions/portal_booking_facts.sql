-- A booking's facts as the server answers them and as its e-mail is rendered (services/bookings/booking-dto.ts): the
-- session, its class, the children and, for the front desk (decision 018), who acted and the note.
CREATE OR REPLACE FUNCTION public.portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN jsonb_build_object(
    'booking', jsonb_build_object('id', b.id, 'status', b.status, 'calendarSequence', b.calendar_sequence, 'createdAt', b.created_at,
      'userId', b.family_id, 'bookedBy', b.booked_by, 'bookedByName', b.booked_by_admin_name, 'note', b.office_note,
      'bookedByGuardian', (SELECT btrim(g.first_name || ' ' || g.last_name) FROM users g WHERE g.id = b.booked_by_user_id)),
    'session', jsonb_build_object('id', s.id, 'startsAt', s.starts_at, 'endsAt', s.ends_at, 'location', s.location),
    'classType', (SELECT jsonb_build_object('id', ct.id, 'code', ct.code, 'name', ct.name, 'description', ct.description)
                  FROM class_types ct WHERE ct.id = s.class_type_id),
    'childNames', to_jsonb(coalesce(child_names, '{}'::text[])),
    'user', parent);
END
$function$;
