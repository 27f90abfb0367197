-- Issue 20: when the database refuses several children of one booking, the answer names each of them, with the
-- reason for each: the children already booked in the session and every child (not only the first) whose weekly
-- limit the booking would pass, with what they have used of it. Same checks, same order, same locks as migration
-- 0009; the refusal kinds stay ('already-booked' first, then 'weekly-limit'), each now carrying the other list too
-- (docs/product-rules.md, Bookings).
CREATE OR REPLACE FUNCTION portal_refuse_children(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  wanted integer := cardinality(kid_ids);
  available integer := s.capacity - s.booked_count;
  already text[];
  over jsonb;
BEGIN
  IF available <= 0 THEN
    RETURN jsonb_build_object('refusal', 'full');
  END IF;
  IF available < wanted THEN
    RETURN jsonb_build_object('refusal', 'spots', 'available', available, 'requested', wanted);
  END IF;
  WITH theirs AS MATERIALIZED (
    SELECT bc.booking_id, bc.child_id FROM booking_children bc WHERE bc.child_id = ANY (kid_ids)
  )
  SELECT array_agg(k.name ORDER BY k.ord) INTO already
  FROM unnest(kid_ids, kid_names) WITH ORDINALITY AS k(id, name, ord)
  WHERE EXISTS (SELECT 1 FROM theirs t JOIN bookings b ON b.id = t.booking_id
                WHERE t.child_id = k.id AND b.session_id = s.id AND b.status = 'CONFIRMED'
                  AND (exclude_booking IS NULL OR b.id <> exclude_booking));
  SELECT jsonb_agg(jsonb_build_object('name', k.name, 'limit', k.weekly_limit, 'used', coalesce(u.used, 0)) ORDER BY k.ord) INTO over
  FROM unnest(kid_ids, kid_names, kid_limits) WITH ORDINALITY AS k(id, name, weekly_limit, ord)
  LEFT JOIN portal_weekly_usage(kid_ids, s.starts_at, exclude_booking) u ON u.child_id = k.id
  WHERE coalesce(u.used, 0) + 1 > k.weekly_limit
    AND NOT (k.name = ANY (coalesce(already, '{}'::text[])));
  IF already IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'already-booked', 'names', to_jsonb(already), 'overLimit', coalesce(over, '[]'::jsonb));
  END IF;
  IF over IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', 'weekly-limit', 'name', over -> 0 ->> 'name', 'limit', (over -> 0 ->> 'limit')::integer,
      'overLimit', over);
  END IF;
  RETURN NULL;
END
$$;
