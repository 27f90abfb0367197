-- Issue 19, the front desk: the office books, cancels and moves a family's bookings through the same functions as
-- the family, with `office` = {adminId, adminName, note, overrideWeeklyLimit, quiet} (docs/decisions/018-front-desk.md).
-- Differences for the office: any future session (no two-week window), a child's weekly limit passed over only
-- with overrideWeeklyLimit (the route requires a note then), the booking marked OFFICE with who and the note,
-- and every action recorded in office_actions. Capacity, ownership, duplicates and "not after the start" hold
-- exactly as for the family. `quiet` (the family's deletion) queues no e-mail per cancellation.
CREATE OR REPLACE FUNCTION public.portal_booking_facts(b bookings, s sessions, child_names text[], parent jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN jsonb_build_object(
    'booking', jsonb_build_object('id', b.id, 'status', b.status, 'calendarSequence', b.calendar_sequence, 'createdAt', b.created_at,
      'userId', b.user_id, 'bookedBy', b.booked_by, 'bookedByName', b.booked_by_admin_name, 'note', b.office_note),
    'session', jsonb_build_object('id', s.id, 'startsAt', s.starts_at, 'endsAt', s.ends_at, 'location', s.location),
    'classType', (SELECT jsonb_build_object('id', ct.id, 'code', ct.code, 'name', ct.name, 'description', ct.description)
                  FROM class_types ct WHERE ct.id = s.class_type_id),
    'childNames', to_jsonb(coalesce(child_names, '{}'::text[])),
    'user', parent);
END
$function$;
