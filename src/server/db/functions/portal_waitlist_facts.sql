-- An entry as its family and the office read it (services/waitlist): the session, the children, the place in the
-- queue (1 = promoted first; among WAITING entries, by join time then id) and the children a promotion now would
-- take past their weekly limit (confirmed bookings of that Toronto week counted; the entry would be skipped).
CREATE OR REPLACE FUNCTION public.portal_waitlist_facts(e waitlist_entries)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  s sessions;
  family record;
  held jsonb := '[]'::jsonb;
  place integer;
BEGIN
  SELECT * INTO s FROM sessions WHERE id = e.session_id;
  -- The family as the office's lists name it: the guardian who joined, else the family's first guardian.
  SELECT u.first_name, u.last_name, u.email INTO family FROM users u
  WHERE u.family_id = e.family_id ORDER BY u.id = e.joined_by_user_id DESC NULLS LAST, u.deleted_at IS NULL DESC, u.created_at, u.id LIMIT 1;
  IF e.status = 'WAITING' THEN
    SELECT count(*) INTO place FROM waitlist_entries o
    WHERE o.session_id = e.session_id AND o.status = 'WAITING' AND (o.created_at, o.id) <= (e.created_at, e.id);
    SELECT coalesce(jsonb_agg(jsonb_build_object('name', e.child_names[k.ord], 'limit', c.weekly_limit, 'used', coalesce(u.used, 0)) ORDER BY k.ord), '[]'::jsonb)
    INTO held
    FROM unnest(e.child_ids) WITH ORDINALITY AS k(id, ord)
    JOIN children c ON c.id = k.id
    LEFT JOIN portal_weekly_usage(e.child_ids, s.starts_at) u ON u.child_id = k.id
    WHERE coalesce(u.used, 0) + 1 > c.weekly_limit;
  END IF;
  RETURN jsonb_build_object(
    'id', e.id, 'userId', e.family_id, 'sessionId', e.session_id,
    'session', jsonb_build_object('startsAt', s.starts_at, 'endsAt', s.ends_at, 'location', s.location,
      'classType', (SELECT jsonb_build_object('id', ct.id, 'code', ct.code, 'name', ct.name, 'description', ct.description)
                    FROM class_types ct WHERE ct.id = s.class_type_id)),
    'childNames', to_jsonb(e.child_names), 'status', e.status, 'position', place, 'heldBack', held,
    'bookingId', e.booking_id, 'createdAt', e.created_at,
    'familyName', btrim(family.first_name || ' ' || family.last_name), 'email', family.email);
END
$function$;
