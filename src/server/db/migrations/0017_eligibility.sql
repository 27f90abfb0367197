-- Issue 22, eligibility (docs/product-rules.md "Eligibility", src/shared/rules/eligibility.ts for the same rule in
-- the browser): a child whose date of birth is recorded must be within the class's age range on the session's
-- Toronto date; a child recorded as a boy cannot book a girls-only class. What is not recorded never refuses. The
-- check runs under the locks the caller holds (the session and the children), for the family and the office alike.
-- Answers NULL, or the refusal naming every ineligible child (in the order chosen) with the class's rule.
CREATE OR REPLACE FUNCTION portal_ineligible(s sessions, kid_ids uuid[]) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  ct class_types;
  refused jsonb;
BEGIN
  -- Most children have nothing recorded: then one look at their rows is all it costs.
  IF NOT EXISTS (SELECT 1 FROM children c WHERE c.id = ANY (kid_ids) AND (c.birth_date IS NOT NULL OR c.sex = 'M')) THEN
    RETURN NULL;
  END IF;
  SELECT * INTO ct FROM class_types WHERE id = s.class_type_id;
  SELECT jsonb_agg(CASE WHEN ct.girls_only AND c.sex = 'M'
                        THEN jsonb_build_object('name', c.name, 'reason', 'girls-only')
                        ELSE jsonb_build_object('name', c.name, 'reason', 'age', 'age', a.age) END ORDER BY k.ord)
  INTO refused
  FROM unnest(kid_ids) WITH ORDINALITY AS k(id, ord)
  JOIN children c ON c.id = k.id
  CROSS JOIN LATERAL (
    SELECT extract(year FROM age((s.starts_at AT TIME ZONE 'America/Toronto')::date, c.birth_date))::integer AS age
  ) a
  WHERE (ct.girls_only AND c.sex = 'M')
     OR (c.birth_date IS NOT NULL AND ((ct.min_age IS NOT NULL AND a.age < ct.min_age) OR (ct.max_age IS NOT NULL AND a.age > ct.max_age)));
  IF refused IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object('refusal', 'ineligible', 'children', refused, 'classType',
    jsonb_build_object('name', ct.name, 'minAge', ct.min_age, 'maxAge', ct.max_age, 'girlsOnly', ct.girls_only));
END
$$;
--> statement-breakpoint
-- The checks of portal_refuse_children of migration 0013 (spots, already booked here, weekly limits), by a name of
-- their own so that portal_book can run them after its own, cheaper, eligibility test (below).
CREATE OR REPLACE FUNCTION portal_refuse_spots_and_limits(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
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
    SELECT bc.booking_id, bc.child_id, bc.child_name FROM booking_children bc WHERE bc.child_id = ANY (kid_ids)
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
$$;
--> statement-breakpoint
-- portal_refuse_children (rescheduling, 'Promote now' and promotion call it): ineligible children first, then the
-- checks of migration 0013. No spot, waitlist or limit makes an ineligible child bookable.
CREATE OR REPLACE FUNCTION portal_refuse_children(s sessions, kid_ids uuid[], kid_names text[], kid_limits integer[], exclude_booking uuid)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(portal_ineligible(s, kid_ids), portal_refuse_spots_and_limits(s, kid_ids, kid_names, kid_limits, exclude_booking));
END
$$;
--> statement-breakpoint
-- portal_join_waitlist of migration 0014: an ineligible child cannot wait for a spot either.
CREATE OR REPLACE FUNCTION portal_join_waitlist(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, closes_before timestamptz)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_join_waitlist.sql'; END $superseded$;
--> statement-breakpoint
-- portal_book of migration 0015: the children's row it already reads says whether anything is recorded that could
-- refuse; only then does it ask portal_ineligible (most bookings skip that statement: issue 18's speed).
CREATE OR REPLACE FUNCTION portal_book(parent_id uuid, session_id uuid, child_names text[], now_at timestamptz, parent jsonb, office jsonb DEFAULT NULL)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_book.sql'; END $superseded$;
