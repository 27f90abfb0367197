-- The checks of spots, "already booked here" and weekly limits (each refusal names every child concerned), by a name
-- of their own so that portal_book can run them after its own, cheaper, eligibility test.
CREATE OR REPLACE FUNCTION public.portal_refuse_spots_and_limits(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  wanted integer := cardinality(kid_ids);
  available integer := s.capacity - s.booked_count;
  already text[];
  already_ids uuid[];
  over record;
  over_all jsonb;
BEGIN
  IF available <= 0 THEN
    RETURN jsonb_build_object('refusal', 'full');
  END IF;
  IF available < wanted THEN
    RETURN jsonb_build_object('refusal', 'spots', 'available', available, 'requested', wanted);
  END IF;
  WITH theirs AS MATERIALIZED (
    SELECT bc.booking_id, bc.child_id, bc.child_name FROM booking_children bc WHERE bc.child_id = ANY (kid_ids) AND bc.cancelled_at IS NULL
  )
  SELECT array_agg(t.child_name ORDER BY t.child_name), array_agg(t.child_id) INTO already, already_ids
  FROM theirs t JOIN bookings b ON b.id = t.booking_id
  WHERE b.session_id = s.id AND b.status = 'CONFIRMED' AND (exclude_booking IS NULL OR b.id <> exclude_booking);
  IF already IS NULL THEN
    SELECT k.name, k.weekly_limit INTO over
    FROM unnest(kid_ids, kid_names, kid_limits) WITH ORDINALITY AS k(id, name, weekly_limit, ord)
    LEFT JOIN portal_weekly_usage(kid_ids, s.starts_at, exclude_booking) u ON u.child_id = k.id
    WHERE coalesce(u.used, 0) + 1 > k.weekly_limit
    ORDER BY k.ord LIMIT 1;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Refused: every child over the weekly limit (but those already booked here), in the order chosen.
  SELECT jsonb_agg(jsonb_build_object('name', k.name, 'limit', k.weekly_limit, 'used', coalesce(u.used, 0)) ORDER BY k.ord) INTO over_all
  FROM unnest(kid_ids, kid_names, kid_limits) WITH ORDINALITY AS k(id, name, weekly_limit, ord)
  LEFT JOIN portal_weekly_usage(kid_ids, s.starts_at, exclude_booking) u ON u.child_id = k.id
  WHERE coalesce(u.used, 0) + 1 > k.weekly_limit
    AND NOT (k.id = ANY (coalesce(already_ids, '{}'::uuid[])));
  IF already IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'already-booked', 'names', to_jsonb(already), 'overLimit', coalesce(over_all, '[]'::jsonb));
  END IF;
  RETURN jsonb_build_object('refusal', 'weekly-limit', 'name', over.name, 'limit', over.weekly_limit, 'overLimit', over_all);
END
$function$;
