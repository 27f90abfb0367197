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
 RETURNS jsonb
 LANGUAGE plpgsql
AS $superseded$ BEGIN RAISE EXCEPTION 'superseded: see src/server/db/functions/portal_refuse_spots_and_limits.sql'; END $superseded$;
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
